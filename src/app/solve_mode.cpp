#include "app/solve_mode.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "app/exit_codes.hpp"
#include "app/proof_output.hpp"
#include "app/report.hpp"
#include "app/results.hpp"
#include "app/search_monitor.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "base/stopwatch.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

// "2 local + cadical": the racers grouped by name, in order of first appearance.
std::string describe_racers(const std::vector<std::string>& racers) {
  std::vector<std::string> names;
  for (const std::string& r : racers)
    if (std::find(names.begin(), names.end(), r) == names.end()) names.push_back(r);
  std::vector<std::string> parts;
  for (const std::string& name : names) {
    const auto k = std::count(racers.begin(), racers.end(), name);
    parts.push_back(k == 1 ? name : fmt::format("{} {}", k, name));
  }
  return fmt::format("{}", fmt::join(parts, " + "));
}

// "seed 3" or "seeds 3-5": the seeds the racers of one name run with.
std::string seed_range(const std::vector<std::string>& racers, std::uint64_t seed) {
  std::int64_t most = 1;
  for (const std::string& r : racers)
    most = std::max(most, std::count(racers.begin(), racers.end(), r));
  return most == 1 ? fmt::format("seed {}", seed)
                   : fmt::format("seeds {}-{}", seed, seed + static_cast<std::uint64_t>(most) - 1);
}

// The racers of a run: --portfolio, the default portfolio for --threads, or
// --threads copies of one racer entry; empty when one search runs alone.
std::vector<std::string> racers_of(const Options& options) {
  if (options.solver == "portfolio")
    return options.portfolio.empty() ? default_racers(options.threads) : options.portfolio;
  if (options.threads > 1) return std::vector<std::string>(options.threads, options.solver);
  return {};
}

// Races the racers and names the winner (with its seed when several racers
// share its name).
SolveResult race(const Formulation& f, const std::vector<std::string>& racers,
                 const SolveLimits& limits, std::string& winner, std::ostream& out) {
  PortfolioResult result = solve_portfolio(f, racers, limits);
  winner = result.winner;
  if (!result.winner.empty()) {
    if (std::count(racers.begin(), racers.end(), result.winner) > 1)
      fmt::print(out, "Answer from \"{}\" (seed {}).\n", result.winner, result.winner_seed);
    else
      fmt::print(out, "Answer from \"{}\".\n", result.winner);
  }
  return std::move(result.result);
}

void print_start(const Options& options, const std::vector<std::string>& racers, std::uint64_t seed,
                 std::ostream& out) {
  if (options.solver == "z3")
    fmt::print(out, "Starting solver with tactic \"{}\".\n", to_string(options.tactic));
  else if (options.solver == "portfolio")
    fmt::print(out, "Starting solver \"portfolio\" ({}, {}).\n", describe_racers(racers),
               seed_range(racers, seed));
  else if (!racers.empty())
    fmt::print(out, "Starting solver \"{}\" ({} threads, {}).\n", options.solver, racers.size(),
               seed_range(racers, seed));
  else
    fmt::print(out, "Starting solver \"{}\" (seed {}).\n", options.solver, seed);
  out.flush();
}

SolveResult run_search(const Formulation& f, const Options& options,
                       const std::optional<Checkpoint>& start, std::FILE* proof,
                       std::string& answered_by, std::ostream& out, std::ostream& err) {
  const std::vector<std::string> racers = racers_of(options);
  SolveLimits limits = solve_limits(options);
  limits.proof = proof;
  if (start) {
    limits.start = start->labels;
    fmt::print(out, "Resuming from \"{}\" (cost {}, {:.1f} s searched before).\n",
               options.resume_path, start->cost, start->seconds);
  }
  print_start(options, racers, limits.seed, out);
  SearchMonitor monitor(options, err, start ? &*start : nullptr);
  limits.progress = monitor.callback();
  answered_by = options.solver;
  SolveResult result = racers.empty() ? find_solver(options.solver)->solve(f, limits)
                                      : race(f, racers, limits, answered_by, out);
  monitor.finish(result.solution ? &result.solution->labels() : nullptr);
  return result;
}

// "Solver interrupted/gave up after ..." for an Unknown answer; its exit code.
int report_unknown(const SolveResult& result, bool stopped, double seconds, std::ostream& report) {
  if (stopped) {
    // What the search had when stopped, e.g. local search's best cost.
    if (result.reason.empty() || result.reason == "interrupted")
      fmt::print(report, "Solver interrupted after {:.2f} seconds.\n", seconds);
    else
      fmt::print(report, "Solver interrupted after {:.2f} seconds: {}.\n", seconds, result.reason);
    return kExitInterrupted;
  }
  fmt::print(report, "Solver gave up after {:.2f} seconds: {}.\n", seconds,
             result.reason.empty() ? "unknown" : result.reason);
  return kExitUnknown;
}

}  // namespace

void check_stateful(const Options& options) {
  if (options.checkpoint_path.empty() && options.resume_path.empty()) return;
  const std::vector<std::string> racers = racers_of(options);
  const std::vector<std::string> searches = racers.empty() ? std::vector{options.solver} : racers;
  for (const std::string& name : searches)
    if (const SolverEntry* e = find_solver(name); e && e->stateful) return;
  throw UserError(
      fmt::format("--{} needs a search that keeps a state ({}), not \"{}\"",
                  options.resume_path.empty() ? "checkpoint" : "resume",
                  solver_names_list(&SolverEntry::stateful),
                  options.solver == "portfolio" ? describe_racers(racers) : options.solver));
}

std::optional<Checkpoint> resumed(const Options& options) {
  if (options.resume_path.empty()) return std::nullopt;
  Checkpoint c = read_checkpoint(options.resume_path);
  if (c.levels != options.levels)
    throw UserError(fmt::format("--resume {}: the checkpoint is for N={}, not N={}",
                                options.resume_path, c.levels, options.levels));
  return c;
}

int solve_and_report(const Formulation& f, const Options& options,
                     const std::optional<Checkpoint>& start, RunSummary& summary,
                     std::ostream& report, std::ostream& out, std::ostream& err) {
  ProofOutput proof(options);
  std::string answered_by;  // the search that gave the answer (a portfolio's winner)
  const Stopwatch watch;
  const SolveResult result = [&] {
    const PollingScope polling(true);  // every solver polls the stop flag
    return run_search(f, options, start, proof.stream(), answered_by, report, err);
  }();
  const double seconds = watch.seconds();
  summary.solver = options.solver;
  summary.seed = options.seed;
  summary.solve_seconds = seconds;
  record_result(summary, result, interrupted(options));
  if (result.status == SolveResult::Status::Unknown) {
    proof.record(f, result, answered_by, summary, report);
    publish_results(options, summary, out);
    return report_unknown(result, interrupted(options), seconds, report);
  }
  fmt::print(report, "Solver finished in {:.2f} seconds.\n\n", seconds);
  print_result(f, result, report);  // validates a solution before printing it
  proof.record(f, result, answered_by, summary, report);
  publish_results(options, summary, out, [&] { proof.publish(); });
  return kExitOk;
}

}  // namespace bel_pyramid
