// Constraint: the solver-neutral language in which strategies state what they
// add to the formulation. Every backend lowers these node kinds (Z3 terms,
// CNF clauses, local-search checks); a strategy never sees a backend.
//
// Labels are the integers 0..L-1 and ordering compares label indices, so the
// same constraint means the same thing under the int and the enum encodings.
//
//   Compare      lhs rel rhs, each a label variable or a constant
//   All / Any    conjunction / disjunction of children (empty: true / false)
//   LexLessEq    list a <=lex list b (equal lengths)
//   Precedence   value precedence: list[0] == 0 and each element is at most
//                1 + the maximum of the elements before it
//   LabelCount   sum of weight * [var == label] over terms, rel bound
//   Not          negation of its single child
//
// evaluate() gives the meaning of each node on a full assignment; it is the
// reference the backends are tested against.
#pragma once

#include <string>
#include <vector>

namespace bel_pyramid {

enum class Rel { Eq, Ne, Lt, Le, Gt, Ge };

// A label variable (var >= 0, see Pyramid's numbering) or a constant label.
struct Term {
  int var = -1;
  int value = 0;
  [[nodiscard]] bool is_var() const { return var >= 0; }
  bool operator==(const Term&) const = default;
};
[[nodiscard]] inline Term var(int v) { return {v, 0}; }
[[nodiscard]] inline Term label(int l) { return {-1, l}; }

struct WeightedLabel {
  int var = 0;
  int label = 0;
  int weight = 1;
  bool operator==(const WeightedLabel&) const = default;
};

struct Constraint {
  enum class Kind { Compare, All, Any, LexLessEq, Precedence, LabelCount, Not };

  Kind kind = Kind::All;
  Rel rel = Rel::Eq;                 // Compare, LabelCount
  Term lhs, rhs;                     // Compare
  std::vector<Constraint> children;  // All, Any, Not (one child)
  std::vector<int> left, right;      // LexLessEq (left <= right), Precedence (left)
  std::vector<WeightedLabel> terms;  // LabelCount
  long bound = 0;                    // LabelCount

  // Structural equality (the same tree, not merely the same meaning).
  bool operator==(const Constraint&) const = default;
};

[[nodiscard]] Constraint compare(Term lhs, Rel rel, Term rhs);
[[nodiscard]] Constraint all_of(std::vector<Constraint> children);
[[nodiscard]] Constraint any_of(std::vector<Constraint> children);
[[nodiscard]] Constraint lex_less_eq(std::vector<int> left, std::vector<int> right);
[[nodiscard]] Constraint value_precedence(std::vector<int> vars);
[[nodiscard]] Constraint label_count(std::vector<WeightedLabel> terms, Rel rel, long bound);
[[nodiscard]] Constraint negation(Constraint child);

// Truth of a relation between two integers.
[[nodiscard]] bool holds(long lhs, Rel rel, long rhs);
// Truth of a constraint under a full assignment labels[var].
[[nodiscard]] bool evaluate(const Constraint& c, const std::vector<int>& labels);
[[nodiscard]] const char* to_string(Rel rel);

}  // namespace bel_pyramid
