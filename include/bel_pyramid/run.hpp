// run(): the pipeline behind the command line — build the formulation, print
// its statistics (SPEC §3 text), export, solve, validate and print. Every step
// writes to the streams it is given, so tests run it in-process.
// Throws UserError/ParseError; returns the process exit code otherwise.
#pragma once

#include <ostream>

#include "bel_pyramid/memory_guard.hpp"
#include "bel_pyramid/options.hpp"
#include "bel_pyramid/solver.hpp"

namespace bel_pyramid {

// Exit codes of a completed run.
inline constexpr int kExitOk = 0;             // solved, proved unsolvable, or stopped as asked
inline constexpr int kExitError = 1;          // a user or data error (one line on stderr)
inline constexpr int kExitUsage = 2;          // a command-line error (one line on stderr)
inline constexpr int kExitUnknown = 3;        // the solver gave up (time limit) without an answer
inline constexpr int kExitInterrupted = 130;  // stopped by SIGINT (128 + signal 2)

int run(const Options& options, std::ostream& out, std::ostream& err);

// The limits every search of this run gets (seed, time, stop flag, tactic,
// --cnf-tune); progress and start are the caller's.
[[nodiscard]] SolveLimits solve_limits(const Options& options);
// Whether the run's stop flag (Ctrl-C) is set.
[[nodiscard]] bool interrupted(const Options& options);

}  // namespace bel_pyramid
