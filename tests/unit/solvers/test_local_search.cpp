#include <gtest/gtest.h>

#include <atomic>

#include "formulation_with.hpp"
#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/local_search.hpp"
#include "solvers/move_engine.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

// Solves and checks the answer independently of the search: the geometry
// validator and every constraint of the formulation.
Solution solve_and_check(const Formulation& f, std::uint64_t seed) {
  SolveLimits options;
  options.seed = seed;
  options.timeout_seconds = 60;  // generous: a failure, not a hang
  const SolveResult r = solve_local(f, options);
  EXPECT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  if (!r.solution) return Solution(f.pyramid().levels(), std::vector<int>(f.pyramid().var_count()));
  const Validation v = validate(f.pyramid(), *r.solution);
  EXPECT_TRUE(v.ok) << v.message;
  for (const Constraint& c : f.constraints()) EXPECT_TRUE(evaluate(c, r.solution->labels()));
  return *r.solution;
}

TEST(LocalSearch, SolvesOneToThreeWithSeveralSeeds) {
  for (int n = 1; n <= 3; ++n)
    for (std::uint64_t seed = 0; seed < 5; ++seed) solve_and_check(formulation_with(n, {}), seed);
}

TEST(LocalSearch, SolvesFourWithTwoSeeds) {
  for (std::uint64_t seed : {1, 2}) solve_and_check(formulation_with(4, {}), seed);
}

// The tuning knobs that the defaults do not exercise still give solutions.
TEST(LocalSearch, PlainAnnealingAndRestartsSolveThree) {
  SolveLimits options;
  options.timeout_seconds = 60;
  options.local_tuning.replicas = 1;
  options.local_tuning.temperature = 0.2;
  options.local_tuning.restart_after = 2000;
  options.local_tuning.aim_probability = 0;
  const Formulation f = formulation_with(3, {"YStep"});
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    options.seed = seed;
    const SolveResult r = solve_local(f, options);
    ASSERT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
    EXPECT_TRUE(validate(f.pyramid(), *r.solution).ok);
  }
}

// A given start state is taken: starting from a solution returns it at once.
TEST(LocalSearch, StartsFromTheGivenLabels) {
  const Formulation f = formulation_with(4, {});
  const Solution s = solve_and_check(f, 5);
  SolveLimits options;
  options.seed = 99;
  options.start = s.labels();
  const SolveResult r = solve_local(f, options);
  ASSERT_EQ(r.status, SolveResult::Status::Sat);
  EXPECT_EQ(*r.solution, s);
}

TEST(LocalSearch, SameSeedSameSolution) {
  const Formulation f = formulation_with(3, {});
  EXPECT_EQ(solve_and_check(f, 42), solve_and_check(f, 42));
}

// Legs resumed from one state with one seed: stream 0 is the seed's own
// walk, every other stream another walk (the same for the same stream), so
// a leg resumed again does not replay the one before it.
TEST(LocalSearch, AnotherStreamOfTheSeedIsAnotherWalkFromTheSameStart) {
  const Formulation f = formulation_with(4, {});
  const std::vector<int> start(f.pyramid().var_count(), 0);  // far from any solution
  auto solve_from = [&](std::uint64_t stream) {
    SolveLimits limits;
    limits.seed = 5;
    limits.start = start;
    limits.stream = stream;
    limits.timeout_seconds = 60;
    const SolveResult r = solve_local(f, limits);
    EXPECT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
    EXPECT_TRUE(r.solution && checked_solution(f, r.solution->labels()));
    return r.solution ? r.solution->labels() : std::vector<int>{};
  };
  const std::vector<int> first = solve_from(0);
  EXPECT_EQ(solve_from(1), solve_from(1));
  EXPECT_NE(solve_from(1), first);
  EXPECT_NE(solve_from(2), solve_from(1));
  SolveLimits plain;  // no stream named: stream 0
  plain.seed = 5;
  plain.start = start;
  EXPECT_EQ(solve_local(f, plain).solution->labels(), first);
}

TEST(LocalSearch, HonoursYStepAndTripleDiagonal) {
  const Formulation f = formulation_with(3, {"YStep", "ConstructiveTripleDiagonal"});
  const Pyramid& p = f.pyramid();
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    const Solution s = solve_and_check(f, seed);
    for (int y = 0; y < p.base(); ++y)
      for (int h = 0; h < p.tri(y); ++h) EXPECT_EQ(s.y(p, y, h), y + h);
    for (int l = 0; l < p.labels(); ++l) EXPECT_EQ(s.cube_at(p, {l, l, 0}), (Cube{l, l, l}));
  }
}

TEST(LocalSearch, HonoursZRing) {
  const Formulation f = formulation_with(3, {"ZRing"});
  const Pyramid& p = f.pyramid();
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    const Solution s = solve_and_check(f, seed);
    for (int k = 0; k < p.base(); ++k) {
      EXPECT_EQ(s.z(p, k, 0), k);
      EXPECT_EQ(s.z(p, k, p.base() - 1), k);
      EXPECT_EQ(s.z(p, 0, k), 0);
      EXPECT_EQ(s.z(p, p.base() - 1, k), p.labels() - 1);
    }
  }
}

