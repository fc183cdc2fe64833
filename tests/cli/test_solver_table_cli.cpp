// The solver table through the command line: --help lists it, --portfolio
// races any list, and long runs log, checkpoint and resume (the table
// itself: test_solver_table.cpp).
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/exit_codes.hpp"
#include "app/options.hpp"
#include "cli_runner.hpp"
#include "formats/checkpoint.hpp"
#include "process.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;

// --cnf-tune is read wherever a CaDiCaL runs: by every entry that has one
// inside, and by the bare puzzle's default portfolio, which races the
// construction up to N=7.
TEST(SolverTable, CnfTuneReachesEverySearchThatRunsCadical) {
  std::vector<std::vector<std::string>> runs = {{"3", "--cnf-tune", "cube-amo=pairwise"}};
  for (const SolverEntry& e : solver_table())
    if (e.runs_cadical)
      runs.push_back({"3", "--solver", e.name, "--cnf-tune", "cube-amo=pairwise"});
  ASSERT_GE(runs.size(), 3U);
  for (const std::vector<std::string>& args : runs) {
    const auto r = testing::run_command(args);
    EXPECT_EQ(r.exit_code, kExitOk) << fmt::format("{}", fmt::join(args, " ")) << "\n" << r.err;
    EXPECT_NE(r.out.find("Solution:\n"), std::string::npos) << r.out;
    const Options o = read_command_line(args);
    EXPECT_EQ(solve_limits(o).cnf_options.cube_amo, AmoEncoding::Pairwise);
  }
}

TEST(SolverTable, HelpListsEveryEntry) {
  const auto r = testing::run_command({"--help"});
  // --help wraps its lines at 80 columns: compare with every run of spaces
  // and line breaks read as one space.
  const auto words = [](const std::string& text) {
    std::string out;
    for (const char c : text)
      if (!(c == ' ' || c == '\n') || (!out.empty() && out.back() != ' '))
        out += c == '\n' ? ' ' : c;
    return out;
  };
  for (const SolverEntry& e : solver_table())
    EXPECT_NE(words(r.out).find(words(fmt::format(" {} {}", e.name, e.summary))), std::string::npos)
        << e.name;
}

TEST(SolverTable, PortfolioRacesAnyList) {
  const auto r = testing::run_command({"3", "--portfolio", "local,cadical,local", "--seed", "4"});
  EXPECT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("Starting solver \"portfolio\" (2 local + cadical, seeds 4-5).\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Solution:\n"), std::string::npos);
  const auto proof = testing::run_command(
      {"3", "--strategy", "XStep", "--strategy", "YStep", "--portfolio", "cadical"});
  EXPECT_EQ(proof.exit_code, kExitOk) << proof.err;
  EXPECT_NE(proof.out.find("Answer from \"cadical\".\nSolver finished"), std::string::npos);
  EXPECT_NE(proof.out.find("No solution exists for 3 levels."), std::string::npos);
}

class LongRun : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "bel_pyramid_long_XXXXXX").string();
    tmp_ = ::mkdtemp(pattern.data());
  }
  void TearDown() override { fs::remove_all(tmp_); }
  fs::path tmp_;
};

