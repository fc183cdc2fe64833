// Solver: the one interface every search implements, and the one table of
// them. `--solver`, `--portfolio`, `--help` and the tests all read
// solver_table(); a new search is one function with the signature of
// SolverEntry::solve and one row of the table (src/solver.cpp).
//
// Contract of solve(): it returns Sat only with a full labelling (the caller
// validates it and checks every constraint before reporting), Unsat only if
// the search is complete and proved it, and otherwise Unknown with a reason
// ("time limit of 3 s reached", "interrupted (best cost 2)"). It polls
// `limits.stop` and the deadline at least a few times a second, and calls
// `limits.progress` (when set) about 4 times a second from its own thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/solve_result.hpp"
#include "bel_pyramid/z3_backend.hpp"

namespace bel_pyramid {

// What a running search shows: its best cost so far (0 is a solution; -1 when
// the search has no cost, e.g. CDCL) and its speed in its own unit.
struct SearchProgress {
  double elapsed_seconds = 0;
  int cost = -1;
  int best_cost = -1;
  double rate = 0;               // `rate_unit` per second
  const char* rate_unit = "";    // "moves", "nodes", "conflicts", ...
  std::vector<int> best_labels;  // the best state so far, when the search keeps one
};

struct SolveLimits {
  std::uint64_t seed = 0;
  bool seed_given = false;                  // CaDiCaL and Z3 keep their own default seed otherwise
  double timeout_seconds = 0;               // wall clock from the call; 0: none
  const std::atomic<bool>* stop = nullptr;  // polled; set from any thread to stop
  std::function<void(const SearchProgress&)> progress;
  // Searches that keep a state may start from this labelling (--resume).
  std::optional<std::vector<int>> start;
  Tactic tactic = Tactic::Qffd;  // read by the z3 entry only
};

struct SolverEntry {
  const char* name;
  const char* summary;  // one line, for --help and README
  bool complete;        // can answer Unsat (a proof that no solution exists)
  bool racer;           // may run in the portfolio (thread-safe, polls stop)
  SolveResult (*solve)(const Formulation& formulation, const SolveLimits& limits);
};

// Every search, in the order --help lists them.
[[nodiscard]] const std::vector<SolverEntry>& solver_table();
// The entry of that name (case-sensitive), or nullptr.
[[nodiscard]] const SolverEntry* find_solver(std::string_view name);
// "a, b, c": the names, for error messages and --help.
[[nodiscard]] std::string solver_names_list(bool racers_only = false);

}  // namespace bel_pyramid
