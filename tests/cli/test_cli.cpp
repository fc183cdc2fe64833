// The command line run in-process: output text, end-to-end solving, errors.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/run.hpp"
#include "cli_runner.hpp"
#include "formats/knuth_format.hpp"
#include "model/strategy.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

using testing::run_command;
using testing::without_timings;
namespace fs = std::filesystem;

TEST(Cli, OneLevelPrintsTheOriginalText) {
  const auto r = run_command({"1", "--solver", "z3"});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(without_timings(r.out), R"(Solving Bel's Pyramid for 1 levels.

Parameters:
    Levels: 1
    Level Sizes: [1]
    Level Cubes: [1]
    Total Cubes: 1
    Labels: [0]
    Label Sort: Int

Variables:
    X Axis Variables: 1
    Y Axis Variables: 1
    Z Axis Variables: 1
    Placement Variables: 1

Constraints:
    Axis Label Bounds: 3
    Placement Equalities: 1
    Cube Uniqueness Constraints: 1

Constraint formulation built in S seconds.

Starting solver with tactic "qffd".
Solver finished in S seconds.

Solution:
+----+
|  0 |  0
+----+
   0
)");
}

TEST(Cli, ThreeLevelsWithYStepPrintsTheSpecHeader) {
  const auto r = run_command({"3", "--strategy", "ystep", "--skip-solver"});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_EQ(without_timings(r.out), R"(Solving Bel's Pyramid for 3 levels.

Parameters:
    Levels: 3
    Level Sizes: [1, 3, 5]
    Level Cubes: [1, 9, 25]
    Total Cubes: 35
    Labels: [0, 1, 2, 3, 4]
    Label Sort: Int

Variables:
    X Axis Variables: 9
    Y Axis Variables: 9
    Z Axis Variables: 25
    Placement Variables: 4375

Constraints:
    Axis Label Bounds: 43
    Placement Equalities: 4375
    Cube Uniqueness Constraints: 35

Strategies:
    YStep applied 9 constraint(s).

Constraint formulation built in S seconds.

Skipping the solver.
)");
}

TEST(Cli, EnumPrintsTheLabelSortAndNoBounds) {
  const auto r = run_command({"2", "--finite-domain", "enum", "--skip-solver"});
  EXPECT_NE(r.out.find("    Label Sort: label\n"), std::string::npos);
  EXPECT_NE(r.out.find("    Axis Label Bounds: 0\n"), std::string::npos);
}

TEST(Cli, StrategiesAreListedInCommandLineOrder) {
  const auto r = run_command(
      {"4", "--strategy", "ZRing", "--strategy", "constructivetriplediagonal", "--skip-solver"});
  EXPECT_NE(r.out.find("Strategies:\n    ZRing applied 4 constraint(s).\n"
                       "    ConstructiveTripleDiagonal applied 7 constraint(s).\n\n"),
            std::string::npos)
      << r.out;
}

struct EndToEnd {
  int levels;
  const char* domain;
  const char* tactic;
};

void PrintTo(const EndToEnd& c, std::ostream* os) {
  *os << "N=" << c.levels << " " << c.domain << " " << c.tactic;
}

class SolvesEndToEnd : public ::testing::TestWithParam<EndToEnd> {};

TEST_P(SolvesEndToEnd, PrintsAValidSolution) {
  const auto& c = GetParam();
  const auto r = run_command({std::to_string(c.levels), "--solver", "z3", "--finite-domain",
                              c.domain, "--tactic", c.tactic});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find(fmt::format("Starting solver with tactic \"{}\".\n", c.tactic)),
            std::string::npos);
  const auto at = r.out.find("Solution:\n");
  ASSERT_NE(at, std::string::npos) << r.out;
  const Solution s = parse_knuth(r.out.substr(at + 10), "output");
  EXPECT_EQ(s.levels(), c.levels);
  EXPECT_TRUE(validate(Pyramid(c.levels), s).ok);
}

