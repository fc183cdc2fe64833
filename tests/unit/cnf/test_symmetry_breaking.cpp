// Symmetry breaking (--symmetry-breaking auto) on the complete solution sets
// of small instances, enumerated with CaDiCaL:
//   * every generator of the puzzle group maps solutions to solutions
//     (checked by validate(), independent of the symmetry code);
//   * every generator break_symmetries() keeps maps the solutions of the
//     constrained instance onto solutions of it (validate + evaluate);
//   * every orbit of those solutions under the kept generators has a member
//     that satisfies the breaking constraints, so the count with symmetry
//     breaking is at least the number of orbits and > 0 whenever SAT;
//   * the CNF of the breaking constraints agrees with evaluate() (counts),
//     and every model found with them validates.
#include <gtest/gtest.h>

#include <cadical.hpp>
#include <cstdio>
#include <map>
#include <numeric>

#include "cnf/native_encoder.hpp"
#include "cnf/numbering.hpp"
#include "formulation_with.hpp"
#include "model/solution.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"

namespace bel_pyramid {
namespace {

// Every model of the formulation, as label vectors (blocking clauses).
std::vector<std::vector<int>> solutions(const Formulation& f) {
  const Pyramid& p = f.pyramid();
  const Cnf cnf = encode_native(f);
  CaDiCaL::Solver solver;
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (int lit : cnf.clause(i)) solver.add(lit);
    solver.add(0);
  }
  std::vector<std::vector<int>> out;
  while (solver.solve() == 10) {
    std::vector<int> labels(p.var_count(), -1), block;
    for (int v = 0; v < p.var_count(); ++v)
      for (int l = 0; l < p.labels(); ++l)
        if (solver.val(label_literal(p, v, l)) > 0) {
          labels[v] = l;
          block.push_back(-label_literal(p, v, l));
        }
    for (int lit : block) solver.add(lit);
    solver.add(0);
    out.push_back(std::move(labels));
  }
  return out;
}

bool satisfies(const Formulation& f, const std::vector<int>& labels) {
  if (!validate(f.pyramid(), Solution(f.pyramid().levels(), labels)).ok) return false;
  for (const Constraint& c : f.constraints())
    if (!evaluate(c, labels)) return false;
  return true;
}

Formulation build(int levels, const std::vector<std::string>& names,
                  SymmetryBreakingMode mode = SymmetryBreakingMode::None) {
  Formulation f = testing::formulation_with(levels, names);
  if (mode != SymmetryBreakingMode::None)
    f.add_strategy("SymmetryBreaking", break_symmetries(f, mode).constraints);
  return f;
}

TEST(Symmetry, EveryGeneratorMapsSolutionsToSolutions) {
  const Formulation f = build(2, {});
  const auto all = solutions(f);
  ASSERT_EQ(all.size(), 2112u);
  for (const Symmetry& g : puzzle_symmetries(f.pyramid()))
    for (const auto& s : all) ASSERT_TRUE(satisfies(f, apply(g, s))) << g.name;
}

void expect_sound_breaking(int levels, const std::vector<std::string>& names, std::size_t min_kept,
                           SymmetryBreakingMode mode = SymmetryBreakingMode::Auto) {
  SCOPED_TRACE(::testing::PrintToString(names) + " " + std::string(to_string(mode)));
  const Formulation plain = build(levels, names);
  const Formulation broken = build(levels, names, mode);
  const SymmetryBreaking sb = break_symmetries(plain);
  EXPECT_GE(sb.kept.size(), min_kept);
  const auto all = solutions(plain);
  std::map<std::vector<int>, int> index;
  for (std::size_t i = 0; i < all.size(); ++i) index[all[i]] = static_cast<int>(i);
  std::vector<int> root(all.size());
  std::iota(root.begin(), root.end(), 0);
  const auto find = [&](int i) {
    while (root[i] != i) i = root[i] = root[root[i]];
    return i;
  };
  for (const Symmetry& g : sb.kept)
    for (std::size_t i = 0; i < all.size(); ++i) {
      const auto image = apply(g, all[i]);
      const auto it = index.find(image);
      ASSERT_TRUE(it != index.end()) << g.name << " leaves the solution set";
      root[find(static_cast<int>(i))] = find(it->second);
    }
  std::map<int, bool> orbit_kept;
  long kept_by_evaluate = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const bool ok = satisfies(broken, all[i]);
    kept_by_evaluate += ok ? 1 : 0;
    orbit_kept[find(static_cast<int>(i))] |= ok;
  }
  for (const auto& [orbit, kept] : orbit_kept) EXPECT_TRUE(kept) << "orbit of solution " << orbit;
  const auto with = solutions(broken);
  for (const auto& s : with) EXPECT_TRUE(satisfies(broken, s));
  EXPECT_EQ(static_cast<long>(with.size()), kept_by_evaluate);
  EXPECT_GE(with.size(), orbit_kept.size());
  EXPECT_EQ(with.empty(), all.empty());
  std::printf("N=%d %s: %zu solutions, %zu orbits, %zu with symmetry breaking %s\n", levels,
              names.empty() ? "(none)" : names[0].c_str(), all.size(), orbit_kept.size(),
              with.size(), std::string(to_string(mode)).c_str());
}

TEST(Symmetry, TwoLevelsEveryClassKeepsARepresentative) {
  expect_sound_breaking(2, {}, 6);
  expect_sound_breaking(2, {"TopCubeOrdering"}, 1);
  expect_sound_breaking(2, {"YStep"}, 1);
  expect_sound_breaking(2, {"CakeSliceOrdering"}, 0);
  expect_sound_breaking(2, {"ConstructiveBottom"}, 1);
  expect_sound_breaking(2, {"ZRing"}, 1);
  expect_sound_breaking(2, {"ConstructiveTripleDiagonal"}, 1);
}

// Each half alone is a subset of the same lex-leader constraints: as sound,
// and it keeps at least as many solutions as both.
TEST(Symmetry, EachHalfAloneKeepsARepresentative) {
  for (const auto mode : {SymmetryBreakingMode::Labels, SymmetryBreakingMode::Geometry}) {
    expect_sound_breaking(2, {}, 6, mode);
    expect_sound_breaking(2, {"ConstructiveBottom"}, 1, mode);
    expect_sound_breaking(2, {"ConstructiveTripleDiagonal"}, 1, mode);
  }
  const Formulation f = build(2, {});
  EXPECT_GT(solutions(build(2, {}, SymmetryBreakingMode::Labels)).size(),
            solutions(build(2, {}, SymmetryBreakingMode::Auto)).size());
  EXPECT_GT(break_symmetries(f, SymmetryBreakingMode::Auto).constraints.size(),
            break_symmetries(f, SymmetryBreakingMode::Geometry).constraints.size());
}

TEST(Symmetry, ThreeLevelsEveryClassKeepsARepresentative) {
  expect_sound_breaking(3, {"YStep", "ZRing"}, 2);  // 24 solutions, two column swaps kept
}

}  // namespace
}  // namespace bel_pyramid
