#include "solvers/cadical_backend.hpp"

#include <cadical.hpp>
#include <memory>
#include <thread>

#include "cnf/native_encoder.hpp"
#include "cnf/numbering.hpp"

namespace bel_pyramid {
namespace {

// CaDiCaL polls this often (every few conflicts) during solve().
class Deadline : public CaDiCaL::Terminator {
 public:
  explicit Deadline(const StopCheck& check) : check_(check) {}
  bool terminate() override { return check_.stopped(); }

 private:
  const StopCheck& check_;
};

// Freeing a large solver takes seconds (2.6 s at N=7, clause by clause);
// after a stop the caller must not wait for it.
void dispose_in_background(std::unique_ptr<CaDiCaL::Solver> solver) {
  std::thread([doomed = std::move(solver)] {}).detach();
}

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
  // The encoding and the clause transfer poll the same limits (Stopped).
  const StopCheck check(options.timeout_seconds, options.stop);
  try {
    const Cnf cnf = encode_native(formulation, options.cnf, &check);
    auto solver = std::make_unique<CaDiCaL::Solver>();
    configure(*solver, options.cnf);
    solver->set("quiet", 1);
    if (options.seed) solver->set("seed", static_cast<int>(*options.seed));
    for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
      if ((i & 0x7fff) == 0 && check.stopped()) {
        dispose_in_background(std::move(solver));
        check.check();
      }
      for (int lit : cnf.clause(i)) solver->add(lit);
      solver->add(0);
    }
    Deadline deadline(check);
    solver->connect_terminator(&deadline);
    const int status = solver->solve();
    solver->disconnect_terminator();
    switch (status) {
      case 10: return {SolveResult::Status::Sat, decode(formulation.pyramid(), *solver), {}};
      case 20: return {SolveResult::Status::Unsat, std::nullopt, {}};
      default:
        dispose_in_background(std::move(solver));
        return {SolveResult::Status::Unknown, std::nullopt, check.reason()};
    }
  } catch (const Stopped& stopped) {
    return {SolveResult::Status::Unknown, std::nullopt, stopped.what()};
  }
}

}  // namespace bel_pyramid
