#include "app/options.hpp"

#include "solvers/local_search_tuning.hpp"

namespace bel_pyramid {

bool interrupted(const Options& options) { return options.stop && options.stop->load(); }

SolveLimits solve_limits(const Options& options) {
  SolveLimits limits;
  limits.seed = options.seed.value_or(0);
  limits.seed_given = options.seed.has_value();
  limits.timeout_seconds = options.timeout_seconds;
  limits.stop = options.stop;
  limits.tactic = options.tactic;
  limits.cnf_tune = options.cnf_tune;
  limits.local_tuning = local_tuning_from(options.local_tune);
  return limits;
}

std::function<void(const SearchProgress&)> with_progress(
    const Options& options, std::function<void(const SearchProgress&)> own) {
  if (!options.progress) return own;
  if (!own) return options.progress;
  return [&options, own = std::move(own)](const SearchProgress& p) {
    own(p);
    options.progress(p);
  };
}

}  // namespace bel_pyramid
