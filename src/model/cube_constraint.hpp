// The constraint "the cube {a, b, c} sits at place (x, y, h), in any
// orientation", and "the cube there is of this class": the hypothesis
// language's `cube(x, y, h) = {a, b, c}` and `cube(x, y, h) is repeated`, and
// every front end that states the same (the Python module) build them here,
// so the two give the same Constraint tree.
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

// The class of the cube at a place, whatever its labels: `cube(x, y, h) is
// CLASS` in the language. With a, b, c the lines X, Y, Z through the place:
//   Triple    {a,a,a}: a = b and b = c
//   Double    exactly two labels equal: repeated and not triple
//   Distinct  {a,b,c} all different: a != b and b != c and a != c
//   Repeated  some label twice (triple or double): a = b or b = c or a = c
enum class CubeClass { Triple, Double, Distinct, Repeated };
[[nodiscard]] Constraint cube_in_class(const Pyramid& p, const Position& at, CubeClass cls);
[[nodiscard]] const char* to_string(CubeClass cls);  // "triple", ...

}  // namespace bel_pyramid
