#include "solvers/cadical_count.hpp"

#include "solvers/cadical_driver.hpp"

namespace bel_pyramid {
namespace {

// The count so far, for limits.progress.
SearchProgress progress(const StopCheck& check, const SolutionTally& tally) {
  SearchProgress p;
  p.elapsed_seconds = check.stopwatch().seconds();
  p.solutions = tally.solutions();
  p.classes = tally.classes();
  p.steps = tally.solutions();
  p.rate = p.elapsed_seconds > 0 ? static_cast<double>(p.solutions) / p.elapsed_seconds : 0;
  p.rate_unit = "solutions";
  return p;
}

// Solves, blocks and tallies until CaDiCaL finds no more or a stop.
void enumerate(CadicalDriver& cadical, SolutionTally& tally, const std::function<void()>& tick,
               CountResult& result) {
  for (;;) {
    ++result.nodes;
    switch (cadical.solve(tick)) {
      case CadicalDriver::Status::Unsat: result.end = CountResult::End::Exhausted; return;
      case CadicalDriver::Status::Stopped: result.end = CountResult::End::Limit; return;
      case CadicalDriver::Status::Sat: break;
    }
    const std::vector<int> labels = cadical.labels();
    cadical.block(labels);
    if (!tally.add(labels)) {
      result.end = CountResult::End::MaxSolutions;
      return;
    }
  }
}

}  // namespace

CountResult count_with_cadical(const Formulation& formulation, const SolveLimits& limits,
                               const CountOptions& options) {
  const Formulation f = with_part(formulation, options);
  SolutionTally tally(f, options);
  const StopCheck check = limits.started();
  CountResult result;
  try {
    CadicalDriver cadical(f, limits, check);
    std::function<void()> tick;
    if (limits.progress) tick = [&] { limits.progress(progress(check, tally)); };
    enumerate(cadical, tally, tick, result);
    if (result.end == CountResult::End::Limit) result.reason = check.reason();
  } catch (const Stopped& stopped) {
    result.reason = stopped.what();
  }
  result.solutions = tally.solutions();
  result.classes = tally.classes();
  return result;
}

}  // namespace bel_pyramid
