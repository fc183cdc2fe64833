// --proof end to end through the real binary: CaDiCaL's binary DRAT proof is
// whole and well-formed (drat_reader.hpp), over the variables of the CNF that
// --cnf writes for the same arguments, and, when DRAT_TRIM names a built
// drat-trim, verified by it against that CNF (and refused against another
// formula, so the check is not a no-op). A SAT or unknown answer leaves no
// proof file and no temporary.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
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
  if (!drat_trim()) return;  // the checker is built by the user (doc/proofs.md)
  EXPECT_TRUE(drat_trim_verifies(p.cnf, p.proof, dir.path()));
}

TEST(Proof, XStepYStepN3IsWellFormedAndVerified) {
  TempDir dir;
  const Proved p = prove("3 --strategy XStep --strategy YStep", dir);
  expect_checked_proof(p, dir);
  const auto json = nlohmann::json::parse(test::slurp(p.json));
  EXPECT_TRUE(json["proof"]["symmetry_breaking"].empty());
  EXPECT_EQ(p.run.out.find("reduced by symmetry breaking"), std::string::npos);
  if (!drat_trim()) GTEST_SKIP() << "DRAT_TRIM not set: checked the proof's form only";
  // Negative control: the same proof does not refute another formula
  // (XStep alone has solutions), so drat-trim really checks.
  const fs::path other = dir.path() / "other.cnf";
  ASSERT_EQ(run_command(fmt::format("{} 3 --strategy XStep --cnf '{}' --skip-solver", test::kBinary,
                                    other.string()),
                        dir.path())
                .exit_code,
            0);
  EXPECT_FALSE(drat_trim_verifies(other, p.proof, dir.path()));
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
  const Proved p =
      prove("4 --strategy ConstructiveShell --symmetry-breaking geometry", dir, "--seed 1");
  expect_checked_proof(p, dir);
  EXPECT_NE(p.run.out.find("reduced by symmetry breaking (SymmetryBreaking)"), std::string::npos)
      << p.run.out;
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
