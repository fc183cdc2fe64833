// Negation normal form for the Constraint IR: pushes every Not down to the
// leaves, where it becomes a flipped relation, so that a backend that lowers
// one direction only (CNF under guards, unary label domains) never meets a
// Not. The result has no Not node and evaluate() gives it the same truth as
// the input on every assignment (tests/unit/solvers/test_negation.cpp checks this).
#pragma once

#include "model/constraint.hpp"

namespace bel_pyramid {

// The relation true exactly when `rel` is false.
[[nodiscard]] Rel complement(Rel rel);
// A Not-free constraint equivalent to c.
[[nodiscard]] Constraint without_negation(const Constraint& c);
// A Not-free constraint equivalent to not c.
[[nodiscard]] Constraint negated(const Constraint& c);

}  // namespace bel_pyramid
