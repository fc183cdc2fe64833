// --check and --json: published solutions check as valid, mutated copies get
// the exact message, truncated and garbled drawings get parse errors with
// their line, a JSON written by a solve reads back through --check, and an
// in-process caller gets the summary the JSON is written from.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/cli.hpp"
#include "app/exit_codes.hpp"
#include "app/run.hpp"
#include "cli_runner.hpp"
#include "formats/json_result.hpp"
#include "formats/knuth_format.hpp"
#include "formats/run_summary.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using test::slurp;
using test::TempDir;
using testing::run_command;

std::vector<fs::path> published_solutions() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(BEL_PYRAMID_TEST_DATA) / "solutions"))
    files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(Check, EveryPublishedSolutionIsValid) {
  for (const fs::path& file : published_solutions()) {
    const auto r = run_command({"--check", file.string()});
    ASSERT_EQ(r.exit_code, kExitOk) << file << r.err;
    const Solution s = parse_knuth(slurp(file), file.string());
    EXPECT_NE(
        r.out.find(fmt::format("\"{}\" is a valid {}-level solution", file.string(), s.levels())),
        std::string::npos)
        << r.out;
    EXPECT_EQ(r.err, "");
  }
}

TEST(Check, TheToolsOwnReportsCheckInEveryForm) {
  const TempDir dir;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"3", "--solver", "cadical", "--seed", "1"},
        std::vector<std::string>{"3", "--solver", "cadical", "--seed", "1", "-q"},
        std::vector<std::string>{"--check",
                                 std::string(BEL_PYRAMID_TEST_DATA) + "/solutions/n3.txt"}}) {
    const auto made = run_command(args);
    ASSERT_EQ(made.exit_code, kExitOk) << made.err;
    const fs::path report = dir.path() / "report.txt";
    write(report, made.out);
    const auto r = run_command({"--check", report.string(), "--sat-exit-codes"});
    EXPECT_EQ(r.exit_code, kSatExitSolution) << r.err;  // 10, as a solve that found one
    EXPECT_NE(r.out.find("is a valid 3-level solution"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.substr(r.out.find("Solution:")), made.out.substr(made.out.find("Solution:")));
  }
  // A report of several: refused with the line of the second, not guessed.
  const auto sample = run_command({"3", "--sample", "2", "--solver", "xcc", "--seed", "1"});
  write(dir.path() / "sample.txt", sample.out);
  const auto several = run_command({"--check", (dir.path() / "sample.txt").string()});
  EXPECT_EQ(several.exit_code, kExitError);
  EXPECT_NE(several.err.find("parse error: the report holds 2 solutions; --check reads one"),
            std::string::npos)
      << several.err;
  // A broken drawing inside a report is named by the report's own line.
  std::string broken = run_command({"3", "--solver", "cadical", "--seed", "1"}).out;
  const std::size_t frame = broken.find("\n+", broken.find("Solution:"));
  const long line = std::count(broken.begin(), broken.begin() + frame + 1, '\n') + 2;
  broken.replace(broken.find('|', frame) + 3, 1, "9");
  write(dir.path() / "broken.txt", broken);
  const auto bad = run_command({"--check", (dir.path() / "broken.txt").string()});
  EXPECT_EQ(bad.exit_code, kExitError);
  EXPECT_NE(bad.err.find(fmt::format("broken.txt:{}: parse error", line)), std::string::npos)
      << bad.err;
}

TEST(Check, MutatedSolutionGetsTheExactMessage) {
  const TempDir tmp;
  const fs::path bad = tmp.path() / "bad.txt";
  std::string text = slurp(fs::path(BEL_PYRAMID_TEST_DATA) / "solutions/n3.txt");
  text.replace(text.find(" 4  3  4  4  1"), 14, " 4  3  4  4  2");  // Z[0][4]: 1 -> 2
  write(bad, text);
  const auto r = run_command({"--check", bad.string()});
  EXPECT_EQ(r.exit_code, kExitError);
  // (x=4,y=0,h=0) was (1,1,4) and is now (1,2,4), the cube already at (x=4,y=1,h=0).
  EXPECT_EQ(r.err, fmt::format("bel_pyramid: error: \"{}\" is not a valid 3-level solution: cube "
                               "(1,2,4) is used 2 times, at (x=4,y=0,h=0) (x=4,y=1,h=0); cube "
                               "(1,1,4) is missing\n",
                               bad.string()));
}

