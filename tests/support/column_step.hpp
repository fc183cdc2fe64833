// The ColumnStep shape (doc/hypotheses/ColumnStep.hyp), its family
// (families/ColumnStepShift.hyp) and LevelShifts.hyp for tests, read from the files built into
// the binary (solvers/shape_table.hpp).
#pragma once

#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"
#include "solvers/shape_table.hpp"

namespace bel_pyramid::testing {

// X[x,h] = x, Y[y,h] = (y + h + N - 3) mod L
inline std::vector<Constraint> column_step(const Pyramid& p) {
  return shape_hypothesis({1, 1, "ColumnStep.hyp", {}}, p).constraints;
}

// X[x,h] = x, Y[y,h] = (y + h + shift) mod L, 0 <= shift < L
inline std::vector<Constraint> column_step(const Pyramid& p, int shift) {
  return shape_hypothesis({1, 1, "families/ColumnStepShift.hyp", {{"f", shift}}}, p).constraints;
}

// X[x,h] = x, each level's Y lines tied to Y[h,h]: Y[y,h] = (Y[h,h] + y - h) mod L
inline std::vector<Constraint> level_shifts(const Pyramid& p) {
  return shape_hypothesis({1, 1, "families/LevelShifts.hyp", {}}, p).constraints;
}

}  // namespace bel_pyramid::testing
