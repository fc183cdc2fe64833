// Construction: a solution of a given shape, found by CaDiCaL. ColumnStep
// fixes every X and Y line by a formula, so only the Z lines are searched:
//   X[x,h] = x,   Y[y,h] = (y + h + N - 3) mod L.
// Every cube type must come out once, an exact cover of the columns that
// CaDiCaL decides in seconds where the open puzzle takes it hours. Shapes
// like it were found by a sweep of affine formulas (bench/affine_sweep.cpp);
// this one has solutions for N = 1..7 and none at N=8 (doc/searches.md,
// "A construction").
//
// The search adds the shape to the formulation, so its "no solution" speaks
// of the shape only: it answers Sat or Unknown, never Unsat.
#pragma once

#include <vector>

#include "model/constraint.hpp"
#include "model/formulation.hpp"
#include "model/pyramid.hpp"
#include "model/solve_result.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

// The largest N at which ColumnStep is known to have solutions: beyond it
// the construction only spends a core (at N=8 CaDiCaL refutes the shape in
// about 20 CPU minutes), so the default portfolio leaves it out.
inline constexpr int kColumnStepLevels = 7;

// The ColumnStep constraints (one per X and Y line), as
// doc/hypotheses/ColumnStep.hyp states them.
[[nodiscard]] std::vector<Constraint> column_step(const Pyramid& pyramid);
// The family it belongs to: X[x,h] = x, Y[y,h] = (y + h + shift) mod L.
[[nodiscard]] std::vector<Constraint> column_step(const Pyramid& pyramid, int shift);

// CaDiCaL on the formulation plus ColumnStep; Unknown when the shape has
// no solution under the formulation's constraints.
[[nodiscard]] SolveResult solve_construction(const Formulation& formulation,
                                             const SolveLimits& limits);

}  // namespace bel_pyramid
