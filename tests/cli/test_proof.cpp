// --proof end to end through the real binary: CaDiCaL's binary DRAT proof is
// whole and well-formed (drat_reader.hpp), over the variables of the CNF that
// --cnf writes for the same arguments, and verified against that CNF by the
// project's checker (bel_pyramid_check_proof) and, when DRAT_TRIM names a
// built drat-trim, by drat-trim too. The checkers refuse it against another
// formula, and refuse it corrupted: cut short, a literal flipped, clauses
// deleted before they are used. A SAT or unknown answer leaves no proof file
// and no temporary.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "drat_reader.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using test::run_command;
using test::TempDir;

// V of the "p cnf V C" line.
std::uint64_t cnf_variables(const fs::path& cnf) {
  std::istringstream in(test::slurp(cnf));
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("p cnf ", 0) == 0) return std::stoull(line.substr(6));
  ADD_FAILURE() << "no p line in " << cnf;
  return 0;
}

const char* drat_trim() { return std::getenv("DRAT_TRIM"); }

// drat-trim's verdict on CNF + proof: true for "s VERIFIED".
bool drat_trim_verifies(const fs::path& cnf, const fs::path& proof, const fs::path& dir) {
  const auto p = run_command(
      fmt::format("'{}' '{}' '{}' -t 600", drat_trim(), cnf.string(), proof.string()), dir);
  return p.out.find("s VERIFIED") != std::string::npos;  // after "\n\r"; not "s NOT VERIFIED"
}

// The project checker's verdict: true for "s VERIFIED" (exit 0), false for
// "s NOT VERIFIED" (exit 1); anything else fails the test.
bool checker_verifies(const fs::path& cnf, const fs::path& proof, const fs::path& dir) {
  const auto p = run_command(
      fmt::format("'{}' '{}' '{}'", test::kCheckProof, cnf.string(), proof.string()), dir);
  EXPECT_TRUE((p.exit_code == 0 && p.out == "s VERIFIED\n") ||
              (p.exit_code == 1 && p.out == "s NOT VERIFIED\n"))
      << p.exit_code << " " << p.out << p.err;
  return p.exit_code == 0;
}

// Both checkers' verdict (drat-trim's when DRAT_TRIM is set), which must agree.
bool verifies(const fs::path& cnf, const fs::path& proof, const fs::path& dir) {
  const bool ours = checker_verifies(cnf, proof, dir);
  if (drat_trim()) EXPECT_EQ(drat_trim_verifies(cnf, proof, dir), ours) << proof;
  return ours;
}

struct Proved {
  test::Process run;
  fs::path cnf, proof, json;
};

// Solves with --proof (and `search_args`, such as --seed, which an export
// refuses) and exports the CNF of the same formulation arguments.
Proved prove(const std::string& args, const TempDir& dir, const std::string& search_args = "") {
  Proved p{{}, dir.path() / "f.cnf", dir.path() / "p.drat", dir.path() / "r.json"};
  p.run =
      run_command(fmt::format("{} {} {} --solver cadical --proof '{}' --json '{}'", test::kBinary,
                              args, search_args, p.proof.string(), p.json.string()),
                  dir.path());
  const auto cnf = run_command(
      fmt::format("{} {} --cnf '{}' --skip-solver", test::kBinary, args, p.cnf.string()),
      dir.path());
  EXPECT_EQ(cnf.exit_code, 0) << cnf.err;
  return p;
}

void expect_checked_proof(const Proved& p, const TempDir& dir) {
  ASSERT_EQ(p.run.exit_code, 0) << p.run.err;
  EXPECT_NE(p.run.out.find("No solution exists"), std::string::npos) << p.run.out;
  EXPECT_NE(p.run.out.find("Proof written to"), std::string::npos) << p.run.out;
  const test::DratProof proof = test::read_binary_drat(test::slurp(p.proof));
  EXPECT_GT(proof.added, 0u);
  EXPECT_TRUE(proof.adds_empty_clause);
  EXPECT_LE(proof.max_var, cnf_variables(p.cnf));
  const auto json = nlohmann::json::parse(test::slurp(p.json));
  EXPECT_EQ(json["status"], "unsat");
  EXPECT_EQ(json["proof"]["path"], p.proof.string());
  EXPECT_EQ(json["proof"]["format"], "binary DRAT");
  EXPECT_TRUE(verifies(p.cnf, p.proof, dir.path()));
}

