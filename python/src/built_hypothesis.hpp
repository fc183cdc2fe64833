// A hypothesis built in Python: a name and constraints for one N. Before it
// reaches a formulation it must be what a .hyp file could have said:
// checked_hypothesis() refuses a line or label outside the pyramid, then
// prints the constraints in the hypothesis language and parses them back, so
// the parser's checks (a label below L, no line left without a label) and
// messages apply, and the tree that reaches the solvers is the parsed one
// (equal to the given one, which parse(print(cs)) == cs guarantees).
#pragma once

#include <string>
#include <vector>

#include "model/constraint.hpp"
#include "model/hypothesis.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid::python {

// Throws UserError or ParseError ("NAME:LINE:COL: parse error: ..." for the
// printed statement LINE).
[[nodiscard]] Hypothesis checked_hypothesis(const std::string& name,
                                            const std::vector<Constraint>& constraints,
                                            const Pyramid& pyramid);

}  // namespace bel_pyramid::python
