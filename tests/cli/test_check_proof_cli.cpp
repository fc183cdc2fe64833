// bel_pyramid_check_proof's command line: its verdict line and exit status
// (0 verified, 1 not verified, 2 usage or bad input), and one clear stderr
// line, never a crash, for a missing file, a malformed CNF or proof, or a
// literal far over the CNF's variable count (a proof may add variables).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "process.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using test::run_command;
using test::TempDir;

// All four clauses over x1, x2: refuted by the lemma 1 and the empty clause.
constexpr const char* kFour = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";

// The checker with `arguments`, run in the directory.
test::Process run_in(const TempDir& dir, const std::string& arguments) {
  return run_command(
      fmt::format("cd '{}' && '{}' {}", dir.path().string(), test::kCheckProof, arguments),
      dir.path());
}

test::Process check(const TempDir& dir, const std::string& cnf, const std::string& proof,
                    const std::string& options = "") {
  std::ofstream(dir.path() / "f.cnf", std::ios::binary) << cnf;
  std::ofstream(dir.path() / "p.drat", std::ios::binary) << proof;
  return run_in(dir, fmt::format("{} f.cnf p.drat", options));
}

// Exit 2 with one stderr line holding `what`, and no verdict.
void expect_bad_input(const test::Process& p, const std::string& what) {
  EXPECT_EQ(p.exit_code, 2) << p.out << p.err;
  EXPECT_EQ(p.out, "");
  EXPECT_EQ(std::count(p.err.begin(), p.err.end(), '\n'), 1) << p.err;
  EXPECT_NE(p.err.find(what), std::string::npos) << p.err;
}

TEST(CheckProofCli, VerdictsAndExitStatus) {
  TempDir dir;
  const auto ok = check(dir, kFour, "1 0\n0\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "s VERIFIED\n");
  EXPECT_EQ(ok.err, "");
  const auto bad = check(dir, kFour, "0\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.out, "s NOT VERIFIED\n");
  EXPECT_EQ(bad.err,
            "bel_pyramid_check_proof: the empty clause (proof step 1) does not follow by unit "
            "propagation\n");
  const auto stats = check(dir, kFour, "1 0\n0\n", "-v");
  EXPECT_EQ(stats.exit_code, 0);
  EXPECT_NE(stats.err.find("c proof: 2 steps, 2 lemmas, 0 deletions"), std::string::npos)
      << stats.err;
}

// A proof may add variables (kissat's proofs of the tool's formulas do):
// here x3 defined as x1 and x2, each definition clause RAT on x3.
TEST(CheckProofCli, AProofMayAddVariables) {
  TempDir dir;
  const auto text = check(dir, kFour, "-3 1 0\n-3 2 0\n3 -1 -2 0\n1 0\n0\n");
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out, "s VERIFIED\n");
  // The same in binary: 'a', 2v + sign per literal, 0.
  const auto binary =
      check(dir, kFour, std::string("a\x07\x02\0a\x07\x04\0a\x06\x03\x05\0a\x02\0a\0", 18));
  EXPECT_EQ(binary.exit_code, 0) << binary.err;
  EXPECT_EQ(binary.out, "s VERIFIED\n");
}

TEST(CheckProofCli, Usage) {
  TempDir dir;
  const auto none = run_in(dir, "");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("usage: bel_pyramid_check_proof"), std::string::npos) << none.err;
  const auto unknown = run_in(dir, "-x a b");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown option -x"), std::string::npos) << unknown.err;
  const auto help = run_in(dir, "--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("usage: bel_pyramid_check_proof"), std::string::npos);
}

TEST(CheckProofCli, BadInputIsOneLineAndExitTwo) {
  TempDir dir;
  expect_bad_input(run_in(dir, "missing.cnf p.drat"), "cannot open \"missing.cnf\"");
  expect_bad_input(check(dir, "1 2 0\n", "0\n"), "f.cnf:1: parse error: expected the header");
  expect_bad_input(check(dir, "p cnf 2 1\n1 3 0\n", "0\n"),
                   "f.cnf:2: parse error: literal 3 is over the header's 2 variables");
  expect_bad_input(check(dir, kFour, "1 99 0\n0\n"),
                   "p.drat:1: parse error: literal 99 is far over the CNF's 2 variables (a proof "
                   "adds at most one per byte)");
  expect_bad_input(check(dir, kFour, std::string("a\x02", 2)),
                   "p.drat: parse error: byte 2: the proof ends inside a clause");
  expect_bad_input(check(dir, kFour, "1 2"), "the proof ends inside a clause");
  expect_bad_input(check(dir, kFour, std::string("\x1f\x8b junk", 7)), "p.drat");  // bad gzip
  const fs::path directory = dir.path() / "sub";
  fs::create_directory(directory);
  expect_bad_input(run_in(dir, "sub sub"), "sub");
}

}  // namespace
}  // namespace bel_pyramid
