// The command line: argv -> Options (CLI11) -> run(). Writes only to the
// streams passed in and returns the exit code; main() is a one-liner around it.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/options.hpp"

namespace bel_pyramid {

// The options of a command line `bel_pyramid ARGS...` (ARGS without the
// program's name), read and checked exactly as run_cli() reads them, for
// front ends that build a command line from their own arguments. Throws
// UsageError with the message run_cli() prints after "bel_pyramid: error: "
// (--help and --version are not runs: refused with CLI11's message).
[[nodiscard]] Options read_command_line(const std::vector<std::string>& args);

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace bel_pyramid
