// The hypothesis language (doc/hypotheses.md): every construct against the
// tree it must give, every error with its line and column, and the round
// trip parse -> print -> parse on random trees and on every strategy.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <tuple>

#include "base/error.hpp"
#include "model/hypothesis.hpp"
#include "model/line_shift.hpp"
#include "model/strategy.hpp"
#include "random_constraint.hpp"

namespace bel_pyramid {
namespace {

std::vector<Constraint> parse(const std::string& text, int levels = 3) {
  return parse_hypothesis(text, "t.hyp", Pyramid(levels)).constraints;
}

// The message of the ParseError that parsing `text` throws ("" if none).
std::string error_of(const std::string& text, int levels = 3) {
  try {
    (void)parse(text, levels);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

Constraint eq(int v, int l) { return compare(var(v), Rel::Eq, label(l)); }

TEST(HypothesisParser, LinesInEveryNotation) {
  const Pyramid p(3);
  const std::vector<Constraint> expected{eq(p.x_var(1, 1), 2), eq(p.y_var(4, 0), 0),
                                         eq(p.z_var(3, 1), 4)};
  EXPECT_EQ(parse("X[1,1] = 2\nY[4,0] = 0\nZ[3,1] = 4"), expected);
  EXPECT_EQ(parse("X[1][1] == 2; Y[4][0] = 0; Z[3][1] = 4"), expected);
  EXPECT_EQ(parse("X_1_1 = 2 Y_4_0 = 0 Z_3_1 = 4"), expected);
}

TEST(HypothesisParser, RelationsConstantsAndArithmetic) {
  const Pyramid p(3);
  const int a = p.x_var(0, 0), b = p.y_var(2, 1);
  EXPECT_EQ(parse("X[0,0] != Y[2,1]"), std::vector{compare(var(a), Rel::Ne, var(b))});
  EXPECT_EQ(parse("X[0,0] < L"), std::vector{compare(var(a), Rel::Lt, label(5))});
  EXPECT_EQ(parse("2*N - (base + 1) / 2 >= X[0,0]"),
            std::vector{compare(label(3), Rel::Ge, var(a))});
  EXPECT_EQ(parse("X[0,0] <= min(tri(1), max(mid, 0)) % 2"),
            std::vector{compare(var(a), Rel::Le, label(0))});
  EXPECT_EQ(parse("X[0,0] > -1 + 1"), std::vector{compare(var(a), Rel::Gt, label(0))});
}

TEST(HypothesisParser, LogicKeepsItsShape) {
  const Pyramid p(2);
  const Constraint A = eq(0, 0), B = eq(1, 1), C = eq(2, 2);
  EXPECT_EQ(parse("X[0,0] = 0 and X[1,0] = 1 or not X[1,1] = 2", 2),
            std::vector{any_of({all_of({A, B}), negation(C)})});
  EXPECT_EQ(parse("X[0,0] = 0 and (X[1,0] = 1 or X[1,1] = 2)", 2),
            std::vector{all_of({A, any_of({B, C})})});
  EXPECT_EQ(parse("(X[0,0] = 0 and X[1,0] = 1) and X[1,1] = 2", 2),
            std::vector{all_of({all_of({A, B}), C})});
  EXPECT_EQ(parse("true false all(X[0,0] = 0) any() not not X[0,0] = 0", 2),
            (std::vector{all_of({}), any_of({}), all_of({A}), any_of({}), negation(negation(A))}));
  EXPECT_EQ(parse("(1) + 1 = X[1,0]", 2), std::vector{compare(label(2), Rel::Eq, var(1))});
}

TEST(HypothesisParser, LexPrecedenceAndCounts) {
  const Pyramid p(2);
  EXPECT_EQ(parse("lex(X[0,0], X[1,0]) <= lex(Y[0,0], Y[1,0])", 2),
            std::vector{lex_less_eq({0, 1}, {4, 5})});
  EXPECT_EQ(parse("lex(X[0,0]) >= lex(Y[0,0])", 2), std::vector{lex_less_eq({4}, {0})});
  EXPECT_EQ(parse("precedence(Z[1,1], X[1,0], Y[1,0])", 2),
            std::vector{value_precedence({p.z_var(1, 1), 1, 5})});
  EXPECT_EQ(parse("count(X[0,0] = 1, 3 * (Y[0,0] = 2), -1 * (Z[0,0] = 0)) >= 2", 2),
            std::vector{label_count({{0, 1, 1}, {4, 2, 3}, {p.z_var(0, 0), 0, -1}}, Rel::Ge, 2)});
}

TEST(HypothesisParser, LoopsConditionsAndLets) {
  const Pyramid p(3);
  std::vector<Constraint> ystep;
  for (int y = 0; y < p.base(); ++y)
    for (int h = 0; h < p.tri(y); ++h) ystep.push_back(eq(p.y_var(y, h), y + h));
  EXPECT_EQ(parse("for y in 0..base-1 { for h in 0..tri(y)-1: Y[y,h] = y + h }"), ystep);
  EXPECT_EQ(parse("for y in 0..base-1:\n  for h in 0..tri(y)-1:\n    Y[y][h] = y + h"), ystep);
  EXPECT_EQ(parse("let top = N - 1\nfor i in 0..-1: X[i,i] = 9\nif N > 2 { X[mid,top] = 0 }\n"
                  "if N > 3: X[0,0] = 9"),
            std::vector{eq(p.x_var(2, 2), 0)});
  std::vector<Constraint> row;
  for (int x = 0; x < p.base(); ++x)
    if (x != 2) row.push_back(eq(p.x_var(x, 0), x));
  EXPECT_EQ(parse("all(for x in 0..base-1: if x != mid: X[x,0] = x)"), std::vector{all_of(row)});
}

TEST(HypothesisParser, CubeInAnyOrientation) {
  const Pyramid p(2);
  const int x = p.x_var(1, 0), y = p.y_var(2, 0), z = p.z_var(2, 1);
  auto at = [&](int a, int b, int c) { return all_of({eq(x, a), eq(y, b), eq(z, c)}); };
  EXPECT_EQ(parse("cube(1, 2, 0) = {2, 0, 2}", 2),
            std::vector{any_of({at(0, 2, 2), at(2, 0, 2), at(2, 2, 0)})});
  EXPECT_EQ(parse("cube(1, 2, 0) != {1, 1, 1}", 2), std::vector{negation(any_of({at(1, 1, 1)}))});
}

// Each error: its line and column and its words.
TEST(HypothesisParser, ErrorsNameLineAndColumn) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "t.hyp:1:1: parse error: empty hypothesis"},
      {"# only a comment\n", "t.hyp:2:1: parse error: empty hypothesis"},
      {"X[0,0] = 0\nW[1,0] = 1", "t.hyp:2:1: parse error: unknown variable 'W'"},
      {"X[0,0] = foo", "t.hyp:1:10: parse error: unknown name 'foo'"},
      {"\n  X[1,2] = 0", "t.hyp:2:3: parse error: index out of range for N=3: X[1,2]"},
      {"Z[0,5] = 0", "t.hyp:1:1: parse error: index out of range for N=3: Z[0,5]"},
      {"X[0,0] = 5", "t.hyp:1:10: parse error: label 5 >= 2N-1 = 5"},
      {"X[0,0] < 6", "t.hyp:1:10: parse error: bound 6 > 2N-1 = 5"},
      {"X[0,0] = -1", "t.hyp:1:10: parse error: label -1 < 0"},
      {"all(X[0,0] = 0", "t.hyp:1:4: parse error: unbalanced brackets: '(' is never closed"},
      {"X[0,0 = 1", "t.hyp:1:7: parse error: expected ']' to close the '[' at 1:2"},
      {"X[0,0] = 1)", "t.hyp:1:11: parse error: unbalanced brackets: ')' without its opening"},
      {"for i in 0..2 { X[i,0] = 0", "t.hyp:1:15: parse error: unbalanced brackets: '{'"},
      {"X[0,0] 1", "t.hyp:1:8: parse error: expected a comparison"},
      {"lex(X[0,0]) <= lex(X[1,0], X[2,0])", "t.hyp:1:16: parse error: lex lists of different"},
      {"count(X[0,0] = 7) = 1", "t.hyp:1:16: parse error: label 7 >= 2N-1"},
      {"cube(0, 0, 1) = {0, 0, 0}", "t.hyp:1:5: parse error: index out of range for N=3"},
      {"for N in 0..1: X[0,0] = 0", "t.hyp:1:5: parse error: 'N' is already taken"},
      {"if X[0,0] = 0: X[1,0] = 0", "t.hyp:1:4: parse error: a condition cannot use a line"},
      {"X[0,0] = 1 / 0", "t.hyp:1:12: parse error: division by zero"},
      {"X[0,0] = 1 $", "t.hyp:1:12: parse error: unexpected character '$'"},
      {"for i in 0..9: X[i,0] = 0", "t.hyp:1:16: parse error: index out of range for N=3: X[5,0]"},
      {"levels 4\nX[0,0] = 0", "t.hyp:1:1: parse error: the file holds for N=4 only, not N=3"},
      {"levels 4..9 X[0,0] = 0", "t.hyp:1:1: parse error: the file holds for N=4..9 only, not N=3"},
      {"levels 3 levels 3", "t.hyp:1:10: parse error: 'levels' is declared twice"},
      {"for i in 0..1: levels 3", "t.hyp:1:16: parse error: 'levels' is declared at the top"},
      {"X[0,0] = 0 ->", "t.hyp:1:14: parse error: expected a number or a name, found the end"},
      {"X[0,0] = 0 - > X[1,0] = 0", "t.hyp:1:14: parse error: expected a number or a name"},
      {"all(for i in 0..999: for j in 0..1000: X[0,0] = 0)",
       "t.hyp:1:40: parse error: the hypothesis has more than 1000000 comparisons and list items"},
      {"precedence(for i in 0..999: for j in 0..1000: X[0,0])",
       "t.hyp:1:47: parse error: the hypothesis has more than 1000000"},
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    const std::string got = error_of(text);
    EXPECT_EQ(got.substr(0, expected.size()), expected) << got;
  }
}

TEST(HypothesisParser, ImplicationIsNotPremiseOrConclusion) {
  const Pyramid p(2);
  std::vector<int> vars;
  for (int v = 0; v < p.var_count(); ++v) vars.push_back(v);
  testing::RandomConstraint random(vars, p.labels(), 5);
  std::mt19937 rng(5);
  for (int i = 0; i < 300; ++i) {
    const Constraint a = random(2), b = random(2), c = random(1);
    const std::string premise = print_constraint(a, p), conclusion = print_constraint(b, p);
    SCOPED_TRACE(premise + " -> " + conclusion);
    const std::vector<Constraint> got =
        parse_hypothesis(
            fmt::format("({}) -> ({}) -> ({})", premise, conclusion, print_constraint(c, p)),
            "i.hyp", p)
            .constraints;
    ASSERT_EQ(got.size(), 1U);
    // Right-associative: a -> (b -> c).
    EXPECT_EQ(got[0], any_of({negation(a), any_of({negation(b), c})}));
    for (int k = 0; k < 20; ++k) {
      std::vector<int> labels(p.var_count());
      for (int& l : labels) l = static_cast<int>(rng() % p.labels());
      EXPECT_EQ(evaluate(got[0], labels),
                !evaluate(a, labels) || !evaluate(b, labels) || evaluate(c, labels));
    }
  }
  // The loosest operator: "a and b -> c or d" is "(a and b) -> (c or d)".
  EXPECT_EQ(parse("X[0,0] = 0 and X[1,0] = 0 -> X[2,0] = 0 or X[3,0] = 0"),
            parse("not (X[0,0] = 0 and X[1,0] = 0) or (X[2,0] = 0 or X[3,0] = 0)"));
}

// A random labelling of p's lines.
std::vector<int> random_labels(const Pyramid& p, std::mt19937& rng) {
  std::vector<int> labels(p.var_count());
  for (int& l : labels) l = static_cast<int>(rng() % p.labels());
  return labels;
}

// What the completion reads back as ties: the trees of line arithmetic,
// alone or under `and`s, and nothing else (a `!=`, a unit constraint).
TEST(HypothesisParser, LineShiftsAreReadBackFromTheirTrees) {
  const Pyramid p(3);
  const int L = p.labels(), a = p.y_var(1, 0), b = p.x_var(2, 1);
  std::vector<LineShift> shifts;
  ASSERT_TRUE(line_shifts(parse("Y[1,0] = (X[2,1] - 2) % L")[0], L, shifts));
  ASSERT_EQ(shifts.size(), 1u);
  EXPECT_EQ(std::make_tuple(shifts[0].a, shifts[0].b, shifts[0].shift), std::make_tuple(a, b, 3));
  shifts.clear();
  EXPECT_TRUE(line_shifts(
      all_of({shifted_equal(a, b, 1, L), all_of({}), all_of({shifted_equal(b, a, 4, L)})}), L,
      shifts));
  EXPECT_EQ(shifts.size(), 2u);
  for (const char* other : {"Y[1,0] != (X[2,1] + 3) % L", "Y[1,0] = 2", "Y[1,0] = X[2,1]"}) {
    SCOPED_TRACE(other);
    const std::vector<Constraint> c = parse(other);
    if (c[0] == shifted_equal(a, b, 0, L)) continue;  // `=` of two lines is a tie
    EXPECT_FALSE(line_shifts(c[0], L, shifts));
  }
}

TEST(HypothesisParser, LineArithmeticIsModL) {
  const Pyramid p(3);
  const int L = p.labels(), a = p.y_var(1, 0), b = p.x_var(2, 1);
  EXPECT_EQ(parse("Y[1,0] = (X[2,1] + 3) % L"), std::vector{shifted_equal(a, b, 3, L)});
  EXPECT_EQ(parse("Y[1,0] = (X[2,1] - 2) % L"), parse("Y[1,0] = (X[2,1] + 3) % L"));
  EXPECT_EQ(parse("(Y[1,0] + 1) % L = (X[2,1] + 4) % L"), parse("Y[1,0] = (X[2,1] + 3) % L"));
  EXPECT_EQ(parse("(Y[1,0] + 2) % 5 = 1"), parse("Y[1,0] = 4"));
  EXPECT_EQ(parse("Y[1,0] != (Y[1,0] + 0) % L"), std::vector{negation(all_of({}))});
  std::mt19937 rng(7);
  const std::vector<Constraint> forms =
      parse("Y[1,0] = (X[2,1] + 3) % L; Y[1,0] != (X[2,1] - 1 - 1) % L; (X[2,1] + 7) % L = 2");
  for (int k = 0; k < 500; ++k) {
    const std::vector<int> l = random_labels(p, rng);
    EXPECT_EQ(evaluate(forms[0], l), l[a] == (l[b] + 3) % L);
    EXPECT_EQ(evaluate(forms[1], l), l[a] != (l[b] + L - 2) % L);
    EXPECT_EQ(evaluate(forms[2], l), (l[b] + 7) % L == 2);
  }
  EXPECT_NE(error_of("X[0,0] < (Y[0,0] + 1) % L")
                .find("1:8: parse error: line arithmetic "
                      "((LINE + K) % L) compares with = or != "
                      "only"),
            std::string::npos);
  EXPECT_NE(error_of("X[0,0] = (Y[0,0] + 1) % 4")
                .find("1:25: parse error: line arithmetic is mod "
                      "L = 5, not mod 4"),
            std::string::npos);
  EXPECT_NE(error_of("X[0,0] = (Y[0,0] * 2) % L").find("expected '+' or '-' after the line"),
            std::string::npos);
  EXPECT_NE(error_of("X[0,0] = (Y[0,0] + 1) % L + 1").find("parse error"), std::string::npos);
}

TEST(HypothesisParser, CubeClassesAreTheMultisetsKinds) {
  const Pyramid p(3);
  std::mt19937 rng(11);
  for (int k = 0; k < 300; ++k) {
    const std::vector<int> l = random_labels(p, rng);
    for (const Position& q : p.positions()) {
      const auto [a, b, c] = p.vars_at(q);
      const int equal_pairs = (l[a] == l[b]) + (l[b] == l[c]) + (l[a] == l[c]);
      const std::string place = fmt::format("cube({}, {}, {}) is ", q.x, q.y, q.h);
      const std::vector<Constraint> cs = parse(place + "triple; " + place + "double; " + place +
                                               "distinct; " + place + "repeated");
      EXPECT_EQ(evaluate(cs[0], l), equal_pairs == 3);
      EXPECT_EQ(evaluate(cs[1], l), equal_pairs == 1);
      EXPECT_EQ(evaluate(cs[2], l), equal_pairs == 0);
      EXPECT_EQ(evaluate(cs[3], l), equal_pairs > 0);
      if (k > 2) break;  // every place for a few labellings, one place after
    }
  }
  EXPECT_NE(error_of("cube(0, 0, 0) is odd")
                .find("1:18: parse error: expected triple, double, distinct or repeated"),
            std::string::npos);
  EXPECT_NE(error_of("cube(0, 1, 1) is triple").find("there is no place (0,1,1)"),
            std::string::npos);
}

TEST(HypothesisParser, LevelsStatesTheNsAFileHoldsFor) {
  EXPECT_EQ(parse("levels 3\nX[0,0] = 1"), parse("X[0,0] = 1"));
  EXPECT_EQ(parse("levels 2..4 X[0,0] = 1", 4), parse("X[0,0] = 1", 4));
  EXPECT_EQ(parse("levels N X[0,0] = 1", 5), parse("X[0,0] = 1", 5));
  EXPECT_NE(error_of("levels 2..4 X[0,0] = 1", 5).find("holds for N=2..4 only, not N=5"),
            std::string::npos);
}

TEST(HypothesisParser, ContradictionsAreLeftToTheSearch) {
  // Refuted by the search ("No solution"), as the same fact stated with cubes.
  EXPECT_EQ(parse("X[0,0] = 0\nX[0,0] = 1").size(), 2U);
  EXPECT_EQ(parse("not X[1,0] < 5").size(), 1U);
}

TEST(HypothesisParser, RoundTripOfRandomTrees) {
  const Pyramid p(2);
  std::vector<int> vars;
  for (int v = 0; v < p.var_count(); ++v) vars.push_back(v);
  testing::RandomConstraint random(vars, p.labels(), 3);
  for (int i = 0; i < 500; ++i) {
    const std::vector<Constraint> cs{random(4), random(2)};
    const std::string text = print_hypothesis(cs, p);
    SCOPED_TRACE(text);
    const std::vector<Constraint> back = parse_hypothesis(text, "r.hyp", p).constraints;
    ASSERT_EQ(back, cs);
    EXPECT_EQ(print_hypothesis(back, p), text);
  }
}

TEST(HypothesisParser, RoundTripOfEveryStrategy) {
  for (int levels = 1; levels <= 6; ++levels) {
    const Pyramid p(levels);
    for (const Strategy& s : strategies()) {
      SCOPED_TRACE(fmt::format("N={} {}", levels, s.name));
      const std::vector<Constraint> cs = s.build(p);
      if (cs.empty()) continue;  // an empty file is refused; nothing to print
      EXPECT_EQ(parse_hypothesis(print_hypothesis(cs, p), "s.hyp", p).constraints, cs);
    }
  }
}

}  // namespace
}  // namespace bel_pyramid