TEST(Proof, XStepYStepN3IsWellFormedAndVerified) {
  TempDir dir;
  const Proved p = prove("3 --strategy XStep --strategy YStep", dir);
  expect_checked_proof(p, dir);
  const auto json = nlohmann::json::parse(test::slurp(p.json));
  EXPECT_TRUE(json["proof"]["symmetry_breaking"].empty());
  EXPECT_EQ(p.run.out.find("reduced by symmetry breaking"), std::string::npos);
  // Negative control: the same proof does not refute another formula
  // (XStep alone has solutions), so the checkers really check.
  const fs::path other = dir.path() / "other.cnf";
  ASSERT_EQ(run_command(fmt::format("{} 3 --strategy XStep --cnf '{}' --skip-solver", test::kBinary,
                                    other.string()),
                        dir.path())
                .exit_code,
            0);
  EXPECT_FALSE(verifies(other, p.proof, dir.path()));
}

// The proof, corrupted by `edit`, written to DIR/bad.drat.
fs::path corrupted(const Proved& p, const TempDir& dir,
                   const std::function<void(std::vector<test::DratStep>&)>& edit) {
  std::vector<test::DratStep> steps = test::binary_drat_steps(test::slurp(p.proof));
  edit(steps);
  const fs::path bad = dir.path() / "bad.drat";
  std::ofstream(bad, std::ios::binary) << test::binary_drat(steps);
  return bad;
}

// The formula's clauses of two or more literals (the lines of its CNF).
std::vector<std::vector<std::int64_t>> long_clauses(const fs::path& cnf) {
  std::istringstream in(test::slurp(cnf));
  std::vector<std::vector<std::int64_t>> clauses;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == 'c' || line[0] == 'p') continue;
    std::istringstream words(line);
    std::vector<std::int64_t> clause;
    for (std::int64_t lit = 0; words >> lit && lit != 0;) clause.push_back(lit);
    if (clause.size() >= 2) clauses.push_back(clause);
  }
  return clauses;
}

// The last lemma of two or more literals (before the final units and the
// empty clause) with its first literal flipped.
void flip_last_long_lemma(std::vector<test::DratStep>& steps) {
  const auto last = std::find_if(steps.rbegin(), steps.rend(), [](const test::DratStep& step) {
    return !step.deletion && step.literals.size() >= 2;
  });
  ASSERT_NE(last, steps.rend());
  last->literals[0] = -last->literals[0];
}

TEST(Proof, CorruptedProofsAreRefused) {
  TempDir dir;
  const Proved p = prove("3 --strategy XStep --strategy YStep", dir);
  ASSERT_EQ(p.run.exit_code, 0) << p.run.err;
  ASSERT_TRUE(verifies(p.cnf, p.proof, dir.path()));
  // The text format of the same proof, and the proof and CNF gzipped.
  const fs::path text = dir.path() / "p.txt";
  std::ofstream(text) << test::text_drat(test::binary_drat_steps(test::slurp(p.proof)));
  EXPECT_TRUE(verifies(p.cnf, text, dir.path()));
  ASSERT_EQ(
      run_command(fmt::format("gzip -k '{}' '{}'", p.cnf.string(), p.proof.string()), dir.path())
          .exit_code,
      0);
  EXPECT_TRUE(checker_verifies(p.cnf.string() + ".gz", p.proof.string() + ".gz", dir.path()));
  // Cut short: the last lemmas and the empty clause gone.
  EXPECT_FALSE(verifies(p.cnf,
                        corrupted(p, dir,
                                  [](auto& steps) {
                                    steps.resize(steps.size() -
                                                 std::max<std::size_t>(steps.size() / 10, 2));
                                  }),
                        dir.path()));
  // Every clause of two or more literals of the formula deleted first, then
  // used by the lemmas.
  EXPECT_FALSE(verifies(p.cnf,
                        corrupted(p, dir,
                                  [&p](auto& steps) {
                                    std::vector<test::DratStep> deletions;
                                    for (auto& clause : long_clauses(p.cnf))
                                      deletions.push_back({true, clause});
                                    steps.insert(steps.begin(), deletions.begin(), deletions.end());
                                  }),
                        dir.path()));
}

