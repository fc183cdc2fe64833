#include "base/stop_check.hpp"

namespace bel_pyramid {

StopCheck::StopCheck(double timeout_seconds, const std::atomic<bool>* stop)
    : stop_(stop),
      end_(timeout_seconds > 0
               ? std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(timeout_seconds))
               : std::chrono::steady_clock::time_point::max()) {}

bool StopCheck::stopped() const {
  if (stop_ && stop_->load(std::memory_order_relaxed)) return true;
  return std::chrono::steady_clock::now() >= end_;
}

std::string StopCheck::reason() const {
  if (stop_ && stop_->load(std::memory_order_relaxed)) return "interrupted";
  return "time limit reached";
}

void StopCheck::check() const {
  if (stopped()) throw Stopped(reason());
}

}  // namespace bel_pyramid
