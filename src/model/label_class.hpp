// label_class: when two members of a family are the same question. Every
// permutation of the labels maps the puzzle's cube set onto itself (a cube
// is any multiset of three labels), so it maps the solutions of a shape that
// fixes lines to labels onto the solutions of the shape with the labels
// permuted. Two such shapes are equivalent exactly when renaming the labels
// in order of first appearance (line by line) gives the same fixed lines:
// one of them is decided for both, and a solution of one, relabelled, is one
// of the other.
#pragma once

#include <optional>
#include <vector>

#include "model/constraint.hpp"

namespace bel_pyramid {

struct LabelClass {
  // (line, label) pairs by line, the labels renamed in order of appearance:
  // equal keys, equivalent shapes.
  std::vector<int> key;
  // to_key[l]: the name label l takes in the key; a permutation of 0..L-1
  // (labels the shape never names take the names left, in order).
  std::vector<int> to_key;
};

// The class of a shape stated only as `line = label` constraints; nullopt
// for any other constraint (an ordering, a count, ... is not invariant
// under renaming labels).
[[nodiscard]] std::optional<LabelClass> label_class(const std::vector<Constraint>& constraints,
                                                    int labels);

// The permutation that takes a shape of class `from` to the shape of class
// `to` with the same key: result[l] for each label l of `from`.
[[nodiscard]] std::vector<int> label_map(const LabelClass& from, const LabelClass& to);

// labels[v] renamed by `permutation` (a solution, as a solution of the
// other shape).
[[nodiscard]] std::vector<int> relabelled(const std::vector<int>& labels,
                                          const std::vector<int>& permutation);

}  // namespace bel_pyramid
