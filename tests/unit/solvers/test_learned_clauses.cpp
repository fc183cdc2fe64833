// The learned clauses a sweep keeps (--keep-learned): the store keeps each
// short clause once and only for the CNF it was learned on, every clause
// CaDiCaL gives it follows from that CNF, and a search that starts from them
// answers as one from nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <vector>

#include "column_step.hpp"
#include "formats/learned_file.hpp"
#include "formulation_with.hpp"
#include "solvers/cadical_driver.hpp"
#include "solvers/completion.hpp"
#include "solvers/learned_clauses.hpp"

namespace bel_pyramid {
namespace {

using Clauses = std::vector<std::vector<int>>;

void add(LearnedClauses& store, std::vector<int> clause) {
  store.add(clause.data(), static_cast<int>(clause.size()));
}

TEST(LearnedClauses, KeepsEachShortClauseOnceInOrder) {
  LearnedClauses store;
  EXPECT_FALSE(store.snapshot().has_value());  // nobody claimed it: nothing to save
  ASSERT_TRUE(store.claim(7, 9));
  add(store, {3, -1});
  add(store, {-1, 3});  // the same clause
  add(store, {2});
  std::vector<int> longer(LearnedClauses::kMaxSize + 1);
  std::iota(longer.begin(), longer.end(), 1);
  add(store, longer);  // longer than kMaxSize: not kept
  const LearnedFile file = *store.snapshot();
  EXPECT_EQ(file.fingerprint, 7U);
  EXPECT_EQ(file.vars, 9);
  EXPECT_EQ(file.clauses, (Clauses{{-1, 3}, {2}}));
}

TEST(LearnedClauses, GivesItsClausesOnlyToTheCnfTheyWereLearnedOn) {
  LearnedClauses same(LearnedFile{7, 9, {{1, -2}}});
  EXPECT_TRUE(same.start().empty());  // before a claim
  ASSERT_TRUE(same.claim(7, 9));
  EXPECT_EQ(same.start(), (Clauses{{-2, 1}}));
  EXPECT_FALSE(same.claim(8, 9));  // a second search, of another CNF: refused
  EXPECT_FALSE(same.dropped());

  LearnedClauses other(LearnedFile{7, 9, {{1, -2}}});
  ASSERT_TRUE(other.claim(8, 9));  // the first claim wins, the clauses go
  EXPECT_TRUE(other.dropped());
  EXPECT_TRUE(other.start().empty());
  EXPECT_EQ(other.snapshot()->fingerprint, 8U);
}

TEST(LearnedClauses, TheFileGivesBackWhatWasWritten) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "bel_pyramid_learned_test.cnf.xz").string();
  const LearnedFile written{0x9f0c2a5e1b7d3c44ULL, 12, {{-12, 3}, {5}, {1, 2, -3, 4}}};
  write_learned_file(written, path);
  const LearnedFile read = read_learned_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(read.fingerprint, written.fingerprint);
  EXPECT_EQ(read.vars, written.vars);
  EXPECT_EQ(read.clauses, written.clauses);
}

// ColumnStep's shift 1 at N=6 has no completion; CaDiCaL needs some
// thousands of conflicts to say so.
CompletionCnf refuted_completion() {
  Formulation f = testing::formulation_with(6);
  f.add_strategy("Shift", testing::column_step(f.pyramid(), 1));
  return completion_cnf(f, {});
}

CadicalDriver::Status solve(const Pyramid& p, const Cnf& cnf, const SolveLimits& limits) {
  const StopCheck check = limits.started();
  CadicalDriver driver(p, cnf, limits, check);
  return driver.solve();
}

// What a search of `cover` stopped after 3000 conflicts learned.
LearnedFile stopped_search(const Pyramid& p, const CompletionCnf& cover) {
  LearnedClauses store;
  SolveLimits limits;
  limits.conflicts = 3000;
  limits.learned = &store;
  EXPECT_EQ(solve(p, cover.cnf, limits), CadicalDriver::Status::Stopped);
  return *store.snapshot();
}

TEST(LearnedClauses, EveryClauseCadicalGivesFollowsFromTheCnf) {
  const Pyramid p(6);
  const CompletionCnf cover = refuted_completion();
  const Clauses learned = stopped_search(p, cover).clauses;
  ASSERT_GT(learned.size(), 10U);
  // The CNF with a clause's literals all false has no solution.
  const SolveLimits plain;
  const StopCheck check = plain.started();
  CadicalDriver checker(p, cover.cnf, plain, check);
  for (const std::vector<int>& clause : learned) {
    for (const int lit : clause) checker.assume(-lit);
    EXPECT_EQ(checker.solve(), CadicalDriver::Status::Unsat);
  }
}

TEST(LearnedClauses, ASearchFromThemAnswersAsOneFromNothing) {
  const Pyramid p(6);
  const CompletionCnf cover = refuted_completion();
  LearnedClauses resumed(stopped_search(p, cover));
  SolveLimits limits;
  limits.learned = &resumed;
  EXPECT_EQ(solve(p, cover.cnf, limits), CadicalDriver::Status::Unsat);
  EXPECT_FALSE(resumed.start().empty());  // the search claimed the store: it started from them
}

TEST(LearnedClauses, AProofTracingSearchNeitherTakesNorGives) {
  const Pyramid p(6);
  const CompletionCnf cover = refuted_completion();
  LearnedClauses store(LearnedFile{cover.cnf.fingerprint(), cover.cnf.num_vars(), {{1}}});
  std::FILE* proof = std::tmpfile();
  SolveLimits limits;
  limits.conflicts = 1000;
  limits.learned = &store;
  limits.proof = proof;
  solve(p, cover.cnf, limits);
  std::fclose(proof);
  EXPECT_TRUE(store.start().empty());  // never claimed
  EXPECT_EQ(store.snapshot()->clauses, (Clauses{{1}}));
}

}  // namespace
}  // namespace bel_pyramid
