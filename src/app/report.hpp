// The human report of a run, in the original tool's words (doc/model.md,
// Output text): the formulation's statistics and a definite answer. A
// solution is printed only after it has been validated against the puzzle and
// every constraint of the formulation, whichever search found it.
#pragma once

#include <ostream>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

// Where a run writes: the report (progress words; a null stream with
// --quiet), the answer (the result lines, which --quiet keeps), standard
// output for "-" outputs, and standard error.
struct ReportStreams {
  std::ostream& report;
  std::ostream& answer;
  std::ostream& out;
  std::ostream& err;
};

// A stream that discards everything (--quiet's report).
[[nodiscard]] std::ostream& null_stream();

// "Parameters:", "Variables:", "Constraints:" and "Strategies:" blocks.
void print_statistics(const Formulation& f, std::ostream& out);

// "Solution:" with Knuth's drawing, or "No solution exists ..." (followed by
// the strategies that verdict assumed, if any); throws UserError when a
// solution fails validation. Unknown is the caller's to report.
void print_result(const Formulation& f, const SolveResult& result, std::ostream& out);

}  // namespace bel_pyramid