std::vector<std::string> log_lines(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

// "seconds total_seconds best_cost total_cpu_seconds"
int best_cost_of(const std::string& log_line) {
  std::istringstream in(log_line);
  double seconds = 0, total = 0;
  int cost = -1;
  in >> seconds >> total >> cost;
  return cost;
}

// A stopped search leaves a checkpoint of its best state; a resumed one
// starts there (its first logged best is no worse) and adds up the time.
TEST_F(LongRun, CheckpointThenResumeContinuesFromTheSavedCost) {
  const std::string checkpoint = (tmp_ / "n5.ckpt").string();
  const std::string log = (tmp_ / "n5.log").string();
  const auto first = testing::run_command(
      {"5", "--solver", "local", "--timeout", "0.5", "--checkpoint", checkpoint, "--log", log});
  ASSERT_EQ(first.exit_code, kExitUnknown) << first.out << first.err;
  const Checkpoint saved = read_checkpoint(checkpoint);
  EXPECT_GT(saved.cost, 0);
  EXPECT_GE(saved.seconds, 0.4);
  ASSERT_FALSE(log_lines(log).empty());
  EXPECT_EQ(best_cost_of(log_lines(log).back()), saved.cost);

  const std::string log2 = (tmp_ / "resumed.log").string();
  const auto second =
      testing::run_command({"5", "--solver", "local", "--timeout", "0.3", "--seed", "9", "--resume",
                            checkpoint, "--checkpoint", checkpoint, "--log", log2});
  EXPECT_EQ(second.exit_code, kExitUnknown) << second.err;
  EXPECT_NE(second.out.find(fmt::format("Resuming from \"{}\" (cost {}, ", checkpoint, saved.cost)),
            std::string::npos)
      << second.out;
  const auto lines = log_lines(log2);
  ASSERT_FALSE(lines.empty());
  EXPECT_LE(best_cost_of(lines.front()), saved.cost);
  const Checkpoint again = read_checkpoint(checkpoint);
  EXPECT_LE(again.cost, saved.cost);
  EXPECT_GE(again.seconds, saved.seconds + 0.25);
  // CPU seconds are kept to 0.1 s, and a starved 0.3 s run may add less than that.
  EXPECT_GE(again.cpu_seconds, saved.cpu_seconds);
}

TEST_F(LongRun, ASolvedRunCheckpointsItsSolution) {
  const std::string checkpoint = (tmp_ / "n3.ckpt").string();
  const auto r = testing::run_command({"3", "--solver", "local", "--checkpoint", checkpoint});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  const Checkpoint c = read_checkpoint(checkpoint);
  EXPECT_EQ(c.cost, 0);
  EXPECT_TRUE(validate(Pyramid(3), Solution(3, c.labels)).ok);
  // Resuming from a solution answers at once.
  const auto again = testing::run_command({"3", "--solver", "local", "--resume", checkpoint});
  EXPECT_EQ(again.exit_code, kExitOk) << again.err;
  EXPECT_NE(again.out.find("Solution:\n"), std::string::npos);
}

// A run resumed from a checkpoint records one more resume in its own, and a
// leg resumed from a checkpoint that a resumed run wrote walks another
// stream of the seed: legs resumed again and again from one stuck state used
// to replay the leg before them (results/n6.md, "Legs that replayed").
TEST_F(LongRun, ALegResumedAgainFromTheSameStateDoesNotReplayTheLastOne) {
  const std::string fresh = (tmp_ / "fresh.ckpt").string();
  ASSERT_EQ(testing::run_command({"4", "--solver", "local", "--seed", "3", "--checkpoint", fresh})
                .exit_code,
            kExitOk);
  EXPECT_EQ(read_checkpoint(fresh).resumes, 0u);
  // The same state as a resumed run would have left it.
  const std::string once = (tmp_ / "once.ckpt").string();
  std::string text = test::slurp(fresh);
  text.replace(text.find("c resumes 0"), 11, "c resumes 1");
  std::ofstream(once) << text;
  auto leg = [&](const std::string& from, const std::string& name) {
    const std::string to = (tmp_ / name).string();
    const auto r = testing::run_command({"4", "--solver", "local", "--seed", "5", "--perturb", "40",
                                         "--resume", from, "--checkpoint", to});
    EXPECT_EQ(r.exit_code, kExitOk) << r.err;
    const bool again = from == once;
    EXPECT_EQ(r.out.find("; resume 2 of its chain, stream 1 of the seed).") != std::string::npos,
              again)
        << r.out;
    return read_checkpoint(to);
  };
  const Checkpoint first = leg(fresh, "first.ckpt");
  const Checkpoint replayed = leg(fresh, "replayed.ckpt");
  const Checkpoint second = leg(once, "second.ckpt");
  EXPECT_EQ(first.resumes, 1u);
  EXPECT_EQ(second.resumes, 2u);
  EXPECT_EQ(first.cost, 0);
  EXPECT_EQ(second.cost, 0);
  EXPECT_EQ(replayed.labels, first.labels);  // one chain, one walk: reproducible
  EXPECT_NE(second.labels, first.labels);    // the next leg of the chain walks anew
}

// CaDiCaL resumes too: the state's labels are its first decisions, so from
// a solution it answers with that solution.
TEST_F(LongRun, CadicalResumesFromACheckpoint) {
  const std::string checkpoint = (tmp_ / "n4.ckpt").string();
  ASSERT_EQ(
      testing::run_command({"4", "--solver", "local", "--seed", "3", "--checkpoint", checkpoint})
          .exit_code,
      kExitOk);
  const std::string text = test::slurp(checkpoint);
  const std::string drawing = text.substr(text.find("\n+") + 1);
  const auto r = testing::run_command({"4", "--solver", "cadical", "--resume", checkpoint});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("Resuming from"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(drawing), std::string::npos) << r.out;
}

TEST_F(LongRun, ResumeRefusesAStateTheStrategiesForbid) {
  const std::string checkpoint = (tmp_ / "n3.ckpt").string();
  ASSERT_EQ(testing::run_command({"3", "--solver", "local", "--checkpoint", checkpoint}).exit_code,
            kExitOk);
  const auto r =
      testing::run_command({"3", "--solver", "local", "--strategy", "XStep", "--strategy", "YStep",
                            "--resume", checkpoint, "--timeout", "1"});
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.err.find("the checkpoint was made under the strategies none, this run has XStep "
                       "YStep"),
            std::string::npos)
      << r.err;
}

// A checkpoint written before strategies were recorded is resumed, with a warning;
// a state whose labels the strategies forbid is refused, naming the file,
// before any racer of the portfolio starts (none drops out silently).
TEST_F(LongRun, OldCheckpointsAreResumedWithAWarning) {
  const std::string checkpoint = (tmp_ / "old.ckpt").string();
  ASSERT_EQ(testing::run_command({"3", "--solver", "local", "--checkpoint", checkpoint}).exit_code,
            kExitOk);
  std::ifstream in(checkpoint);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::size_t line = text.find("c strategies");
  text.erase(line, text.find('\n', line) + 1 - line);
  std::ofstream(checkpoint) << text;
  const auto r = testing::run_command({"3", "--resume", checkpoint, "--timeout", "5"});
  EXPECT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.err.find("warning: --resume " + checkpoint +
                       ": the checkpoint does not record its strategies"),
            std::string::npos)
      << r.err;
  const auto forbidden = testing::run_command({"3", "--strategy", "XStep", "--strategy", "YStep",
                                               "--resume", checkpoint, "--timeout", "5"});
  EXPECT_EQ(forbidden.exit_code, kExitError) << forbidden.out;
  EXPECT_NE(forbidden.err.find(checkpoint + ": parse error: label "), std::string::npos)
      << forbidden.err;
  EXPECT_NE(forbidden.err.find("breaks a label this run's constraints fix"), std::string::npos)
      << forbidden.err;
}

}  // namespace
}  // namespace bel_pyramid
