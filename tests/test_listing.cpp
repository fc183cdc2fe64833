// Finding and listing with restarts and seeds: xcc with restarts finds
// solutions on every seed, a listing with a limit holds distinct validated
// solutions (also after restarts), and --sample draws distinct ones.
#include <gtest/gtest.h>

#include <set>

#include "cli_runner.hpp"
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

// The "Solution K:" blocks of a listing's output.
std::vector<std::string> solution_blocks(const std::string& out) {
  std::vector<std::string> blocks;
  for (std::size_t at = out.find("Solution "); at != std::string::npos;) {
    const std::size_t body = out.find('\n', at) + 1;
    const std::size_t end = out.find("\n\n", body);
    blocks.push_back(out.substr(body, end - body));
    at = out.find("Solution ", end);
  }
  return blocks;
}

TEST(ListingCli, AllWithALimitNamesTheEngineAndListsDistinctSolutions) {
  const auto r = testing::run_command({"3", "--all", "--max-solutions", "5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Starting solver \"xcc\""), std::string::npos);
  const auto blocks = solution_blocks(r.out);
  EXPECT_EQ(blocks.size(), 5u);
  EXPECT_EQ(std::set<std::string>(blocks.begin(), blocks.end()).size(), 5u);
}

TEST(ListingCli, SampleGivesDistinctSolutionsAndTheirClasses) {
  for (const char* solver : {"local", "xcc"}) {
    const auto r = testing::run_command({"3", "--sample", "6", "--solver", solver, "--seed", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto blocks = solution_blocks(r.out);
    EXPECT_EQ(blocks.size(), 6u) << solver;
    EXPECT_EQ(std::set<std::string>(blocks.begin(), blocks.end()).size(), 6u) << solver;
    EXPECT_NE(r.out.find("Distinct solutions: 6\n"), std::string::npos);
    EXPECT_NE(r.out.find("Symmetry classes among them: "), std::string::npos);
  }
}

// --json records a sample as it records a count: what was drawn, the classes
// among it and the searches it took, for scripts that read no report.
TEST(ListingCli, SampleWritesItsFiguresAsJson) {
  const auto r = testing::run_command({"3", "--sample", "4", "--seed", "3", "--json", "-"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"source\": \"sample\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"status\": \"counted\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"solutions\":4,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"node_unit\":\"searches\""), std::string::npos) << r.out;
  EXPECT_EQ(solution_blocks(r.out).size(), 0U);  // the drawings go with the report, to stderr
  EXPECT_EQ(solution_blocks(r.err).size(), 4U);
}

}  // namespace
}  // namespace bel_pyramid
