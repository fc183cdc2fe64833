// The constraint "the cube {a, b, c} sits at place (x, y, h), in any
// orientation": the hypothesis language's `cube(x, y, h) = {a, b, c}` and
// every front end that states the same (the Python module) build it here, so
// the two give the same Constraint tree.
//
// Guarantees: an Any over the distinct orientations of the sorted labels (in
// lexicographic order), each an All of the three line equalities X, Y, Z of
// the place; the caller has checked that the place exists and the labels are
// below L.
#pragma once

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

[[nodiscard]] Constraint cube_placed(const Pyramid& p, const Position& at, Cube labels);

}  // namespace bel_pyramid
