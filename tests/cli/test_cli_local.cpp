#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <sstream>
#include <vector>

#include "app/cli.hpp"
#include "app/run.hpp"

namespace bel_pyramid {
namespace {

struct CliRun {
  int code = 0;
  std::string out, err;
};

CliRun cli(std::vector<const char*> args) {
  args.insert(args.begin(), "bel_pyramid");
  std::ostringstream out, err;
  const int code = run_cli(static_cast<int>(args.size()), args.data(), out, err);
  return {code, out.str(), err.str()};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CliLocal, SolvesWithTheLocalSolver) {
  const CliRun r = cli({"3", "--solver", "local", "--seed", "7"});
  EXPECT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "\nStarting solver \"local\" (seed 7).\nSolver finished in "));
  EXPECT_TRUE(contains(r.out, "\nSolution:\n+"));
  EXPECT_EQ(r.err, "");
}

TEST(CliLocal, GivesUpHonestlyOnAnUnsatisfiableStrategySet) {
  const CliRun r = cli(
      {"3", "--solver", "local", "--strategy", "XStep", "--strategy", "YStep", "--timeout", "1"});
  EXPECT_EQ(r.code, kExitUnknown);
  EXPECT_TRUE(contains(r.out, "\nSolver gave up after 1.0")) << r.out;
  EXPECT_TRUE(contains(r.out, ": time limit of 1 s reached (best cost ")) << r.out;
  EXPECT_FALSE(contains(r.out, "No solution exists"));
  EXPECT_FALSE(contains(r.out, "Solution:"));
}

TEST(CliLocal, Z3AcceptsSeedAndTimeout) {
  const CliRun r = cli({"2", "--solver", "z3", "--seed", "3", "--timeout", "60"});
  EXPECT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "Starting solver with tactic \"qffd\".\nSolver finished in "));
}

TEST(CliLocal, InterruptedSearchExitsWith130) {
  Options options;
  options.levels = 3;
  options.strategies = {"XStep", "YStep"};
  options.solver = "local";
  const std::atomic<bool> stop{true};
  options.stop = &stop;
  std::ostringstream out, err;
  EXPECT_EQ(run(options, out, err), kExitInterrupted);
  EXPECT_TRUE(contains(out.str(), "\nSolver interrupted after ")) << out.str();
  EXPECT_TRUE(contains(out.str(), " seconds: interrupted (best cost ")) << out.str();
}

// Each bad value: one clear error line on stderr, nothing on stdout, non-zero.
TEST(CliLocal, RejectsBadTimeoutSeedAndSolver) {
  const std::vector<std::vector<const char*>> cases = {
      {"3", "--timeout", "-1"},      {"3", "--timeout", "abc"},   {"3", "--timeout", "0"},
      {"3", "--timeout", "inf"},     {"3", "--seed", "-1"},       {"3", "--seed", "x1"},
      {"3", "--seed", "4294967296"}, {"3", "--solver", "minisat"}};
  for (const auto& args : cases) {
    const CliRun r = cli(args);
    const std::string what = std::string(args[1]) + " " + args[2];
    EXPECT_NE(r.code, kExitOk) << what;
    EXPECT_EQ(r.out, "") << what;
    EXPECT_TRUE(r.err.starts_with("bel_pyramid: error: ")) << what << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
  }
}

// A stream buffer that notes how much of its text was flushed while SIGTERM
// still had the run's handler (not the test's default, restored when
// run_cli's guard ends).
class FlushWitness : public std::stringbuf {
 public:
  std::size_t flushed_under_guard = 0;

 protected:
  int sync() override {
    struct sigaction current {};
    ::sigaction(SIGTERM, nullptr, &current);
    if (current.sa_handler != SIG_DFL) flushed_under_guard = str().size();
    return std::stringbuf::sync();
  }
};

// Once its handlers are gone a second SIGTERM (`timeout` signals the process
// and then its group) kills the process with the default action, and what
// sits in stdout's buffer, such as the "Solver interrupted" line, is lost.
TEST(CliLocal, FlushesItsReportWhileTheSignalHandlersAreInstalled) {
  struct sigaction test_default {
  }, previous{};
  test_default.sa_handler = SIG_DFL;
  ::sigaction(SIGTERM, &test_default, &previous);
  FlushWitness out_buffer, err_buffer;
  std::ostream out(&out_buffer), err(&err_buffer);
  std::vector<const char*> args{"bel_pyramid", "3", "--solver", "local", "--seed", "1"};
  const int code = run_cli(static_cast<int>(args.size()), args.data(), out, err);
  ::sigaction(SIGTERM, &previous, nullptr);
  EXPECT_EQ(code, kExitOk);
  EXPECT_EQ(out_buffer.flushed_under_guard, out_buffer.str().size());
  EXPECT_NE(out_buffer.str().find("\nSolution:\n"), std::string::npos);
  EXPECT_EQ(err_buffer.flushed_under_guard, err_buffer.str().size());
}

}  // namespace
}  // namespace bel_pyramid
