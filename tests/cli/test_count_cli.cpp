// --all, --count and --solver xcc on the command line (the engines
// themselves: test_counting.cpp).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_runner.hpp"

namespace bel_pyramid {
namespace {

// --- the command line -----------------------------------------------------

TEST(CountCli, AllWithMaxSolutionsPrintsDistinctValidatedSolutions) {
  const auto r = testing::run_command({"2", "--all", "--max-solutions", "5"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> blocks;
  for (std::size_t at = r.out.find("Solution "); at != std::string::npos;
       at = r.out.find("Solution ", at + 1)) {
    const std::size_t end = r.out.find("\n\n", at);
    blocks.insert(r.out.substr(r.out.find('\n', at), end - r.out.find('\n', at)));
  }
  EXPECT_EQ(blocks.size(), 5u);
  EXPECT_NE(r.out.find("Solution 5:\n"), std::string::npos);
  EXPECT_EQ(r.out.find("Solution 6:"), std::string::npos);
  EXPECT_NE(r.out.find("Solutions: at least 5\n"), std::string::npos);
}

TEST(CountCli, CountsWithBothEngines) {
  for (const char* solver : {"xcc", "cadical"}) {
    const auto r = testing::run_command({"2", "--count", "--up-to-symmetry", "--solver", solver});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Solutions: 2112\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Solutions up to symmetry: 31 (group of order 96)\n"), std::string::npos);
  }
}

TEST(CountCli, AnEstimateWithNoPathToASolutionSaysSo) {
  // At N=3, 10 random paths all die: the mean 0 is no estimate, and its
  // standard error is not 0 but unknown.
  const auto r = testing::run_command({"3", "--count", "--estimate", "10", "--json", "-"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("Estimated solutions: 0 (none of the 10 paths reached a solution"),
            std::string::npos)
      << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["count"]["solutions"], 0);
  EXPECT_TRUE(doc["count"]["standard_error"].is_null());
  const auto hit = testing::run_command({"2", "--count", "--estimate", "50", "--json", "-"});
  EXPECT_FALSE(nlohmann::json::parse(hit.out)["count"]["standard_error"].is_null());
}

TEST(CountCli, TimeoutPrintsALowerBoundAndExitsThree) {
  const auto r = testing::run_command({"3", "--count", "--timeout", "0.3"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.out.find("Solutions: at least "), std::string::npos);
  EXPECT_NE(r.out.find("Solver gave up after"), std::string::npos);
}

TEST(CountCli, XccSolves) {
  const auto r = testing::run_command({"3", "--solver", "xcc", "--strategy", "YStep"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Solution:\n"), std::string::npos);
  const auto none =
      testing::run_command({"3", "--solver", "xcc", "--strategy", "XStep", "--strategy", "YStep"});
  EXPECT_NE(none.out.find("No solution exists for 3 levels."), std::string::npos);
}

}  // namespace
}  // namespace bel_pyramid
