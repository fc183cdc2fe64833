#include "model/label_domains.hpp"

#include <fmt/format.h>

#include <cassert>

#include "model/negation.hpp"

namespace bel_pyramid {
namespace {

// The relation seen from the variable's side: `c rel v` is `v flip(rel) c`.
Rel flip(Rel rel) {
  switch (rel) {
    case Rel::Lt: return Rel::Gt;
    case Rel::Le: return Rel::Ge;
    case Rel::Gt: return Rel::Lt;
    case Rel::Ge: return Rel::Le;
    default: return rel;
  }
}

bool is_unary(const Constraint& c) {
  if (c.kind == Constraint::Kind::Compare) return c.lhs.is_var() != c.rhs.is_var();
  if (c.kind != Constraint::Kind::All) return false;
  for (const Constraint& child : c.children)
    if (!is_unary(child)) return false;
  return true;
}

void restrict(const Constraint& c, int labels, std::vector<LabelMask>& masks) {
  if (c.kind == Constraint::Kind::All) {
    for (const Constraint& child : c.children) restrict(child, labels, masks);
    return;
  }
  const bool var_left = c.lhs.is_var();
  const int v = var_left ? c.lhs.var : c.rhs.var;
  const int constant = var_left ? c.rhs.value : c.lhs.value;
  const Rel rel = var_left ? c.rel : flip(c.rel);
  LabelMask allowed = 0;
  for (int l = 0; l < labels; ++l)
    if (holds(l, rel, constant)) allowed |= LabelMask{1} << l;
  masks[v] &= allowed;
}

// The constraint with its parts that name no line evaluated: a comparison
// of two constants (a file's `h < N - k -> Y[y,h] = 3` at some h) becomes
// true or false, and an `or` (`and`) with a true (false) part is that
// constant; so a condition on constants never hides a unary constraint.
Constraint folded(const Constraint& c) {
  if (c.kind == Constraint::Kind::Compare && !c.lhs.is_var() && !c.rhs.is_var())
    return evaluate(c, {}) ? all_of({}) : any_of({});
  if (c.kind != Constraint::Kind::All && c.kind != Constraint::Kind::Any) return c;
  const bool all = c.kind == Constraint::Kind::All;
  std::vector<Constraint> kept;
  for (const Constraint& child : c.children) {
    Constraint f = folded(child);
    const bool constant =
        f.children.empty() && (f.kind == Constraint::Kind::All || f.kind == Constraint::Kind::Any);
    if (!constant) {
      kept.push_back(std::move(f));
    } else if ((f.kind == Constraint::Kind::All) != all) {
      return f;  // false in an `and`, true in an `or`
    }
  }
  if (kept.size() == 1) return std::move(kept[0]);
  return all ? all_of(std::move(kept)) : any_of(std::move(kept));
}

}  // namespace

bool apply_unary(const Constraint& original, int labels, std::vector<LabelMask>& masks) {
  const Constraint c = folded(without_negation(original));
  if (!is_unary(c)) return false;
  restrict(c, labels, masks);
  return true;
}

LabelDomains split_constraints(const Formulation& formulation) {
  const Pyramid& p = formulation.pyramid();
  assert(p.labels() <= 64);
  const LabelMask full = p.labels() == 64 ? ~LabelMask{0} : (LabelMask{1} << p.labels()) - 1;
  LabelDomains d{std::vector<LabelMask>(p.var_count(), full), {}, std::nullopt};
  for (const Constraint& c : formulation.constraints())
    if (!apply_unary(c, p.labels(), d.masks)) d.penalties.push_back(without_negation(c));
  for (int v = 0; v < p.var_count(); ++v)
    if (d.masks[v] == 0) {
      d.contradiction = fmt::format("the strategies leave {} without any label", p.var_name(v));
      break;
    }
  return d;
}

}  // namespace bel_pyramid
