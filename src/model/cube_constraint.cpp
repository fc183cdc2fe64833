#include "model/cube_constraint.hpp"

#include <algorithm>
#include <vector>

namespace bel_pyramid {

Constraint cube_placed(const Pyramid& p, const Position& at, Cube labels) {
  std::sort(labels.begin(), labels.end());
  const std::array<int, 3> vars = p.vars_at(at);
  std::vector<Constraint> orientations;
  do {
    orientations.push_back(all_of({compare(var(vars[0]), Rel::Eq, label(labels[0])),
                                   compare(var(vars[1]), Rel::Eq, label(labels[1])),
                                   compare(var(vars[2]), Rel::Eq, label(labels[2]))}));
  } while (std::next_permutation(labels.begin(), labels.end()));
  return any_of(std::move(orientations));
}

}  // namespace bel_pyramid
