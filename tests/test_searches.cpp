// The searches of issue 11 (two-level, LNS): each solves N=1..4 with several
// seeds, every answer is checked independently (validate() and every
// constraint), and the exact Z completion that the two-level search relies on
// agrees with brute force on random small cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bel_pyramid/family_cover.hpp"
#include "bel_pyramid/lns.hpp"
#include "bel_pyramid/strategy.hpp"
#include "bel_pyramid/two_level.hpp"

namespace bel_pyramid {
namespace {

using SolveFn = SolveResult (*)(const Formulation&, const SolveLimits&);

Formulation formulation(int levels, const std::vector<const char*>& names) {
  Formulation f(levels, Domain::Int);
  for (const char* name : names) f.add_strategy(name, find_strategy(name)->build(f.pyramid()));
  return f;
}

Solution solve_and_check(SolveFn solve, const Formulation& f, std::uint64_t seed) {
  SolveLimits limits;
  limits.seed = seed;
  limits.seed_given = true;
  limits.timeout_seconds = 60;  // generous: a failure, not a hang
  const SolveResult r = solve(f, limits);
  EXPECT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  if (!r.solution) return Solution(f.pyramid().levels(), std::vector<int>(f.pyramid().var_count()));
  const Validation v = validate(f.pyramid(), *r.solution);
  EXPECT_TRUE(v.ok) << v.message;
  for (const Constraint& c : f.constraints()) EXPECT_TRUE(evaluate(c, r.solution->labels()));
  return *r.solution;
}

SolveResult two_level(const Formulation& f, const SolveLimits& l) { return solve_two_level(f, l); }
SolveResult lns(const Formulation& f, const SolveLimits& l) { return solve_lns(f, l); }

class Searches : public ::testing::TestWithParam<SolveFn> {};

TEST_P(Searches, SolveOneToFourWithSeveralSeeds) {
  for (int n = 1; n <= 3; ++n)
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
      solve_and_check(GetParam(), formulation(n, {}), seed);
  for (std::uint64_t seed : {3, 4}) solve_and_check(GetParam(), formulation(4, {}), seed);
}

TEST_P(Searches, HonourYStepAndTripleDiagonal) {
  const Formulation f = formulation(3, {"YStep", "ConstructiveTripleDiagonal"});
  const Pyramid& p = f.pyramid();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Solution s = solve_and_check(GetParam(), f, seed);
    for (int y = 0; y < p.base(); ++y)
      for (int h = 0; h < p.tri(y); ++h) EXPECT_EQ(s.y(p, y, h), y + h);
  }
  solve_and_check(GetParam(), formulation(3, {"AntiMirror"}), 1);  // penalties
}

TEST_P(Searches, StartFromASolutionReturnsIt) {
  const Formulation f = formulation(4, {});
  const Solution s = solve_and_check(GetParam(), f, 3);
  SolveLimits limits;
  limits.seed = 11;
  limits.timeout_seconds = 60;
  limits.start = s.labels();
  const SolveResult r = GetParam()(f, limits);
  ASSERT_EQ(r.status, SolveResult::Status::Sat);
  EXPECT_EQ(*r.solution, s);
}

TEST_P(Searches, StopAtTheTimeLimitWithTheBestState) {
  const Formulation f = formulation(4, {"XStep", "YStep"});  // UNSAT already at N=3
  SolveLimits limits;
  limits.timeout_seconds = 0.5;
  SearchProgress last;
  limits.progress = [&](const SearchProgress& p) { last = p; };
  const SolveResult r = GetParam()(f, limits);
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_GT(last.best_cost, 0);
  EXPECT_EQ(last.best_labels.size(), static_cast<std::size_t>(f.pyramid().var_count()));
}

INSTANTIATE_TEST_SUITE_P(TwoLevelAndLns, Searches, ::testing::Values(two_level, lns));

// Every Z labelling of N=2 (3^9) against FamilyCover's exact Z completion,
// for X and Y taken from solutions with a few lines changed, and at random.
TEST(ExactZCompletion, AgreesWithBruteForce) {
  const Pyramid p(2);
  const int L = p.labels();
  const std::vector<LabelMask> all(p.var_count(), (LabelMask{1} << L) - 1);
  std::mt19937 rng(5);
  std::vector<std::vector<int>> solutions;
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    solutions.push_back(solve_and_check(two_level, formulation(2, {}), seed).labels());
  FamilyCover cover(p, 2);
  std::vector<int> pow3(9, 1);
  for (int i = 1; i < 9; ++i) pow3[i] = pow3[i - 1] * 3;
  int found = 0, impossible = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<int> labels = solutions[trial % solutions.size()];
    const int changes = trial % 3;  // 0: the X/Y of a solution, completable
    for (int k = 0; k < changes; ++k) labels[rng() % (2 * p.x_var_count())] = rng() % L;
    if (trial % 5 == 4)
      for (int v = 0; v < 2 * p.x_var_count(); ++v) labels[v] = rng() % L;
    // Brute force: every Z labelling, each cube type used once (a bit set).
    bool brute = false;
    for (int code = 0; code < 19683 && !brute; ++code) {
      std::uint32_t used = 0;
      bool clash = false;
      for (const Position& q : p.positions()) {
        const int z = (code / pow3[q.y * p.base() + q.x]) % 3;
        Cube c{labels[p.x_var(q.x, q.h)], labels[p.y_var(q.y, q.h)], z};
        std::sort(c.begin(), c.end());
        const std::uint32_t bit = 1u << p.cube_index(c);
        clash = clash || (used & bit);
        used |= bit;
      }
      brute = !clash;
    }
    std::vector<int> exact = labels;
    const auto r = cover.complete(all, exact, 1'000'000);
    ASSERT_NE(r, FamilyCover::Result::GaveUp);
    EXPECT_EQ(r == FamilyCover::Result::Found, brute) << "trial " << trial;
    if (r == FamilyCover::Result::Found) {
      EXPECT_TRUE(validate(p, Solution(2, exact)).ok);
      ++found;
    } else {
      ++impossible;
    }
  }
  EXPECT_GT(found, 5);
  EXPECT_GT(impossible, 5);
}

}  // namespace
}  // namespace bel_pyramid
