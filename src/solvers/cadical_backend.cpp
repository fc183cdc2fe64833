#include "solvers/cadical_backend.hpp"

#include <cadical.hpp>

#include "solvers/cadical_driver.hpp"
#include "solvers/completion.hpp"

namespace bel_pyramid {

SolveResult solve_with_cadical(const Formulation& formulation, const SolveLimits& limits) {
  // The limits cover encoding too (1-2 s at N=6), so --timeout is the wall
  // time of the whole solve, as with the other solvers.
  const StopCheck check = limits.started();
  if (const char* misfit = limits.start_misfit(formulation.pyramid().var_count()))
    return {SolveResult::Status::Unknown, std::nullopt, misfit};
  // Every X and Y line fixed: the exact cover of the Z lines decides the
  // same question on a CNF thousands of times smaller (completion.hpp).
  if (takes_completion(formulation, limits)) return solve_completion(formulation, limits);
  try {
    CadicalDriver cadical(formulation, limits, check);
    if (limits.start) cadical.prefer(*limits.start);
    switch (cadical.solve()) {
      case CadicalDriver::Status::Sat:
        return {SolveResult::Status::Sat,
                Solution(formulation.pyramid().levels(), cadical.labels()),
                {}};
      case CadicalDriver::Status::Unsat: return {SolveResult::Status::Unsat, std::nullopt, {}};
      case CadicalDriver::Status::Stopped: break;
    }
    return {SolveResult::Status::Unknown, std::nullopt, cadical.stop_reason()};
  } catch (const Stopped& stopped) {
    return {SolveResult::Status::Unknown, std::nullopt, stopped.what()};
  }
}

std::string cadical_version() { return CaDiCaL::Solver::version(); }

}  // namespace bel_pyramid
