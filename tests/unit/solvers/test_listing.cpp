// Finding and listing with restarts and seeds: xcc with restarts finds
// solutions on every seed, a listing with a limit holds distinct validated
// solutions (also after restarts); --all and --sample on the command line:
// test_listing_cli.cpp.
#include <gtest/gtest.h>

#include <set>

#include "model/strategy.hpp"
#include "solvers/seeded_listing.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

void expect_solution(const Formulation& f, const std::vector<int>& labels) {
  EXPECT_TRUE(validate(f.pyramid(), Solution(f.pyramid().levels(), labels)).ok);
  for (const Constraint& c : f.constraints()) EXPECT_TRUE(evaluate(c, labels));
}

// The solutions a counter lists with this limit, each checked here again.
std::vector<std::vector<int>> listed(const Counter& counter, const Formulation& f,
                                     std::uint64_t max_solutions, CountResult& result) {
  std::vector<std::vector<int>> out;
  CountOptions options;
  options.max_solutions = max_solutions;
  options.on_solution = [&](const Solution& s, std::uint64_t) { out.push_back(s.labels()); };
  SolveLimits limits;
  limits.timeout_seconds = 120;
  result = counter.count(f, limits, options);
  for (const auto& labels : out) expect_solution(f, labels);
  return out;
}

std::size_t distinct(const std::vector<std::vector<int>>& solutions) {
  return std::set<std::vector<int>>(solutions.begin(), solutions.end()).size();
}

TEST(XccRestarts, SolvesOneToThreeLevelsOnEverySeed) {
  for (int levels = 1; levels <= 3; ++levels)
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      const Formulation f(levels, Domain::Int);
      SolveLimits limits;
      limits.seed = seed;
      limits.timeout_seconds = 60;
      const SolveResult r = solve_xcc(f, limits);
      ASSERT_EQ(r.status, SolveResult::Status::Sat) << "N=" << levels << " seed " << seed;
      expect_solution(f, r.solution->labels());
    }
}

TEST(XccRestarts, SolvesFourLevelsOnSeveralSeeds) {
  // A limit, not a timing: before the line branching no seed found one in minutes.
  const Formulation f(4, Domain::Int);
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    SolveLimits limits;
    limits.seed = seed;
    limits.timeout_seconds = 60;
    const SolveResult r = solve_xcc(f, limits);
    ASSERT_EQ(r.status, SolveResult::Status::Sat) << "seed " << seed;
    expect_solution(f, r.solution->labels());
  }
  CountResult r;
  const auto solutions = listed(*find_solver("xcc")->counts, f, 3, r);
  EXPECT_EQ(r.end, CountResult::End::MaxSolutions);
  EXPECT_EQ(distinct(solutions), 3u);
}

TEST(XccRestarts, StillProvesUnsat) {
  Formulation f(3, Domain::Int);
  for (const char* name : {"XStep", "YStep"})
    f.add_strategy(name, find_strategy(name)->build(f.pyramid()));
  EXPECT_EQ(solve_xcc(f, {}).status, SolveResult::Status::Unsat);
  CountOptions options;
  options.max_solutions = 3;
  EXPECT_EQ(count_xcc(f, {}, options).end, CountResult::End::Exhausted);
}

TEST(XccRestarts, NeverListsASolutionTwice) {
  // All 2112 solutions of N=2 through many restarts: each exactly once.
  const Formulation f(2, Domain::Int);
  CountResult r;
  const auto solutions = listed(*find_solver("xcc")->counts, f, 2112, r);
  EXPECT_GT(r.restarts, 0u);
  EXPECT_EQ(r.end, CountResult::End::MaxSolutions);
  EXPECT_EQ(solutions.size(), 2112u);
  EXPECT_EQ(distinct(solutions), 2112u);
}

TEST(Listing, DefaultEngineListsDistinctSolutionsAtThreeAndFourLevels) {
  for (const auto& [levels, k] : {std::pair{3, 5}, std::pair{4, 3}}) {
    const Formulation f(levels, Domain::Int);
    const Counter& counter = listing_counter(*find_solver("portfolio"), levels, k);
    CountResult r;
    const auto solutions = listed(counter, f, k, r);
    EXPECT_EQ(r.end, CountResult::End::MaxSolutions) << counter.name;
    EXPECT_EQ(solutions.size(), static_cast<std::size_t>(k));
    EXPECT_EQ(distinct(solutions), static_cast<std::size_t>(k));
  }
}

TEST(Listing, SeededListingStopsWhenNothingNewComes) {
  const Formulation f(1, Domain::Int);  // one solution only
  CountResult r;
  const auto solutions = listed(*find_solver("portfolio")->counts, f, 1, r);
  EXPECT_EQ(solutions.size(), 1u);
  CountOptions options;
  options.max_solutions = 2;
  const CountResult two = list_by_local_search(f, {}, options);
  EXPECT_EQ(two.end, CountResult::End::Limit);
  EXPECT_EQ(two.solutions, 1u);
}

}  // namespace
}  // namespace bel_pyramid
