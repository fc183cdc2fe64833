// The temperature ladder of the replica exchange: the geometric start and the
// feedback step that re-spaces it from exchange acceptance.
#include <gtest/gtest.h>

#include <cmath>

#include "solvers/temperature_ladder.hpp"

namespace bel_pyramid {
namespace {

void expect_increasing_with_ends(const std::vector<double>& ladder, double coldest,
                                 double hottest) {
  EXPECT_DOUBLE_EQ(ladder.front(), coldest);
  EXPECT_DOUBLE_EQ(ladder.back(), hottest);
  for (std::size_t i = 0; i + 1 < ladder.size(); ++i) EXPECT_LT(ladder[i], ladder[i + 1]);
}

TEST(TemperatureLadder, GeometricFromColdestToHottest) {
  const std::vector<double> ladder = geometric_ladder(0.15, 0.35, 8);
  ASSERT_EQ(ladder.size(), 8u);
  expect_increasing_with_ends(ladder, 0.15, 0.35);
  for (std::size_t i = 0; i + 2 < ladder.size(); ++i)
    EXPECT_NEAR(ladder[i + 1] / ladder[i], ladder[i + 2] / ladder[i + 1], 1e-12);
  EXPECT_EQ(geometric_ladder(0.2, 0.4, 1), std::vector<double>{0.2});
}

TEST(TemperatureLadder, EqualAcceptanceKeepsTheLadder) {
  const std::vector<double> ladder = geometric_ladder(0.15, 0.35, 6);
  const std::vector<double> next =
      *rebalanced_ladder(ladder, {100, 100, 100, 100, 100}, {40, 40, 40, 40, 40});
  ASSERT_EQ(next.size(), ladder.size());
  for (std::size_t i = 0; i < ladder.size(); ++i) EXPECT_NEAR(next[i], ladder[i], 1e-12);
}

// The hot pairs are accepted rarely: their gaps shrink, the cold ones grow,
// the ends stay.
TEST(TemperatureLadder, LowAcceptanceNarrowsItsGap) {
  const std::vector<double> ladder = geometric_ladder(0.15, 0.35, 5);
  const std::vector<double> next =
      *rebalanced_ladder(ladder, {100, 100, 100, 100}, {80, 70, 30, 20});
  expect_increasing_with_ends(next, 0.15, 0.35);
  auto gap = [](const std::vector<double>& l, int i) { return std::log(l[i + 1] / l[i]); };
  EXPECT_GT(gap(next, 0), gap(ladder, 0));
  EXPECT_LT(gap(next, 3), gap(ladder, 3));
  EXPECT_GT(gap(next, 0), gap(next, 1));
  EXPECT_GT(gap(next, 2), gap(next, 3));
}

// Extreme shares (0 or 1) leave a usable ladder; too few offers, or no inner
// temperature, give no step.
TEST(TemperatureLadder, ExtremesAndShortWindows) {
  const std::vector<double> ladder = geometric_ladder(0.1, 1.0, 4);
  expect_increasing_with_ends(*rebalanced_ladder(ladder, {50, 50, 50}, {0, 50, 0}), 0.1, 1.0);
  EXPECT_FALSE(rebalanced_ladder(ladder, {50, 3, 50}, {0, 3, 0}));
  EXPECT_FALSE(rebalanced_ladder(geometric_ladder(0.1, 1.0, 2), {50}, {5}));
}

}  // namespace
}  // namespace bel_pyramid
