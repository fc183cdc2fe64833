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

Constraint cube_in_class(const Pyramid& p, const Position& at, CubeClass cls) {
  const auto [a, b, c] = p.vars_at(at);
  const auto same = [](int u, int v) { return compare(var(u), Rel::Eq, var(v)); };
  const auto differ = [](int u, int v) { return compare(var(u), Rel::Ne, var(v)); };
  switch (cls) {
    case CubeClass::Triple: return all_of({same(a, b), same(b, c)});
    case CubeClass::Distinct: return all_of({differ(a, b), differ(b, c), differ(a, c)});
    case CubeClass::Repeated: return any_of({same(a, b), same(b, c), same(a, c)});
    case CubeClass::Double:
      return all_of(
          {any_of({same(a, b), same(b, c), same(a, c)}), any_of({differ(a, b), differ(b, c)})});
  }
  return any_of({});
}

const char* to_string(CubeClass cls) {
  switch (cls) {
    case CubeClass::Triple: return "triple";
    case CubeClass::Double: return "double";
    case CubeClass::Distinct: return "distinct";
    case CubeClass::Repeated: return "repeated";
  }
  return "?";
}

}  // namespace bel_pyramid
