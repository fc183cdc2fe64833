// XccBits (the bit-set exact cover for N <= 3) against the dancing links of
// count_xcc: whole counts at N=1 and N=2, every solution valid and listed
// once, and a stop.
#include <gtest/gtest.h>

#include <set>

#include "model/solution.hpp"
#include "solvers/xcc.hpp"
#include "solvers/xcc_bits.hpp"

namespace bel_pyramid {
namespace {

TEST(XccBits, CountsTheWholePyramidsOfOneAndTwoLevels) {
  for (int levels : {1, 2}) {
    const Pyramid p(levels);
    ASSERT_TRUE(XccBits::fits(p));
    XccBits bits(p);
    std::set<std::vector<int>> seen;
    const XccBits::Visit visit = [&](const std::vector<int>& labels) {
      EXPECT_TRUE(validate(p, Solution(levels, labels)).ok) << levels;
      EXPECT_TRUE(seen.insert(labels).second) << levels;
      return true;
    };
    const StopCheck check(0, nullptr);
    EXPECT_TRUE(bits.complete(std::vector<int>(p.var_count(), -1), check, visit));
    EXPECT_EQ(seen.size(), count_xcc(Formulation(levels, Domain::Int), {}, {}).solutions);
  }
  EXPECT_FALSE(XccBits::fits(Pyramid(4)));
}

TEST(XccBits, AVisitorThatSaysNoStopsIt) {
  const Pyramid p(2);
  XccBits bits(p);
  int visits = 0;
  const StopCheck check(0, nullptr);
  EXPECT_FALSE(bits.complete(std::vector<int>(p.var_count(), -1), check,
                             [&](const std::vector<int>&) { return ++visits < 3; }));
  EXPECT_EQ(visits, 3);
}

}  // namespace
}  // namespace bel_pyramid
