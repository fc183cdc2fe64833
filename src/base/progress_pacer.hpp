// ProgressPacer: when a running search reports its progress. Every search
// and counter reports once per kProgressPeriod (about 4 times a second), so
// progress lines, logs and checkpoints see the same rhythm from all of them.
#pragma once

#include <chrono>

#include "base/stopwatch.hpp"

namespace bel_pyramid {

inline constexpr std::chrono::milliseconds kProgressPeriod{250};

class ProgressPacer {
 public:
  using Clock = Stopwatch::Clock;

  // The first report is due `first_after` after `start`.
  explicit ProgressPacer(Clock::time_point start, Clock::duration first_after = kProgressPeriod)
      : last_(start), next_(start + first_after) {}

  // True when a report is due at `now`; the next one is then a period later.
  [[nodiscard]] bool due(Clock::time_point now) {
    if (now < next_) return false;
    window_ = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    next_ = now + kProgressPeriod;
    return true;
  }
  // Seconds between the last report that was due and the one before it (or
  // the start): the window of a rate "since the last report".
  [[nodiscard]] double window_seconds() const { return window_; }

 private:
  Clock::time_point last_, next_;
  double window_ = 0;
};

}  // namespace bel_pyramid
