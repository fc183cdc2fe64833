#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "bel_pyramid/family_cover.hpp"
#include "bel_pyramid/knuth_format.hpp"
#include "bel_pyramid/move_engine.hpp"
#include "bel_pyramid/solution.hpp"

namespace bel_pyramid {
namespace {

Solution reference_n5() {
  std::ifstream in(std::filesystem::path(BEL_PYRAMID_TEST_DATA) / "solutions/n5_ctd.txt");
  std::stringstream text;
  text << in.rdbuf();
  return parse_knuth(text.str(), "n5_ctd");
}

// Scrambling some lines of one family of a known solution and re-solving
// exactly those lines must give a solution again (not necessarily the same).
TEST(FamilyCover, RestoresScrambledLinesOfEachFamily) {
  const Solution s = reference_n5();
  const Pyramid p(5);
  const std::vector<LabelMask> all(p.var_count(), (LabelMask{1} << p.labels()) - 1);
  std::mt19937 rng(7);
  for (int slot = 0; slot < 3; ++slot) {
    FamilyCover cover(p, slot);
    std::vector<int> family;
    for (const Position& q : p.positions()) {
      const int v = p.vars_at(q)[slot];
      if (std::find(family.begin(), family.end(), v) == family.end()) family.push_back(v);
    }
    for (int trial = 0; trial < 10; ++trial) {
      std::shuffle(family.begin(), family.end(), rng);
      const std::vector<int> subset(family.begin(),
                                    family.begin() + std::min<int>(6, family.size()));
      std::vector<int> labels = s.labels();
      for (int v : subset) labels[v] = static_cast<int>(rng() % p.labels());
      ASSERT_EQ(cover.complete(all, labels, 1'000'000, &subset), FamilyCover::Result::Found);
      EXPECT_TRUE(validate(p, Solution(5, labels)).ok) << "slot " << slot;
      for (int v = 0; v < p.var_count(); ++v)
        if (std::find(subset.begin(), subset.end(), v) == subset.end())
          EXPECT_EQ(labels[v], s.labels()[v]);
    }
    // The whole family too (X and Y: the exact Z completion from scratch
    // takes seconds).
    if (slot == 2) continue;
    std::vector<int> labels = s.labels();
    for (int v : family) labels[v] = 0;
    ASSERT_EQ(cover.complete(all, labels, 10'000'000), FamilyCover::Result::Found);
    EXPECT_TRUE(validate(p, Solution(5, labels)).ok);
  }
}

// Applying a completion to a MoveEngine one set_label at a time keeps the
// incremental cost equal to a recount, and reaches cost 0.
TEST(FamilyCover, CompletionThroughMoveEngineMatchesRecount) {
  const Solution s = reference_n5();
  const Pyramid p(5);
  const std::vector<LabelMask> all(p.var_count(), (LabelMask{1} << p.labels()) - 1);
  FamilyCover cover(p, 2);
  MoveEngine engine(p, {});
  std::mt19937 rng(3);
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<int> subset;
    for (int k = 0; k < 5; ++k) subset.push_back(p.z_var(rng() % p.base(), rng() % p.base()));
    std::sort(subset.begin(), subset.end());
    subset.erase(std::unique(subset.begin(), subset.end()), subset.end());
    std::vector<int> labels = s.labels();
    for (int v : subset) labels[v] = static_cast<int>(rng() % p.labels());
    engine.reset(labels);
    ASSERT_EQ(engine.cost(), engine.recount());
    ASSERT_EQ(cover.complete(all, labels, 1'000'000, &subset), FamilyCover::Result::Found);
    for (int v : subset) {
      engine.set_label(v, labels[v]);
      ASSERT_EQ(engine.cost(), engine.recount());
    }
    EXPECT_EQ(engine.cost(), 0);
  }
}

// A duplicate outside the re-solved lines cannot be repaired; nor can a
// domain that excludes the only fitting label.
TEST(FamilyCover, ReportsImpossible) {
  const Solution s = reference_n5();
  const Pyramid p(5);
  std::vector<LabelMask> masks(p.var_count(), (LabelMask{1} << p.labels()) - 1);
  FamilyCover cover(p, 2);
  std::vector<int> labels = s.labels();
  const int x0 = p.x_var(0, 0);
  labels[x0] = (labels[x0] + 1) % p.labels();  // breaks cubes on the X line
  const std::vector<int> one{p.z_var(4, 4)};   // far from that X line
  const std::vector<int> before = labels;
  EXPECT_EQ(cover.complete(masks, labels, 1'000'000, &one), FamilyCover::Result::Impossible);
  EXPECT_EQ(labels, before);
}

}  // namespace
}  // namespace bel_pyramid
