// --hypothesis and --given through the command line: the Strategies: block,
// counts equal to the built-in strategy's, --check, --json's name and
// digest, --split's recorded arguments, and solutions that keep a partial
// drawing.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "app/exit_codes.hpp"
#include "cli_runner.hpp"
#include "formats/knuth_format.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using testing::run_command;
const std::string kDoc = BEL_PYRAMID_DOC_DIR "/hypotheses/";
const std::string kData = BEL_PYRAMID_TEST_DATA "/hypotheses/";

std::string count_line(const std::string& out) {
  const auto at = out.find("Solutions: ");
  return at == std::string::npos ? out : out.substr(at, out.find('\n', at) - at);
}

TEST(HypothesisCli, CountsEqualTheStrategyAndTheBlockNamesTheFile) {
  for (const char* name : {"YStep", "ConstructiveBottom", "CakeSliceOrdering"}) {
    SCOPED_TRACE(name);
    const auto file = run_command({"2", "--count", "--hypothesis", kDoc + name + ".hyp"});
    const auto builtin = run_command({"2", "--count", "--strategy", name});
    ASSERT_EQ(file.exit_code, 0) << file.err;
    EXPECT_EQ(count_line(file.out), count_line(builtin.out));
    EXPECT_NE(file.out.find(std::string("    ") + name + ".hyp applied "), std::string::npos);
  }
}

