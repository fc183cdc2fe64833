// Local search backend: stochastic search over the axis labels (figures in bench/RESULTS.md).
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

#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

// Under `limits` (solver.hpp), tuned by limits.local_tuning; every replica
// starts from limits.start (--resume) instead of a random labelling when it is
// set, and solve_local() refuses one that breaks a label the strategies fix.
// Progress reports the moves (SearchProgress::steps) and restarts so far.
[[nodiscard]] SolveResult solve_local(const Formulation& formulation, const SolveLimits& limits);

}  // namespace bel_pyramid
