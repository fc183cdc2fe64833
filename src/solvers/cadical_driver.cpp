#include "solvers/cadical_driver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cadical.hpp>
#include <limits>
#include <thread>

#include "base/error.hpp"
#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "cnf/native_encoder.hpp"
#include "cnf/numbering.hpp"
#include "solvers/learned_clauses.hpp"

namespace bel_pyramid {
namespace {

// CaDiCaL polls this every few conflicts during solve().
class Terminator : public CaDiCaL::Terminator {
 public:
  Terminator(const StopCheck& check, ProgressPacer& pacer, const std::function<void()>& tick)
      : check_(check), pacer_(pacer), tick_(tick) {}
  bool terminate() override {
    if (tick_ && pacer_.due(Stopwatch::Clock::now())) tick_();
    return check_.stopped();
  }

 private:
  const StopCheck& check_;
  ProgressPacer& pacer_;
  const std::function<void()>& tick_;
};

// Gives the store each clause CaDiCaL learns that is short enough to keep.
class LearnedExport : public CaDiCaL::Learner {
 public:
  explicit LearnedExport(LearnedClauses& store) : store_(store) {}
  bool learning(int size) override { return size <= LearnedClauses::kMaxSize; }
  void learn(int literal) override {  // the clause's literals, then 0
    if (literal == 0) {
      store_.add(clause_.data(), size_);
      size_ = 0;
    } else if (size_ < LearnedClauses::kMaxSize) {
      clause_[size_++] = literal;
    }
  }

 private:
  LearnedClauses& store_;
  std::array<int, LearnedClauses::kMaxSize> clause_{};
  int size_ = 0;
};

// Freeing a large solver takes seconds (2.6 s at N=7, clause by clause);
// after a stop the caller must not wait for it.
void dispose_in_background(std::unique_ptr<CaDiCaL::Solver> solver) {
  std::thread([doomed = std::move(solver)] {}).detach();
}

// --cnf-tune cadical-config / cadical-phase (doc/cnf.md), before any clause.
void configure(CaDiCaL::Solver& solver, const CnfOptions& o, const SolveLimits& limits) {
  if (o.cadical_config && *o.cadical_config != "default")
    solver.configure(o.cadical_config->c_str());
  if (o.cadical_phase >= 0) solver.set("phase", o.cadical_phase);
  solver.set("quiet", 1);
  if (const auto seed = limits.library_seed()) solver.set("seed", static_cast<int>(*seed));
}

CnfOptions cnf_options(const SolveLimits& limits) {
  CnfOptions o = limits.cnf_options;
  // From a start state the search is for a solution near it, where CaDiCaL's
  // "sat" configuration closes more states (bench/RESULTS.md, "CaDiCaL from
  // a stuck state"); --cnf-tune cadical-config=... still has the last word.
  if (limits.start && !o.cadical_config) o.cadical_config = "sat";
  return o;
}

}  // namespace

CadicalDriver::CadicalDriver(const Formulation& formulation, const SolveLimits& limits,
                             const StopCheck& check)
    : CadicalDriver(formulation.pyramid(), encode_native(formulation, cnf_options(limits), &check),
                    limits, check) {}

CadicalDriver::CadicalDriver(const Pyramid& pyramid, const Cnf& cnf, const SolveLimits& limits,
                             const StopCheck& check)
    : pyramid_(pyramid),
      check_(check),
      pacer_(check.stopwatch().started()),
      solver_(std::make_unique<CaDiCaL::Solver>()) {
  configure(*solver_, cnf_options(limits), limits);
  if (limits.conflicts > 0) {
    conflicts_ = std::min<std::uint64_t>(limits.conflicts, std::numeric_limits<int>::max());
    solver_->limit("conflicts", static_cast<int>(conflicts_));
  }
  if (limits.proof) {
    tracing_ = solver_->trace_proof(limits.proof, "proof");
    if (!tracing_) throw UserError("CaDiCaL could not open the proof trace");
  }
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    if ((i & 0x7fff) == 0 && check.stopped()) {
      dispose();
      check.check();
    }
    for (int lit : cnf.clause(i)) solver_->add(lit);
    solver_->add(0);
  }
  if (limits.learned && !limits.proof) share_learned(cnf, *limits.learned);
}

void CadicalDriver::share_learned(const Cnf& cnf, LearnedClauses& store) {
  if (!store.claim(cnf.fingerprint(), cnf.num_vars())) return;
  for (const std::vector<int>& clause : store.start()) {
    for (const int lit : clause) solver_->add(lit);
    solver_->add(0);
  }
  learner_ = std::make_unique<LearnedExport>(store);
  solver_->connect_learner(learner_.get());
}

void CadicalDriver::stop_learning() {
  if (!learner_) return;
  solver_->disconnect_learner();
  learner_.reset();
}

CadicalDriver::~CadicalDriver() {
  if (stopped_) dispose();
}

void CadicalDriver::dispose() {
  stop_learning();                             // the store may be gone before the solver
  if (tracing_) solver_->close_proof_trace();  // the caller's stream outlives only us
  tracing_ = false;
  dispose_in_background(std::move(solver_));
}

CadicalDriver::Status CadicalDriver::solve(const std::function<void()>& tick) {
  Terminator terminator(check_, pacer_, tick);
  solver_->connect_terminator(&terminator);
  const int status = solver_->solve();
  solver_->disconnect_terminator();
  if (tracing_) solver_->close_proof_trace();  // complete on the caller's stream now
  tracing_ = false;
  switch (status) {
    case 10: return Status::Sat;
    case 20: return Status::Unsat;
    default: stopped_ = true; return Status::Stopped;
  }
}

std::string CadicalDriver::stop_reason() const {
  if (conflicts_ > 0 && !check_.stopped())
    return fmt::format("conflict limit of {} reached", conflicts_);
  return check_.reason();
}

bool CadicalDriver::value(int literal) const { return solver_->val(literal) > 0; }

std::vector<int> CadicalDriver::labels() const {
  std::vector<int> labels(pyramid_.var_count(), -1);
  for (int v = 0; v < pyramid_.var_count(); ++v)
    for (int l = 0; l < pyramid_.labels(); ++l)
      if (solver_->val(label_literal(pyramid_, v, l)) > 0) labels[v] = l;
  return labels;
}

void CadicalDriver::prefer(const std::vector<int>& labels) {
  for (int v = 0; v < pyramid_.var_count(); ++v)
    for (int l = 0; l < pyramid_.labels(); ++l)
      solver_->phase(labels[v] == l ? label_literal(pyramid_, v, l)
                                    : -label_literal(pyramid_, v, l));
}

void CadicalDriver::limit_conflicts(std::uint64_t conflicts) {
  solver_->limit("conflicts", static_cast<int>(std::min<std::uint64_t>(
                                  conflicts, std::numeric_limits<int>::max())));
}

void CadicalDriver::assume(int literal) { solver_->assume(literal); }

bool CadicalDriver::failed(int literal) const { return solver_->failed(literal); }

void CadicalDriver::block(const std::vector<int>& labels) {
  stop_learning();  // from here on CaDiCaL learns from a clause the CNF does not imply
  for (int v = 0; v < pyramid_.var_count(); ++v)
    solver_->add(-label_literal(pyramid_, v, labels[v]));
  solver_->add(0);
}

}  // namespace bel_pyramid
