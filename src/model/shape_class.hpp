// shape_class: when two members of a family are the same question. The
// puzzle's symmetries map solutions to solutions: every permutation of the
// labels (a cube is any multiset of three labels, so renaming them permutes
// the cubes), and every symmetry of the pyramid's square base (mirroring the
// columns, the rows, transposing, and flipping the top cube; symmetry.hpp).
// So a shape that only fixes lines to labels has, for each symmetry, an
// image shape whose solutions are the images of its own. Two shapes are in
// one class when some symmetry of the square maps one onto the other up to
// renaming the labels: one of them is decided for both, and a solution of
// one, carried over, is one of the other.
//
// Only the 16 elements that treat every column pair (and every row pair)
// alike are used, not the 2^(2N-2) that mirror single pairs: those map the
// formulas of a family onto formulas of the family (a mirror of the rows
// takes `d y + f` to `-d y + f - d`), single pairs almost never do.
#pragma once

#include <optional>
#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

struct ShapeClass {
  // (line, label) pairs of the least image, by line, the labels renamed in
  // order of appearance: equal keys, equivalent shapes.
  std::vector<int> key;
  // The image that gave the key: geometry[v] is the line that v's label
  // moves to, then to_key[l] the name label l takes (a permutation of
  // 0..L-1; labels the image never names take the names left, in order).
  std::vector<int> geometry;
  std::vector<int> to_key;
};

// The variable permutations of the symmetries of the square base that
// classes use (the identity first; up to 16, fewer where some coincide).
[[nodiscard]] std::vector<std::vector<int>> square_symmetries(const Pyramid& p);

// The class of a shape stated only as `line = label` constraints under the
// given symmetries; nullopt for any other constraint (an ordering, a count,
// ... is not invariant under renaming labels).
[[nodiscard]] std::optional<ShapeClass> shape_class(
    const std::vector<Constraint>& constraints, int labels,
    const std::vector<std::vector<int>>& symmetries);

// A solution (labels by line) of a shape of class `from`, carried to the
// shape of class `to` with the same key.
[[nodiscard]] std::vector<int> carried(const std::vector<int>& labels, const ShapeClass& from,
                                       const ShapeClass& to);

}  // namespace bel_pyramid
