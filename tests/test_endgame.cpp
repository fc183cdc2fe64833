// The endgame paths of the local search (collapse onto the best state,
// perturbation, Luby waits): every path solves N=1..4 on several seeds and
// every answer is checked apart from the search (validate() and every
// constraint).
#include <gtest/gtest.h>

#include "formulation_with.hpp"
#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/local_search.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

Solution solve_and_check(const Formulation& f, const LocalSearchTuning& tuning,
                         std::uint64_t seed) {
  SolveLimits limits;
  limits.seed = seed;
  limits.timeout_seconds = 60;  // generous: a failure, not a hang
  limits.local_tuning = tuning;
  const SolveResult r = solve_local(f, limits);
  EXPECT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  if (!r.solution) return Solution(f.pyramid().levels(), std::vector<int>(f.pyramid().var_count()));
  EXPECT_TRUE(checked_solution(f, r.solution->labels()));
  const Validation v = validate(f.pyramid(), *r.solution);
  EXPECT_TRUE(v.ok) << v.message;
  return *r.solution;
}

LocalSearchTuning collapse(int perturb, bool luby) {
  LocalSearchTuning t;
  t.collapse_after = 100000;  // a few collapses before N=4 is solved
  t.collapse_perturb = perturb;
  t.collapse_luby = luby;
  return t;
}

class Endgame : public ::testing::TestWithParam<LocalSearchTuning> {};

TEST_P(Endgame, SolvesOneToFourWithSeveralSeeds) {
  for (int n = 1; n <= 3; ++n)
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
      solve_and_check(formulation_with(n, {}), GetParam(), seed);
  for (std::uint64_t seed : {1, 2, 3}) solve_and_check(formulation_with(4, {}), GetParam(), seed);
}

// Domains (YStep, the triple diagonal) and penalties (AntiMirror) hold in
// every answer.
TEST_P(Endgame, HonoursDomainsAndPenalties) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    solve_and_check(formulation_with(3, {"YStep", "ConstructiveTripleDiagonal"}), GetParam(), seed);
    solve_and_check(formulation_with(3, {"AntiMirror"}), GetParam(), seed);
  }
  solve_and_check(formulation_with(4, {"YStep", "ConstructiveTripleDiagonal"}), GetParam(), 1);
}

INSTANTIATE_TEST_SUITE_P(Paths, Endgame,
                         ::testing::Values(collapse(0, false), collapse(6, false),
                                           collapse(6, true)));

// The acceptance of exchanges between adjacent replicas: one share per pair.
TEST(Endgame, ReportsTheExchangeAcceptance) {
  SolveLimits limits;
  limits.timeout_seconds = 0.4;
  SearchProgress last;
  limits.progress = [&](const SearchProgress& p) { last = p; };
  (void)solve_local(formulation_with(4, {"XStep", "YStep"}), limits);  // no solution
  ASSERT_EQ(last.exchange_acceptance.size(),
            static_cast<std::size_t>(limits.local_tuning.replicas - 1));
  for (double a : last.exchange_acceptance) {
    EXPECT_GT(a, 0);
    EXPECT_LE(a, 1);
  }
}

}  // namespace
}  // namespace bel_pyramid
