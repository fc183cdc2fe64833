// The solvers as the command line starts them: --threads, --timeout and the
// default portfolio (the backends themselves: test_solvers.cpp).
#include <gtest/gtest.h>

#include <string>

#include "app/exit_codes.hpp"
#include "cli_runner.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

TEST(Solvers, CliThreadsNameTheSeeds) {
  const auto local =
      testing::run_command({"4", "--solver", "local", "--threads", "2", "--seed", "5"});
  EXPECT_EQ(local.exit_code, kExitOk) << local.err;
  EXPECT_NE(local.out.find("Starting solver \"local\" (2 threads, seeds 5-6).\n"),
            std::string::npos)
      << local.out;
  EXPECT_NE(local.out.find("Answer from \"local\" (seed "), std::string::npos) << local.out;
  const auto portfolio = testing::run_command({"3", "--threads", "3", "--strategy", "YStep"});
  EXPECT_EQ(portfolio.exit_code, kExitOk) << portfolio.err;
  EXPECT_NE(portfolio.out.find("Starting solver \"portfolio\" (2 local + cadical, seeds 0-1).\n"),
            std::string::npos)
      << portfolio.out;
  EXPECT_NE(portfolio.out.find("Solution:\n"), std::string::npos);
}

TEST(Solvers, CliTimeoutPrintsTheGaveUpLine) {
  const auto r = testing::run_command({"5", "--solver", "cadical", "--timeout", "1"});
  EXPECT_EQ(r.exit_code, kExitUnknown) << r.err;
  EXPECT_NE(r.out.find("Starting solver \"cadical\" (seed 0).\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Solver gave up after "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" seconds: time limit reached.\n"), std::string::npos) << r.out;
}

// The bare puzzle races the construction on every core (seeds N, N+1, ...);
// a hypothesis, which may have no solution, or a proof asked for brings
// CaDiCaL in beside local searches.
// --conflicts bounds a race: once its CaDiCaL racer has spent the budget,
// the local search beside it stops too (it went on to --timeout, or for
// ever without one). N=3 AntiMirror + ZRing has no solution.
TEST(Solvers, AConflictBudgetBoundsTheRace) {
  const auto r = testing::run_command({"3", "--strategy", "AntiMirror", "--strategy", "ZRing",
                                       "--conflicts", "1", "--timeout", "30"});
  EXPECT_EQ(r.exit_code, kExitUnknown) << r.out << r.err;
  EXPECT_NE(r.out.find("Starting solver \"portfolio\" (local + cadical, seed 0).\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(": cadical: conflict limit of 1 reached.\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("time limit"), std::string::npos) << r.out;
}

TEST(Solvers, CliDefaultIsThePortfolio) {
  const auto sat = testing::run_command({"3"});
  EXPECT_EQ(sat.exit_code, kExitOk);
  EXPECT_NE(sat.out.find("Starting solver \"portfolio\" (2 construct, seeds 0-1).\n"),
            std::string::npos)
      << sat.out;
  EXPECT_NE(sat.out.find("Solution:\n"), std::string::npos);
  const auto four = testing::run_command({"3", "--threads", "4", "--seed", "2"});
  EXPECT_NE(four.out.find("Starting solver \"portfolio\" (4 construct, seeds 2-5).\n"),
            std::string::npos)
      << four.out;
  const auto assumed = testing::run_command({"3", "--strategy", "YStep"});
  EXPECT_NE(assumed.out.find("Starting solver \"portfolio\" (local + cadical, seed 0).\n"),
            std::string::npos)
      << assumed.out;
  const test::TempDir dir;
  const auto proved = testing::run_command({"3", "--proof", (dir.path() / "p.drat").string()});
  EXPECT_EQ(proved.exit_code, kExitOk) << proved.err;
  EXPECT_NE(proved.out.find("Starting solver \"portfolio\" (local + cadical, seed 0).\n"),
            std::string::npos)
      << proved.out;
  // Every X and Y line fixed: CaDiCaL's two configurations race on the completion.
  const auto unsat = testing::run_command({"3", "--strategy", "XStep", "--strategy", "YStep"});
  EXPECT_NE(
      unsat.out.find("Starting solver \"portfolio\" (cadical:sat + cadical:unsat, seed 0).\n"),
      std::string::npos)
      << unsat.out;
  EXPECT_NE(unsat.out.find("Answer from \"cadical:"), std::string::npos) << unsat.out;
  EXPECT_NE(unsat.out.find("No solution exists for 3 levels.\n"), std::string::npos);
}

}  // namespace
}  // namespace bel_pyramid
