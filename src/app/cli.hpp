// The command line: argv -> Options (CLI11) -> run(). Writes only to the
// streams passed in and returns the exit code; main() is a one-liner around it.
#pragma once

#include <ostream>

namespace bel_pyramid {

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace bel_pyramid
