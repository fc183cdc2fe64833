#include "app/options.hpp"

#include <algorithm>

#include "app/memory_estimate.hpp"
#include "solvers/completion.hpp"
#include "solvers/local_search_tuning.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {

bool interrupted(const Options& options) { return options.stop && options.stop->load(); }

Mode mode_of(const Options& o) {
  if (!o.check_path.empty()) return Mode::Check;
  if (o.list_centre_patterns) return Mode::ListCentrePatterns;
  if (!o.certificate_path.empty()) return Mode::Certificate;
  if (o.split_cubes > 0) return Mode::Split;
  if (o.skip_solver) return Mode::Export;
  if (!o.sweep_dir.empty()) return Mode::Sweep;
  if (o.sample > 0) return Mode::Sample;
  if (o.count || o.list_all) return Mode::Count;
  return Mode::Solve;
}

const SolverEntry& chosen_solver(const Options& options) {
  const SolverEntry* entry = find_solver(options.solver);
  return entry ? *entry : default_solver();
}

std::vector<std::string> racers_of(const Options& options, bool completes) {
  const int levels = options.levels;
  // What a racer builds must fit in this machine's memory.
  const auto fits = [levels](const SolverEntry& e) {
    return estimated_bytes(e.bytes_per_placement, levels) <= physical_memory();
  };
  if (!chosen_solver(options).races_others)
    return options.threads > 1 ? std::vector<std::string>(options.threads, options.solver)
                               : std::vector<std::string>{};
  if (!options.portfolio.empty()) return options.portfolio;
  // The user's --cnf-tune cadical-config is theirs for every racer.
  std::vector<std::string> racers =
      default_racers(options.threads, may_refute(options), levels, fits,
                     completes && !options.cnf_options.cadical_config);
  // --log, --checkpoint and --resume are about a search's state: a default
  // race of constructions (which keep none) gives one core to local search.
  const bool keeps_state =
      !options.log_path.empty() || !options.checkpoint_path.empty() || !options.resume_path.empty();
  const auto stateful = [](const std::string& name) {
    const auto r = find_racer(name);
    return r && r->entry->stateful;
  };
  if (keeps_state && std::none_of(racers.begin(), racers.end(), stateful)) racers.front() = "local";
  return racers;
}

std::vector<std::string> racers_for(const Options& options, const Formulation& f,
                                    const SolveLimits& limits) {
  const bool completes = may_refute(options) && chosen_solver(options).races_others &&
                         takes_column_completion(f, limits);
  return racers_of(options, completes);
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
  limits.conflicts = options.conflicts;
  limits.stop = options.stop;
  limits.tactic = options.tactic;
  limits.cnf_options = options.cnf_options;
  limits.local_tuning = options.local_tuning;
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