TEST(Check, EveryMutatedLabelIsCaught) {
  const TempDir tmp;
  for (const fs::path& file : published_solutions()) {
    const Solution s = parse_knuth(slurp(file), file.string());
    const Pyramid p(s.levels());
    if (p.labels() < 2) continue;
    for (int v = 0; v < p.var_count(); v += 5) {
      std::vector<int> labels = s.labels();
      labels[v] = (labels[v] + 1) % p.labels();
      const fs::path bad = tmp.path() / "mutated.txt";
      write(bad, format_knuth(p, Solution(p.levels(), labels)));
      const auto r = run_command({"--check", bad.string()});
      EXPECT_EQ(r.exit_code, kExitError) << file << " " << p.var_name(v);
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_NE(r.err.find("is used 2 times, at (x="), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("is missing"), std::string::npos) << r.err;
    }
  }
}

TEST(Check, TruncatedDrawingsNameTheLineAfterTheEnd) {
  const TempDir tmp;
  const auto lines = lines_of(slurp(fs::path(BEL_PYRAMID_TEST_DATA) / "solutions/n4.txt"));
  for (std::size_t keep = 0; keep < lines.size(); ++keep) {
    std::string text;
    for (std::size_t i = 0; i < keep; ++i) text += lines[i] + "\n";
    const fs::path cut = tmp.path() / "cut.txt";
    write(cut, text);
    const auto r = run_command({"--check", cut.string()});
    EXPECT_EQ(r.exit_code, kExitError);
    EXPECT_EQ(r.err.rfind(fmt::format("{}:{}: parse error: unexpected end of file, expected ",
                                      cut.string(), keep + 1),
                          0),
              0u)
        << r.err;
  }
}

TEST(Check, GarbledDrawingsNameTheirLine) {
  const TempDir tmp;
  const std::string good = slurp(fs::path(BEL_PYRAMID_TEST_DATA) / "solutions/n3.txt");
  const struct {
    std::string from, to;
    int line;
    std::string what;
  } cases[] = {
      {"|  2  1  2  0  4 |", "|  2  1  x  0  4 |", 3, "'x' is not a label"},
      {"|  2  1  2  0  4 |", "|  2  1     0  4 |", 3, "the Z label in column 2 is blank"},
      {"+----------------+\n   3", "+---------------+\n   3", 7, "expected the bottom frame"},
      {"|  3  4  3  2  2 |  2  0  3", "|  3  4  3  2  2 |  2  0", 4, "expected 3 Y labels"},
      {"      4  3  0", "      4  3", 9, "column 3 at height 1 must be a label"},
      {"         3\n", "         3\nextra\n", 11, "unexpected text after the solution"},
  };
  for (const auto& c : cases) {
    std::string text = good;
    ASSERT_NE(text.find(c.from), std::string::npos) << c.from;
    text.replace(text.find(c.from), c.from.size(), c.to);
    const fs::path bad = tmp.path() / "garbled.txt";
    write(bad, text);
    const auto r = run_command({"--check", bad.string()});
    EXPECT_EQ(r.exit_code, kExitError);
    EXPECT_EQ(r.err.rfind(fmt::format("{}:{}: parse error: ", bad.string(), c.line), 0), 0u)
        << r.err;
    EXPECT_NE(r.err.find(c.what), std::string::npos) << r.err;
  }
}

TEST(Check, StrategiesAndNMustAgree) {
  const std::string n3 = BEL_PYRAMID_TEST_DATA "/solutions/n3.txt";
  const auto ystep = run_command({"--check", n3, "--strategy", "YStep"});
  EXPECT_EQ(ystep.exit_code, kExitError);
  EXPECT_NE(ystep.err.find("is a valid 3-level solution but violates strategy YStep"),
            std::string::npos)
      << ystep.err;
  const auto bottom =
      run_command({"--check", BEL_PYRAMID_TEST_DATA "/solutions/n3_constructive_bottom.txt",
                   "--strategy", "ConstructiveBottom"});
  EXPECT_EQ(bottom.exit_code, kExitOk) << bottom.err;
  EXPECT_NE(bottom.out.find("it satisfies every strategy given"), std::string::npos);
  EXPECT_EQ(run_command({"3", "--check", n3}).exit_code, kExitOk);
  EXPECT_EQ(
      run_command({"4", "--check", n3}).err,
      fmt::format("bel_pyramid: error: \"{}\" holds a 3-level solution, but N=4 was given\n", n3));
}

// ---- JSON ----

using Json = nlohmann::json;

