// Hypotheses stated in text (doc/hypotheses.md): a `.hyp` file is parsed,
// for one pyramid, into a named list of Constraint (model/constraint.hpp),
// and any list of constraints prints back to text that parses to the same
// list. This is the library API that the command line (--hypothesis) and
// other front ends share; it reads no files itself.
//
// Guarantees: parse_hypothesis either returns constraints whose variables
// and labels are all valid for the pyramid, or throws ParseError
// "PATH:LINE:COL: parse error: ..." (never anything else on any input text);
// a hypothesis whose unary constraints leave some line without a label is
// refused with ParseError naming that line. For every non-empty list `cs`
// valid for the pyramid, parse_hypothesis(print_hypothesis(cs)) == cs.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

// A family's parameters (`param NAME in ...`) bound to values, by name.
using ParamValues = std::map<std::string, long, std::less<>>;
// A slice of a family: parameters, by name, to the values (sorted) that a
// sweep searches (--param NAME=V1,V2,...).
using ParamSlices = std::map<std::string, std::vector<long>, std::less<>>;

struct Hypothesis {
  std::string name;                     // the file's base name, as the Strategies: block shows it
  std::vector<Constraint> constraints;  // one per top-level statement, in order
  // The parameters the file declares, in order, with the values they were
  // given: empty for a single shape, one member's binding for a family.
  std::vector<std::pair<std::string, long>> params;
};

// A parameter and the values it takes (given the ones declared before it).
struct FamilyParam {
  std::string name;
  std::vector<long> values;
};

// Parses `text` (the contents of the file at `path`) for pyramid `p`, with
// its parameters bound by `params` (names it does not declare are ignored:
// the caller checks them against Hypothesis::params); a declared parameter
// with no value, or a value outside its domain, is a ParseError.
[[nodiscard]] Hypothesis parse_hypothesis(std::string_view text, const std::string& path,
                                          const Pyramid& p, const ParamValues& params = {});

// Calls `visit(binding, member)` for every member of the family in `text`
// whose binding extends `fixed`, parsed: each parameter takes each of its
// values in turn, in order of declaration and of value (one call with
// `fixed` for a file without parameters). Errors as parse_hypothesis.
using MemberVisitor = std::function<void(const ParamValues& binding, Hypothesis&& member)>;
void for_each_member(std::string_view text, const std::string& path, const Pyramid& p,
                     const ParamValues& fixed, const MemberVisitor& visit);

// Every member of the family in `text` whose binding extends `fixed`: each
// parameter takes each of its values in turn, in order of declaration and
// of value (one empty binding for a file without parameters). Errors as
// parse_hypothesis, and a ParseError when there are more than `limit`.
[[nodiscard]] std::vector<ParamValues> family_members(std::string_view text,
                                                      const std::string& path, const Pyramid& p,
                                                      const ParamValues& fixed = {},
                                                      std::size_t limit = 10'000'000);

// A member's binding as sweeps name it: "d=1,e=1,f=3" (the hypothesis name
// adds it in brackets: "Family.hyp(d=1,e=1,f=3)").
[[nodiscard]] std::string member_name(const std::vector<std::pair<std::string, long>>& params);

// The hypothesis name of a file: its path without the directories.
[[nodiscard]] std::string hypothesis_name(const std::string& path);

// One constraint as a statement of the language (no newline).
[[nodiscard]] std::string print_constraint(const Constraint& c, const Pyramid& p);
// One statement per line.
[[nodiscard]] std::string print_hypothesis(const std::vector<Constraint>& constraints,
                                           const Pyramid& p);
// The name of a line variable in the language: "X[2,0]", "Z[1,3]" (row first).
[[nodiscard]] std::string hypothesis_var_name(const Pyramid& p, int var);

}  // namespace bel_pyramid
