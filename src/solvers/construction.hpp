// Construction: a solution of a known shape, found by CaDiCaL. A shape fixes
// most lines by formulas (ColumnStep: X[x,h] = x, Y[y,h] = (y + h + N - 3)
// mod L fixes every X and Y line), so CaDiCaL only completes the rest, an
// exact cover it decides in seconds where the open puzzle takes it hours.
// The shapes and the N each is known to complete at are the shape table's
// rows (shape_table.hpp, doc/hypotheses/shapes.tsv), tried in order until
// one completes.
//
// The search adds a shape to the formulation, so its "no solution" speaks
// of the shape only: it answers Sat or Unknown, never Unsat.
#pragma once

#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

// Whether the shape table has a shape for N: beyond the known shapes the
// construction only spends a core, so the default portfolio leaves it out.
[[nodiscard]] bool has_construction(int levels);

// CaDiCaL on the formulation plus each shape of N in turn; Unknown when no
// shape has a solution under the formulation's constraints, or N has none.
[[nodiscard]] SolveResult solve_construction(const Formulation& formulation,
                                             const SolveLimits& limits);

}  // namespace bel_pyramid
