// Stopwatch: wall-clock seconds since it was made, on the monotonic clock,
// and process_cpu_seconds(), the CPU the process used.
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

// CPU seconds of the whole process (every thread) so far.
[[nodiscard]] inline double process_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace bel_pyramid
