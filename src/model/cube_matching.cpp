#include "model/cube_matching.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace bel_pyramid {
namespace {

bool allows(LabelMask mask, int label) { return ((mask >> label) & 1U) != 0; }

bool fits(std::span<const LabelMask> masks, const std::array<int, 3>& vars, const Cube& r) {
  return allows(masks[vars[0]], r[0]) && allows(masks[vars[1]], r[1]) &&
         allows(masks[vars[2]], r[2]);
}

// rotations[cube]: the distinct orders of its labels, for every cube.
std::vector<std::vector<Cube>> cube_rotations(const Pyramid& p) {
  std::vector<std::vector<Cube>> rotations;
  for (const Cube& cube : p.cubes()) rotations.push_back(Pyramid::rotations(cube));
  return rotations;
}

// adjacency[pos]: the cubes the domains of the lines through pos allow.
std::vector<std::vector<int>> domain_edges(const Pyramid& p, std::span<const LabelMask> masks,
                                           const std::vector<std::vector<Cube>>& rotations) {
  std::vector<std::vector<int>> adjacency(p.positions().size());
  for (std::size_t pos = 0; pos < adjacency.size(); ++pos) {
    const auto v = p.vars_at(p.positions()[pos]);
    for (std::size_t cube = 0; cube < rotations.size(); ++cube)
      if (std::any_of(rotations[cube].begin(), rotations[cube].end(),
                      [&](const Cube& r) { return fits(masks, v, r); }))
        adjacency[pos].push_back(static_cast<int>(cube));
  }
  return adjacency;
}

// A maximum matching by augmenting paths (Kuhn), after a greedy start.
class Matcher {
 public:
  explicit Matcher(const std::vector<std::vector<int>>& adjacency)
      : adjacency_(adjacency),
        cube_of_(adjacency.size(), -1),
        pos_of_(adjacency.size(), -1),
        seen_(adjacency.size(), 0) {}

  // True when every position got a cube (as many cubes as positions).
  bool match_all() {
    for (std::size_t pos = 0; pos < adjacency_.size(); ++pos)
      for (int cube : adjacency_[pos])
        if (pos_of_[cube] < 0) {
          take(static_cast<int>(pos), cube);
          break;
        }
    for (std::size_t pos = 0; pos < adjacency_.size(); ++pos) {
      if (cube_of_[pos] >= 0) continue;
      ++stamp_;
      if (!augment(static_cast<int>(pos))) return false;
    }
    return true;
  }
  [[nodiscard]] int cube_of(int pos) const { return cube_of_[pos]; }
  [[nodiscard]] int pos_of(int cube) const { return pos_of_[cube]; }

 private:
  void take(int pos, int cube) {
    cube_of_[pos] = cube;
    pos_of_[cube] = pos;
  }
  bool augment(int pos) {
    for (int cube : adjacency_[pos]) {
      if (seen_[cube] == stamp_) continue;
      seen_[cube] = stamp_;
      if (pos_of_[cube] < 0 || augment(pos_of_[cube])) {
        take(pos, cube);
        return true;
      }
    }
    return false;
  }

  const std::vector<std::vector<int>>& adjacency_;
  std::vector<int> cube_of_, pos_of_, seen_;
  int stamp_ = 0;
};

// Strongly connected components (Tarjan) of the positions, with an arc from
// pos to the position matched to each other cube pos allows: the arc lies on
// an alternating cycle exactly when both ends are in one component.
class Components {
 public:
  Components(const std::vector<std::vector<int>>& adjacency, const Matcher& m)
      : adjacency_(adjacency),
        matcher_(m),
        index_(adjacency.size(), -1),
        low_(adjacency.size(), 0),
        component_(adjacency.size(), -1),
        on_stack_(adjacency.size(), 0) {
    for (std::size_t pos = 0; pos < adjacency.size(); ++pos)
      if (index_[pos] < 0) visit(static_cast<int>(pos));
  }
  [[nodiscard]] int of(int pos) const { return component_[pos]; }

