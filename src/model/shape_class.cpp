#include "model/shape_class.hpp"

#include <algorithm>
#include <utility>

#include "model/symmetry.hpp"

namespace bel_pyramid {
namespace {

// The key of the image of `fixed` under `geometry`, and its renaming (the
// geometry itself is set by the caller, for the least image only).
ShapeClass image_class(const std::vector<std::pair<int, int>>& fixed, int labels,
                       const std::vector<int>& geometry) {
  std::vector<std::pair<int, int>> image;
  image.reserve(fixed.size());
  for (const auto& [line, value] : fixed) image.emplace_back(geometry[line], value);
  std::sort(image.begin(), image.end());
  ShapeClass out;
  out.to_key.assign(static_cast<std::size_t>(labels), -1);
  int next = 0;
  for (const auto& [line, value] : image) {
    if (out.to_key[value] < 0) out.to_key[value] = next++;
    out.key.push_back(line);
    out.key.push_back(out.to_key[value]);
  }
  for (int& name : out.to_key)
    if (name < 0) name = next++;
  return out;
}

}  // namespace

std::vector<std::vector<int>> square_symmetries(const Pyramid& p) {
  // One bit per column (row) pair; beyond 32 pairs only the transpose and
  // the top flip are used.
  const std::uint32_t all = p.mid() <= 32 ? ~std::uint32_t{0} : 0;
  std::vector<std::vector<int>> out;
  for (const std::uint32_t columns : {std::uint32_t{0}, all})
    for (const std::uint32_t rows : {std::uint32_t{0}, all})
      for (const bool transpose : {false, true})
        for (const bool top_flip : {false, true}) {
          std::vector<int> perm = permutation(p, {columns, rows, transpose, top_flip});
          if (std::find(out.begin(), out.end(), perm) == out.end()) out.push_back(std::move(perm));
        }
  return out;
}

std::optional<ShapeClass> shape_class(const std::vector<Constraint>& constraints, int labels,
                                      const std::vector<std::vector<int>>& symmetries) {
  std::vector<std::pair<int, int>> fixed;  // (line, label)
  for (const Constraint& c : constraints) {
    if (c.kind != Constraint::Kind::Compare || c.rel != Rel::Eq || c.lhs.is_var() == c.rhs.is_var())
      return std::nullopt;
    const Term& line = c.lhs.is_var() ? c.lhs : c.rhs;
    const Term& value = c.lhs.is_var() ? c.rhs : c.lhs;
    fixed.emplace_back(line.var, value.value);
  }
  std::sort(fixed.begin(), fixed.end());
  fixed.erase(std::unique(fixed.begin(), fixed.end()), fixed.end());
  std::optional<ShapeClass> best;
  const std::vector<int>* best_geometry = nullptr;
  for (const std::vector<int>& geometry : symmetries) {
    ShapeClass image = image_class(fixed, labels, geometry);
    if (!best || image.key < best->key) {
      best = std::move(image);
      best_geometry = &geometry;
    }
  }
  if (best) best->geometry = *best_geometry;
  return best;
}

std::vector<int> carried(const std::vector<int>& labels, const ShapeClass& from,
                         const ShapeClass& to) {
  // Into the shape of the key (labels moved by from's geometry and renamed),
  // then back out through to's renaming and geometry.
  std::vector<int> from_key(to.to_key.size());
  for (std::size_t l = 0; l < to.to_key.size(); ++l) from_key[to.to_key[l]] = static_cast<int>(l);
  std::vector<int> keyed(labels.size());
  for (std::size_t v = 0; v < labels.size(); ++v) keyed[from.geometry[v]] = from.to_key[labels[v]];
  std::vector<int> out(labels.size());
  for (std::size_t v = 0; v < labels.size(); ++v) out[v] = from_key[keyed[to.geometry[v]]];
  return out;
}

}  // namespace bel_pyramid
