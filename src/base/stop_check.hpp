// StopCheck: the --timeout deadline and the stop flag (Ctrl-C) as one value
// that long steps outside a search loop poll — the native CNF encoding, the
// clause transfer into CaDiCaL, the Z3 lowering — so that a limit holds from
// the start of the solve, not only once the solver runs.
//
// A step that sees stopped() throws Stopped; the solver entry catches it and
// answers Unknown with reason(), exactly as if its search had been stopped.
#pragma once

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>

namespace bel_pyramid {

class StopCheck {
 public:
  StopCheck(double timeout_seconds, const std::atomic<bool>* stop);

  // True once the flag is set or the deadline has passed.
  [[nodiscard]] bool stopped() const;
  // Why it stopped: "interrupted" or "time limit reached".
  [[nodiscard]] std::string reason() const;
  // Throws Stopped when stopped().
  void check() const;

 private:
  const std::atomic<bool>* stop_;
  std::chrono::steady_clock::time_point end_;
};

class Stopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace bel_pyramid
