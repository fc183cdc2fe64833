// The process exit codes of a completed run (documented in --help and README).
#pragma once

namespace bel_pyramid {

inline constexpr int kExitOk = 0;             // solved, proved unsolvable, or stopped as asked
inline constexpr int kExitError = 1;          // a user or data error (one line on stderr)
inline constexpr int kExitUsage = 2;          // a command-line error (one line on stderr)
inline constexpr int kExitUnknown = 3;        // the solver gave up (time limit) without an answer
inline constexpr int kExitInterrupted = 130;  // stopped by SIGINT (128 + signal 2)

}  // namespace bel_pyramid
