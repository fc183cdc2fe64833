// Arithmetic on line values mod L: "line a carries (label of line b + k) mod
// L", the hypothesis language's `A = (B + k) % L` and the Python package's
// `A == (B + k) % L`, built here so the two give the same tree.
//
// The tree uses only Compare, All and Any, so every backend lowers it as
// it is: for each label l of B, B != l or A = (l + k) mod L (L clauses of two
// literals in the native CNF).
#pragma once

#include <vector>

#include "model/constraint.hpp"

namespace bel_pyramid {

// label(a) == (label(b) + shift) mod labels; shift is taken mod labels, and
// a == b with shift 0 is `true`, with another shift `false`.
[[nodiscard]] Constraint shifted_equal(int a, int b, long shift, int labels);

// label(a) == (label(b) + shift) mod labels, 0 <= shift < labels.
struct LineShift {
  int a = 0;
  int b = 0;
  int shift = 0;
};

// Reads a constraint back as the line shifts it states (trees exactly as
// shifted_equal() builds them, and `and`s of them, `true` among them),
// appended to `out`; false when it states anything else.
[[nodiscard]] bool line_shifts(const Constraint& c, int labels, std::vector<LineShift>& out);

}  // namespace bel_pyramid
