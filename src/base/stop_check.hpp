// StopCheck: the limits of one solve or count as one value, started when the
// solve starts: the --timeout deadline, the stop flag (Ctrl-C, or a
// portfolio's winner) and the stopwatch of its elapsed time. Every search
// loop polls it — xcc, local search, CaDiCaL's terminator, the Z3 watchdog —
// and so do the long steps before a search: the native CNF encoding, the
// clause transfer into CaDiCaL, the Z3 lowering; so a limit holds from the
// start of the solve, not only once the solver runs.
//
// A step that sees stopped() throws Stopped; the solver entry catches it and
// answers Unknown with reason(), exactly as if its search had been stopped.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

#include "base/stopwatch.hpp"

namespace bel_pyramid {

class StopCheck {
 public:
  // timeout_seconds <= 0: no deadline; stop == nullptr: no flag.
  StopCheck(double timeout_seconds, const std::atomic<bool>* stop);

  // True once the flag is set or the deadline has passed.
  [[nodiscard]] bool stopped() const;
  // True once the flag is set (it takes precedence over the deadline).
  [[nodiscard]] bool interrupted() const;
  // Why it stopped: "interrupted" or "time limit reached".
  [[nodiscard]] std::string reason() const;
  // Throws Stopped when stopped().
  void check() const;
  [[nodiscard]] double timeout_seconds() const { return timeout_seconds_; }
  // Since the limits started.
  [[nodiscard]] const Stopwatch& stopwatch() const { return watch_; }

 private:
  Stopwatch watch_;
  double timeout_seconds_;
  const std::atomic<bool>* stop_;
  Stopwatch::Clock::time_point end_;
};

class Stopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace bel_pyramid