TEST(Json, SolveWritesJsonThatValidatesAndReadsBack) {
  const TempDir tmp;
  const fs::path path = tmp.path() / "run.json";
  const auto r = run_command(
      {"3", "--solver", "cadical", "--seed", "2", "--strategy", "YStep", "--json", path.string()});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  const Json doc = Json::parse(slurp(path));
  EXPECT_EQ(doc["schema_version"], 1);
  EXPECT_EQ(doc["status"], "sat");
  EXPECT_EQ(doc["solver"], "cadical");
  EXPECT_EQ(doc["seed"], 2);
  EXPECT_EQ(doc["levels"], 3);
  EXPECT_EQ(doc["domain"], "int");
  EXPECT_EQ(doc["strategies"], Json::parse(R"([{"name":"YStep","constraints":9}])"));
  EXPECT_GE(doc["timings"]["solve_seconds"].get<double>(), 0.0);
  // The labels, read independently of the tool's reader, form a valid solution.
  const Pyramid p(3);
  std::vector<int> labels(p.var_count());
  for (int i = 0; i < p.base(); ++i) {
    for (int h = 0; h < p.tri(i); ++h) labels[p.x_var(i, h)] = doc["solution"]["X"][i][h];
    for (int h = 0; h < p.tri(i); ++h) labels[p.y_var(i, h)] = doc["solution"]["Y"][i][h];
    for (int x = 0; x < p.base(); ++x) labels[p.z_var(i, x)] = doc["solution"]["Z"][i][x];
  }
  const Solution s(3, labels);
  EXPECT_TRUE(validate(p, s).ok);
  EXPECT_NE(r.out.find(format_knuth(p, s)), std::string::npos);  // the printed solution
  ASSERT_EQ(doc["solution"]["cubes"].size(), 35u);
  EXPECT_EQ(doc["solution"]["cubes"][7],
            Json::parse(R"({"x":1,"y":1,"h":1,"cube":[)" +
                        fmt::format("{}", fmt::join(s.cube_at(p, {1, 1, 1}), ",")) + "]}"));
  const auto check = run_command({"--check", path.string()});
  EXPECT_EQ(check.exit_code, kExitOk) << check.err;
  EXPECT_NE(check.out.find(format_knuth(p, s)), std::string::npos);
}

