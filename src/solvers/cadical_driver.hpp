// CadicalDriver: CaDiCaL in-process on the native CNF (cnf/native_encoder.hpp), the one
// set-up that solving (cadical_backend.hpp) and counting (cadical_count.hpp)
// share: encode with --cnf-tune, configure (cadical-config, cadical-phase,
// seed), transfer the clauses, solve under the limits, read the labels.
//
// CaDiCaL has no wall-clock limit of its own, so a Terminator polls the
// StopCheck (CaDiCaL calls it every few conflicts); the encoding and the
// clause transfer poll it too and throw Stopped. A solver whose search was
// stopped is freed on a background thread (seconds at N=7), so the caller
// never waits for it. The library stays quiet so our stdout stays ours;
// CaDiCaL headers stay inside cadical_driver.cpp.
//
// With SolveLimits::proof set, CaDiCaL traces a binary DRAT proof of exactly
// the clauses it was given (the native CNF, as --cnf writes it) into that
// stream; the trace is closed (flushed) when solve() returns, so a stopped
// solver freed in the background never writes to it again.
//
// With SolveLimits::learned set (and no proof), CaDiCaL starts from the
// store's clauses and gives it the short clauses it learns, until block()
// adds a clause that does not follow from the CNF.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "base/progress_pacer.hpp"
#include "base/stop_check.hpp"
#include "cnf/cnf.hpp"
#include "model/formulation.hpp"
#include "solvers/solver.hpp"

namespace CaDiCaL {
class Learner;
class Solver;
}  // namespace CaDiCaL

namespace bel_pyramid {

class CadicalDriver {
 public:
  // CaDiCaL's answers to solve().
  enum class Status { Sat, Unsat, Stopped };

  // Encodes and loads the formulation; throws Stopped when `check` fires
  // first. `check` must outlive the driver.
  CadicalDriver(const Formulation& formulation, const SolveLimits& limits, const StopCheck& check);
  // Loads a CNF of another encoding of the pyramid's puzzle (the caller
  // decodes it with value(); labels(), prefer() and block() are the native
  // encoding's). `pyramid` and `check` must outlive the driver.
  CadicalDriver(const Pyramid& pyramid, const Cnf& cnf, const SolveLimits& limits,
                const StopCheck& check);
  ~CadicalDriver();
  CadicalDriver(const CadicalDriver&) = delete;
  CadicalDriver& operator=(const CadicalDriver&) = delete;

  // Solves under the limits; `tick` (when set) runs once per
  // kProgressPeriod while the search runs.
  Status solve(const std::function<void()>& tick = {});
  // Why solve() answered Stopped: the limits' reason, or the conflict limit.
  [[nodiscard]] std::string stop_reason() const;
  // After Sat: the value of a literal of the loaded CNF.
  [[nodiscard]] bool value(int literal) const;
  // After Sat: every axis variable's label.
  [[nodiscard]] std::vector<int> labels() const;
  // Makes every line's first decision the label `labels` gives it (CaDiCaL's
  // initial phases; it still decides, backtracks and learns as it likes).
  // From a local search's stuck state this closes N=5 states that CaDiCaL
  // without phases, or with phases from a random labelling, does not
  // (bench/RESULTS.md, "CaDiCaL from a stuck state").
  void prefer(const std::vector<int>& labels);
  // Adds the clause that excludes this labelling (over label literals only).
  void block(const std::vector<int>& labels);
  // Limits the next solve() to `conflicts` conflicts (it then answers Stopped
  // while the StopCheck has not fired).
  void limit_conflicts(std::uint64_t conflicts);
  // Assumes `literal` true for the next solve() only (CaDiCaL drops the
  // assumptions after each call).
  void assume(int literal);
  // After Unsat under assumptions: whether the assumption of `literal` is in
  // the set CaDiCaL's refutation used (an unsatisfiable core, not minimal).
  [[nodiscard]] bool failed(int literal) const;

 private:
  void dispose();  // frees a stopped solver in the background
  void share_learned(const Cnf& cnf, LearnedClauses& store);
  void stop_learning();

  const Pyramid& pyramid_;
  const StopCheck& check_;
  std::uint64_t conflicts_ = 0;  // the conflict limit of each solve(); 0: none
  ProgressPacer pacer_;
  std::unique_ptr<CaDiCaL::Solver> solver_;
  std::unique_ptr<CaDiCaL::Learner> learner_;  // gives learned clauses to a store
  bool stopped_ = false;                       // freed in the background
  bool tracing_ = false;                       // a proof trace is open
};

}  // namespace bel_pyramid
