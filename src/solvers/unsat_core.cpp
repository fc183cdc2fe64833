#include "solvers/unsat_core.hpp"

#include <algorithm>

#include "cnf/numbering.hpp"
#include "solvers/cadical_driver.hpp"

namespace bel_pyramid {
namespace {

bool fixes_a_line(const Constraint& c) {
  return c.kind == Constraint::Kind::Compare && c.rel == Rel::Eq && c.lhs.is_var() &&
         !c.rhs.is_var();
}

// The formulation without its fixed lines (they become assumptions).
Formulation without_fixed_lines(const Formulation& f) {
  std::vector<Constraint> rest;
  for (const Constraint& c : f.constraints())
    if (!fixes_a_line(c)) rest.push_back(c);
  Formulation out(f.pyramid().levels(), f.domain());
  out.add_strategy("the constraints that fix no line", std::move(rest));
  return out;
}

class Shrinker {
 public:
  Shrinker(CadicalDriver& cadical, const Pyramid& p, const std::vector<Constraint>& fixed)
      : cadical_(cadical), p_(p), fixed_(fixed) {}

  // Solves under the assumptions `which` (indices into fixed_), within
  // `conflicts` (0: no limit but the run's).
  CadicalDriver::Status solve(const std::vector<std::size_t>& which, std::uint64_t conflicts = 0) {
    if (conflicts > 0) cadical_.limit_conflicts(conflicts);
    for (std::size_t i : which) cadical_.assume(literal(i));
    return cadical_.solve();
  }
  // After Unsat: the assumptions of `which` that the refutation used.
  std::vector<std::size_t> used(const std::vector<std::size_t>& which) const {
    std::vector<std::size_t> out;
    for (std::size_t i : which)
      if (cadical_.failed(literal(i))) out.push_back(i);
    return out;
  }

 private:
  int literal(std::size_t i) const {
    return label_literal(p_, fixed_[i].lhs.var, fixed_[i].rhs.value);
  }

  CadicalDriver& cadical_;
  const Pyramid& p_;
  const std::vector<Constraint>& fixed_;
};

}  // namespace

CoreAnswer unsat_core(const Formulation& formulation, const SolveLimits& limits) {
  std::vector<Constraint> fixed;
  for (const Constraint& c : formulation.constraints())
    if (fixes_a_line(c)) fixed.push_back(c);
  const Formulation rest = without_fixed_lines(formulation);
  const StopCheck check = limits.started();
  try {
    CadicalDriver cadical(rest, limits, check);
    Shrinker shrinker(cadical, rest.pyramid(), fixed);
    std::vector<std::size_t> core(fixed.size());
    for (std::size_t i = 0; i < core.size(); ++i) core[i] = i;
    switch (shrinker.solve(core)) {
      case CadicalDriver::Status::Sat: return {SolveResult::Status::Sat, std::nullopt, {}};
      case CadicalDriver::Status::Stopped:
        return {SolveResult::Status::Unknown, std::nullopt, cadical.stop_reason()};
      case CadicalDriver::Status::Unsat: break;
    }
    core = shrinker.used(core);
    UnsatCore out{{}, fixed.size(), 0, false};
    // Deletion: drop each line in turn; keep it if the rest is satisfiable
    // (or undecided within the step's budget).
    for (std::size_t k = 0; k < core.size();) {
      std::vector<std::size_t> without = core;
      without.erase(without.begin() + static_cast<std::ptrdiff_t>(k));
      const CadicalDriver::Status s = shrinker.solve(without, kShrinkConflicts);
      if (s == CadicalDriver::Status::Stopped && check.stopped()) {
        out.stopped = true;
        break;
      }
      if (s != CadicalDriver::Status::Unsat) {
        out.undecided += s == CadicalDriver::Status::Stopped ? 1 : 0;
        ++k;  // needed, or kept
        continue;
      }
      const std::vector<std::size_t> smaller = shrinker.used(without);  // may drop more
      const std::size_t kept = static_cast<std::size_t>(std::count_if(
          smaller.begin(), smaller.end(), [&](std::size_t i) { return i < core[k]; }));
      core = smaller;
      k = std::min(k, kept);
    }
    for (std::size_t i : core) out.lines.push_back(fixed[i]);
    return {SolveResult::Status::Unsat, std::move(out), {}};
  } catch (const Stopped& stopped) {
    return {SolveResult::Status::Unknown, std::nullopt, stopped.what()};
  }
}

}  // namespace bel_pyramid
