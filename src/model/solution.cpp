#include "model/solution.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bel_pyramid {

Solution::Solution(int levels, std::vector<int> labels)
    : levels_(levels), labels_(std::move(labels)) {}

Cube Solution::cube_at(const Pyramid& p, const Position& pos) const {
  const auto vars = p.vars_at(pos);
  Cube c{labels_[vars[0]], labels_[vars[1]], labels_[vars[2]]};
  std::sort(c.begin(), c.end());
  return c;
}

Validation validate(const Pyramid& pyramid, const Solution& solution) {
  if (solution.levels() != pyramid.levels())
    return {false, fmt::format("solution has {} levels, expected {}", solution.levels(),
                               pyramid.levels())};
  if (static_cast<int>(solution.labels().size()) != pyramid.var_count())
    return {false, fmt::format("solution has {} labels, expected {}", solution.labels().size(),
                               pyramid.var_count())};
  for (int v = 0; v < pyramid.var_count(); ++v) {
    const int l = solution.label(v);
    if (l < 0 || l >= pyramid.labels())
      return {false, fmt::format("{} has label {}, outside 0..{}", pyramid.var_name(v), l,
                                 pyramid.labels() - 1)};
  }
  std::vector<std::vector<Position>> used(pyramid.cubes().size());
  for (const Position& pos : pyramid.positions())
    used[pyramid.cube_index(solution.cube_at(pyramid, pos))].push_back(pos);

  std::vector<std::string> defects;
  for (std::size_t c = 0; c < used.size(); ++c) {
    if (used[c].size() <= 1) continue;
    std::vector<std::string> where;
    for (const Position& pos : used[c]) where.push_back(to_string(pos));
    defects.push_back(fmt::format("cube {} is used {} times, at {}", to_string(pyramid.cubes()[c]),
                                  used[c].size(), fmt::join(where, " ")));
  }
  for (std::size_t c = 0; c < used.size(); ++c)
    if (used[c].empty())
      defects.push_back(fmt::format("cube {} is missing", to_string(pyramid.cubes()[c])));
  if (defects.empty()) return {true, {}};
  return {false, fmt::format("{}", fmt::join(defects, "; "))};
}

}  // namespace bel_pyramid
