// The LNS search of issue 11: it solves N=1..4 with several seeds and every
// answer is checked independently (validate() and every constraint).
#include <gtest/gtest.h>

#include "bel_pyramid/lns.hpp"
#include "bel_pyramid/strategy.hpp"

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

INSTANTIATE_TEST_SUITE_P(Lns, Searches, ::testing::Values(lns));

}  // namespace
}  // namespace bel_pyramid
