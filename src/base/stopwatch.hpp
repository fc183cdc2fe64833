// Stopwatch: wall-clock seconds since it was made, on the monotonic clock,
// process_cpu_seconds(), the CPU the process used, and thread_cpu_seconds(),
// the calling thread's.
// Every "how long did this take" of the program reads one, so elapsed times
// are measured one way everywhere.
#pragma once

#include <time.h>

#include <chrono>

namespace bel_pyramid {

class Stopwatch {
 public:
  using Clock = std::chrono::steady_clock;

  [[nodiscard]] Clock::time_point started() const { return start_; }
  [[nodiscard]] double seconds() const { return seconds_at(Clock::now()); }
  [[nodiscard]] double seconds_at(Clock::time_point now) const {
    return std::chrono::duration<double>(now - start_).count();
  }

 private:
  Clock::time_point start_ = Clock::now();
};

// Seconds on one of the kernel's CPU clocks.
[[nodiscard]] inline double clock_seconds(clockid_t clock) {
  timespec t{};
  ::clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// CPU seconds of the whole process (every thread) so far.
[[nodiscard]] inline double process_cpu_seconds() {
  return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

// CPU seconds of the calling thread so far.
[[nodiscard]] inline double thread_cpu_seconds() { return clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

}  // namespace bel_pyramid
