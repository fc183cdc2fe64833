// LocalSearchTuning: the knobs of the local search (local_search.hpp), a
// setting of SolveLimits that only the local entry reads. The defaults are
// measured (bench/local_search.sh, bench/tune_local); the bench drivers vary them.
#pragma once

#include <cstdint>

namespace bel_pyramid {

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

  // The endgame (bench/endgame, figures in bench/RESULTS.md), off by default.
  // Collapse: after collapse_after moves without a new best cost, every
  // replica restarts from the best state, then takes collapse_perturb random
  // relabels; with collapse_luby the k-th wait is collapse_after * luby(k).
  std::uint64_t collapse_after = 0;  // 0: never
  int collapse_perturb = 0;
  bool collapse_luby = false;
};

}  // namespace bel_pyramid
