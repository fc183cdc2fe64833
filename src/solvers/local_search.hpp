// Local search backend: stochastic search over the axis labels (issue 6).
//
// The state is a full label assignment (MoveEngine); the cost counts
// duplicated cube types plus violated strategy penalties (LabelDomains).
// Moves, one at a time with Metropolis acceptance:
//   * relabel: give one line a new label from its domain; when the line was
//              picked at a duplicated cube, half the time choose a label that
//              turns that cube into a missing one ("aimed"),
//   * swap:    exchange the labels of two lines of equal length (keeps every
//              label's face count, which a solution fixes),
//   * cycle:   rotate the labels of three lines of equal length (a -> b -> c
//              -> a; also keeps every label's face count; off by default:
//              no gain measured, bench/RESULTS.md),
// where the line is usually taken from a position whose cube is duplicated
// ("focused"). Replica exchange runs 8 such walkers at temperatures 0.15 to
// 0.35 in one thread; a fixed temperature gets stuck at cost 1-3 on N=5.
// The defaults below are measured (bench/local_search.sh, bench/tune_local).
//
// It cannot prove that no solution exists: when it stops without one it
// returns Status::Unknown with a reason. A Sat result has cost 0, passes
// validate() and satisfies every constraint of the formulation.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

struct LocalSearchProgress {
  double elapsed_seconds = 0;
  int cost = 0;
  int best_cost = 0;
  std::uint64_t moves = 0;
  double moves_per_second = 0;
  int restarts = 0;
  std::vector<int> best_labels;  // a state of cost best_cost
};

struct LocalSearchTuning {
  // Replica exchange (parallel tempering) in one thread: `replicas` states at
  // temperatures spaced geometrically from `temperature` to `max_temperature`
  // swap temperatures when the Metropolis rule on their costs says so.
  // replicas == 1: plain annealing at `temperature`.
  double temperature = 0.15;  // Metropolis: accept +d with exp(-d / T)
  double max_temperature = 0.35;
  int replicas = 8;
  std::uint64_t exchange_every = 1024;  // moves per replica between exchanges
  double swap_probability = 0.1;        // share of moves that swap two lines
  double focus_probability = 0.9;       // share of moves that start at a conflict
  double aim_probability = 0.5;         // focused relabels that aim at a missing cube
  std::uint64_t restart_after = 0;      // moves without a new best before restart; 0: never
  double cycle_probability = 0;         // share of moves that rotate three lines
};

struct LocalSearchOptions {
  std::uint64_t seed = 0;
  double timeout_seconds = 0;                                // wall clock; 0: none
  const std::atomic<bool>* stop = nullptr;                   // polled; set from any thread to stop
  std::function<void(const LocalSearchProgress&)> progress;  // called about 4 times/s
  LocalSearchTuning tuning;
  // Every replica starts from this labelling (--resume) instead of a random
  // one; solve_local() refuses one that breaks a label the strategies fix.
  std::optional<std::vector<int>> start;
};

[[nodiscard]] SolveResult solve_local(const Formulation& formulation,
                                      const LocalSearchOptions& options);

}  // namespace bel_pyramid
