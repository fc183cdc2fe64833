// XCC: Bel's Pyramid as exact cover with colours, searched by dancing links
// in the style of Knuth's Algorithm C (TAOCP 7.2.2.1), written from its
// description.
//
//   primary items    every position and every cube (each covered exactly once)
//   secondary items  every line (axis variable), coloured by its label
//   options          "position p carries the ordered triple (a, b, c)": covers
//                    p and the cube {a, b, c}, colours X = a, Y = b, Z = c
//
// A set of options covering every primary item exactly once with consistent
// colours is exactly a solution, so the search finds one, proves there is
// none, or enumerates them all (each labelling once). It branches on the
// primary item with the fewest options left (MRV).
//
// Strategies: a constraint whose variables all pass through one position is
// applied by deleting the options of that position (and of every other such
// position) that violate it — fixed and bounded labels, BottomCenter012,
// TopCubeOrdering, ConstructiveTripleDiagonal, --part. Any other constraint is
// evaluated as soon as all its variables carry labels, and the branch is cut
// when it fails.
//
// Finding (solve_xcc, and count_xcc with max_solutions): randomised runs with
// restarts, since a fixed order has a heavy tail (at N=3 seed 0 found nothing
// in 30 s). Ties in the item choice and the first option tried are drawn from
// the seed; run k stops after luby(k) * 100 nodes and the next begins at the
// root. The budgets grow without bound, so a run eventually searches the
// whole tree: Unsat is still a proof. A labelling found again after a restart
// is not counted twice. Exact counts (no max_solutions) and the estimator keep
// the fixed complete order, which a seed other than 0 shuffles.
#pragma once

#include "model/counting.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

[[nodiscard]] SolveResult solve_xcc(const Formulation& formulation, const SolveLimits& limits);

// Counts (and lists through options.on_solution) the solutions; with
// max_solutions it restarts (above) and lists distinct labellings only.
[[nodiscard]] CountResult count_xcc(const Formulation& formulation, const SolveLimits& limits,
                                    const CountOptions& options);

// Knuth's estimator of the search tree: `probes` random root-to-leaf paths,
// each choosing uniformly among the options of the branching item; the
// product of the branching degrees along a path is an unbiased estimate of
// the number of solutions (when the path ends in one) and of nodes.
struct XccEstimate {
  std::uint64_t probes = 0;
  double solutions = 0;       // mean estimate of the number of solutions
  double standard_error = 0;  // of that mean
  double nodes = 0;           // mean estimate of the search nodes of count_xcc
};
[[nodiscard]] XccEstimate estimate_xcc(const Formulation& formulation, const CountOptions& options,
                                       std::uint64_t probes, std::uint64_t seed);

}  // namespace bel_pyramid
