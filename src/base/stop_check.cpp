#include "base/stop_check.hpp"

namespace bel_pyramid {

StopCheck::StopCheck(double timeout_seconds, const std::atomic<bool>* stop)
    : timeout_seconds_(timeout_seconds),
      stop_(stop),
      end_(timeout_seconds > 0
               ? watch_.started() + std::chrono::duration_cast<Stopwatch::Clock::duration>(
                                        std::chrono::duration<double>(timeout_seconds))
               : Stopwatch::Clock::time_point::max()) {}

bool StopCheck::interrupted() const { return stop_ && stop_->load(std::memory_order_relaxed); }

bool StopCheck::stopped() const { return interrupted() || Stopwatch::Clock::now() >= end_; }

std::string StopCheck::reason() const {
  return interrupted() ? "interrupted" : "time limit reached";
}

void StopCheck::check() const {
  if (stopped()) throw Stopped(reason());
}

}  // namespace bel_pyramid
