// match_cubes (model/cube_matching.hpp): a pair is usable exactly when some
// perfect matching of positions to cubes uses it, checked against a count of
// matchings over subsets of the cubes for random line domains at N=2; and the
// Hall sets of ConstructiveBottom and ConstructiveDiagonal at N=4.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "model/cube_matching.hpp"
#include "model/formulation.hpp"
#include "model/label_domains.hpp"
#include "model/strategy.hpp"

namespace bel_pyramid {
namespace {

bool fits(const Pyramid& p, const std::vector<LabelMask>& masks, int pos, const Cube& cube) {
  const auto v = p.vars_at(p.positions()[pos]);
  for (const Cube& r : Pyramid::rotations(cube))
    if (((masks[v[0]] >> r[0]) & (masks[v[1]] >> r[1]) & (masks[v[2]] >> r[2]) & 1U) != 0)
      return true;
  return false;
}

// usable[pos][cube] by brute force: ahead[i][S] says positions 0..i-1 can
// take exactly the cube set S, behind[i][S] that positions i.. can take
// exactly the cubes outside S; a pair (i, c) is usable when some S of size i
// without c has ahead[i][S] and behind[i+1][S + c].
CubeMatching brute_force(const Pyramid& p, const std::vector<LabelMask>& masks) {
  const int n = static_cast<int>(p.positions().size());
  const unsigned all = (1U << n) - 1;
  std::vector<std::vector<char>> ahead(n + 1, std::vector<char>(all + 1, 0)), behind = ahead;
  ahead[0][0] = 1;
  behind[n][all] = 1;
  for (int i = 0; i < n; ++i)
    for (unsigned s = 0; s <= all; ++s)
      for (int c = 0; c < n; ++c)
        if (ahead[i][s] && !(s >> c & 1U) && fits(p, masks, i, p.cubes()[c]))
          ahead[i + 1][s | 1U << c] = 1;
  for (int i = n - 1; i >= 0; --i)
    for (unsigned s = 0; s <= all; ++s)
      for (int c = 0; c < n; ++c)
        if (!(s >> c & 1U) && behind[i + 1][s | 1U << c] && fits(p, masks, i, p.cubes()[c]))
          behind[i][s] = 1;
  CubeMatching out{std::vector<std::vector<char>>(n, std::vector<char>(n, 0)), ahead[n][all] != 0};
  for (int i = 0; i < n; ++i)
    for (unsigned s = 0; s <= all; ++s)
      for (int c = 0; c < n; ++c)
        if (ahead[i][s] && !(s >> c & 1U) && behind[i + 1][s | 1U << c] &&
            fits(p, masks, i, p.cubes()[c]))
          out.usable[i][c] = 1;
  return out;
}

TEST(CubeMatching, UsablePairsAreThoseOfSomePerfectMatching) {
  const Pyramid p(2);
  std::mt19937 rng(7);
  std::bernoulli_distribution keep(0.75);
  int perfect = 0, pruned = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<LabelMask> masks(p.var_count(), 0);
    for (LabelMask& m : masks)
      for (int l = 0; l < p.labels(); ++l)
        if (keep(rng)) m |= LabelMask{1} << l;
    const CubeMatching got = match_cubes(p, masks);
    const CubeMatching expected = brute_force(p, masks);
    ASSERT_EQ(got.perfect, expected.perfect) << trial;
    if (!got.perfect) continue;
    ++perfect;
    for (std::size_t pos = 0; pos < expected.usable.size(); ++pos)
      for (std::size_t c = 0; c < expected.usable.size(); ++c) {
        ASSERT_EQ(got.usable[pos][c], expected.usable[pos][c])
            << "trial " << trial << " pos " << pos << " cube " << to_string(p.cubes()[c]);
        pruned += fits(p, masks, static_cast<int>(pos), p.cubes()[c]) && !got.usable[pos][c];
      }
  }
  // The draws must exercise both answers and the filtering itself.
  EXPECT_GT(perfect, 40);
  EXPECT_LT(perfect, 400);
  EXPECT_GT(pruned, 40);
}

TEST(CubeMatching, EveryPairIsUsableWithoutDomains) {
  const Pyramid p(3);
  const CubeMatching got =
      match_cubes(p, std::vector<LabelMask>(p.var_count(), (LabelMask{1} << p.labels()) - 1));
  ASSERT_TRUE(got.perfect);
  for (const auto& row : got.usable)
    EXPECT_TRUE(std::all_of(row.begin(), row.end(), [](char u) { return u != 0; }));
}

CubeMatching under(const char* strategy, int levels) {
  Formulation f(levels, Domain::Int);
  f.add_strategy(strategy, find_strategy(strategy)->build(f.pyramid()));
  return match_cubes(f.pyramid(), split_constraints(f).masks);
}

// ConstructiveBottom at N=4 keeps the levels above the bottom to the labels
// 0..4, and they have exactly as many positions as there are cubes over
// those labels (35): the bottom keeps the 49 cubes with a 5 or a 6.
TEST(CubeMatching, ConstructiveBottomLeavesTheBottomTheHighCubes) {
  const Pyramid p(4);
  const CubeMatching got = under("ConstructiveBottom", 4);
  ASSERT_TRUE(got.perfect);
  for (std::size_t pos = 0; pos < p.positions().size(); ++pos)
    for (std::size_t c = 0; c < p.cubes().size(); ++c)
      if (p.positions()[pos].h == 0 && p.cubes()[c][2] < 5) EXPECT_FALSE(got.usable[pos][c]);
}

// ConstructiveDiagonal's corner pyramid of width 2k+1 holds exactly the
// cubes over the labels below 2k+1; no position outside it can hold one.
TEST(CubeMatching, ConstructiveDiagonalKeepsEachCornersCubesInIt) {
  const Pyramid p(4);
  const CubeMatching got = under("ConstructiveDiagonal", 4);
  ASSERT_TRUE(got.perfect);
  for (int b = 1; b < p.labels(); b += 2) {
    const auto tri = [&](int i) { return std::min(i + 1, b - i); };
    for (std::size_t pos = 0; pos < p.positions().size(); ++pos) {
      const Position& at = p.positions()[pos];
      const bool corner = at.x < b && at.y < b && at.h < std::min(tri(at.x), tri(at.y));
      for (std::size_t c = 0; c < p.cubes().size(); ++c)
        if (!corner && p.cubes()[c][2] < b) EXPECT_FALSE(got.usable[pos][c]) << to_string(at);
    }
  }
}

}  // namespace
}  // namespace bel_pyramid
