// The DRAT checker on small hand-written formulas and proofs: RUP and RAT
// lemmas, deletions (and a deleted clause used later), the empty clause or a
// conflict by propagation as the end, and proofs it must refuse.
#include <gtest/gtest.h>

#include <string>

#include "base/error.hpp"
#include "proof/cnf_reader.hpp"
#include "proof/drat_checker.hpp"
#include "proof/drat_reader.hpp"

namespace bel_pyramid::proof {
namespace {

Verdict check(const std::string& cnf, const std::string& drat) {
  ClauseStore store;
  const std::uint32_t variables = read_cnf(cnf, "f.cnf", store);
  const std::size_t formula = store.count();
  const std::vector<Step> steps = read_drat(drat, "p.drat", variables, store);
  return check_drat(store, formula, steps);
}

// All four clauses over x1, x2: unsatisfiable, but not by propagation alone.
const std::string kFour = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";

TEST(DratChecker, RupLemmasThenEmptyClause) {
  const Verdict v = check(kFour, "1 0\n0\n");
  EXPECT_TRUE(v.verified) << v.reason;
  EXPECT_EQ(v.stats.lemmas, 1u);
}

TEST(DratChecker, ConflictByPropagationWithoutTheEmptyClause) {
  EXPECT_TRUE(check(kFour, "1 0\n").verified);
}

TEST(DratChecker, FormulaRefutedByPropagationAlone) {
  EXPECT_TRUE(check("p cnf 1 2\n1 0\n-1 0\n", "").verified);
}

TEST(DratChecker, EmptyProofOfAHardFormulaIsRefused) {
  const Verdict v = check(kFour, "");
  EXPECT_FALSE(v.verified);
  EXPECT_NE(v.reason.find("no conflict"), std::string::npos) << v.reason;
}

TEST(DratChecker, LemmaThatIsNotImpliedIsRefused) {
  // Satisfiable (x1 false, x2 true): -1 is RUP but refutes nothing; 1 is
  // neither RUP nor RAT.
  const std::string cnf = "p cnf 2 3\n1 2 0\n-1 2 0\n-1 -2 0\n";
  EXPECT_FALSE(check(cnf, "-1 0\n").verified);
  const Verdict v = check(cnf, "1 0\n0\n");
  EXPECT_FALSE(v.verified);
  EXPECT_NE(v.reason.find("proof step 1 is neither RUP nor RAT: 1 0"), std::string::npos)
      << v.reason;
}

TEST(DratChecker, EmptyClauseThatDoesNotFollowIsRefused) {
  const Verdict v = check(kFour, "0\n");
  EXPECT_FALSE(v.verified);
  EXPECT_NE(v.reason.find("the empty clause (proof step 1)"), std::string::npos) << v.reason;
}

// x3 forces x4 and -x4, so -3; then x1 and -x1 ... The lemma -3 with its
// literal flipped is neither RUP nor RAT.
TEST(DratChecker, FlippedLiteralIsRefused) {
  const std::string cnf = "p cnf 4 6\n1 2 0\n1 -2 0\n-1 2 3 0\n-1 -2 3 0\n-3 4 0\n-3 -4 0\n";
  const Verdict right = check(cnf, "-3 0\n1 0\n0\n");
  EXPECT_TRUE(right.verified) << right.reason;
  EXPECT_EQ(right.stats.checked, 2u);
  const Verdict flipped = check(cnf, "3 0\n1 0\n0\n");
  EXPECT_FALSE(flipped.verified);
  EXPECT_NE(flipped.reason.find("proof step 1 is neither RUP nor RAT: 3 0"), std::string::npos)
      << flipped.reason;
}

// RAT: (3) is not RUP (nothing propagates from -3) but RAT on 3 (no clause
// holds -3); the conflict rests on it through (-3 1), so it is checked.
TEST(DratChecker, RatLemmaOnItsFirstLiteral) {
  const std::string cnf = "p cnf 3 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";
  const Verdict v = check(cnf, "3 0\n-3 1 0\n0\n");
  EXPECT_TRUE(v.verified) << v.reason;
  EXPECT_EQ(v.stats.checked, 2u);
  EXPECT_EQ(v.stats.rat, 1u);
}

TEST(DratChecker, RatNeedsEveryResolventRup) {
  // (2) is RAT on 2 only if every clause with -2 resolves to a RUP clause:
  // (-2 1) gives (1), not RUP in a formula where 1 is free.
  const std::string cnf = "p cnf 3 3\n-2 1 0\n-2 -1 0\n3 -3 0\n";
  const Verdict v = check(cnf, "2 0\n0\n");
  EXPECT_FALSE(v.verified);
  EXPECT_NE(v.reason.find("proof step 1 is neither RUP nor RAT: 2 0"), std::string::npos)
      << v.reason;
}

TEST(DratChecker, DeletedClauseUsedLaterIsRefused) {
  // The lemma 1 rests on (1 2) and (1 -2); with (1 2) deleted first it is
  // not implied. The deletion names the clause in another literal order.
  EXPECT_TRUE(check(kFour, "1 0\n0\n").verified);
  const Verdict v = check(kFour, "d 2 1 0\n1 0\n0\n");
  EXPECT_FALSE(v.verified);
  EXPECT_EQ(v.stats.deletions, 1u);
  EXPECT_EQ(v.stats.missing_deletions, 0u);
}

TEST(DratChecker, DeletionOfAClauseNotUsedIsFine) {
  const Verdict v =
      check("p cnf 3 5\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n3 1 0\n", "d 1 3 0\nd 3 0\n1 0\n0\n");
  EXPECT_TRUE(v.verified) << v.reason;
  EXPECT_EQ(v.stats.deletions, 2u);
  EXPECT_EQ(v.stats.missing_deletions, 1u);  // (3) was never there
}

// A unit clause's deletion is ignored (drat-trim's convention): the unit
// keeps propagating, and the lemma 2 rests on it.
TEST(DratChecker, UnitDeletionIsIgnored) {
  const Verdict v =
      check("p cnf 3 5\n1 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n", "d 1 0\n2 0\n0\n");
  EXPECT_TRUE(v.verified) << v.reason;
  EXPECT_EQ(v.stats.ignored_unit_deletions, 1u);
  EXPECT_EQ(v.stats.checked, 1u);
}

TEST(DratChecker, OnlyTheLemmasTheConflictNeedsAreChecked) {
  // The second lemma is not implied, but nothing uses it.
  const std::string cnf = "p cnf 3 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";
  const Verdict v = check(cnf, "3 0\n1 0\n0\n");
  EXPECT_TRUE(v.verified) << v.reason;
  EXPECT_EQ(v.stats.checked, 1u);
}

TEST(DratChecker, BinaryAndTextProofsAgree) {
  using namespace std::string_literals;
  // a 1 0, a 0 in binary: literal 1 is code 2.
  const Verdict binary = check(kFour, "a\x02\x00"s + "a\x00"s);
  EXPECT_TRUE(binary.verified) << binary.reason;
  EXPECT_EQ(binary.stats.steps_used, 1u);  // the conflict comes with the first lemma
  // d (1 -2) then a -1 ... : codes 2, 5; -1 is 3.
  const Verdict refused = check(kFour, "d\x02\x05\x00"s + "a\x02\x00"s + "a\x00"s);
  EXPECT_FALSE(refused.verified);
  EXPECT_FALSE(check(kFour, "d 1 -2 0\n1 0\n0\n").verified);
}

// Large literals take several 7-bit groups.
TEST(DratChecker, BinaryLiteralsOfSeveralBytes) {
  using namespace std::string_literals;
  const std::string cnf = "p cnf 200 4\n1 200 0\n1 -200 0\n-1 200 0\n-1 -200 0\n";
  // 200 -> code 400 = 0x190: 0x90, 0x03; -200 -> 401: 0x91, 0x03.
  EXPECT_TRUE(check(cnf, "a\x02\x00"s + "a\x00"s).verified);
  EXPECT_TRUE(check(cnf, "a\x90\x03\x00"s + "a\x00"s).verified);  // 200 is RUP
  EXPECT_FALSE(check(cnf, "d\x02\x90\x03\x00"s + "a\x90\x03\x00"s + "a\x00"s).verified);
}

}  // namespace
}  // namespace bel_pyramid::proof

