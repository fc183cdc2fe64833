#include "app/options.hpp"

#include "app/memory_estimate.hpp"
#include "solvers/local_search_tuning.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {

bool interrupted(const Options& options) { return options.stop && options.stop->load(); }

const SolverEntry& chosen_solver(const Options& options) {
  const SolverEntry* entry = find_solver(options.solver);
  return entry ? *entry : default_solver();
}

std::vector<std::string> racers_of(const Options& options) {
  const int levels = options.levels;
  // What a racer builds must fit in this machine's memory.
  const auto fits = [levels](const SolverEntry& e) {
    return estimated_bytes(e.bytes_per_placement, levels) <= physical_memory();
  };
  if (chosen_solver(options).races_others)
    return options.portfolio.empty()
               ? default_racers(options.threads, may_refute(options), levels, fits)
               : options.portfolio;
  if (options.threads > 1) return std::vector<std::string>(options.threads, options.solver);
  return {};
}

bool may_refute(const Options& options) {
  return !options.strategies.empty() || !options.hypotheses.empty() || !options.given.empty() ||
         !options.built_hypotheses.empty() || !options.proof_path.empty();
}

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
