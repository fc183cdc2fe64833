// The Not node: evaluate(), negation normal form (model/negation.hpp), the
// unary label domains of local search, and the Z3 lowering, each against
// evaluate() on every assignment of a few variables. The CNF lowering of
// Not is tested with the other CNF semantics (test_cnf_semantics.cpp).
#include <gtest/gtest.h>

#include "backtracking_count.hpp"
#include "model/label_domains.hpp"
#include "model/negation.hpp"
#include "random_constraint.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {
namespace {

constexpr int kLabels = 3;
const std::vector<int> kVars{0, 1, 2, 3};

bool has_not(const Constraint& c) {
  if (c.kind == Constraint::Kind::Not) return true;
  for (const Constraint& k : c.children)
    if (has_not(k)) return true;
  return false;
}

// Calls check(labels) for every assignment of kVars over kLabels labels (the
// other variables of an N=2 pyramid stay 0).
template <typename F>
void for_each_assignment(F check) {
  std::vector<int> labels(17, 0);
  for (int code = 0; code < 81; ++code) {
    int rest = code;
    for (int v : kVars) {
      labels[v] = rest % kLabels;
      rest /= kLabels;
    }
    check(labels);
  }
}

TEST(Negation, EvaluateNegatesTheChild) {
  const Constraint c = compare(var(0), Rel::Lt, var(1));
  for_each_assignment([&](const std::vector<int>& labels) {
    EXPECT_EQ(evaluate(negation(c), labels), !evaluate(c, labels));
    EXPECT_EQ(evaluate(negation(negation(c)), labels), evaluate(c, labels));
  });
}

TEST(Negation, NormalFormHasNoNotAndTheSameTruth) {
  testing::RandomConstraint random(kVars, kLabels, 7);
  for (int i = 0; i < 400; ++i) {
    const Constraint c = random(3);
    const Constraint plain = without_negation(c);
    const Constraint neg = negated(c);
    ASSERT_FALSE(has_not(plain));
    ASSERT_FALSE(has_not(neg));
    for_each_assignment([&](const std::vector<int>& labels) {
      ASSERT_EQ(evaluate(plain, labels), evaluate(c, labels)) << "constraint " << i;
      ASSERT_EQ(evaluate(neg, labels), !evaluate(c, labels)) << "constraint " << i;
    });
  }
}

// Precedence negated on a list longer than the label range still agrees.
TEST(Negation, PrecedenceOfLongListsNegates) {
  const Constraint c = value_precedence({0, 1, 2, 3, 0, 2});
  for_each_assignment([&](const std::vector<int>& labels) {
    ASSERT_EQ(evaluate(negated(c), labels), !evaluate(c, labels));
  });
}

TEST(Negation, UnaryNegationsBecomeLabelDomains) {
  Formulation f(2, Domain::Int);
  f.add_strategy(
      "not",
      {negation(compare(var(0), Rel::Eq, label(1))),
       negation(any_of({compare(var(1), Rel::Lt, label(1)), compare(label(2), Rel::Eq, var(1))}))});
  const LabelDomains d = split_constraints(f);
  EXPECT_TRUE(d.penalties.empty());
  EXPECT_EQ(d.masks[0], LabelMask{0b101});
  EXPECT_EQ(d.masks[1], LabelMask{0b010});
  Formulation g(2, Domain::Int);
  g.add_strategy("contradiction", {negation(compare(var(3), Rel::Le, label(2)))});
  const LabelDomains e = split_constraints(g);
  ASSERT_TRUE(e.contradiction);
  EXPECT_NE(e.contradiction->find(g.pyramid().var_name(3)), std::string::npos);
}

// Z3 with Not: every variable fixed to a known N=2 solution, the
// formulation with a random negated constraint is SAT exactly when
// evaluate() holds there.
TEST(Negation, Z3LoweringAgreesWithEvaluate) {
  std::vector<std::vector<int>> solutions;
  testing::for_each_solution_by_backtracking(Formulation(2, Domain::Int),
                                             [&](const std::vector<int>& labels) {
                                               if (solutions.size() < 3)
                                                 solutions.push_back(labels);
                                             });
  testing::RandomConstraint random(kVars, kLabels, 11);
  for (Domain domain : {Domain::Int, Domain::Enum})
    for (int i = 0; i < 20; ++i) {
      const Constraint c = negation(random(3));
      for (const std::vector<int>& s : solutions) {
        Formulation f(2, domain);
        std::vector<Constraint> fixed;
        for (int v = 0; v < f.pyramid().var_count(); ++v)
          fixed.push_back(compare(var(v), Rel::Eq, label(s[v])));
        f.add_strategy("fixed", std::move(fixed));
        f.add_strategy("random", {c});
        const SolveResult r = solve_with_z3(f, {});
        ASSERT_EQ(r.status == SolveResult::Status::Sat, evaluate(c, s)) << "constraint " << i;
      }
    }
}

}  // namespace
}  // namespace bel_pyramid
