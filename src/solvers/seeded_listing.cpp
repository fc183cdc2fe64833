#include "solvers/seeded_listing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "solvers/local_search.hpp"

namespace bel_pyramid {

CountResult list_by_seeds(SolveFunction solve, const Formulation& formulation,
                          const SolveLimits& limits, const CountOptions& options) {
  const Formulation f = with_part(formulation, options);
  SolutionTally tally(f, options);
  const StopCheck check = limits.started();
  std::set<std::vector<int>> found;
  CountResult result;
  // Searches in a row that brought no new solution before it gives up: the
  // instance may have fewer solutions than asked for (N=1 has one).
  const std::uint64_t patience = 10 * options.max_solutions + 100;
  std::uint64_t fruitless = 0;
  for (std::uint64_t seed = limits.seed;; ++seed) {
    SolveLimits one = limits;
    one.seed = seed;
    one.seed_given = true;
    one.progress = nullptr;
    if (limits.timeout_seconds > 0)  // the rest of the time the limits started with
      one.timeout_seconds = std::max(limits.timeout_seconds - check.stopwatch().seconds(), 1e-3);
    if (check.stopped() || fruitless >= patience) {
      result.end = CountResult::End::Limit;
      result.reason = check.stopped() ? check.reason()
                                      : fmt::format("no new solution in {} searches", patience);
      break;
    }
    ++result.nodes;
    const SolveResult r = solve(f, one);
    if (r.status == SolveResult::Status::Unsat) {
      result.end = CountResult::End::Exhausted;
      break;
    }
    if (r.status == SolveResult::Status::Unknown) continue;  // the next pass sees the stop
    if (!found.insert(r.solution->labels()).second) {
      ++fruitless;
      continue;
    }
    fruitless = 0;
    if (!tally.add(r.solution->labels())) {
      result.end = CountResult::End::MaxSolutions;
      break;
    }
  }
  result.solutions = tally.solutions();
  result.classes = tally.classes();
  return result;
}

CountResult list_by_local_search(const Formulation& formulation, const SolveLimits& limits,
                                 const CountOptions& options) {
  return list_by_seeds(solve_local, formulation, limits, options);
}

}  // namespace bel_pyramid