std::vector<EndToEnd> end_to_end_cases() {
  std::vector<EndToEnd> cases;
  for (int n : {1, 2, 3})
    for (const char* d : {"int", "enum"})
      for (const char* t : {"qffd", "qflia", "z3-default"}) cases.push_back({n, d, t});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllTactics, SolvesEndToEnd, ::testing::ValuesIn(end_to_end_cases()),
                         [](const ::testing::TestParamInfo<EndToEnd>& info) {
                           std::string name = fmt::format("N{}_{}_{}", info.param.levels,
                                                          info.param.domain, info.param.tactic);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Cli, UnsatPrintsNoSolution) {
  const auto r = run_command({"3", "--strategy", "XStep", "--strategy", "YStep"});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_NE(r.out.find("No solution exists for 3 levels.\n"), std::string::npos);
}

TEST(Cli, HelpVersionAndStrategyListExitZero) {
  const auto help = run_command({"-h"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--strategy"), std::string::npos);
  EXPECT_NE(help.out.find("--finite-domain"), std::string::npos);
  const auto version = run_command({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("bel_pyramid ", 0), 0u);
  const auto list = run_command({"--list-strategies"});
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.out.find("ConstructiveDiagonal"), std::string::npos);
  EXPECT_NE(list.out.find("symmetry-breaking"), std::string::npos);
  const auto json = run_command({"--list-strategies", "--json", "-"});
  EXPECT_EQ(json.exit_code, 0);
  const auto doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["strategies"].size(), strategies().size());
  EXPECT_EQ(doc["strategies"][0]["name"], strategies()[0].name);
  EXPECT_EQ(doc["strategies"][0]["kind"], to_string(strategies()[0].kind));
}

struct BadInput {
  std::vector<std::string> args;
  int exit_code;
  const char* message;
};

TEST(Cli, BadInputGivesOneClearLine) {
  const BadInput cases[] = {
      {{}, kExitUsage, "missing N"},
      {{"0"}, kExitUsage, "N must be at least 1, got 0"},
      {{"-3"}, kExitUsage, "N must be at least 1, got -3"},
      {{"abc"}, kExitUsage, "N must be a positive integer, got \"abc\""},
      {{"2.5"}, kExitUsage, "N must be a positive integer, got \"2.5\""},
      {{"99999999999999999999"}, kExitUsage, "is too large"},
      {{"40", "--strategy", "YStep"}, kExitUsage, "largest N that fits"},
      {{"3", "--bogus"}, kExitUsage, "--bogus"},
      {{"3", "--strategy", "Foo"}, kExitUsage, "Foo not in {BottomCenter012,"},
      {{"3", "--strategy"}, kExitUsage, "--strategy"},
      {{"3", "--tactic", "sat"}, kExitUsage, "sat not in {qffd,qflia,z3-default}"},
      {{"3", "--finite-domain", "bool"}, kExitUsage, "bool not in {int,enum}"},
      {{"3", "4"}, kExitUsage, "4"},
  };
  for (const BadInput& c : cases) {
    SCOPED_TRACE(fmt::format("{}", fmt::join(c.args, " ")));
    const auto r = run_command(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("bel_pyramid: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "bel_pyramid_test_XXXXXX").string();
    path_ = ::mkdtemp(pattern.data());
  }
  ~TempDir() { fs::remove_all(path_); }
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

TEST(Cli, Smt2ExportWritesTheFormulation) {
  TempDir dir;
  const fs::path file = dir.path() / "bp2.smt2";
  const auto r = run_command({"2", "--smt2", file.string(), "--skip-solver"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find(fmt::format("Exporting formulation to SMT2 file \"{}\".\n", file.string())),
            std::string::npos);
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("(declare-fun c0_r0_x0_y0_h0 () Bool)"), std::string::npos);
  EXPECT_NE(text.find("(declare-fun Z_2_2 () Int)"), std::string::npos);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(Cli, FailedExportLeavesNothingBehindAndKeepsTheOldFile) {
  TempDir dir;
  const auto missing =
      run_command({"2", "--smt2", (dir.path() / "no/such/dir.smt2").string(), "--skip-solver"});
  EXPECT_EQ(missing.exit_code, kExitError);
  EXPECT_NE(missing.err.find("bel_pyramid: error: cannot create"), std::string::npos)
      << missing.err;
  const auto directory = run_command({"2", "--smt2", dir.path().string(), "--skip-solver"});
  EXPECT_EQ(directory.exit_code, kExitError);
  EXPECT_NE(directory.err.find("is a directory"), std::string::npos) << directory.err;
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

}  // namespace
}  // namespace bel_pyramid

namespace bel_pyramid {
namespace {

// --symmetry-breaking auto: its constraints are listed like a strategy and
// every solver's answer is validated against them.
TEST(Cli, SymmetryBreakingAddsItsConstraintsAndSolves) {
  for (const char* solver : {"cadical", "local", "z3"}) {
    const auto r = testing::run_command(
        {"3", "--strategy", "YStep", "--symmetry-breaking", "auto", "--solver", solver});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("    SymmetryBreaking applied 2 constraint(s).\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Solution:\n"), std::string::npos) << solver << r.out;
  }
}

// --split writes the formula, the cubes and the arguments that rebuild the
// same formulation (symmetry breaking included), then stops.
TEST(Cli, SplitWritesFormulaCubesAndArgs) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / fmt::format("bel_pyramid_split_{}", ::getpid());
  const auto r = testing::run_command(
      {"2", "--strategy", "YStep", "--symmetry-breaking", "auto", "--split", "3", dir.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(", 3 cube(s) and args in "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Solution:"), std::string::npos) << r.out;
  std::ifstream args(dir / "args"), cubes(dir / "cubes");
  const std::string text((std::istreambuf_iterator<char>(args)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "2\n--strategy\nYStep\n--finite-domain\nint\n--symmetry-breaking\nauto\n");
  int lines = 0;
  for (std::string line; std::getline(cubes, line); ++lines) EXPECT_EQ(line.rfind("a ", 0), 0u);
  EXPECT_EQ(lines, 3);
  EXPECT_TRUE(std::filesystem::exists(dir / "formula.cnf"));
  std::filesystem::remove_all(dir);
}

// A member's completion is split on whole lines unless --split-by says
// otherwise: every cube gives a free line a label (a positive literal; the
// negative ones the matching adds follow it), and the report says so;
// --split-by literal gives exactly K leaves, the cubes and those the
// matching refutes (DIR/refuted).
TEST(Cli, ACompletionIsSplitOnWholeLines) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / fmt::format("bel_pyramid_split_by_{}", ::getpid());
  const std::string family =
      std::string(BEL_PYRAMID_DOC_DIR) + "/hypotheses/families/ColumnStepShift.hyp";
  const std::vector<std::string> member{"5",   "--hypothesis",  family,       "--param",
                                        "f=0", "--cnf-encoder", "completion", "--split",
                                        "5",   dir.string()};
  auto r = testing::run_command(member);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("into at least 5 cube(s)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", by whole lines."), std::string::npos) << r.out;
  auto cube_lines = [&](const char* file = "cubes") {
    std::ifstream cubes(dir / file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(cubes, line);) lines.push_back(line);
    return lines;
  };
  std::vector<std::string> lines = cube_lines();
  EXPECT_GE(lines.size() + cube_lines("refuted").size(), 5u);
  for (const std::string& line : lines) {
    std::istringstream words(line.substr(1));
    std::vector<long> lits{std::istream_iterator<long>(words), {}};
    ASSERT_GE(lits.size(), 2u) << line;
    EXPECT_TRUE(std::any_of(lits.begin(), lits.end(), [](long lit) { return lit > 0; })) << line;
  }
  std::filesystem::remove_all(dir);
  std::vector<std::string> by_literal = member;
  by_literal.insert(by_literal.end(), {"--split-by", "literal"});
  r = testing::run_command(by_literal);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(cube_lines().size() + cube_lines("refuted").size(), 5u);
  std::filesystem::remove_all(dir);
}

// The args of a split always name the symmetry breaking (the default, none,
// included), so that a re-split (--split-under) rebuilds the same formula.
TEST(Cli, SplitArgsNameTheSymmetryBreaking) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / fmt::format("bel_pyramid_split_sb_{}", ::getpid());
  const auto r = testing::run_command({"2", "--split", "2", dir.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("SymmetryBreaking"), std::string::npos) << r.out;
  std::ifstream args(dir / "args");
  const std::string text((std::istreambuf_iterator<char>(args)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "2\n--finite-domain\nint\n--symmetry-breaking\nnone\n");
  std::filesystem::remove_all(dir);
}

// A split's args name every --cnf-tune key that differs from its default,
// so that a re-split (--split-under, verify_proof.sh) writes the same
// formula: here the CNF without the Hall units of ConstructiveBottom.
TEST(Cli, SplitArgsNameTheChangedEncoderKeys) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / fmt::format("bel_pyramid_split_tune_{}", ::getpid());
  const auto r = testing::run_command({"3", "--strategy", "ConstructiveBottom", "--cnf-tune",
                                       "cube-matching=off", "--split", "2", (dir / "a").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(dir / "a" / "args");
  std::vector<std::string> args;
  for (std::string line; std::getline(in, line);) args.push_back(line);
  ASSERT_GE(args.size(), 2u);
  EXPECT_EQ(std::vector<std::string>(args.end() - 2, args.end()),
            (std::vector<std::string>{"--cnf-tune", "cube-matching=off"}));
  args.insert(args.end(), {"--split", "2", (dir / "b").string()});
  ASSERT_EQ(testing::run_command(args).exit_code, 0);
  EXPECT_EQ(test::slurp(dir / "a" / "formula.cnf"), test::slurp(dir / "b" / "formula.cnf"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bel_pyramid