TEST(LocalSearch, HonoursXStepAtFour) {
  const Formulation f = formulation_with(4, {"XStep"});
  const Pyramid& p = f.pyramid();
  const Solution s = solve_and_check(f, 3);
  for (int x = 0; x < p.base(); ++x)
    for (int h = 0; h < p.tri(x); ++h) EXPECT_EQ(s.x(p, x, h), x - h);
}

// Orderings, precedence and Any become penalties; the answer satisfies them.
TEST(LocalSearch, HonoursPenaltyStrategies) {
  const Formulation anti_mirror = formulation_with(3, {"AntiMirror"});
  const Pyramid& p = anti_mirror.pyramid();
  const int m = p.mid();
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    const Solution s = solve_and_check(anti_mirror, seed);
    EXPECT_LE(s.x(p, m, p.levels() - 1), s.y(p, m, p.levels() - 1));  // TopCubeOrdering
    const Cube bottom = s.cube_at(p, {m, m, 0});
    EXPECT_TRUE(bottom == (Cube{0, 0, 0}) || bottom == (Cube{0, 0, 1}) ||
                bottom == (Cube{0, 1, 2}));
  }
  const Formulation importance = formulation_with(3, {"LabelPermutationImportance"});
  EXPECT_EQ(solve_and_check(importance, 1).z(p, m, m), 0);  // value precedence starts at 0
  const Formulation increasing = formulation_with(3, {"IncreasingXAxis", "FacePBLE"});
  const Solution s = solve_and_check(increasing, 1);
  for (int x = 0; x + 1 < p.base(); ++x) EXPECT_LE(s.x(p, x, 0), s.x(p, x + 1, 0));
}

TEST(LocalSearch, GivesUpHonestlyOnContradictoryStrategies) {
  SolveLimits options;
  options.timeout_seconds = 0.3;
  const SolveResult r = solve_local(formulation_with(3, {"XStep", "YStep"}), options);
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_NE(r.reason.find("time limit"), std::string::npos) << r.reason;
}

TEST(LocalSearch, StopsWhenTheFlagIsSet) {
  const std::atomic<bool> stop{true};
  SolveLimits options;
  options.stop = &stop;
  const SolveResult r = solve_local(formulation_with(3, {"XStep", "YStep"}), options);
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_EQ(r.reason.rfind("interrupted (best cost ", 0), 0u) << r.reason;
}

TEST(LocalSearch, ReportsProgress) {
  SolveLimits options;
  options.timeout_seconds = 0.6;
  int reports = 0;
  SearchProgress last;
  options.progress = [&](const SearchProgress& p) { ++reports, last = p; };
  const Formulation f = formulation_with(3, {"XStep", "YStep"});
  (void)solve_local(f, options);
  EXPECT_GE(reports, 2);
  EXPECT_GT(last.steps, 0u);
  EXPECT_GE(last.cost, last.best_cost);
  EXPECT_GT(last.best_cost, 0);
  // The best state comes with the report, and has that cost.
  ASSERT_EQ(last.best_labels.size(), static_cast<std::size_t>(f.pyramid().var_count()));
  MoveEngine engine(f.pyramid(), {});  // XStep, YStep: domains only, no penalties
  engine.reset(last.best_labels);
  EXPECT_EQ(engine.cost(), last.best_cost);
}

// The last check of every search: a solution passes, one changed line or a
// violated strategy does not.
TEST(CheckedSolution, AcceptsOnlySolutionsThatKeepTheStrategies) {
  const Formulation f = formulation_with(3, {});
  const Solution s = solve_and_check(f, 1);
  EXPECT_TRUE(checked_solution(f, s.labels()));
  EXPECT_EQ(checked_result(f, s.labels(), "test").status, SolveResult::Status::Sat);
  std::vector<int> broken = s.labels();
  broken[0] = (broken[0] + 1) % f.pyramid().labels();
  EXPECT_FALSE(checked_solution(f, broken));
  const SolveResult r = checked_result(f, broken, "test");
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_NE(r.reason.find("internal error: test"), std::string::npos);
  EXPECT_FALSE(checked_solution(f, {}));  // wrong size
  const Formulation ystep = formulation_with(3, {"YStep"});
  bool keeps_ystep = true;
  for (const Constraint& c : ystep.constraints())
    keeps_ystep = keeps_ystep && evaluate(c, s.labels());
  ASSERT_FALSE(keeps_ystep);  // a solution without YStep (seed 1) breaks it
  EXPECT_FALSE(checked_solution(ystep, s.labels()));
}

// The acceptance of exchanges between adjacent replicas: one share per pair.
TEST(LocalSearch, ReportsTheExchangeAcceptance) {
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