TEST(HypothesisCli, CombinesWithStrategiesAndEveryExport) {
  const fs::path tmp = fs::temp_directory_path() / "bel_pyramid_hyp_cli";
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const auto r = run_command(
      {"3", "--strategy", "XStep", "--hypothesis", kDoc + "YStep.hyp", "--solver", "cadical"});
  EXPECT_NE(
      r.out.find("    XStep applied 9 constraint(s).\n    YStep.hyp applied 9 constraint(s)."),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("No solution exists for 3 levels."), std::string::npos);
  const auto split = run_command(
      {"2", "--hypothesis", kDoc + "YStep.hyp", "--split", "2", (tmp / "split").string()});
  ASSERT_EQ(split.exit_code, 0) << split.err;
  // The split's arguments rebuild the same formulation from anywhere.
  std::ifstream in(tmp / "split" / "args");
  const std::string args((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(args.find("--hypothesis\n" + fs::absolute(kDoc + "YStep.hyp").string() + "\n"),
            std::string::npos)
      << args;
  fs::remove_all(tmp);
}

// A member of a family whose X and Y lines are fixed: the default race is
// CaDiCaL's "sat" and "unsat" configurations on the completion's CNF (the
// "sat" one alone needs about a minute to refute this member, the "unsat"
// one a tenth of a second), unless the user chose a configuration.
TEST(HypothesisCli, AShapeTheCompletionTakesRacesTwoCadicalConfigurations) {
  const std::string family = kDoc + "families/ColumnStepShift.hyp";
  const auto r = run_command({"8", "--hypothesis", family, "--param", "f=9", "--timeout", "30"});
  EXPECT_NE(r.out.find("Starting solver \"portfolio\" (cadical:sat + cadical:unsat, seed 0)."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Answer from \"cadical:unsat\"."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("No solution exists for 8 levels."), std::string::npos) << r.out;
  const auto chosen = run_command(
      {"5", "--hypothesis", family, "--param", "f=0", "--cnf-tune", "cadical-config=unsat"});
  EXPECT_NE(chosen.out.find("Starting solver \"portfolio\" (local + cadical, seed 0)."),
            std::string::npos)
      << chosen.out;
  EXPECT_NE(chosen.out.find("No solution exists for 5 levels."), std::string::npos) << chosen.out;
}

TEST(HypothesisCli, JsonRecordsNameAndDigest) {
  const auto r = run_command({"3", "--hypothesis", kData + "x00_is_0.hyp", "--json", "-"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["hypotheses"].size(), 1u);
  EXPECT_EQ(doc["hypotheses"][0]["name"], "x00_is_0.hyp");
  EXPECT_EQ(doc["hypotheses"][0]["kind"], "hypothesis");
  // sha256sum tests/data/hypotheses/x00_is_0.hyp
  EXPECT_EQ(doc["hypotheses"][0]["sha256"],
            "70dac9d996c3e76bd708206c73614612652f4dafe50849ba07088059dc437d9f");
  EXPECT_EQ(doc["solution"]["X"][0][0], 0);
}

TEST(HypothesisCli, AContradictionIsNoSolutionWhicheverWayItIsStated) {
  // Lines with no label left, and two cubes in one place: both refuted by
  // the search, with the same exit code and verdict.
  for (const std::string file : {"contradiction.hyp", "contradiction_cubes.hyp"}) {
    SCOPED_TRACE(file);
    const auto r =
        run_command({"3", "--hypothesis", kData + file, "--solver", "cadical", "--sat-exit-codes"});
    EXPECT_EQ(r.exit_code, kSatExitNoSolution) << r.err;
    EXPECT_NE(r.out.find("No solution exists for 3 levels.\n(under the hypotheses " + file),
              std::string::npos)
        << r.out;
  }
}

TEST(HypothesisCli, GivenDrawingKeepsItsLabels) {
  const std::string given = kData + "n3_top.txt";
  for (const char* solver : {"cadical", "local", "xcc", "z3"}) {
    SCOPED_TRACE(solver);
    const auto r = run_command({"3", "--given", given, "--solver", solver, "--timeout", "60"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("n3_top.txt applied 17 constraint(s)."), std::string::npos) << r.out;
    const Solution s = parse_knuth(r.out.substr(r.out.find("+-")), "out");
    const Pyramid p(3);
    EXPECT_EQ(s.z(p, 2, 2), 3);
    EXPECT_EQ(s.x(p, 1, 1), 4);
    EXPECT_EQ(s.y(p, 2, 2), 3);
  }
  EXPECT_EQ(run_command({"--check", BEL_PYRAMID_TEST_DATA "/solutions/n3.txt", "--given", given})
                .exit_code,
            0);
}

// A checkpoint records the files' digests: the same file under another path
// resumes, no file at all is refused.
TEST(HypothesisCli, CheckpointsRecordTheHypothesisFiles) {
  const fs::path tmp = fs::temp_directory_path() / "bel_pyramid_hyp_ckpt";
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const std::string checkpoint = (tmp / "run.ckpt").string();
  const auto first = run_command(
      {"3", "--solver", "local", "--hypothesis", kDoc + "YStep.hyp", "--checkpoint", checkpoint});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  std::ifstream in(checkpoint);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  const std::string digest =
      run_command({"3", "--hypothesis", kDoc + "YStep.hyp", "--json", "-", "--skip-solver"}).out;
  const std::string sha = nlohmann::json::parse(digest)["hypotheses"][0]["sha256"];
  EXPECT_NE(text.find("\nc hypotheses " + sha + "\n"), std::string::npos) << text;
  fs::copy_file(kDoc + "YStep.hyp", tmp / "moved.hyp");
  const auto moved = run_command({"3", "--solver", "local", "--hypothesis",
                                  (tmp / "moved.hyp").string(), "--resume", checkpoint});
  EXPECT_EQ(moved.exit_code, 0) << moved.err;
  const auto without = run_command({"3", "--solver", "local", "--resume", checkpoint});
  EXPECT_EQ(without.exit_code, 1);
  EXPECT_NE(without.err.find("the checkpoint was made under the hypothesis files (SHA-256) " +
                             sha.substr(0, 12) + ", this run has none"),
            std::string::npos)
      << without.err;
  fs::remove_all(tmp);
}

// A file that can be read only once (a pipe, as `--hypothesis <(...)` gives):
// the formulation, --json's digest and the checkpoint all see its one text.
TEST(HypothesisCli, AFileIsReadOnceForEveryUse) {
  const fs::path tmp = fs::temp_directory_path() / "bel_pyramid_hyp_fifo";
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const std::string fifo = (tmp / "x00_is_0.hyp").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {  // one writer, one text: a second read would see nothing
    std::ifstream in(kData + "x00_is_0.hyp");
    std::ofstream(fifo) << in.rdbuf();
  });
  const auto r = run_command({"3", "--hypothesis", fifo, "--solver", "local", "--json", "-",
                              "--checkpoint", (tmp / "run.ckpt").string()});
  writer.join();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["hypotheses"][0]["sha256"],
            "70dac9d996c3e76bd708206c73614612652f4dafe50849ba07088059dc437d9f");
  std::ifstream in(tmp / "run.ckpt");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("\nc hypotheses 70dac9d996c3"), std::string::npos) << text;
  fs::remove_all(tmp);
}

}  // namespace
}  // namespace bel_pyramid
