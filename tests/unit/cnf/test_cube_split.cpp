// Cube splitting (--split): the cubes partition the models — on N=2 the
// model counts over the cubes add up to the 2112 solutions — and every cube
// of N=3 XStep + YStep is unsatisfiable.
#include <gtest/gtest.h>

#include <algorithm>

#include "cnf/cube_split.hpp"
#include "cnf/native_encoder.hpp"
#include "formulation_with.hpp"
#include "model/strategy.hpp"
#include "model_count.hpp"

namespace bel_pyramid {
namespace {

// Models of cnf + cube, projected on the label literals.
long count_models(const Cnf& cnf, const Pyramid& p, const std::vector<int>& cube) {
  return testing::count_models(cnf, cube, p.var_count() * p.labels());
}

using testing::formulation_with;

// Split by literals, exactly K cubes; by lines (a cube per label a line can
// take, each ending in that label's literal), K or more.
TEST(CubeSplit, CubesPartitionTheTwoLevelSolutions) {
  const Formulation f(2, Domain::Int);
  const Cnf cnf = encode_native(f);
  for (const SplitBy by : {SplitBy::Literal, SplitBy::Line}) {
    for (int k : {3, 8}) {
      CubeSplitOptions options;
      options.cubes = k;
      options.by = by;
      const auto cubes = split_cubes(cnf, f.pyramid(), options);
      if (by == SplitBy::Literal) EXPECT_EQ(cubes.size(), static_cast<std::size_t>(k));
      EXPECT_GE(cubes.size(), static_cast<std::size_t>(k));
      long total = 0;
      for (const auto& cube : cubes) {
        if (by == SplitBy::Line) EXPECT_GT(cube.back(), 0) << "not a line's label";
        total += count_models(cnf, f.pyramid(), cube);
      }
      EXPECT_EQ(total, 2112) << k << " cubes";
    }
  }
}

TEST(CubeSplit, CubesPartitionAStrategyRestrictedSpace) {
  const Formulation f = formulation_with(2, {"TopCubeOrdering"});
  const Cnf cnf = encode_native(f);
  const long whole = count_models(cnf, f.pyramid(), {});
  CubeSplitOptions options;
  options.cubes = 6;
  long total = 0;
  for (const auto& cube : split_cubes(cnf, f.pyramid(), options))
    total += count_models(cnf, f.pyramid(), cube);
  EXPECT_EQ(total, whole);
  EXPECT_GT(whole, 0);
}

// --split-under: the cubes split again under one cube partition that cube's
// models, and each of them extends it (by literals and by lines).
void sub_cubes_partition_their_root(SplitBy by) {
  const Formulation f(2, Domain::Int);
  const Cnf cnf = encode_native(f);
  CubeSplitOptions options;
  options.cubes = 4;
  options.by = by;
  long all = 0;
  for (const auto& root : split_cubes(cnf, f.pyramid(), options)) {
    CubeSplitOptions under = options;
    under.cubes = 3;
    under.root = root;
    const auto subcubes = split_cubes(cnf, f.pyramid(), under);
    if (by == SplitBy::Literal) EXPECT_EQ(subcubes.size(), 3U);
    long total = 0;
    for (const auto& cube : subcubes) {
      EXPECT_TRUE(std::equal(root.begin(), root.end(), cube.begin()));
      total += count_models(cnf, f.pyramid(), cube);
    }
    EXPECT_EQ(total, count_models(cnf, f.pyramid(), root));
    all += total;
  }
  EXPECT_EQ(all, 2112);
}

TEST(CubeSplit, SubCubesPartitionTheirRootCube) {
  for (const SplitBy by : {SplitBy::Literal, SplitBy::Line}) sub_cubes_partition_their_root(by);
}

TEST(CubeSplit, EveryCubeOfAnUnsatisfiableFormulaIsUnsat) {
  const Formulation f = formulation_with(3, {"XStep", "YStep"});
  const Cnf cnf = encode_native(f);
  CubeSplitOptions options;
  options.cubes = 4;
  const auto cubes = split_cubes(cnf, f.pyramid(), options);
  ASSERT_FALSE(cubes.empty());
  for (const auto& cube : cubes) EXPECT_EQ(count_models(cnf, f.pyramid(), cube), 0);
}

}  // namespace
}  // namespace bel_pyramid
