#include "built_hypothesis.hpp"

#include <fmt/format.h>

#include "base/error.hpp"

namespace bel_pyramid::python {
namespace {

void check_var(int v, const Pyramid& p, const std::string& name) {
  if (v < 0 || v >= p.var_count())
    throw UserError(
        fmt::format("hypothesis {}: line number {} is not a line of the {}-level "
                    "pyramid (0..{})",
                    name, v, p.levels(), p.var_count() - 1));
}

// Every line a constraint names exists (the printer names them).
void check_vars(const Constraint& c, const Pyramid& p, const std::string& name) {
  for (const Term* t : {&c.lhs, &c.rhs})
    if (t->is_var()) check_var(t->var, p, name);
  for (const std::vector<int>* list : {&c.left, &c.right})
    for (int v : *list) check_var(v, p, name);
  for (const WeightedLabel& w : c.terms) check_var(w.var, p, name);
  for (const Constraint& child : c.children) check_vars(child, p, name);
}

}  // namespace

Hypothesis checked_hypothesis(const std::string& name, const std::vector<Constraint>& constraints,
                              const Pyramid& pyramid) {
  for (const Constraint& c : constraints) check_vars(c, pyramid, name);
  Hypothesis parsed = parse_hypothesis(print_hypothesis(constraints, pyramid), name, pyramid);
  if (parsed.constraints != constraints)  // the library's round trip, relied on here
    throw UserError(fmt::format("hypothesis {} does not print back to itself", name));
  return parsed;
}

}  // namespace bel_pyramid::python
