// What a hypothesis means, checked without trusting any solver: at N=2 the
// count of solutions under a hypothesis equals the number of the 2112
// solutions (listed by plain backtracking) that evaluate() accepts, for
// random formulas and for every file of doc/hypotheses/; every solver's
// answer is re-checked by evaluate(). The files named after a strategy give
// exactly that strategy's constraints for N = 1..6.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "backtracking_count.hpp"
#include "base/error.hpp"
#include "column_step.hpp"
#include "model/hypothesis.hpp"
#include "model/strategy.hpp"
#include "process.hpp"
#include "random_constraint.hpp"
#include "solvers/cadical_count.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using testing::column_step;
const fs::path kDir = fs::path(BEL_PYRAMID_DOC_DIR) / "hypotheses";

const std::vector<std::vector<int>>& n2_solutions() {
  static const auto all = [] {
    std::vector<std::vector<int>> out;
    testing::for_each_solution_by_backtracking(
        Formulation(2, Domain::Int), [&](const std::vector<int>& l) { out.push_back(l); });
    return out;
  }();
  return all;
}

long filtered(const std::vector<Constraint>& cs) {
  long n = 0;
  for (const auto& labels : n2_solutions())
    n +=
        std::all_of(cs.begin(), cs.end(), [&](const Constraint& c) { return evaluate(c, labels); });
  return n;
}

// Counts with both engines and solves with every complete search and local
// search; each answer against the filter of the 2112 solutions.
void expect_agrees(const std::vector<Constraint>& cs) {
  ASSERT_EQ(n2_solutions().size(), 2112u);
  Formulation f(2, Domain::Int);
  f.add_strategy("h", cs);
  const long expected = filtered(cs);
  EXPECT_EQ(static_cast<long>(count_xcc(f, {}, {}).solutions), expected);
  EXPECT_EQ(static_cast<long>(count_with_cadical(f, {}, {}).solutions), expected);
  // The construction answers for its shape: the solutions that have it too.
  std::vector<Constraint> shaped = cs;
  for (Constraint& c : column_step(f.pyramid())) shaped.push_back(std::move(c));
  const long with_shape = filtered(shaped);
  for (const SolverEntry& s : solver_table()) {
    const bool construct = std::string_view(s.name) == "construct";
    const long here = construct ? with_shape : expected;
    if (!s.complete && here == 0 && !construct) continue;  // local search never proves UNSAT
    SolveLimits limits;
    limits.timeout_seconds = 20;
    const SolveResult r = s.solve(f, limits);
    SCOPED_TRACE(s.name);
    if (here == 0) {
      if (construct) {
        EXPECT_EQ(r.status, SolveResult::Status::Unknown);  // gives up, proves nothing
        continue;
      }
      EXPECT_EQ(r.status, SolveResult::Status::Unsat);
      continue;
    }
    ASSERT_EQ(r.status, SolveResult::Status::Sat);
    EXPECT_TRUE(validate(f.pyramid(), *r.solution).ok);
    for (const Constraint& c : cs) EXPECT_TRUE(evaluate(c, r.solution->labels()));
  }
}

TEST(HypothesisSemantics, RandomFormulasAtN2) {
  const Pyramid p(2);
  std::vector<int> vars;
  for (int v = 0; v < p.var_count(); ++v) vars.push_back(v);
  testing::RandomConstraint random(vars, p.labels(), 17);
  for (int i = 0; i < 12; ++i) {
    // Printed and parsed again: the text is what a user writes.
    const std::string text = print_hypothesis({random(3), random(2)}, p);
    SCOPED_TRACE(text);
    expect_agrees(parse_hypothesis(text, "random.hyp", p).constraints);
  }
}

TEST(HypothesisSemantics, EveryFileAtN2) {
  for (const auto& entry : fs::directory_iterator(kDir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".hyp") continue;
    SCOPED_TRACE(entry.path().string());
    expect_agrees(
        parse_hypothesis(test::slurp(entry.path()), entry.path(), Pyramid(2)).constraints);
  }
}

// Line arithmetic and cube classes, through every search and count at N=2:
// they are trees of comparisons, so every lowering must agree with the filter.
TEST(HypothesisSemantics, LineArithmeticAndCubeClassesAtN2) {
  const Pyramid p(2);
  for (const char* text : {
           "for y in 0..base-1: Y[y,0] = (X[y,0] + 1) % L",
           "Y[1,1] != (Y[1,0] - 2) % L and (Z[0,0] + 1) % L = (Z[2,2] + 2) % L",
           "(X[1,0] + 2) % L = 0 -> Y[0,0] = (Y[2,0] + 1) % L",
           "for x in 0..base-1: for y in 0..base-1: cube(x, y, 0) is repeated",
           "cube(1, 1, 1) is triple or cube(1, 1, 0) is double",
           "for y in 0..2: cube(1, y, 0) is distinct",
           "not cube(1, 1, 0) is repeated",
       }) {
    SCOPED_TRACE(text);
    expect_agrees(parse_hypothesis(text, "shape.hyp", p).constraints);
  }
}

// Every member of every family (doc/hypotheses/families/) at N=2.
TEST(HypothesisSemantics, EveryFamilyMemberAtN2) {
  for (const auto& entry : fs::directory_iterator(kDir / "families")) {
    const std::string text = test::slurp(entry.path());
    for (const ParamValues& member : family_members(text, entry.path(), Pyramid(2))) {
      SCOPED_TRACE(parse_hypothesis(text, entry.path(), Pyramid(2), member).name);
      expect_agrees(parse_hypothesis(text, entry.path(), Pyramid(2), member).constraints);
    }
  }
}

TEST(HypothesisFiles, EveryConstructiveStrategyHasAFile) {
  for (const Strategy& s : strategies())
    if (s.kind == StrategyKind::Constructive)
      EXPECT_TRUE(fs::exists(kDir / fmt::format("{}.hyp", s.name))) << s.name;
}

TEST(HypothesisFiles, FilesNamedAfterAStrategyGiveItsConstraints) {
  int files = 0;
  for (const Strategy& s : strategies()) {
    const fs::path path = kDir / fmt::format("{}.hyp", s.name);
    if (!fs::exists(path)) continue;
    ++files;
    const std::string text = test::slurp(path);
    for (int levels = 1; levels <= 6; ++levels) {
      SCOPED_TRACE(fmt::format("{} N={}", s.name, levels));
      const Pyramid p(levels);
      const Hypothesis h = parse_hypothesis(text, path, p);
      EXPECT_EQ(h.name, fmt::format("{}.hyp", s.name));
      EXPECT_EQ(print_hypothesis(h.constraints, p), print_hypothesis(s.build(p), p));
      EXPECT_EQ(h.constraints, s.build(p));
    }
  }
  EXPECT_GE(files, 12);
}

}  // namespace
}  // namespace bel_pyramid
