// Which cubes each position can still hold, as far as the line domains and
// "every cube exactly once" tell together.
//
// A solution puts the cubes on the positions one to one: a perfect matching
// of the bipartite graph whose edges are the (position, cube) pairs that the
// domains of the three lines through the position allow in some rotation.
// A pair that no perfect matching uses is in no solution. That is where a
// group of positions whose domains admit exactly as many cubes as there are
// positions (a Hall set: the corner sub-pyramids of ConstructiveDiagonal,
// the upper levels of ConstructiveBottom) takes those cubes away from every
// other position, which clause learning finds only slowly. The pairs are
// found by the alldifferent filtering of Régin (1994): one perfect matching,
// then the strongly connected components of its alternating graph.
#pragma once

#include <span>
#include <vector>

#include "model/label_domains.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

struct CubeMatching {
  // usable[pos][cube], pos in Pyramid::positions() order, cube in
  // Pyramid::cubes() order: the domains allow the pair and some perfect
  // matching uses it.
  std::vector<std::vector<char>> usable;
  // False when no perfect matching exists: the domains admit no solution
  // (usable then only says what the domains allow).
  bool perfect = false;
};

// `masks` has one LabelMask per axis variable (LabelDomains::masks).
[[nodiscard]] CubeMatching match_cubes(const Pyramid& p, std::span<const LabelMask> masks);

// A placement: the labels of the X, Y and Z lines at a position (an index
// into Pyramid::positions()).
struct Placement {
  int position = 0;
  Cube labels{};
};

// The placements that the domains allow but no perfect matching uses (each
// rotation of each unusable pair that the domains allow); none when no
// perfect matching exists.
[[nodiscard]] std::vector<Placement> unmatched_placements(const Pyramid& p,
                                                          std::span<const LabelMask> masks);

// Narrows each line's domain to the labels that, at every position of the
// line, some usable cube takes in a rotation the domains allow, and matches
// again until nothing changes. False (masks left as they were last
// narrowed) when no perfect matching exists: the domains admit no solution.
bool narrow_by_matching(const Pyramid& p, std::vector<LabelMask>& masks);

}  // namespace bel_pyramid
