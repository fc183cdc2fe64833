// Semantic tests of the native CNF encoder with the CaDiCaL library:
// each constraint kind against evaluate() on every assignment of a few
// variables, and the number of N=2 models (projected on the label
// variables) against an independent backtracking count.
#include <gtest/gtest.h>

#include <cadical.hpp>
#include <functional>
#include <random>

#include "backtracking_count.hpp"
#include "cnf/cnf_options.hpp"
#include "cnf/native_encoder.hpp"
#include "cnf/numbering.hpp"
#include "model/solution.hpp"
#include "model/strategy.hpp"
#include "random_constraint.hpp"

namespace bel_pyramid {
namespace {

void load(CaDiCaL::Solver& s, const Cnf& cnf) {
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (int lit : cnf.clause(i)) s.add(lit);
    s.add(0);
  }
}

// All assignments of the first `vars` label variables of an N=2 pyramid (the
// others fixed to 0): the encoded constraint is satisfiable iff evaluate().
void expect_matches_evaluate(const Constraint& c, const std::vector<int>& vars) {
  Formulation f(2, Domain::Int);
  f.add_strategy("test", {c});
  const Pyramid& p = f.pyramid();
  const Cnf cnf = encode_constraints_only(f);
  CaDiCaL::Solver solver;
  load(solver, cnf);
  const int L = p.labels();
  std::vector<int> labels(p.var_count(), 0);
  long total = 1;
  for (std::size_t i = 0; i < vars.size(); ++i) total *= L;
  for (long code = 0; code < total; ++code) {
    long rest = code;
    for (int v : vars) {
      labels[v] = static_cast<int>(rest % L);
      rest /= L;
    }
    for (int v = 0; v < p.var_count(); ++v) solver.assume(label_literal(p, v, labels[v]));
    const bool sat = solver.solve() == 10;
    ASSERT_EQ(sat, evaluate(c, labels)) << "assignment code " << code;
  }
}

const std::vector<int> kVars{0, 1, 2, 3};

TEST(CnfSemantics, CompareEveryRelationVarConstAndVarVar) {
  for (Rel rel : {Rel::Eq, Rel::Ne, Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge}) {
    for (int k = -1; k <= 3; ++k) {
      expect_matches_evaluate(compare(var(0), rel, label(k)), kVars);
      expect_matches_evaluate(compare(label(k), rel, var(1)), kVars);
    }
    expect_matches_evaluate(compare(var(0), rel, var(1)), kVars);
    expect_matches_evaluate(compare(var(2), rel, var(2)), kVars);
    expect_matches_evaluate(compare(label(1), rel, label(2)), kVars);
  }
}

TEST(CnfSemantics, AllAnyNesting) {
  expect_matches_evaluate(any_of({}), kVars);
  expect_matches_evaluate(all_of({}), kVars);
  expect_matches_evaluate(
      any_of({all_of({compare(var(0), Rel::Eq, label(1)), compare(var(1), Rel::Lt, var(2))}),
              any_of({compare(var(3), Rel::Ne, label(0)), compare(var(0), Rel::Ge, var(3))}),
              all_of({any_of({compare(var(2), Rel::Eq, label(2))}), lex_less_eq({0, 1}, {2, 3})})}),
      kVars);
  expect_matches_evaluate(
      any_of({compare(var(0), Rel::Eq, label(0)), compare(var(1), Rel::Ne, label(2))}), kVars);
}

TEST(CnfSemantics, LexLessEq) {
  expect_matches_evaluate(lex_less_eq({0}, {1}), kVars);
  expect_matches_evaluate(lex_less_eq({0, 1}, {2, 3}), kVars);
  expect_matches_evaluate(lex_less_eq({0, 1, 2}, {3, 2, 1}), kVars);
  expect_matches_evaluate(lex_less_eq({}, {}), kVars);
  expect_matches_evaluate(any_of({lex_less_eq({1, 0}, {3, 2}), compare(var(0), Rel::Eq, label(2))}),
                          kVars);
}

TEST(CnfSemantics, Precedence) {
  expect_matches_evaluate(value_precedence({0, 1, 2, 3}), kVars);
  expect_matches_evaluate(value_precedence({3, 1}), kVars);
  expect_matches_evaluate(value_precedence({2}), kVars);
  expect_matches_evaluate(any_of({value_precedence({0, 1, 2}), compare(var(3), Rel::Eq, label(1))}),
                          kVars);
}

TEST(CnfSemantics, NotOfEveryKindAndRandomNestings) {
  expect_matches_evaluate(negation(compare(var(0), Rel::Lt, var(1))), kVars);
  expect_matches_evaluate(negation(compare(var(2), Rel::Eq, label(1))), kVars);
  expect_matches_evaluate(negation(lex_less_eq({0, 1}, {2, 3})), kVars);
  expect_matches_evaluate(negation(value_precedence({0, 1, 2, 3})), kVars);
  expect_matches_evaluate(negation(label_count({{0, 1, 1}, {1, 1, 2}, {2, 0, -1}}, Rel::Ge, 2)),
                          kVars);
  expect_matches_evaluate(negation(all_of({})), kVars);
  expect_matches_evaluate(negation(any_of({})), kVars);
  expect_matches_evaluate(
      any_of(
          {negation(all_of({compare(var(0), Rel::Eq, var(1)), compare(var(2), Rel::Gt, label(0))})),
           negation(negation(compare(var(3), Rel::Eq, label(2))))}),
      kVars);
  testing::RandomConstraint random(kVars, 3, 5);
  for (int i = 0; i < 40; ++i) {
    SCOPED_TRACE(i);
    expect_matches_evaluate(negation(random(3)), kVars);
  }
}

TEST(CnfSemantics, LabelCountRandomWeightsEveryRelation) {
  std::mt19937 rng(7);
  for (int round = 0; round < 12; ++round) {
    for (Rel rel : {Rel::Eq, Rel::Ne, Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge}) {
      std::vector<WeightedLabel> terms;
      const int n = 1 + static_cast<int>(rng() % 5);
      for (int i = 0; i < n; ++i)
        terms.push_back({static_cast<int>(rng() % 4), static_cast<int>(rng() % 3),
                         static_cast<int>(rng() % 7) - 2});
      const long bound = static_cast<long>(rng() % 9) - 2;
      expect_matches_evaluate(label_count(terms, rel, bound), kVars);
    }
  }
  expect_matches_evaluate(label_count({}, Rel::Eq, 0), kVars);
  expect_matches_evaluate(label_count({}, Rel::Gt, 0), kVars);
}

long count_cnf_models(const Formulation& f, const CnfOptions& options) {
  const Pyramid& p = f.pyramid();
  const Cnf cnf = encode_native(f, options);
  CaDiCaL::Solver solver;
  load(solver, cnf);
  long count = 0;
  while (solver.solve() == 10) {
    ++count;
    std::vector<int> labels(p.var_count(), -1);
    for (int v = 0; v < p.var_count(); ++v)
      for (int l = 0; l < p.labels(); ++l)
        if (solver.val(label_literal(p, v, l)) > 0) labels[v] = l;
    EXPECT_TRUE(validate(p, Solution(p.levels(), labels)).ok);
    for (int v = 0; v < p.var_count(); ++v) solver.add(-label_literal(p, v, labels[v]));
    solver.add(0);
  }
  return count;
}

TEST(CnfSemantics, ModelCountN2MatchesBacktrackingForEveryStrategy) {
  Formulation plain(2, Domain::Int);
  const long expected = testing::count_by_backtracking(plain);
  EXPECT_GT(expected, 0);
  EXPECT_EQ(expected, 2112);  // N=2's count (doc/counting.md)
  // The default encoding and every redundant layer of the encoding study.
  CnfOptions doubles;
  set_cnf_option(doubles, "count-doubles=on");
  for (const CnfOptions& o : {CnfOptions{}, doubles}) {
    EXPECT_EQ(count_cnf_models(plain, o), expected);
    for (const Strategy& s : strategies()) {
      Formulation f(2, Domain::Int);
      f.add_strategy(std::string(s.name), s.build(f.pyramid()));
      EXPECT_EQ(count_cnf_models(f, o), testing::count_by_backtracking(f))
          << s.name << " " << describe(o);
    }
  }
}

TEST(CnfSemantics, ModelCountN2IsTheSameUnderEveryEncodingOption) {
  Formulation f(2, Domain::Int);
  f.add_strategy("LabelPermutation", find_strategy("LabelPermutation")->build(f.pyramid()));
  const long expected = testing::count_by_backtracking(f);
  for (const char* tune :
       {"cube-amo=pairwise", "cube-amo=product", "order-ladder=on", "label-alo=off",
        "placement-reverse=off", "position-alo=on", "position-amo=on", "count-doubles=on",
        "cube-matching=off", "cadical-config=sat", "cadical-config=unsat", "cadical-phase=0"}) {
    CnfOptions o;
    set_cnf_option(o, tune);
    EXPECT_EQ(count_cnf_models(f, o), expected) << tune;
  }
}

TEST(Cnf, AddClauseDropsTautologiesDuplicatesAndConstants) {
  Cnf cnf;
  cnf.reserve_vars(3);
  cnf.add_clause({1, -2, 1, 3});
  cnf.add_clause({1, -1});
  cnf.add_clause({2, kTrue});
  cnf.add_clause({kFalse, 3});
  cnf.add_clause({kFalse});
  ASSERT_EQ(cnf.num_clauses(), 3u);
  EXPECT_EQ(std::vector<int>(cnf.clause(0).begin(), cnf.clause(0).end()),
            (std::vector<int>{1, -2, 3}));
  EXPECT_EQ(std::vector<int>(cnf.clause(1).begin(), cnf.clause(1).end()), (std::vector<int>{3}));
  EXPECT_TRUE(cnf.clause(2).empty());
}

}  // namespace
}  // namespace bel_pyramid
