// The process exit codes of a completed run (documented in --help and README).
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

}  // namespace bel_pyramid
