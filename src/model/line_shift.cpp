#include "model/line_shift.hpp"

#include <optional>
#include <vector>

namespace bel_pyramid {
namespace {

// The shift a tree states when it is shifted_equal(a, b, k) for some a != b, k.
std::optional<LineShift> as_line_shift(const Constraint& c, int labels) {
  using Kind = Constraint::Kind;
  if (c.kind != Kind::All || c.children.size() != static_cast<std::size_t>(labels)) return {};
  const Constraint& first = c.children[0];  // "b != 0 or a = k"
  if (first.kind != Kind::Any || first.children.size() != 2) return {};
  const Constraint& ne = first.children[0];
  const Constraint& eq = first.children[1];
  if (ne.kind != Kind::Compare || eq.kind != Kind::Compare || !ne.lhs.is_var() ||
      !eq.lhs.is_var() || eq.rhs.is_var())
    return {};
  const LineShift shift{eq.lhs.var, ne.lhs.var, eq.rhs.value};
  if (c != shifted_equal(shift.a, shift.b, shift.shift, labels)) return {};
  return shift;
}

}  // namespace

Constraint shifted_equal(int a, int b, long shift, int labels) {
  const long k = ((shift % labels) + labels) % labels;
  if (a == b) return k == 0 ? all_of({}) : any_of({});
  std::vector<Constraint> cases;
  for (int l = 0; l < labels; ++l)
    cases.push_back(any_of({compare(var(b), Rel::Ne, label(l)),
                            compare(var(a), Rel::Eq, label(static_cast<int>((l + k) % labels)))}));
  return all_of(std::move(cases));
}

bool line_shifts(const Constraint& c, int labels, std::vector<LineShift>& out) {
  if (const std::optional<LineShift> shift = as_line_shift(c, labels)) {
    out.push_back(*shift);
    return true;
  }
  if (c.kind != Constraint::Kind::All) return false;
  for (const Constraint& child : c.children)
    if (!line_shifts(child, labels, out)) return false;
  return true;
}

}  // namespace bel_pyramid
