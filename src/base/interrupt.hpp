// Interrupts: SIGINT and SIGTERM during one run of the command line.
//
// InterruptGuard installs the handlers for its lifetime (and restores the
// previous ones, so in-process callers such as tests keep theirs). While a
// search that polls stop_flag() runs inside a PollingScope, the first signal
// only sets the flag: the search returns within a second and the run reports
// the interruption. At any other time — or on a second signal — the handler
// removes the temporary files of unfinished outputs (registered by
// OutputFile) and exits at once with 128 + the signal number, so an
// interrupted export never leaves a half-written file behind.
#pragma once

#include <atomic>

namespace bel_pyramid {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

class PollingScope {
 public:
  explicit PollingScope(bool active);
  ~PollingScope();
  PollingScope(const PollingScope&) = delete;
  PollingScope& operator=(const PollingScope&) = delete;

 private:
  bool active_;
};

// Set by the first signal while polling; searches stop when they see it.
[[nodiscard]] const std::atomic<bool>* stop_flag();

// A temporary file to remove if a signal ends the process. The string must
// stay alive until unregister_temporary(); at most 16 at a time.
void register_temporary(const char* path);
void unregister_temporary(const char* path);

}  // namespace bel_pyramid
