#include "bel_pyramid/cadical_backend.hpp"

#include <cadical.hpp>
#include <chrono>

namespace bel_pyramid {
namespace {

class Deadline : public CaDiCaL::Terminator {
 public:
  Deadline(double seconds, const std::atomic<bool>* stop)
      : stop_(stop),
        end_(seconds > 0 ? std::chrono::steady_clock::now() +
                               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(seconds))
                         : std::chrono::steady_clock::time_point::max()) {}

  bool terminate() override {
    if (stop_ && stop_->load(std::memory_order_relaxed)) {
      reason_ = "interrupted";
      return true;
    }
    if (std::chrono::steady_clock::now() < end_) return false;
    reason_ = "time limit reached";
    return true;
  }
  [[nodiscard]] const char* reason() const { return reason_; }

 private:
  const std::atomic<bool>* stop_;
  std::chrono::steady_clock::time_point end_;
  const char* reason_ = "unknown";
};

Solution decode(const Pyramid& p, CaDiCaL::Solver& solver) {
  std::vector<int> labels(p.var_count(), -1);
  for (int v = 0; v < p.var_count(); ++v)
    for (int l = 0; l < p.labels(); ++l)
      if (solver.val(label_literal(p, v, l)) > 0) labels[v] = l;
  return Solution(p.levels(), std::move(labels));
}

// --cnf-tune cadical-config / cadical-phase (doc/cnf.md), before any clause.
void configure(CaDiCaL::Solver& solver, const CnfOptions& o) {
  if (o.cadical_config != "default") solver.configure(o.cadical_config.c_str());
  if (o.cadical_phase >= 0) solver.set("phase", o.cadical_phase);
}

}  // namespace

SolveResult solve_with_cadical(const Formulation& formulation, const CadicalOptions& options) {
  // The limit covers encoding too (1-2 s at N=6), so --timeout is the wall
  // time of the whole solve, as with the other solvers.
  Deadline deadline(options.timeout_seconds, options.stop);
  const Cnf cnf = encode_native(formulation, options.cnf);
  CaDiCaL::Solver solver;
  configure(solver, options.cnf);
  solver.set("quiet", 1);
  if (options.seed) solver.set("seed", static_cast<int>(*options.seed));
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (int lit : cnf.clause(i)) solver.add(lit);
    solver.add(0);
  }
  solver.connect_terminator(&deadline);
  const int status = solver.solve();
  solver.disconnect_terminator();
  switch (status) {
    case 10: return {SolveResult::Status::Sat, decode(formulation.pyramid(), solver), {}};
    case 20: return {SolveResult::Status::Unsat, std::nullopt, {}};
    default: return {SolveResult::Status::Unknown, std::nullopt, deadline.reason()};
  }
}

}  // namespace bel_pyramid
