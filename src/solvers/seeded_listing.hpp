// Listing by independent searches: a search that finds one solution run again
// and again with the seeds limits.seed, limits.seed + 1, ..., each from
// scratch, so the solutions are spread over the space rather than neighbours
// in one search tree. Every labelling goes through the tally once (a solution
// found again is dropped), so the list holds distinct validated solutions.
//
// It can never show that all solutions are listed, so it needs
// options.max_solutions: it ends at MaxSolutions, at a limit, or Exhausted
// when a complete search answers Unsat. CountResult::nodes counts the searches.
#pragma once

#include "model/counting.hpp"
#include "model/formulation.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

using SolveFunction = SolveResult (*)(const Formulation&, const SolveLimits&);

[[nodiscard]] CountResult list_by_seeds(SolveFunction solve, const Formulation& formulation,
                                        const SolveLimits& limits, const CountOptions& options);

// list_by_seeds with the local search (a Counter of the solver table).
[[nodiscard]] CountResult list_by_local_search(const Formulation& formulation,
                                               const SolveLimits& limits,
                                               const CountOptions& options);

}  // namespace bel_pyramid
