#include <gtest/gtest.h>

#include "bel_pyramid/pyramid.hpp"

namespace bel_pyramid {
namespace {

TEST(Pyramid, CubeCountsForOneToSeven) {
  const std::int64_t expected[] = {1, 10, 35, 84, 165, 286, 455};
  for (int n = 1; n <= 7; ++n) {
    const Pyramid p(n);
    EXPECT_EQ(p.cube_count(), expected[n - 1]);
    EXPECT_EQ(static_cast<std::int64_t>(p.positions().size()), expected[n - 1]);
    const std::int64_t L = p.labels();
    EXPECT_EQ(static_cast<std::int64_t>(p.cubes().size()), (L + 2) * (L + 1) * L / 6);
    EXPECT_EQ(static_cast<std::int64_t>(p.cubes().size()), p.cube_count());
  }
}

}  // namespace
}  // namespace bel_pyramid
