// Solver: the one interface every search implements (SolverEntry::solve),
// every counting engine implements (SolverEntry::counts), and the limits
// they run under. The table of searches is solver_table.hpp; a new search is
// one function with the signature of SolverEntry::solve and one row of that
// table.
//
// Contract of solve(): it returns Sat only with a full labelling (the caller
// validates it and checks every constraint before reporting), Unsat only if
// the search is complete and proved it, and otherwise Unknown with a reason
// ("time limit of 3 s reached", "interrupted (best cost 2)"). It polls the
// limits (SolveLimits::started(), a StopCheck) at least a few times a second,
// and, when it has progress to show (a cost, nodes, solutions: local search,
// xcc, counting), calls `limits.progress` (when set) about once per
// kProgressPeriod from its own thread; CaDiCaL and Z3 report none. A count follows the same limits
// and reports its tally through the same progress sink.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/rng.hpp"
#include "base/stop_check.hpp"
#include "cnf/cnf_options.hpp"
#include "model/counting.hpp"
#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/local_search_tuning.hpp"
#include "solvers/z3_tactic.hpp"

namespace bel_pyramid {

class LearnedClauses;  // learned_clauses.hpp

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
  std::uint64_t steps = 0;       // `rate_unit` so far
  int restarts = 0;              // searches that restart from scratch
  std::uint64_t solutions = 0;   // a count: solutions so far
  std::uint64_t classes = 0;     // a count up to symmetry: classes so far
  // Replica exchange: per pair of adjacent temperatures (coldest first), the
  // share of offered exchanges that were accepted so far.
  std::vector<double> exchange_acceptance;
};

struct SolveLimits {
  std::uint64_t seed = 0;
  bool seed_given = false;  // CaDiCaL and Z3 keep their own default seed otherwise
  // Which of the seed's random streams (stream_seed()): a resumed run's count
  // of earlier resumes in its chain, so two legs resumed from one state with
  // one seed do not replay each other. 0: the seed's own stream.
  std::uint64_t stream = 0;
  double timeout_seconds = 0;               // wall clock from the call; 0: none
  std::uint64_t conflicts = 0;              // CaDiCaL's conflicts per search (--conflicts); 0: none
  const std::atomic<bool>* stop = nullptr;  // polled; set from any thread to stop
  std::function<void(const SearchProgress&)> progress;

  // Settings that single entries read besides the limits.
  std::optional<std::vector<int>> start;  // entries that start (--resume) begin from it
  Tactic tactic = Tactic::Qffd;           // z3
  CnfOptions cnf_options;                 // --cnf-tune, entries that encode a CNF
  LocalSearchTuning local_tuning;         // local
  // cadical (in a portfolio, its first CaDiCaL racer): where to trace a
  // binary DRAT proof of its clauses (--proof); the caller owns the stream
  // and publishes it only after an Unsat answer of that search.
  std::FILE* proof = nullptr;
  // cadical (every CaDiCaL racer of a portfolio): start from these learned
  // clauses and add the short ones it learns (a sweep with --keep-learned);
  // the caller owns the store.
  LearnedClauses* learned = nullptr;

  // The limits, started now: the deadline counts from this call.
  [[nodiscard]] StopCheck started() const { return {timeout_seconds, stop}; }
  // Why `start` cannot serve a pyramid of `var_count` lines, or nullptr.
  [[nodiscard]] const char* start_misfit(int var_count) const {
    return start && start->size() != static_cast<std::size_t>(var_count)
               ? "the starting state is for another number of levels"
               : nullptr;
  }
  // The seed for a library with a default seed of its own (CaDiCaL, Z3).
  [[nodiscard]] std::optional<unsigned> library_seed() const {
    if (stream != 0) return static_cast<unsigned>(stream_seed(seed, stream) & 0x7fffffff);
    if (!seed_given) return std::nullopt;
    return static_cast<unsigned>(seed);
  }
};

// A counting engine (--count, --all, --sample): counts and lists the
// solutions under the limits, every solution checked by the tally
// (counting.hpp).
struct Counter {
  const char* name;       // the engine, as the count's report names it
  const char* step_unit;  // CountResult::nodes counts these ("nodes", "solver calls")
  bool runs_cadical;      // encodes the native CNF for CaDiCaL (--cnf-tune, --cnf-encoder)
  CountResult (*count)(const Formulation& formulation, const SolveLimits& limits,
                       const CountOptions& options);
};

// One row of the solver table. The columns are what the rest of the tool
// asks of a search (its capabilities); no code outside the table compares a
// search's name.
struct SolverEntry {
  const char* name;
  const char* summary;  // one line, for --help (doc/solvers.md describes each)
  bool complete;        // can answer Unsat (a proof that no solution exists)
  bool racer;           // may run in the portfolio (thread-safe, polls stop)
  bool races_others;    // races racer entries on threads (--portfolio, --threads)
  bool stateful;        // reports best_labels (--checkpoint, --log)
  bool starts;          // honours start (--resume): local search's replicas begin
                        // there, CaDiCaL takes its labels as decision phases
  bool runs_cadical;    // has a CaDiCaL inside, on the native CNF (--cnf-tune, --cnf-encoder)
  bool traces_proofs;   // writes CaDiCaL's DRAT proof of an Unsat answer (--proof)
  bool runs_local;      // has a local search inside (--local-tune)
  bool reads_tactic;    // runs Z3 with --tactic
  bool estimates;       // counts with the xcc engine, which also estimates (--estimate, --quotient)
  // Peak memory per placement Boolean of what it builds (the memory guard):
  // 0 for searches whose state is O(cubes).
  double bytes_per_placement;
  SolveResult (*solve)(const Formulation& formulation, const SolveLimits& limits);
  // What counts for it (--count, --all): its own engine, or another entry's
  // (the portfolio counts with xcc); nullptr when it cannot count.
  const Counter* counts;
  // What draws --sample K solutions from independent seeds; nullptr: it cannot.
  const Counter* samples;
};

}  // namespace bel_pyramid