TEST(Json, StdoutCarriesOnlyTheJson) {
  const auto r = run_command({"2", "--json", "-"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  const Json doc = Json::parse(r.out);  // throws if anything else is on stdout
  EXPECT_EQ(doc["status"], "sat");
  EXPECT_NE(r.err.find("Solving Bel's Pyramid for 2 levels."), std::string::npos);
  EXPECT_NE(r.err.find("Solution:"), std::string::npos);
  const auto check =
      run_command({"--check", BEL_PYRAMID_TEST_DATA "/solutions/n2.txt", "--json", "-"});
  EXPECT_EQ(Json::parse(check.out)["source"], "check");
}

TEST(Json, UnsatUnknownAndSkippedKeepTheirJson) {
  const auto unsat = run_command(
      {"3", "--strategy", "XStep", "--strategy", "YStep", "--solver", "cadical", "--json", "-"});
  ASSERT_EQ(unsat.exit_code, kExitOk) << unsat.err;
  EXPECT_EQ(Json::parse(unsat.out)["status"], "unsat");
  EXPECT_TRUE(Json::parse(unsat.out)["solution"].is_null());
  const auto unknown = run_command({"5", "--solver", "local", "--timeout", "0.05", "--json", "-"});
  ASSERT_EQ(unknown.exit_code, kExitUnknown) << unknown.err;
  EXPECT_EQ(Json::parse(unknown.out)["status"], "unknown");
  EXPECT_NE(Json::parse(unknown.out)["reason"].get<std::string>().find("time limit"),
            std::string::npos);
  const auto skipped = run_command({"2", "--skip-solver", "--json", "-"});
  EXPECT_EQ(Json::parse(skipped.out)["status"], "unknown");
}

TEST(Json, CertificateRunsReportTheirSource) {
  const auto r = run_command(
      {"2", "--cert", BEL_PYRAMID_TEST_DATA "/certificates/valid_n2.cert", "--json", "-"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  const Json doc = Json::parse(r.out);
  EXPECT_EQ(doc["source"], "certificate");
  EXPECT_EQ(doc["status"], "sat");
  const auto unsat =
      run_command({"2", "--cert", BEL_PYRAMID_TEST_DATA "/certificates/unsat.cert", "--json", "-"});
  EXPECT_EQ(Json::parse(unsat.out)["status"], "unsat");
}

TEST(Json, BadDocumentsAreParseErrors) {
  const TempDir tmp;
  const fs::path path = tmp.path() / "doc.json";
  const std::pair<std::string, std::string> cases[] = {
      {"{\n\"schema_version\": 1,\n  oops\n}", ":3: parse error: invalid JSON"},
      {"{\"schema_version\": 2}", ": parse error: schema_version 2 is not supported"},
      {"{\"schema_version\": 1e999}", ": parse error: invalid JSON: number overflow"},
      {"{\"schema_version\": 1, \"levels\": 2, \"solution\": null, \"status\": \"unsat\"}",
       ": parse error: it holds no solution (status \"unsat\")"},
      {"{\"schema_version\": 1, \"levels\": 2, \"solution\": {\"X\": [[0], [1]]}}",
       ": parse error: \"X\" must be an array of 3 lines"},
      {"{\"schema_version\": 1, \"levels\": 1, \"solution\": {\"X\": [[0]], \"Y\": [[-1]], "
       "\"Z\": [[0]]}}",
       ": parse error: \"Y\"[0] holds -1, which is not a label"},
      {"{\"schema_version\": 1, \"levels\": 1, \"solution\": {\"X\": [[0]], \"Y\": [[0]], "
       "\"Z\": [[0]], \"cubes\": [{\"x\": 0, \"y\": 0, \"h\": 0, \"cube\": [0, 0, 1]}]}}",
       ": parse error: \"cubes\"[0] says [0,0,1] at (x=0,y=0,h=0), but the X, Y and Z labels "
       "give (0,0,0)"},
  };
  for (const auto& [text, message] : cases) {
    write(path, text);
    const auto r = run_command({"--check", path.string()});
    EXPECT_EQ(r.exit_code, kExitError);
    EXPECT_EQ(r.err.rfind(path.string() + message, 0), 0u) << r.err;
  }
}

// An in-process caller gets the RunSummary of every run that makes one,
// the one its --json is written from; the outputs are those of a run without it.
RunSummary summary_of(const std::vector<std::string>& args, std::string* json = nullptr) {
  Options options = read_command_line(args);
  RunSummary summary;
  options.summary = &summary;
  std::ostringstream out, err;
  run(options, out, err);
  if (json) *json = out.str();
  return summary;
}

TEST(Json, TheRunHandsItsSummaryToTheCaller) {
  std::string json;
  const RunSummary race =
      summary_of({"3", "--portfolio", "local,local", "--seed", "5", "--json", "-"}, &json);
  EXPECT_EQ(race.source, "solve");
  EXPECT_EQ(race.status, "sat");
  EXPECT_EQ(race.solver, "portfolio");
  EXPECT_EQ(race.answered_by, "local");
  ASSERT_TRUE(race.answered_by_seed.has_value());
  EXPECT_TRUE(*race.answered_by_seed == 5 || *race.answered_by_seed == 6);
  ASSERT_TRUE(race.solution.has_value());
  EXPECT_TRUE(validate(Pyramid(3), *race.solution).ok);
  EXPECT_EQ(to_json(race), json);  // the document --json wrote
  const RunSummary count = summary_of({"2", "--count", "--up-to-symmetry"});
  EXPECT_EQ(count.source, "count");
  ASSERT_TRUE(count.count.has_value());
  EXPECT_EQ(count.count->solutions, 2112);
  EXPECT_EQ(count.count->classes, 31);
  EXPECT_GT(count.count->nodes, 0);
  EXPECT_TRUE(summary_of({"4", "--count", "--estimate", "10"}).count->estimate);
  EXPECT_EQ(summary_of({"2", "--skip-solver"}).reason, "the solver was skipped (--skip-solver)");
  EXPECT_EQ(summary_of({"--check", BEL_PYRAMID_TEST_DATA "/solutions/n2.txt"}).source, "check");
  EXPECT_EQ(summary_of({"2", "--cert", BEL_PYRAMID_TEST_DATA "/certificates/unsat.cert"}).status,
            "unsat");
}

// Arguments and file names may hold any bytes; the JSON stays valid UTF-8.
TEST(Json, FileNamesThatAreNotUtf8) {
  const TempDir tmp;
  const fs::path path = tmp.path() / "\xff.txt";
  fs::copy_file(BEL_PYRAMID_TEST_DATA "/solutions/n2.txt", path);
  const auto r = run_command({"--check", path.string(), "--json", "-"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(Json::parse(r.out)["input"].get<std::string>().find("\xEF\xBF\xBD.txt"),
            std::string::npos);
}

}  // namespace
}  // namespace bel_pyramid