// The default portfolio (local search + CaDiCaL): only CaDiCaL can answer
// "no solution", and its proof is written.
TEST(Proof, PortfolioWritesItsCadicalRacersProof) {
  TempDir dir;
  Proved p{{}, dir.path() / "f.cnf", dir.path() / "p.drat", dir.path() / "r.json"};
  p.run = run_command(fmt::format("{} 3 --strategy XStep --strategy YStep --proof '{}' --json '{}'",
                                  test::kBinary, p.proof.string(), p.json.string()),
                      dir.path());
  ASSERT_EQ(
      run_command(fmt::format("{} 3 --strategy XStep --strategy YStep --cnf '{}' --skip-solver",
                              test::kBinary, p.cnf.string()),
                  dir.path())
          .exit_code,
      0);
  EXPECT_NE(p.run.out.find("Answer from \"cadical\""), std::string::npos) << p.run.out;
  expect_checked_proof(p, dir);
}

// N=4 ConstructiveShell (bp4_cshell) with symmetry breaking, which brings it
// to seconds: the proof is of the reduced formula, and says so.
TEST(Proof, ConstructiveShellN4WithSymmetryBreakingSaysSo) {
  TempDir dir;
  // Without the Hall units (doc/cnf.md), so that the proof's last long lemma
  // is one that the refutation uses (a checker rightly accepts a proof whose
  // unused lemma is wrong).
  const Proved p = prove(
      "4 --strategy ConstructiveShell --symmetry-breaking geometry --cnf-tune cube-matching=off",
      dir, "--seed 1");
  expect_checked_proof(p, dir);
  EXPECT_NE(p.run.out.find("reduced by symmetry breaking (SymmetryBreaking)"), std::string::npos)
      << p.run.out;
  // A lemma with a literal flipped, in this proof: the N=3 ones hold unit
  // lemmas only, some after the conflict, where a flip changes nothing.
  EXPECT_FALSE(verifies(p.cnf, corrupted(p, dir, flip_last_long_lemma), dir.path()));
  const auto json = nlohmann::json::parse(test::slurp(p.json));
  EXPECT_EQ(json["proof"]["symmetry_breaking"], nlohmann::json::array({"SymmetryBreaking"}));
}

// Only the proof's own file and the JSON may be in the directory.
void expect_no_proof(const std::string& args, const std::string& why) {
  TempDir dir;
  const fs::path proof = dir.path() / "p.drat", json = dir.path() / "r.json";
  const auto run = run_command(fmt::format("{} {} --solver cadical --proof '{}' --json '{}'",
                                           test::kBinary, args, proof.string(), json.string()),
                               dir.path());
  EXPECT_NE(run.out.find("No proof written to \"" + proof.string() + "\": " + why),
            std::string::npos)
      << run.out << run.err;
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find("p.drat"), std::string::npos) << entry.path();
  EXPECT_TRUE(nlohmann::json::parse(test::slurp(json))["proof"].is_null());
}

TEST(Proof, SatAnswerLeavesNoProofFile) { expect_no_proof("3", "a solution exists"); }

TEST(Proof, UnknownAnswerLeavesNoProofFile) {
  expect_no_proof("4 --strategy ConstructiveShell --timeout 0.05", "the solver gave no answer");
}

// The reader itself refuses what is not a whole binary DRAT proof.
TEST(Proof, ReaderRefusesMalformedProofs) {
  using namespace std::string_literals;
  const test::DratProof ok = test::read_binary_drat("a\x02\x05\x00"s + "d\x02\x00"s + "a\x00"s);
  EXPECT_EQ(ok.added, 2u);
  EXPECT_EQ(ok.deleted, 1u);
  EXPECT_TRUE(ok.adds_empty_clause);
  EXPECT_EQ(ok.max_var, 2u);
  EXPECT_THROW(test::read_binary_drat("a\x02"), std::runtime_error);  // no 0
  EXPECT_THROW(test::read_binary_drat(std::string("x\x02\x00", 3)), std::runtime_error);
  EXPECT_THROW(test::read_binary_drat(std::string("a\x82", 2)), std::runtime_error);  // cut
  EXPECT_THROW(test::read_binary_drat("1 2 0\n"), std::runtime_error);                // text DRAT
}

}  // namespace
}  // namespace bel_pyramid
