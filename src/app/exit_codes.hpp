// The process exit codes of a completed run (documented in --help and doc/options.md).
#pragma once

#include "base/interrupt.hpp"

namespace bel_pyramid {

inline constexpr int kExitOk = 0;             // solved, proved unsolvable, or stopped as asked
inline constexpr int kExitError = 1;          // a user or data error (one line on stderr)
inline constexpr int kExitUsage = 2;          // a command-line error (one line on stderr)
inline constexpr int kExitUnknown = 3;        // the solver gave up (time limit) without an answer
inline constexpr int kExitInterrupted = 130;  // stopped by SIGINT (128 + signal 2)
inline constexpr int kExitTerminated = 143;   // stopped by SIGTERM (128 + signal 15)

// The exit code of a run that a stop request ended: 128 + its signal; 130
// when the stop flag was set without a signal (in-process callers).
[[nodiscard]] inline int stopped_exit_code() {
  const int signal_number = stop_signal();
  return signal_number == 0 ? kExitInterrupted : 128 + signal_number;
}

// --sat-exit-codes: the SAT competition's convention, for scripts that expect it.
inline constexpr int kSatExitSolution = 10;
inline constexpr int kSatExitNoSolution = 20;
inline constexpr int kSatExitUnknown = 0;

// How a search or a count ended, when it was not interrupted.
enum class Outcome { Solution, NoSolution, GaveUp };

// The exit code of an outcome: 0 or 3 by default, 10/20/0 with --sat-exit-codes.
constexpr int outcome_exit_code(Outcome outcome, bool sat_exit_codes) {
  switch (outcome) {
    case Outcome::Solution: return sat_exit_codes ? kSatExitSolution : kExitOk;
    case Outcome::NoSolution: return sat_exit_codes ? kSatExitNoSolution : kExitOk;
    case Outcome::GaveUp: return sat_exit_codes ? kSatExitUnknown : kExitUnknown;
  }
  return kExitUnknown;
}

}  // namespace bel_pyramid
