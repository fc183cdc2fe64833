// The command line as a batch tool sees it: --quiet keeps only the result,
// --sat-exit-codes follows the SAT competition, --progress-every prints "c"
// status lines, --json answers for counts too, and the words around a
// verdict (symmetry-breaking warnings, the strategies a "no solution" assumes,
// --version, --help's width) are what a user needs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "app/exit_codes.hpp"
#include "cli_runner.hpp"

namespace bel_pyramid {
namespace {

using testing::run_command;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Batch, QuietPrintsOnlyTheResult) {
  const auto r = run_command({"3", "--solver", "cadical", "--seed", "1", "-q"});
  EXPECT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_EQ(r.out.rfind("Solution:\n", 0), 0u) << r.out;
  EXPECT_FALSE(contains(r.out, "Parameters:")) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
  const auto none = run_command(
      {"3", "--strategy", "XStep", "--strategy", "YStep", "--solver", "cadical", "--quiet"});
  EXPECT_EQ(none.out.rfind("No solution exists for 3 levels.\n", 0), 0u) << none.out;
  const auto count = run_command({"2", "--count", "-q"});
  EXPECT_EQ(count.out, "Solutions: 2112\n");
  const auto gave_up = run_command({"6", "--solver", "local", "--timeout", "0.2", "-q"});
  EXPECT_EQ(gave_up.exit_code, kExitUnknown);
  EXPECT_EQ(gave_up.out.rfind("Solver gave up after ", 0), 0u) << gave_up.out;
}

TEST(Batch, SatExitCodes) {
  EXPECT_EQ(run_command({"3", "--solver", "cadical", "--sat-exit-codes"}).exit_code,
            kSatExitSolution);
  EXPECT_EQ(run_command({"3", "--strategy", "XStep", "--strategy", "YStep", "--solver", "cadical",
                         "--sat-exit-codes"})
                .exit_code,
            kSatExitNoSolution);
  EXPECT_EQ(
      run_command({"6", "--solver", "local", "--timeout", "0.2", "--sat-exit-codes"}).exit_code,
      kSatExitUnknown);
  EXPECT_EQ(run_command({"2", "--count", "--sat-exit-codes"}).exit_code, kSatExitSolution);
  // Today's codes stay the default.
  EXPECT_EQ(run_command({"3", "--solver", "cadical"}).exit_code, kExitOk);
}

// ctest's stderr is not a terminal: the status lines are on.
TEST(Batch, ProgressEveryPrintsStatusLinesWithoutAFakeCost) {
  const auto local =
      run_command({"6", "--solver", "local", "--timeout", "0.6", "--progress-every", "0.1", "-q"});
  EXPECT_EQ(local.exit_code, kExitUnknown);
  EXPECT_TRUE(contains(local.err, "c ")) << local.err;
  EXPECT_TRUE(contains(local.err, " best cost ")) << local.err;
  const auto xcc =
      run_command({"5", "--solver", "xcc", "--timeout", "0.6", "--progress-every", "0.1"});
  EXPECT_EQ(xcc.exit_code, kExitUnknown);
  EXPECT_TRUE(contains(xcc.err, " nodes/s")) << xcc.err;
  EXPECT_FALSE(contains(xcc.err, "-1")) << xcc.err;
  EXPECT_FALSE(contains(xcc.err, "cost")) << xcc.err;
  const auto count =
      run_command({"4", "--count", "--timeout", "0.6", "--progress-every", "0.1", "-q"});
  EXPECT_TRUE(contains(count.err, "c ")) << count.err;
  EXPECT_TRUE(contains(count.err, "solutions")) << count.err;
  // Off unless asked.
  const auto quiet = run_command({"6", "--solver", "local", "--timeout", "0.3"});
  EXPECT_TRUE(quiet.err.empty()) << quiet.err;
}

TEST(Batch, CountsAndEstimatesAnswerInJson) {
  const auto count = run_command({"2", "--count", "--up-to-symmetry", "--json", "-"});
  ASSERT_EQ(count.exit_code, kExitOk) << count.err;
  const auto doc = nlohmann::json::parse(count.out);
  EXPECT_EQ(doc["source"], "count");
  EXPECT_EQ(doc["status"], "counted");
  EXPECT_EQ(doc["count"]["solutions"], 2112);
  EXPECT_TRUE(doc["count"]["classes"].is_number_integer());
  EXPECT_EQ(doc["count"]["complete"], true);
  EXPECT_TRUE(doc["solution"].is_null());
  const auto cut = run_command({"4", "--count", "--timeout", "0.2", "--json", "-"});
  EXPECT_EQ(cut.exit_code, kExitUnknown);
  EXPECT_EQ(nlohmann::json::parse(cut.out)["count"]["complete"], false);
  const auto estimate = run_command({"2", "--count", "--estimate", "50", "--json", "-"});
  ASSERT_EQ(estimate.exit_code, kExitOk) << estimate.err;
  const auto e = nlohmann::json::parse(estimate.out);
  EXPECT_EQ(e["source"], "estimate");
  EXPECT_EQ(e["count"]["estimate"], true);
  EXPECT_TRUE(e["count"]["standard_error"].is_number());
}

TEST(Batch, CombinedSymmetryBreakingIsWarnedAndTheVerdictSaysItsStrategies) {
  const auto r = run_command({"2", "--strategy", "BottomCenter012", "--strategy",
                              "LabelPermutation", "--solver", "cadical", "--json", "-"});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_TRUE(contains(r.err,
                       "bel_pyramid: warning: BottomCenter012 and LabelPermutation each "
                       "break symmetry"))
      << r.err;
  EXPECT_TRUE(contains(r.err,
                       "No solution exists for 2 levels.\n(under the strategies "
                       "BottomCenter012, LabelPermutation"))
      << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["status"], "unsat");
  EXPECT_EQ(doc["verdict_under"], nlohmann::json::array({"BottomCenter012", "LabelPermutation"}));
  const auto one = run_command(
      {"2", "--strategy", "BottomCenter012", "--symmetry-breaking", "auto", "--skip-solver"});
  EXPECT_TRUE(contains(one.err, "BottomCenter012 and --symmetry-breaking each break symmetry"))
      << one.err;
  EXPECT_TRUE(run_command({"2", "--strategy", "BottomCenter012", "--skip-solver"}).err.empty());
}

TEST(Batch, CheckAcceptsAByteOrderMark) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "bel_pyramid_bom_n3.txt";
  std::ifstream in(BEL_PYRAMID_TEST_DATA "/solutions/n3.txt");
  std::ostringstream text;
  text << "\xEF\xBB\xBF" << in.rdbuf();
  std::ofstream(file) << text.str();
  const auto r = run_command({"--check", file.string()});
  EXPECT_EQ(r.exit_code, kExitOk) << r.err;
  std::filesystem::remove(file);
}

TEST(Batch, VersionNamesTheSolversAndHelpFitsEightyColumns) {
  const auto version = run_command({"--version"});
  EXPECT_TRUE(contains(version.out, "CaDiCaL ")) << version.out;
  EXPECT_TRUE(contains(version.out, "Z3 ")) << version.out;
  std::istringstream help(run_command({"--help"}).out);
  for (std::string line; std::getline(help, line);) EXPECT_LE(line.size(), 80u) << line;
}

}  // namespace
}  // namespace bel_pyramid
