// CpuAccount: the CPU seconds of one piece of work that runs on several
// threads (a sweep's member and the racers its portfolio starts). The
// thread that does the work charges its CPU to the account while a
// CpuCharge lives; a thread it starts for that work (portfolio.cpp) opens
// a CpuCharge on the account it finds current, so that its CPU is counted
// there too. A charge counts its own thread's CPU only (the thread's
// clock): the threads of one account never count each other's seconds.
#pragma once

#include <atomic>

#include "base/stopwatch.hpp"

namespace bel_pyramid {

class CpuAccount {
 public:
  void add(double seconds) { seconds_.fetch_add(seconds, std::memory_order_relaxed); }
  [[nodiscard]] double seconds() const { return seconds_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> seconds_{0};
};

// Charges the calling thread's CPU, from now until it is destroyed, to
// `account` (none: nothing), and makes `account` current on this thread.
class CpuCharge {
 public:
  explicit CpuCharge(CpuAccount* account)
      : account_(account), outer_(current_), start_(thread_cpu_seconds()) {
    current_ = account;
  }
  ~CpuCharge() {
    if (account_) account_->add(thread_cpu_seconds() - start_);
    current_ = outer_;
  }
  CpuCharge(const CpuCharge&) = delete;
  CpuCharge& operator=(const CpuCharge&) = delete;

  // The account of this thread's innermost charge; none outside one.
  [[nodiscard]] static CpuAccount* current() { return current_; }

 private:
  CpuAccount* account_;
  CpuAccount* outer_;
  double start_;
  static thread_local CpuAccount* current_;
};

inline thread_local CpuAccount* CpuCharge::current_ = nullptr;

}  // namespace bel_pyramid
