#include <gtest/gtest.h>

#include <set>

#include "model/formulation.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {
namespace {

TEST(Pyramid, CubeAndPositionCountsForOneToSeven) {
  const std::int64_t expected[] = {1, 10, 35, 84, 165, 286, 455};
  for (int n = 1; n <= 7; ++n) {
    const Pyramid p(n);
    EXPECT_EQ(p.cube_count(), expected[n - 1]);
    EXPECT_EQ(static_cast<std::int64_t>(p.positions().size()), expected[n - 1]);
    const std::int64_t L = p.labels();
    EXPECT_EQ(static_cast<std::int64_t>(p.cubes().size()), (L + 2) * (L + 1) * L / 6);
  }
}

TEST(Pyramid, VariableAndPlacementCounts) {
  const std::int64_t placements[] = {1, 270, 4375, 28812, 120285};
  for (int n = 1; n <= 5; ++n) {
    const Pyramid p(n);
    EXPECT_EQ(p.x_var_count(), n * n);
    EXPECT_EQ(p.y_var_count(), n * n);
    EXPECT_EQ(p.z_var_count(), (2 * n - 1) * (2 * n - 1));
    EXPECT_EQ(p.placement_count(), placements[n - 1]);
  }
}

TEST(Pyramid, PositionsMatchTheStackHeights) {
  const Pyramid p(4);
  for (const Position& pos : p.positions()) EXPECT_LT(pos.h, std::min(p.tri(pos.x), p.tri(pos.y)));
  EXPECT_EQ(p.tri(0), 1);
  EXPECT_EQ(p.tri(3), 4);
  EXPECT_EQ(p.tri(6), 1);
}

TEST(Pyramid, AxisVariableNumberingRoundTrips) {
  for (int n = 1; n <= 5; ++n) {
    const Pyramid p(n);
    std::set<int> seen;
    for (int i = 0; i < p.base(); ++i)
      for (int h = 0; h < p.tri(i); ++h) {
        seen.insert(p.x_var(i, h));
        seen.insert(p.y_var(i, h));
        const AxisVar x = p.axis_var(p.x_var(i, h));
        EXPECT_EQ(x.axis, Axis::X);
        EXPECT_EQ(x.i, i);
        EXPECT_EQ(x.j, h);
        const AxisVar y = p.axis_var(p.y_var(i, h));
        EXPECT_EQ(y.axis, Axis::Y);
        EXPECT_EQ(y.i, i);
        EXPECT_EQ(y.j, h);
      }
    for (int y = 0; y < p.base(); ++y)
      for (int x = 0; x < p.base(); ++x) {
        seen.insert(p.z_var(y, x));
        const AxisVar z = p.axis_var(p.z_var(y, x));
        EXPECT_EQ(z.axis, Axis::Z);
        EXPECT_EQ(z.i, y);
        EXPECT_EQ(z.j, x);
      }
    EXPECT_EQ(static_cast<int>(seen.size()), p.var_count());
    EXPECT_EQ(*seen.rbegin(), p.var_count() - 1);
  }
}

TEST(Pyramid, LineLengthsCountTheCubesOnEachLine) {
  for (int n = 1; n <= 5; ++n) {
    const Pyramid p(n);
    std::vector<int> on_line(p.var_count());
    for (const Position& pos : p.positions())
      for (int v : p.vars_at(pos)) ++on_line[v];
    for (int v = 0; v < p.var_count(); ++v)
      EXPECT_EQ(p.line_length(v), on_line[v]) << p.var_name(v);
  }
}

TEST(Pyramid, CubesAreSortedAndIndexed) {
  const Pyramid p(4);
  for (std::size_t i = 0; i < p.cubes().size(); ++i) {
    const Cube& c = p.cubes()[i];
    EXPECT_LE(c[0], c[1]);
    EXPECT_LE(c[1], c[2]);
    if (i > 0) EXPECT_LT(p.cubes()[i - 1], c);
    EXPECT_EQ(p.cube_index(c), static_cast<int>(i));
  }
}

TEST(Pyramid, RotationsAreTheDistinctPermutations) {
  EXPECT_EQ(Pyramid::rotations({0, 1, 2}).size(), 6u);
  EXPECT_EQ(Pyramid::rotations({1, 1, 2}).size(), 3u);
  EXPECT_EQ(Pyramid::rotations({3, 3, 3}).size(), 1u);
  const auto r = Pyramid::rotations({0, 0, 1});
  EXPECT_EQ(r, (std::vector<Cube>{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}}));
  // Every ordered triple is one rotation of one cube: placements = positions * L^3.
  const Pyramid p(3);
  std::size_t rotations = 0;
  for (const Cube& c : p.cubes()) rotations += Pyramid::rotations(c).size();
  EXPECT_EQ(rotations, 125u);
}

TEST(Formulation, BaseConstraintCountsInBothEncodings) {
  for (int n = 1; n <= 5; ++n) {
    const Formulation as_int(n, Domain::Int);
    const Formulation as_enum(n, Domain::Enum);
    const int vars = n * n * 2 + (2 * n - 1) * (2 * n - 1);
    EXPECT_EQ(as_int.axis_label_bounds(), vars);
    EXPECT_EQ(as_enum.axis_label_bounds(), 0);
    for (const Formulation* f : {&as_int, &as_enum}) {
      EXPECT_EQ(f->placement_equalities(), f->pyramid().placement_count());
      EXPECT_EQ(f->cube_uniqueness_constraints(), f->pyramid().cube_count());
    }
  }
  EXPECT_EQ(Formulation(3, Domain::Int).axis_label_bounds(), 43);
}

}  // namespace
}  // namespace bel_pyramid
