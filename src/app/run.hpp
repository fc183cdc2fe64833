// run(): the pipeline behind the command line — build the formulation, print
// its statistics (doc/model.md, Output text), export, solve, validate and print. Every step
// writes to the streams it is given, so tests run it in-process.
// Every output file of the run is published together once the run's steps
// are done (output_file.hpp); a run that throws publishes none. A run that
// searches or counts defers stop requests (interrupt.hpp): stopped, it still
// writes and publishes everything and returns 128 + the signal.
// A run that makes a RunSummary (a solve, a count or an estimate, a
// certificate import, --skip-solver, --check) hands it to options.summary
// when that is set: in-process callers read the typed result there.
// Throws UserError/ParseError; returns the process exit code otherwise.
#pragma once

#include <ostream>

#include "app/exit_codes.hpp"
#include "app/options.hpp"

namespace bel_pyramid {

int run(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace bel_pyramid
