// --check: reads a solution someone else found (Knuth's text format, or the
// JSON that --json writes), validates it against the puzzle and the given
// strategies, and either says it is a valid N-level solution or names exactly
// what is wrong (each duplicated cube with its positions, each missing cube).
// N comes from the drawing; an N on the command line must agree with it.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "app/options.hpp"
#include "model/solution.hpp"

namespace bel_pyramid {

// Knuth's format or JSON (a text that starts with '{'); throws ParseError.
[[nodiscard]] Solution read_solution(std::string_view text, const std::string& path);

// The whole --check run: report on `out` (on `err` when --json/--svg write
// to stdout); throws UserError for an invalid solution. Returns the exit code.
int run_check(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace bel_pyramid
