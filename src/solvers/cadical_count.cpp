// Counting with CaDiCaL and blocking clauses: the second, independent
// counting engine (the first is xcc.cpp). Only the label literals are
// blocked, so each labelling is counted once whatever the auxiliaries do.
#include <cadical.hpp>
#include <chrono>

#include "cnf/native_encoder.hpp"
#include "cnf/numbering.hpp"
#include "solvers/cadical_backend.hpp"

namespace bel_pyramid {
namespace {

using Clock = std::chrono::steady_clock;

// Stops CaDiCaL at the deadline or on the stop flag, and reports progress
// about 4 times a second (CaDiCaL polls it every few conflicts).
class CountMonitor : public CaDiCaL::Terminator {
 public:
  CountMonitor(const CadicalOptions& options, const CountOptions& count, const SolutionTally& tally)
      : options_(options), count_(count), tally_(tally) {}

  bool terminate() override {
    const Clock::time_point now = Clock::now();
    if (count_.progress && now >= next_report_) report(now);
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) {
      reason_ = "interrupted";
      return true;
    }
    if (options_.timeout_seconds <= 0 ||
        std::chrono::duration<double>(now - start_).count() < options_.timeout_seconds)
      return false;
    reason_ = "time limit reached";
    return true;
  }
  [[nodiscard]] const char* reason() const { return reason_; }

 private:
  void report(Clock::time_point now) {
    const double seconds = std::chrono::duration<double>(now - start_).count();
    count_.progress({seconds, tally_.solutions(), tally_.classes(),
                     seconds > 0 ? static_cast<double>(tally_.solutions()) / seconds : 0,
                     "solutions"});
    next_report_ = now + std::chrono::milliseconds(250);
  }

  const CadicalOptions& options_;
  const CountOptions& count_;
  const SolutionTally& tally_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point next_report_ = start_ + std::chrono::milliseconds(250);
  const char* reason_ = "unknown";
};

std::vector<int> decode_labels(const Pyramid& p, CaDiCaL::Solver& solver) {
  std::vector<int> labels(p.var_count(), -1);
  for (int v = 0; v < p.var_count(); ++v)
    for (int l = 0; l < p.labels(); ++l)
      if (solver.val(label_literal(p, v, l)) > 0) labels[v] = l;
  return labels;
}

}  // namespace

CountResult count_with_cadical(const Formulation& formulation, const CadicalOptions& options,
                               const CountOptions& count) {
  const Formulation f = with_part(formulation, count);
  const Pyramid& p = f.pyramid();
  SolutionTally tally(f, count);
  CountMonitor monitor(options, count, tally);
  const Cnf cnf = encode_native(f, options.cnf);
  CaDiCaL::Solver solver;
  solver.set("quiet", 1);
  if (options.seed) solver.set("seed", static_cast<int>(*options.seed));
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (int lit : cnf.clause(i)) solver.add(lit);
    solver.add(0);
  }
  solver.connect_terminator(&monitor);
  CountResult result;
  for (;;) {
    ++result.nodes;
    const int status = solver.solve();
    if (status == 20) {
      result.complete = true;
      break;
    }
    if (status != 10) {
      result.reason = monitor.reason();
      break;
    }
    const std::vector<int> labels = decode_labels(p, solver);
    for (int v = 0; v < p.var_count(); ++v) solver.add(-label_literal(p, v, labels[v]));
    solver.add(0);
    if (!tally.add(labels)) {
      result.reason = "--max-solutions reached";
      break;
    }
  }
  solver.disconnect_terminator();
  result.solutions = tally.solutions();
  result.classes = tally.classes();
  return result;
}

}  // namespace bel_pyramid
