// Poller: calls a function from a thread of its own every kPeriod until
// the function returns true or the poller is destroyed (which joins the
// thread). The one mechanism for watching a flag or a limit beside a call
// that cannot poll it itself: interrupting Z3 when the limits fire
// (solvers/z3_backend.cpp), relaying Ctrl-C into a Python run's stop flag
// (python/src/bind_run.cpp).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <utility>

namespace bel_pyramid {

class Poller {
 public:
  static constexpr std::chrono::milliseconds kPeriod{20};

  explicit Poller(std::function<bool()> poll)
      : poll_(std::move(poll)), thread_([this] {
          while (!done_.load() && !poll_()) std::this_thread::sleep_for(kPeriod);
        }) {}
  ~Poller() {
    done_.store(true);
    thread_.join();
  }
  Poller(const Poller&) = delete;
  Poller& operator=(const Poller&) = delete;

 private:
  std::function<bool()> poll_;
  std::atomic<bool> done_{false};
  std::thread thread_;  // last: it starts once the members it reads exist
};

}  // namespace bel_pyramid
