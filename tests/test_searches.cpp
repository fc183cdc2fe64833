// The LNS search of issue 11: it solves N=1..4 with several seeds and every
// answer is checked independently (validate() and every constraint).
#include <gtest/gtest.h>

#include <random>

#include "bel_pyramid/line_completion.hpp"
#include "bel_pyramid/lns.hpp"
#include "bel_pyramid/local_search.hpp"
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

std::vector<LabelMask> all_labels(const Pyramid& p) {
  return std::vector<LabelMask>(p.var_count(), (LabelMask{1} << p.labels()) - 1);
}

// Scrambling 40 % of the lines of a solution and freeing exactly those: the
// solution is a witness, so a completion exists; it validates and keeps
// every other line.
TEST(LineCompletion, RestoresScrambledLinesOfASolution) {
  const Formulation f = formulation(4, {});
  const Pyramid& p = f.pyramid();
  const Solution s = solve_and_check(lns, f, 1);
  std::mt19937 rng(3);
  for (int trial = 0; trial < 3; ++trial) {
    std::vector<int> labels = s.labels();
    std::vector<char> freed(p.var_count(), 0);
    for (int v = 0; v < p.var_count(); ++v)
      if (rng() % 5 < 2) freed[v] = 1, labels[v] = static_cast<int>(rng() % p.labels());
    const LineCompletion c = complete_lines(p, all_labels(p), labels, freed, 1'000'000, trial);
    ASSERT_EQ(c.status, LineCompletion::Status::Found);
    EXPECT_TRUE(validate(p, Solution(4, c.labels)).ok);
    for (int v = 0; v < p.var_count(); ++v)
      if (!freed[v]) EXPECT_EQ(c.labels[v], labels[v]);
  }
}

// Three freed lines of a random N=2 labelling against all 27 relabellings.
TEST(LineCompletion, AgreesWithBruteForce) {
  const Pyramid p(2);
  std::mt19937 rng(9);
  int found = 0, impossible = 0;
  std::vector<std::vector<int>> solutions;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    solutions.push_back(solve_and_check(lns, formulation(2, {}), seed).labels());
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int> labels = solutions[trial % solutions.size()];
    for (int k = 0; k < trial % 4; ++k) labels[rng() % p.var_count()] = static_cast<int>(rng() % 3);
    std::vector<int> lines;
    while (lines.size() < 3) {
      const int v = static_cast<int>(rng() % p.var_count());
      if (std::find(lines.begin(), lines.end(), v) == lines.end()) lines.push_back(v);
    }
    std::vector<char> freed(p.var_count(), 0);
    for (int v : lines) freed[v] = 1;
    bool brute = false;
    for (int code = 0; code < 27 && !brute; ++code) {
      std::vector<int> t = labels;
      t[lines[0]] = code % 3, t[lines[1]] = code / 3 % 3, t[lines[2]] = code / 9;
      brute = validate(p, Solution(2, t)).ok;
    }
    const LineCompletion c = complete_lines(p, all_labels(p), labels, freed, 1'000'000, 1);
    ASSERT_NE(c.status, LineCompletion::Status::GaveUp);
    EXPECT_EQ(c.status == LineCompletion::Status::Found, brute) << "trial " << trial;
    if (c.status == LineCompletion::Status::Found) {
      EXPECT_TRUE(validate(p, Solution(2, c.labels)).ok);
      ++found;
    } else {
      ++impossible;
    }
  }
  EXPECT_GT(found, 10);
  EXPECT_GT(impossible, 10);
}

}  // namespace
}  // namespace bel_pyramid
