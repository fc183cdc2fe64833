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

#include <string>
#include <string_view>
#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

struct Hypothesis {
  std::string name;                     // the file's base name, as the Strategies: block shows it
  std::vector<Constraint> constraints;  // one per top-level statement, in order
};

// Parses `text` (the contents of the file at `path`) for pyramid `p`.
[[nodiscard]] Hypothesis parse_hypothesis(std::string_view text, const std::string& path,
                                          const Pyramid& p);

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
