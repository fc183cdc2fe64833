#include "model/constraint.hpp"

#include <algorithm>
#include <cassert>

namespace bel_pyramid {

Constraint compare(Term lhs, Rel rel, Term rhs) {
  Constraint c;
  c.kind = Constraint::Kind::Compare;
  c.lhs = lhs;
  c.rel = rel;
  c.rhs = rhs;
  return c;
}

Constraint all_of(std::vector<Constraint> children) {
  Constraint c;
  c.kind = Constraint::Kind::All;
  c.children = std::move(children);
  return c;
}

Constraint any_of(std::vector<Constraint> children) {
  Constraint c;
  c.kind = Constraint::Kind::Any;
  c.children = std::move(children);
  return c;
}

Constraint lex_less_eq(std::vector<int> left, std::vector<int> right) {
  assert(left.size() == right.size());
  Constraint c;
  c.kind = Constraint::Kind::LexLessEq;
  c.left = std::move(left);
  c.right = std::move(right);
  return c;
}

Constraint value_precedence(std::vector<int> vars) {
  Constraint c;
  c.kind = Constraint::Kind::Precedence;
  c.left = std::move(vars);
  return c;
}

Constraint label_count(std::vector<WeightedLabel> terms, Rel rel, long bound) {
  Constraint c;
  c.kind = Constraint::Kind::LabelCount;
  c.terms = std::move(terms);
  c.rel = rel;
  c.bound = bound;
  return c;
}

Constraint negation(Constraint child) {
  Constraint c;
  c.kind = Constraint::Kind::Not;
  c.children.push_back(std::move(child));
  return c;
}

bool holds(long lhs, Rel rel, long rhs) {
  switch (rel) {
    case Rel::Eq: return lhs == rhs;
    case Rel::Ne: return lhs != rhs;
    case Rel::Lt: return lhs < rhs;
    case Rel::Le: return lhs <= rhs;
    case Rel::Gt: return lhs > rhs;
    case Rel::Ge: return lhs >= rhs;
  }
  return false;
}

const char* to_string(Rel rel) {
  switch (rel) {
    case Rel::Eq: return "==";
    case Rel::Ne: return "!=";
    case Rel::Lt: return "<";
    case Rel::Le: return "<=";
    case Rel::Gt: return ">";
    case Rel::Ge: return ">=";
  }
  return "?";
}

bool evaluate(const Constraint& c, const std::vector<int>& labels) {
  auto value = [&](Term t) { return t.is_var() ? labels[t.var] : t.value; };
  using Kind = Constraint::Kind;
  switch (c.kind) {
    case Kind::Compare: return holds(value(c.lhs), c.rel, value(c.rhs));
    case Kind::All:
      return std::all_of(c.children.begin(), c.children.end(),
                         [&](const Constraint& k) { return evaluate(k, labels); });
    case Kind::Any:
      return std::any_of(c.children.begin(), c.children.end(),
                         [&](const Constraint& k) { return evaluate(k, labels); });
    case Kind::LexLessEq:
      for (std::size_t i = 0; i < c.left.size(); ++i) {
        if (labels[c.left[i]] != labels[c.right[i]]) return labels[c.left[i]] < labels[c.right[i]];
      }
      return true;
    case Kind::Precedence: {
      int max = -1;
      for (int v : c.left) {
        if (labels[v] > max + 1) return false;
        max = std::max(max, labels[v]);
      }
      return true;
    }
    case Kind::LabelCount: {
      long sum = 0;
      for (const auto& t : c.terms)
        if (labels[t.var] == t.label) sum += t.weight;
      return holds(sum, c.rel, c.bound);
    }
    case Kind::Not: return !evaluate(c.children.at(0), labels);
  }
  return false;
}

}  // namespace bel_pyramid
