#include "model/negation.hpp"

#include <utility>

namespace bel_pyramid {
namespace {

std::vector<Constraint> map_children(const std::vector<Constraint>& children,
                                     Constraint (*f)(const Constraint&)) {
  std::vector<Constraint> out;
  out.reserve(children.size());
  for (const Constraint& k : children) out.push_back(f(k));
  return out;
}

// not (a <=lex b) is b <lex a: b <=lex a and the lists differ somewhere.
Constraint lex_greater(const Constraint& c) {
  std::vector<Constraint> differ;
  for (std::size_t i = 0; i < c.left.size(); ++i)
    differ.push_back(compare(var(c.left[i]), Rel::Ne, var(c.right[i])));
  return all_of({lex_less_eq(c.right, c.left), any_of(std::move(differ))});
}

// Value precedence fails at the first element j that reaches a label l at
// least 2 above every element before it (for j = 0: any label l >= 1). Before
// the first failure the prefix maximum is at most j-1, so l <= j+1 suffices.
Constraint precedence_broken(const std::vector<int>& list) {
  std::vector<Constraint> cases;
  if (!list.empty()) cases.push_back(compare(var(list[0]), Rel::Ne, label(0)));
  for (std::size_t j = 1; j < list.size(); ++j)
    for (int l = 2; l <= static_cast<int>(j) + 1; ++l) {
      std::vector<Constraint> all{compare(var(list[j]), Rel::Ge, label(l))};
      for (std::size_t i = 0; i < j; ++i)
        all.push_back(compare(var(list[i]), Rel::Le, label(l - 2)));
      cases.push_back(all_of(std::move(all)));
    }
  return any_of(std::move(cases));
}

}  // namespace

Rel complement(Rel rel) {
  switch (rel) {
    case Rel::Eq: return Rel::Ne;
    case Rel::Ne: return Rel::Eq;
    case Rel::Lt: return Rel::Ge;
    case Rel::Le: return Rel::Gt;
    case Rel::Gt: return Rel::Le;
    case Rel::Ge: return Rel::Lt;
  }
  return rel;
}

Constraint without_negation(const Constraint& c) {
  using Kind = Constraint::Kind;
  switch (c.kind) {
    case Kind::All: return all_of(map_children(c.children, without_negation));
    case Kind::Any: return any_of(map_children(c.children, without_negation));
    case Kind::Not: return negated(c.children.at(0));
    default: return c;
  }
}

Constraint negated(const Constraint& c) {
  using Kind = Constraint::Kind;
  switch (c.kind) {
    case Kind::Compare: return compare(c.lhs, complement(c.rel), c.rhs);
    case Kind::All: return any_of(map_children(c.children, negated));
    case Kind::Any: return all_of(map_children(c.children, negated));
    case Kind::LexLessEq: return lex_greater(c);
    case Kind::Precedence: return precedence_broken(c.left);
    case Kind::LabelCount: return label_count(c.terms, complement(c.rel), c.bound);
    case Kind::Not: return without_negation(c.children.at(0));
  }
  return c;
}

}  // namespace bel_pyramid
