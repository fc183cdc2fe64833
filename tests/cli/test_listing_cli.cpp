// --all with a limit and --sample on the command line (the listing engines
// themselves: test_listing.cpp).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace bel_pyramid {
namespace {

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

}  // namespace
}  // namespace bel_pyramid
