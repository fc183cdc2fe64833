// Solver: the one interface every search implements (SolverEntry::solve) and
// the limits it runs under. The table of searches is solver_table.hpp; a new
// search is one function with the signature of SolverEntry::solve and one row
// of that table.
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
#include <vector>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/z3_backend.hpp"

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
  int racer = 0;                 // which racer of a portfolio reports
};

struct SolveLimits {
  std::uint64_t seed = 0;
  bool seed_given = false;                  // CaDiCaL and Z3 keep their own default seed otherwise
  double timeout_seconds = 0;               // wall clock from the call; 0: none
  const std::atomic<bool>* stop = nullptr;  // polled; set from any thread to stop
  std::function<void(const SearchProgress&)> progress;
  // Searches that keep a state may start from this labelling (--resume).
  std::optional<std::vector<int>> start;
  Tactic tactic = Tactic::Qffd;       // read by the z3 entry only
  std::vector<std::string> cnf_tune;  // KEY=VALUE (--cnf-tune), for entries that encode a CNF
};

struct SolverEntry {
  const char* name;
  const char* summary;  // one line, for --help and README
  bool complete;        // can answer Unsat (a proof that no solution exists)
  bool racer;           // may run in the portfolio (thread-safe, polls stop)
  bool stateful;        // reports best_labels and honours start (--checkpoint, --resume)
  bool counts;          // has a counting engine (--count, --all; count_run.hpp)
  // Peak memory per placement Boolean of what it builds (the memory guard):
  // 0 for searches whose state is O(cubes).
  double bytes_per_placement;
  SolveResult (*solve)(const Formulation& formulation, const SolveLimits& limits);
};

}  // namespace bel_pyramid
