// Stopwatch: wall-clock seconds since it was made, on the monotonic clock.
// Every "how long did this take" of the program reads one, so elapsed times
// are measured one way everywhere.
#pragma once

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

}  // namespace bel_pyramid
