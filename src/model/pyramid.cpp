#include "model/pyramid.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace bel_pyramid {

Pyramid::Pyramid(int levels) : levels_(levels), base_(2 * levels - 1) {
  if (levels < 1) throw std::invalid_argument("a pyramid has at least one level");
  line_offset_.resize(base_ + 1);
  for (int i = 0; i < base_; ++i) line_offset_[i + 1] = line_offset_[i] + tri(i);
  for (int x = 0; x < base_; ++x)
    for (int y = 0; y < base_; ++y)
      for (int h = 0; h < height(x, y); ++h) positions_.push_back({x, y, h});
  for (int a = 0; a < base_; ++a)
    for (int b = a; b < base_; ++b)
      for (int c = b; c < base_; ++c) cubes_.push_back({a, b, c});
}

std::vector<int> Pyramid::level_sizes() const {
  std::vector<int> sizes;
  for (int n = 0; n < levels_; ++n) sizes.push_back(2 * n + 1);
  return sizes;
}

std::int64_t Pyramid::cube_count(std::int64_t levels) {
  return levels * (4 * levels * levels - 1) / 3;
}

AxisVar Pyramid::axis_var(int var) const {
  auto line_of = [&](int offset) {
    int i = 0;
    while (line_offset_[i + 1] <= offset) ++i;
    return std::pair{i, offset - line_offset_[i]};
  };
  if (var < x_var_count()) {
    auto [x, h] = line_of(var);
    return {Axis::X, x, h};
  }
  var -= x_var_count();
  if (var < y_var_count()) {
    auto [y, h] = line_of(var);
    return {Axis::Y, y, h};
  }
  var -= y_var_count();
  return {Axis::Z, var / base_, var % base_};
}

std::string Pyramid::var_name(int var) const {
  const AxisVar v = axis_var(var);
  return fmt::format("{}[{}][{}]", axis_name(v.axis), v.i, v.j);
}

int Pyramid::line_length(int var) const {
  const AxisVar v = axis_var(var);
  if (v.axis == Axis::Z) return height(v.j, v.i);
  return base_ - 2 * v.j;  // columns/rows i' with tri(i') > h
}

int Pyramid::cube_index(Cube c) const {
  // Rank of the sorted triple among all sorted triples, by counting.
  const int L = base_;
  auto triples_from = [L](int a) {  // sorted triples whose first label >= a
    const int n = L - a;
    return n * (n + 1) * (n + 2) / 6;
  };
  auto pairs_from = [L](int b) {  // sorted pairs over labels >= b
    const int n = L - b;
    return n * (n + 1) / 2;
  };
  const int total = triples_from(0);
  return (total - triples_from(c[0])) + (pairs_from(c[0]) - pairs_from(c[1])) + (c[2] - c[1]);
}

std::vector<Cube> Pyramid::rotations(const Cube& cube) {
  Cube p = cube;
  std::sort(p.begin(), p.end());
  std::vector<Cube> out;
  do out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

std::string to_string(const Cube& c) { return fmt::format("({},{},{})", c[0], c[1], c[2]); }

std::string to_string(const Position& p) { return fmt::format("(x={},y={},h={})", p.x, p.y, p.h); }

}  // namespace bel_pyramid