 private:
  void visit(int pos) {
    index_[pos] = low_[pos] = next_index_++;
    stack_.push_back(pos);
    on_stack_[pos] = 1;
    for (int cube : adjacency_[pos]) {
      if (cube == matcher_.cube_of(pos)) continue;
      const int to = matcher_.pos_of(cube);
      if (index_[to] < 0) {
        visit(to);
        low_[pos] = std::min(low_[pos], low_[to]);
      } else if (on_stack_[to]) {
        low_[pos] = std::min(low_[pos], index_[to]);
      }
    }
    if (low_[pos] != index_[pos]) return;
    for (int member = -1; member != pos;) {
      member = stack_.back();
      stack_.pop_back();
      on_stack_[member] = 0;
      component_[member] = components_;
    }
    ++components_;
  }

  const std::vector<std::vector<int>>& adjacency_;
  const Matcher& matcher_;
  std::vector<int> index_, low_, component_, stack_;
  std::vector<char> on_stack_;
  int next_index_ = 0, components_ = 0;
};

CubeMatching match(const Pyramid& p, std::span<const LabelMask> masks,
                   const std::vector<std::vector<Cube>>& rotations) {
  const std::vector<std::vector<int>> adjacency = domain_edges(p, masks, rotations);
  CubeMatching out;
  out.usable.assign(adjacency.size(), std::vector<char>(p.cubes().size(), 0));
  Matcher matcher(adjacency);
  out.perfect = matcher.match_all();
  for (std::size_t pos = 0; pos < adjacency.size(); ++pos)
    for (int cube : adjacency[pos]) out.usable[pos][cube] = 1;
  if (!out.perfect) return out;
  const Components components(adjacency, matcher);
  for (std::size_t pos = 0; pos < adjacency.size(); ++pos) {
    const int at = static_cast<int>(pos);
    for (int cube : adjacency[pos])
      out.usable[pos][cube] =
          cube == matcher.cube_of(at) || components.of(at) == components.of(matcher.pos_of(cube));
  }
  return out;
}

}  // namespace

CubeMatching match_cubes(const Pyramid& p, std::span<const LabelMask> masks) {
  return match(p, masks, cube_rotations(p));
}

std::vector<Placement> unmatched_placements(const Pyramid& p, std::span<const LabelMask> masks) {
  const std::vector<std::vector<Cube>> rotations = cube_rotations(p);
  const CubeMatching matching = match(p, masks, rotations);
  std::vector<Placement> out;
  if (!matching.perfect) return out;
  for (std::size_t pos = 0; pos < p.positions().size(); ++pos) {
    const auto v = p.vars_at(p.positions()[pos]);
    for (std::size_t cube = 0; cube < rotations.size(); ++cube) {
      if (matching.usable[pos][cube]) continue;
      for (const Cube& r : rotations[cube])
        if (fits(masks, v, r)) out.push_back({static_cast<int>(pos), r});
    }
  }
  return out;
}

bool narrow_by_matching(const Pyramid& p, std::vector<LabelMask>& masks) {
  const std::vector<std::vector<Cube>> rotations = cube_rotations(p);
  for (;;) {
    const CubeMatching matching = match(p, masks, rotations);
    if (!matching.perfect) return false;
    std::vector<LabelMask> narrowed = masks;
    for (std::size_t pos = 0; pos < p.positions().size(); ++pos) {
      const auto v = p.vars_at(p.positions()[pos]);
      std::array<LabelMask, 3> taken{};
      for (std::size_t cube = 0; cube < rotations.size(); ++cube) {
        if (!matching.usable[pos][cube]) continue;
        for (const Cube& r : rotations[cube])
          if (fits(masks, v, r))
            for (int k = 0; k < 3; ++k) taken[k] |= LabelMask{1} << r[k];
      }
      for (int k = 0; k < 3; ++k) narrowed[v[k]] &= taken[k];
    }
    if (narrowed == masks) return true;
    masks = std::move(narrowed);
  }
}

}  // namespace bel_pyramid
