// DIMACS files, compression, --var-map, stdout export and the
// malformed-certificate corpus (tests/data/certificates/EXPECTED), through the
// executable (the --cnf-tune table: test_cnf_tune.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>

#include "app/exit_codes.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "formats/certificate.hpp"
#include "formats/dimacs.hpp"
#include "model/strategy.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

using test::run_command;
using test::slurp;
using test::TempDir;

// Header counts exact, no tautology, no duplicate literal, literals in range.
void expect_dimacs_invariants(const std::string& text, const std::string& what) {
  const DimacsFile f = parse_dimacs(text, what);  // checks header counts and range
  for (std::size_t i = 0; i < f.clauses.size(); ++i) {
    std::set<int> lits(f.clauses[i].begin(), f.clauses[i].end());
    ASSERT_EQ(lits.size(), f.clauses[i].size())
        << what << ": duplicate literal in clause " << i + 1;
    for (int lit : lits)
      ASSERT_FALSE(lits.count(-lit)) << what << ": tautology in clause " << i + 1;
  }
  // Comments before the header carry no unquoted option for CaDiCaL.
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line) && line.rfind("c ", 0) == 0) {
    bool quoted = false;
    for (char ch : line) {
      if (ch == '\'') quoted = !quoted;
      ASSERT_FALSE(ch == '-' && !quoted) << what << ": unquoted '-' in " << line;
    }
  }
}

std::string without_first_line(const std::string& s) { return s.substr(s.find('\n') + 1); }

TEST(CnfFiles, ExportsAreValidAndDeterministicForEveryStrategy) {
  TempDir dir;
  for (const char* encoder : {"native", "z3"}) {
    for (const Strategy& s : strategies()) {
      const std::string cnf = (dir.path() / "f.cnf").string();
      const std::string cmd =
          fmt::format("{} 2 --strategy {} --cnf-encoder {} --cnf '{}' --skip-solver", test::kBinary,
                      s.name, encoder, cnf);
      ASSERT_EQ(run_command(cmd, dir.path()).exit_code, 0) << cmd;
      const std::string first = slurp(cnf);
      expect_dimacs_invariants(first, cmd);
      ASSERT_EQ(run_command(cmd, dir.path()).exit_code, 0);
      EXPECT_EQ(slurp(cnf), first) << "not deterministic: " << cmd;
    }
  }
}

TEST(CnfFiles, GzipAndXzRoundTripAndStdout) {
  TempDir dir;
  const auto path = [&](const char* name) { return (dir.path() / name).string(); };
  const std::string base = test::kBinary + " 3 --strategy YStep --skip-solver --cnf ";
  ASSERT_EQ(run_command(base + path("f.cnf"), dir.path()).exit_code, 0);
  ASSERT_EQ(run_command(base + path("f.cnf.gz"), dir.path()).exit_code, 0);
  ASSERT_EQ(run_command(base + path("f.cnf.xz"), dir.path()).exit_code, 0);
  const std::string plain = slurp(path("f.cnf"));
  EXPECT_NE(slurp(path("f.cnf.gz")), plain);
  EXPECT_EQ(without_first_line(read_input(path("f.cnf.gz"))), without_first_line(plain));
  EXPECT_EQ(without_first_line(read_input(path("f.cnf.xz"))), without_first_line(plain));
  const auto p = run_command(base + "-", dir.path());
  ASSERT_EQ(p.exit_code, 0);
  EXPECT_EQ(without_first_line(p.out), without_first_line(plain));
  EXPECT_NE(p.err.find("CNF exported in"), std::string::npos);
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().string().find(".tmp-"), std::string::npos)
        << "left behind: " << entry.path();
}

TEST(CnfFiles, FailedExportLeavesNoFile) {
  TempDir dir;
  const auto target = dir.path() / "missing_dir" / "f.cnf";
  const auto p =
      run_command(test::kBinary + " 2 --skip-solver --cnf '" + target.string() + "'", dir.path());
  EXPECT_NE(p.exit_code, 0);
  EXPECT_NE(p.err.find("bel_pyramid: error:"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST(CnfFiles, VarMapNamesEveryPrimaryVariable) {
  TempDir dir;
  const std::string map = (dir.path() / "map.txt").string();
  ASSERT_EQ(run_command(test::kBinary + " 2 --skip-solver --var-map " + map, dir.path()).exit_code,
            0);
  const std::string text = slurp(map);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 17 * 3 + 270);
  EXPECT_EQ(text.substr(0, text.find('\n')), "1 X[0][0]=0");
  EXPECT_NE(text.find("\n52 P(x=0,y=0,h=0)=(0,0,0)\n"), std::string::npos);
  ASSERT_EQ(
      run_command(test::kBinary + " 2 --skip-solver --cnf-encoder z3 --var-map " + map, dir.path())
          .exit_code,
      0);
  EXPECT_EQ(slurp(map).substr(0, slurp(map).find('\n')), "1 c0_r0_x0_y0_h0");
}

TEST(CertificateCorpus, EveryFileGivesItsExpectedMessage) {
  const std::filesystem::path data = std::filesystem::path(BEL_PYRAMID_TEST_DATA) / "certificates";
  std::istringstream manifest(slurp(data / "EXPECTED"));
  TempDir dir;
  std::string line;
  int cases = 0;
  while (std::getline(manifest, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::size_t start = 0;
    for (int k = 0; k < 3; ++k) {
      const std::size_t bar = line.find('|', start);
      f.push_back(line.substr(start, bar - start));
      start = bar + 1;
    }
    f.push_back(line.substr(start));
    SCOPED_TRACE(f[0]);
    ASSERT_TRUE(std::filesystem::exists(data / f[0]));
    const auto p = run_command(
        fmt::format("{} {} --cert '{}'", test::kBinary, f[1], (data / f[0]).string()), dir.path());
    EXPECT_EQ(p.exit_code, std::stoi(f[2])) << p.out << p.err;
    EXPECT_NE((p.out + p.err).find(f[3]), std::string::npos) << p.out << p.err;
    if (p.exit_code != 0 && p.exit_code != kExitUnknown) {
      EXPECT_EQ(std::count(p.err.begin(), p.err.end(), '\n'), 1)
          << "errors are one line: " << p.err;
      EXPECT_EQ(p.out.find("Solution:"), std::string::npos);
    }
    ++cases;
  }
  EXPECT_GE(cases, 20);
}

TEST(CertificateCorpus, StdinCertificate) {
  TempDir dir;
  const auto data = std::filesystem::path(BEL_PYRAMID_TEST_DATA) / "certificates";
  const auto p = run_command(
      test::kBinary + " 2 --cert - < '" + (data / "valid_n2.cert.xz").string() + "'", dir.path());
  EXPECT_EQ(p.exit_code, 0) << p.err;
  EXPECT_NE(
      p.out.find("Importing certificate from file \"-\".\nCertificate applied 321 assertion(s).\n"),
      std::string::npos);
  EXPECT_NE(p.out.find("Solution:\n+"), std::string::npos);
}

}  // namespace
}  // namespace bel_pyramid
