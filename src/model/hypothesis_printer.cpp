// Prints constraints in the hypothesis language so that parsing the text
// gives the same tree back: `and`/`or` chains for two children or more,
// all(...)/any(...) for one, true/false for none, brackets around a chain
// wherever it is a child and around negative numbers.
#include <fmt/format.h>

#include "model/hypothesis.hpp"

namespace bel_pyramid {
namespace {

const char* rel_text(Rel rel) { return rel == Rel::Eq ? "=" : to_string(rel); }

// Negative numbers in brackets, so that no statement starts with '-' (which
// would continue the number that ends the statement before it).
std::string number(long n) { return n < 0 ? fmt::format("({})", n) : std::to_string(n); }

bool is_chain(const Constraint& c) {
  return (c.kind == Constraint::Kind::All || c.kind == Constraint::Kind::Any) &&
         c.children.size() >= 2;
}

class Printer {
 public:
  explicit Printer(const Pyramid& p) : p_(p) {}

  std::string operator()(const Constraint& c) const {
    using Kind = Constraint::Kind;
    switch (c.kind) {
      case Kind::Compare: return fmt::format("{} {} {}", term(c.lhs), rel_text(c.rel), term(c.rhs));
      case Kind::All: return junction(c, "true", "all", " and ");
      case Kind::Any: return junction(c, "false", "any", " or ");
      case Kind::Not: return "not " + child(c.children.at(0));
      case Kind::LexLessEq: return fmt::format("lex({}) <= lex({})", vars(c.left), vars(c.right));
      case Kind::Precedence: return fmt::format("precedence({})", vars(c.left));
      case Kind::LabelCount: {
        std::vector<std::string> terms;
        for (const WeightedLabel& t : c.terms) {
          const std::string test = fmt::format("{} = {}", name(t.var), t.label);
          terms.push_back(t.weight == 1 ? test : fmt::format("{} * ({})", number(t.weight), test));
        }
        return fmt::format("count({}) {} {}", fmt::join(terms, ", "), rel_text(c.rel),
                           number(c.bound));
      }
    }
    return "false";
  }

 private:
  [[nodiscard]] std::string name(int v) const { return hypothesis_var_name(p_, v); }
  [[nodiscard]] std::string term(Term t) const {
    return t.is_var() ? name(t.var) : number(t.value);
  }
  [[nodiscard]] std::string vars(const std::vector<int>& list) const {
    std::vector<std::string> names;
    for (int v : list) names.push_back(name(v));
    return fmt::format("{}", fmt::join(names, ", "));
  }
  [[nodiscard]] std::string child(const Constraint& c) const {
    return is_chain(c) ? "(" + (*this)(c) + ")" : (*this)(c);
  }
  [[nodiscard]] std::string junction(const Constraint& c, const char* empty, const char* single,
                                     const char* joint) const {
    if (c.children.empty()) return empty;
    if (c.children.size() == 1) return fmt::format("{}({})", single, (*this)(c.children[0]));
    std::string out;
    for (const Constraint& k : c.children) out += (out.empty() ? "" : joint) + child(k);
    return out;
  }

  const Pyramid& p_;
};

}  // namespace

std::string hypothesis_var_name(const Pyramid& p, int var) {
  const AxisVar a = p.axis_var(var);
  const char axis = a.axis == Axis::X ? 'X' : a.axis == Axis::Y ? 'Y' : 'Z';
  return fmt::format("{}[{},{}]", axis, a.i, a.j);
}

std::string print_constraint(const Constraint& c, const Pyramid& p) { return Printer(p)(c); }

std::string print_hypothesis(const std::vector<Constraint>& constraints, const Pyramid& p) {
  const Printer printer(p);
  std::string out;
  for (const Constraint& c : constraints) out += printer(c) + "\n";
  return out;
}

}  // namespace bel_pyramid
