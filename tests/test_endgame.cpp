// The endgame paths of the local search (exact repair, collapse onto the
// best state, Luby waits, perturbation) and the exact step they use,
// complete_lines(): every path solves N=1..4 on several seeds and every
// answer is checked apart from the search (validate() and every constraint).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/line_completion.hpp"
#include "solvers/local_search.hpp"

namespace bel_pyramid {
namespace {

Formulation formulation(int levels, const std::vector<const char*>& names) {
  Formulation f(levels, Domain::Int);
  for (const char* name : names) f.add_strategy(name, find_strategy(name)->build(f.pyramid()));
  return f;
}

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

LocalSearchTuning repair() {
  LocalSearchTuning t;
  t.repair_cost = 2;
  t.repair_gap = 20000;  // often enough that small pyramids meet it
  t.repair_conflicts = 200;
  return t;
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
      solve_and_check(formulation(n, {}), GetParam(), seed);
  for (std::uint64_t seed : {1, 2, 3}) solve_and_check(formulation(4, {}), GetParam(), seed);
}

// Domains (YStep, the triple diagonal) and penalties (AntiMirror, which the
// exact repair does not see) hold in every answer.
TEST_P(Endgame, HonoursDomainsAndPenalties) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    solve_and_check(formulation(3, {"YStep", "ConstructiveTripleDiagonal"}), GetParam(), seed);
    solve_and_check(formulation(3, {"AntiMirror"}), GetParam(), seed);
  }
  solve_and_check(formulation(4, {"YStep", "ConstructiveTripleDiagonal"}), GetParam(), 1);
}

INSTANTIATE_TEST_SUITE_P(Paths, Endgame,
                         ::testing::Values(repair(), collapse(0, false), collapse(6, false),
                                           collapse(6, true)));

// The acceptance of exchanges between adjacent replicas: one share per pair.
TEST(Endgame, ReportsTheExchangeAcceptance) {
  SolveLimits limits;
  limits.timeout_seconds = 0.4;
  SearchProgress last;
  limits.progress = [&](const SearchProgress& p) { last = p; };
  (void)solve_local(formulation(4, {"XStep", "YStep"}), limits);  // no solution
  ASSERT_EQ(last.exchange_acceptance.size(),
            static_cast<std::size_t>(limits.local_tuning.replicas - 1));
  for (double a : last.exchange_acceptance) {
    EXPECT_GT(a, 0);
    EXPECT_LE(a, 1);
  }
}

std::vector<LabelMask> all_labels(const Pyramid& p) {
  return std::vector<LabelMask>(p.var_count(), (LabelMask{1} << p.labels()) - 1);
}

// Scrambling 40 % of the lines of a solution and freeing exactly those: the
// solution is a witness, so a completion exists; it validates and keeps
// every other line.
TEST(LineCompletion, RestoresScrambledLinesOfASolution) {
  const Formulation f = formulation(4, {});
  const Pyramid& p = f.pyramid();
  const Solution s = solve_and_check(f, {}, 1);
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
    solutions.push_back(solve_and_check(formulation(2, {}), {}, seed).labels());
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