namespace bel_pyramid::proof {
namespace {

TEST(DratReader, DetectsTheFormatLikeDratTrim) {
  using namespace std::string_literals;
  EXPECT_FALSE(looks_binary("1 -2 0\nd 1 0\n"));
  EXPECT_FALSE(looks_binary("c a comment\n"));
  EXPECT_TRUE(looks_binary("1\t2 0\n"));  // drat-trim's rule: a tab is not text
  EXPECT_FALSE(looks_binary(""));
  EXPECT_TRUE(looks_binary("a\x02\x00"s));
  EXPECT_TRUE(looks_binary("d\x02\x00"s));
}

TEST(DratReader, RefusesMalformedProofs) {
  using namespace std::string_literals;
  ClauseStore store;
  const auto read = [&store](const std::string& bytes) { return read_drat(bytes, "p", 3, store); };
  EXPECT_EQ(read("a\x02\x05\x00"s + "d\x02\x00"s + "a\x00"s).size(), 3u);
  EXPECT_THROW(read("a\x02"), ParseError);                           // no 0
  EXPECT_THROW(read("x\x02\x00"s), ParseError);                      // not a or d
  EXPECT_THROW(read("a\x82"), ParseError);                           // cut inside a literal
  EXPECT_THROW(read("a\x01\x00"s), ParseError);                      // variable 0
  EXPECT_EQ(read("a\x08\x00"s).size(), 1u);                          // variable 4 of 3: added
  EXPECT_THROW(read("a\xc8\x01\x00"s), ParseError);                  // variable 100 of 3
  EXPECT_THROW(read("a\xff\xff\xff\xff\xff\x7f\x00"s), ParseError);  // too long
  EXPECT_THROW(read("1 2\n"), ParseError);                           // text without its 0
  EXPECT_EQ(read("1 4 0\n").size(), 1u);                             // a variable added
  EXPECT_THROW(read("1 99 0\n"), ParseError);                        // far over the count
  EXPECT_THROW(read("1 x 0\n"), ParseError);
  EXPECT_EQ(read("c a comment\n1 -2 0\nd 1 -2 0\n0\n").size(), 3u);
}

TEST(CnfReader, RefusesMalformedFormulas) {
  const auto read = [](const std::string& text) {
    ClauseStore store;
    return read_cnf(text, "f.cnf", store);
  };
  EXPECT_EQ(read("c x\np cnf 3 2\n1 -3 0\nc y\n2 0\n"), 3u);
  EXPECT_THROW(read("1 2 0\n"), ParseError);                  // no header
  EXPECT_THROW(read("p cnf 2 1\n1 3 0\n"), ParseError);       // over the count
  EXPECT_THROW(read("p cnf 2 2\n1 2 0\n"), ParseError);       // too few clauses
  EXPECT_THROW(read("p cnf 2 1\n1 2 0\n1 0\n"), ParseError);  // too many
  EXPECT_THROW(read("p cnf 2 1\n1 2\n"), ParseError);         // no final 0
  EXPECT_THROW(read("p cnf -2 1\n1 0\n"), ParseError);
  EXPECT_THROW(read("p cnf 2 1\n1 99999999999999999999999 0\n"), ParseError);
  try {
    read("p cnf 2 1\n\n1 3 0\n");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()),
              "f.cnf:3: parse error: literal 3 is over the header's 2 variables");
  }
}

}  // namespace
}  // namespace bel_pyramid::proof
