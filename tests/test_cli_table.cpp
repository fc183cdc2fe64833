// The command line as a usage table: every option with every kind of bad
// value → exit code and a fragment of the one stderr line. Each failed run
// must print exactly one line on stderr (a user error or a parse error), leave
// no file (and no temporary) under the requested output name, and leave an
// existing file there byte-for-byte intact.
//
// Tests run as root, so a chmod'ed directory does not stop a write; an
// unwritable directory is therefore a path below a regular file
// ("{tmp}/plain/x") or below /proc, which refuses new files even for root.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bel_pyramid/run.hpp"
#include "cli_runner.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using testing::run_command;

struct Row {
  std::vector<std::string> args;  // "{tmp}" and "{data}" are replaced
  int exit_code;
  std::string fragment;  // expected in the single stderr line
  std::string output;    // an output name (under {tmp}) that must not appear; "" if none
};

// kExitUsage: rejected by the option parser; kExitError: by our own checks.
const std::vector<Row>& rows() {
  static const std::vector<Row> table = {
      // N
      {{}, kExitError, "missing N", ""},
      {{"0"}, kExitError, "N must be at least 1, got 0", ""},
      {{"-1"}, kExitError, "N must be at least 1, got -1", ""},
      {{"-99999999999999999999"}, kExitError, "N must be", ""},
      {{"abc"}, kExitError, "N must be a positive integer, got \"abc\"", ""},
      {{"2.5"}, kExitError, "N must be a positive integer, got \"2.5\"", ""},
      {{"1e3"}, kExitError, "N must be a positive integer, got \"1e3\"", ""},
      {{"0x10"}, kExitError, "N must be a positive integer", ""},
      {{"+3"}, kExitError, "N must be a positive integer", ""},
      {{" 3"}, kExitError, "N must be a positive integer", ""},
      {{""}, kExitError, "missing N", ""},
      {{"99999999999999999999"}, kExitError, "is too large", ""},
      {{"100001"}, kExitError, "is too large", ""},
      {{"40"}, kExitError, "largest N that fits", ""},
      {{"40", "--solver", "z3"}, kExitError, "largest N that fits", ""},
      {{"3", "4"}, kExitUsage, "4", ""},
      // unknown options and missing values
      {{"3", "--bogus"}, kExitUsage, "--bogus", ""},
      {{"3", "--strategyy", "ystep"}, kExitUsage, "--strategyy", ""},
      {{"3", "--strategy"}, kExitUsage, "--strategy", ""},
      {{"3", "--solver"}, kExitUsage, "--solver", ""},
      {{"3", "--timeout"}, kExitUsage, "--timeout", ""},
      {{"3", "--cnf"}, kExitUsage, "--cnf", ""},
      // names from the tables
      {{"3", "--strategy", "Foo"}, kExitUsage, "Foo not in {", ""},
      {{"3", "--strategy", "ystepp"}, kExitUsage, "ystepp not in {", ""},
      {{"3", "--strategy", ""}, kExitUsage, "not in {", ""},
      {{"3", "--tactic", "sat"}, kExitUsage, "sat not in {qffd,qflia,z3-default}", ""},
      {{"3", "--tactic", "qfd"}, kExitUsage, "qfd not in {", ""},
      {{"3", "--finite-domain", "bool"}, kExitUsage, "bool not in {int,enum}", ""},
      {{"3", "--finite-domain", "enums"}, kExitUsage, "enums not in {int,enum}", ""},
      {{"3", "--solver", "minisat"}, kExitUsage, "minisat not in {", ""},
      {{"3", "--solver", "cadicall"}, kExitUsage, "cadicall not in {", ""},
      {{"3", "--solver", ""}, kExitUsage, "not in {", ""},
      {{"3", "--cnf-encoder", "kissat"}, kExitUsage, "kissat not in {native,z3}", ""},
      {{"3", "--cnf-encoder", "natve"}, kExitUsage, "natve not in {", ""},
      {{"2", "--cnf-tune", "bogus=1", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "unknown key \"bogus\"",
       "t.cnf"},
      {{"2", "--cnf-tune", "cube-amo", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expects KEY=VALUE",
       "t.cnf"},
      {{"2", "--cnf-tune", "cube-amo=tree", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expected pairwise",
       "t.cnf"},
      {{"2", "--cnf-tune", "order-ladder=maybe", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expected on or off",
       "t.cnf"},
      {{"2", "--cnf-tune", "count-doubles=2", "--cnf", "{tmp}/t.cnf"},
       kExitError,
       "expected on or off",
       "t.cnf"},
      {{"2", "--cnf-tune", "cadical-config=fast", "--solver", "cadical"},
       kExitError,
       "expected default, sat or unsat",
       ""},
      {{"2", "--cnf-tune", "cadical-phase=2", "--solver", "cadical"},
       kExitError,
       "expected 0 or 1",
       ""},
      {{"2", "--cnf-tune", "bogus=1", "--solver", "cadical"},
       kExitError,
       "unknown key \"bogus\"",
       ""},
      // conflicting outputs on standard output / input
      {{"2", "--cnf", "-", "--smt2", "-"},
       kExitError,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--cnf", "-", "--var-map", "-"},
       kExitError,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--smt2", "-", "--var-map", "-"},
       kExitError,
       "only one of --cnf, --smt2 and --var-map",
       ""},
      {{"2", "--cnf", "-", "--cert", "-"}, kExitError, "cannot both read standard input", ""},
      // --timeout
      {{"2", "--timeout", "-1"},
       kExitError,
       "--timeout must be a positive number of seconds, got \"-1\"",
       ""},
      {{"2", "--timeout", "0"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "abc"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "nan"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "inf"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "1e400"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", "5s"}, kExitError, "--timeout must be a positive number", ""},
      {{"2", "--timeout", ""}, kExitError, "--timeout needs a value", ""},
      // --seed
      {{"2", "--seed", "-1"}, kExitError, "--seed must be an integer from 0 to 4294967295", ""},
      {{"2", "--seed", "abc"}, kExitError, "--seed must be an integer", ""},
      {{"2", "--seed", "1.5"}, kExitError, "--seed must be an integer", ""},
      {{"2", "--seed", "4294967296"}, kExitError, "--seed must be an integer", ""},
      {{"2", "--seed", ""}, kExitError, "--seed needs a value", ""},
      // --threads
      {{"2", "--threads", "0"}, kExitError, "--threads must be an integer from 1 to 256", ""},
      {{"2", "--threads", "257"}, kExitError, "--threads must be an integer from 1 to 256", ""},
      {{"2", "--threads", "two"}, kExitError, "--threads must be an integer", ""},
      {{"2", "--threads", ""}, kExitError, "--threads needs a value", ""},
      {{"2", "--threads", "1"}, kExitError, "the portfolio needs at least 2", ""},
      {{"2", "--solver", "cadical", "--threads", "2"},
       kExitError,
       "solver \"cadical\" runs in one thread",
       ""},
      {{"2", "--solver", "z3", "--threads", "4"},
       kExitError,
       "solver \"z3\" runs in one thread",
       ""},
      {{"2", "--cert", ""}, kExitError, "--cert needs a value", ""},
  };
  return table;
}

// Each output option into each kind of unwritable place.
std::vector<Row> output_rows() {
  std::vector<Row> out;
  for (const std::string option : {"--cnf", "--smt2", "--var-map"}) {
    const auto row = [&](std::string path, std::string fragment, std::string output) {
      out.push_back({{"2", option, path, "--skip-solver"}, kExitError, fragment, output});
    };
    row("{tmp}/no/such/dir/x.out", "cannot create \"{tmp}/no/such/dir/x.out\": No such file", "");
    row("{tmp}/plain/x.out", "cannot create \"{tmp}/plain/x.out\": Not a directory", "");
    row("/proc/bel_pyramid_test.out", "cannot create \"/proc/bel_pyramid_test.out\"", "");
    row("{tmp}", "it is a directory", "");
    row("/dev/full", "cannot write \"/dev/full\": No space left on device", "");
    row("", option + " needs a value", "");
  }
  // A later output that fails must not leave the earlier ones behind, whether
  // its name is bad or the write fails (/dev/full): outputs appear together.
  out.push_back({{"2", "--var-map", "{tmp}/m.txt", "--cnf", "/dev/full", "--skip-solver"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "m.txt"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf", "--smt2", "/dev/full", "--skip-solver"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "c.cnf"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf.xz", "--var-map", "{tmp}/m.txt", "--smt2", "/dev/full",
                  "--skip-solver"},
                 kExitError,
                 "cannot write \"/dev/full\"",
                 "m.txt"});
  out.push_back({{"2", "--var-map", "{tmp}/m.txt", "--cnf", "{tmp}/plain/c.cnf", "--skip-solver"},
                 kExitError,
                 "Not a directory",
                 "m.txt"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf", "--smt2", "/proc/x.smt2", "--skip-solver"},
                 kExitError,
                 "cannot create \"/proc/x.smt2\"",
                 "c.cnf"});
  out.push_back({{"2", "--var-map", "{tmp}/m.txt", "--cnf", "{tmp}/c.cnf", "--smt2", "{tmp}/no/x",
                  "--solver", "z3"},
                 kExitError,
                 "No such file",
                 "c.cnf"});
  out.push_back({{"2", "--cnf", "{tmp}/c.cnf.gz", "--smt2", "{tmp}", "--skip-solver"},
                 kExitError,
                 "it is a directory",
                 "c.cnf.gz"});
  return out;
}

// Each kind of bad certificate, for N=2 unless the row says otherwise.
std::vector<Row> certificate_rows() {
  const auto cert = [](std::string path, std::string fragment, std::string n = "2") {
    return Row{{n, "--cert", path}, kExitError, fragment, ""};
  };
  return {
      cert("{tmp}/missing.cert", "cannot open \"{tmp}/missing.cert\": No such file"),
      cert("{tmp}", "cannot read \"{tmp}\""),
      cert("{tmp}/empty.cert", "{tmp}/empty.cert:1: parse error: empty certificate"),
      cert("{tmp}/blank.cert", "{tmp}/blank.cert:1: parse error: empty certificate"),
      cert("{tmp}/binary.cert", "{tmp}/binary.cert:1: parse error: binary data"),
      cert("{tmp}/huge.cert", "{tmp}/huge.cert:2500002: parse error: invalid literal \"3x\""),
      cert("{tmp}/truncated.cert", "{tmp}/truncated.cert:3: parse error: invalid literal \"-\""),
      cert("{data}/wrong_n.cert", "likely comes from a different N", "3"),
      cert("{data}/valid_n2.cert", "likely comes from a different N", "3"),
      cert("{data}/valid_n2.cert", "valid_n2.cert:2: parse error: literal 5 out of range", "1"),
      cert("{data}/corrupt_gzip.cert", "parse error: truncated gzip data"),
      cert("/dev/full", "/dev/full:1: parse error: binary data"),  // endless zeros: stops early
      cert("/dev/null", "/dev/null:1: parse error: empty certificate"),
  };
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string substitute(std::string s, const std::string& key, const std::string& value) {
  for (std::size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + value.size()))
    s.replace(at, key.size(), value);
  return s;
}

class CliTable : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "bel_pyramid_table_XXXXXX").string();
    tmp_ = ::mkdtemp(pattern.data());
    std::ofstream(tmp_ / "plain") << "a regular file, not a directory\n";
    std::ofstream(tmp_ / "empty.cert");
    std::ofstream(tmp_ / "blank.cert") << "\n  \n\t\n";
    std::ofstream(tmp_ / "binary.cert", std::ios::binary) << std::string(
        "\x7f"
        "ELF\x02\x01\x01\0\0",
        9);
    std::ofstream(tmp_ / "truncated.cert") << "c cut off mid-line\ns SATISFIABLE\nv 1 -2 -";
    std::ofstream huge(tmp_ / "huge.cert");  // ~20 MB; the bad token is on its last line
    huge << "s SATISFIABLE\n";
    const std::string line = "v 1 -2 3\n";
    for (int i = 0; i < 2500000; ++i) huge << line;
    huge << "v 3x 0\n";
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  static std::string expand(const std::string& s) {
    return substitute(substitute(s, "{tmp}", tmp_.string()), "{data}",
                      BEL_PYRAMID_TEST_DATA "/certificates");
  }

  // Runs one row, first with its output absent and then with an old file there.
  static void check(const Row& row) {
    std::vector<std::string> args;
    for (const std::string& a : row.args) args.push_back(expand(a));
    SCOPED_TRACE(fmt::format("bel_pyramid {}", fmt::join(args, " ")));
    const fs::path output = tmp_ / row.output;
    for (const bool existed : {false, true}) {
      const std::string old = "an older file that a failed run must keep\n";
      if (!row.output.empty()) {
        fs::remove(output);
        if (existed) std::ofstream(output) << old;
      }
      const auto r = run_command(args);
      EXPECT_EQ(r.exit_code, row.exit_code);
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      const bool user_error = r.err.rfind("bel_pyramid: error: ", 0) == 0;
      EXPECT_TRUE(user_error || r.err.find(": parse error: ") != std::string::npos) << r.err;
      EXPECT_NE(r.err.find(expand(row.fragment)), std::string::npos) << r.err;
      if (!row.output.empty()) {
        EXPECT_EQ(fs::exists(output), existed);
        if (existed) EXPECT_EQ(slurp(output), old);
      }
      for (const auto& entry : fs::directory_iterator(tmp_))
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos)
            << entry.path();
      if (row.output.empty()) break;
    }
  }

  static inline fs::path tmp_;
};

TEST_F(CliTable, OptionValues) {
  for (const Row& row : rows()) check(row);
}

TEST_F(CliTable, OutputTargets) {
  for (const Row& row : output_rows()) check(row);
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/full was replaced";
}

// The positive control: a run that succeeds publishes every output.
TEST_F(CliTable, SuccessfulRunPublishesEveryOutput) {
  const auto r =
      run_command({"2", "--cnf", expand("{tmp}/ok.cnf.gz"), "--var-map", expand("{tmp}/ok.map"),
                   "--smt2", expand("{tmp}/ok.smt2"), "--skip-solver"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  for (const char* name : {"ok.cnf.gz", "ok.map", "ok.smt2"}) {
    EXPECT_GT(fs::file_size(tmp_ / name), 0u) << name;
    fs::remove(tmp_ / name);
  }
}

TEST_F(CliTable, Certificates) {
  for (const Row& row : certificate_rows()) check(row);
}

// The memory guard estimates what the run builds: N=12 is far too large for
// the Z3 lowering on any test machine, while local search only keeps O(cubes).
TEST(MemoryGuard, RefusesForZ3WhatLocalSearchRuns) {
  const auto z3 = run_command({"12", "--solver", "z3"});
  EXPECT_EQ(z3.exit_code, kExitError);
  EXPECT_NE(z3.err.find("N=12 needs about"), std::string::npos) << z3.err;
  EXPECT_NE(z3.err.find("(largest N that fits: "), std::string::npos) << z3.err;
  const auto local = run_command({"12", "--solver", "local", "--timeout", "0.5"});
  EXPECT_EQ(local.exit_code, kExitUnknown) << local.err;
  EXPECT_NE(local.out.find("Solver gave up after"), std::string::npos);
}

TEST(MemoryGuard, EstimateFollowsThePath) {
  const auto estimate = [](SolverKind solver, std::string cnf, std::string smt2, bool skip) {
    Options o;
    o.levels = 6;
    o.solver = solver;
    o.cnf_path = std::move(cnf);
    o.smt2_path = std::move(smt2);
    o.skip_solver = skip;
    return estimated_memory_bytes(o);
  };
  const double z3 = estimate(SolverKind::Z3, "", "", false);
  const double cadical = estimate(SolverKind::Cadical, "", "", false);
  const double cnf_only = estimate(SolverKind::Local, "x.cnf", "", true);
  const double local = estimate(SolverKind::Local, "", "", false);
  EXPECT_GT(z3, cadical);
  EXPECT_EQ(cadical, estimate(SolverKind::Portfolio, "", "", false));
  EXPECT_GT(cadical, cnf_only);
  EXPECT_GT(cnf_only, local);
  EXPECT_EQ(z3, estimate(SolverKind::Local, "", "x.smt2", false));  // the export lowers to Z3
  // Measured peak RSS at N=6: CaDiCaL 474 MB, CNF export 67 MB; the guard must not
  // estimate below what was measured.
  EXPECT_GT(cadical, 474e6);
  EXPECT_GT(cnf_only, 67e6);
  EXPECT_LT(local, 64e6);
}

// The table is the count the reliability report quotes.
TEST_F(CliTable, CoversEveryBadInputKind) {
  EXPECT_GE(rows().size() + output_rows().size() + certificate_rows().size(), 90u);
}

}  // namespace
}  // namespace bel_pyramid
