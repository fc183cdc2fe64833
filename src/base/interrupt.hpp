// Interrupts: SIGINT and SIGTERM during one run of the command line, and the
// one path every stop takes.
//
// The first signal is a stop request: it sets stop_flag(). While a
// StopDeferral is alive (a run that searches or counts, from its start to the
// publication of its outputs) that is all it does: the search polls the flag,
// returns within a second, and the run writes its final checkpoint, log line,
// JSON and "interrupted" line, then exits with 128 + the signal (130 for
// SIGINT, 143 for SIGTERM). Outside a StopDeferral (building, exporting)
// there is nothing to finish: the request removes the temporary files of
// unfinished outputs (registered by OutputFile) and exits at once.
//
// Any signal within kStopGraceSeconds of the first is the same request and is
// ignored: `timeout` signals the process and then its group, a terminal's
// Ctrl-C reaches every process of the group. A signal after the grace period
// means the user insists: the temporaries are removed and the process exits
// at once with 128 + that signal, whatever it was doing.
#pragma once

#include <atomic>

namespace bel_pyramid {

inline constexpr double kStopGraceSeconds = 2.0;

// Installs the handlers for its lifetime (and restores the previous ones, so
// in-process callers such as tests keep theirs); starts with no request.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// While alive (and `active`), a stop request only sets the flag: the run
// stops itself and finishes its writes.
class StopDeferral {
 public:
  explicit StopDeferral(bool active);
  ~StopDeferral();
  StopDeferral(const StopDeferral&) = delete;
  StopDeferral& operator=(const StopDeferral&) = delete;

 private:
  bool active_;
};

// Set by the first signal; searches stop when they see it.
[[nodiscard]] const std::atomic<bool>* stop_flag();
// The signal of the stop request (SIGINT, SIGTERM), 0 when none came.
[[nodiscard]] int stop_signal();

// A temporary file to remove if a signal ends the process. The string must
// stay alive until unregister_temporary(); at most 16 at a time.
void register_temporary(const char* path);
void unregister_temporary(const char* path);

}  // namespace bel_pyramid
