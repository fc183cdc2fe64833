#include "app/solve_mode.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "app/exit_codes.hpp"
#include "app/hypothesis_files.hpp"
#include "app/perturbation.hpp"
#include "app/proof_output.hpp"
#include "app/report.hpp"
#include "app/results.hpp"
#include "app/search_monitor.hpp"
#include "base/error.hpp"
#include "base/stopwatch.hpp"
#include "model/hypothesis.hpp"
#include "model/label_domains.hpp"
#include "solvers/move_engine.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/unsat_core.hpp"

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

// Races the racers and names the winner (with its seed when several racers
// share its name) in the summary.
SolveResult race(const Formulation& f, const std::vector<std::string>& racers,
                 const SolveLimits& limits, RunSummary& summary) {
  PortfolioResult result = solve_portfolio(f, racers, limits);
  summary.answered_by = result.winner;
  if (std::count(racers.begin(), racers.end(), result.winner) > 1)
    summary.answered_by_seed = result.winner_seed;
  return std::move(result.result);
}

// "Answer from ..." after a race that someone won.
void print_answerer(const RunSummary& summary, std::ostream& out) {
  if (summary.answered_by.empty()) return;
  if (summary.answered_by_seed)
    fmt::print(out, "Answer from \"{}\" (seed {}).\n", summary.answered_by,
               *summary.answered_by_seed);
  else
    fmt::print(out, "Answer from \"{}\".\n", summary.answered_by);
}

void print_start(const Options& options, const std::vector<std::string>& racers, std::uint64_t seed,
                 std::ostream& out) {
  const SolverEntry& entry = chosen_solver(options);
  if (entry.reads_tactic)
    fmt::print(out, "Starting solver with tactic \"{}\".\n", to_string(options.tactic));
  else if (entry.races_others)
    fmt::print(out, "Starting solver \"{}\" ({}, {}).\n", entry.name, describe_racers(racers),
               seed_range(racers, seed));
  else if (!racers.empty())
    fmt::print(out, "Starting solver \"{}\" ({} threads, {}).\n", options.solver, racers.size(),
               seed_range(racers, seed));
  else
    fmt::print(out, "Starting solver \"{}\" (seed {}).\n", options.solver, seed);
  out.flush();
}

std::string names_or_none(const std::vector<std::string>& names) {
  return names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, " "));
}

// Digests abbreviated as git does, "none" for an empty list.
std::string digests_or_none(const std::vector<std::string>& digests) {
  if (digests.empty()) return "none";
  std::vector<std::string> short_digests;
  for (const std::string& digest : digests) short_digests.push_back(digest.substr(0, 12));
  return fmt::format("{}", fmt::join(short_digests, " "));
}

// The hypothesis and --given files, compared by content (SHA-256), so that
// a campaign may move its files; a checkpoint older than the record warns.
void check_start_hypotheses(const Options& options, const Checkpoint& start, std::ostream& err) {
  const std::vector<std::string> digests = hypothesis_digests(options);
  const std::string& path = options.resume_path;
  if (!start.hypotheses) {
    if (!digests.empty())
      fmt::print(err,
                 "bel_pyramid: warning: --resume {}: the checkpoint does not record its "
                 "hypothesis files; assuming this run's\n",
                 path);
  } else if (*start.hypotheses != digests) {
    throw UserError(fmt::format(
        "--resume {}: the checkpoint was made under the hypothesis files (SHA-256) {}, this run "
        "has {}",
        path, digests_or_none(*start.hypotheses), digests_or_none(digests)));
  }
}

// A checkpoint's state is trusted only when it fits this run: made under the
// same strategies and hypotheses, every label allowed by them, and its cost what the state
// really costs. Otherwise a racer would drop out or start from a lie.
void check_start(const Formulation& f, const Options& options, const Checkpoint& start,
                 std::ostream& err) {
  const std::string& path = options.resume_path;
  if (!start.strategies)
    fmt::print(err,
               "bel_pyramid: warning: --resume {}: the checkpoint does not record its strategies; "
               "assuming {}\n",
               path, names_or_none(options.strategies));
  else if (*start.strategies != options.strategies)
    throw UserError(
        fmt::format("--resume {}: the checkpoint was made under the strategies {}, this run has {}",
                    path, names_or_none(*start.strategies), names_or_none(options.strategies)));
  check_start_hypotheses(options, start, err);
  const LabelDomains domains = split_constraints(f);
  if (domains.contradiction) return;  // no state fits; the search says why
  const Pyramid& p = f.pyramid();
  for (int v = 0; v < p.var_count(); ++v)
    if (!((domains.masks[v] >> start.labels[v]) & 1))
      throw ParseError(path, fmt::format("label {} of {} breaks a label this run's constraints fix",
                                         start.labels[v], p.var_name(v)));
  MoveEngine engine(p, domains.penalties);
  engine.reset(start.labels);
  if (engine.cost() != start.cost)
    throw ParseError(path, fmt::format("'c cost {}' does not match its state, whose cost is {}",
                                       start.cost, engine.cost()));
}

// The report goes to streams.report, "--log -" to streams.out.
SolveResult run_search(const Formulation& f, const Options& options,
                       const std::optional<Checkpoint>& start, std::FILE* proof,
                       RunSummary& summary, const ReportStreams& streams) {
  std::ostream& out = streams.report;
  SolveLimits limits = solve_limits(options);
  limits.proof = proof;
  if (start) {
    fmt::print(out, "Resuming from \"{}\" (cost {}, {:.1f} s searched before{}).\n",
               options.resume_path, start->cost, start->seconds,
               start->resumes ? fmt::format("; resume {} of its chain, stream {} of the seed",
                                            start->resumes + 1, start->resumes)
                              : "");
    limits.start = start_labels(f, options, *start, out);
    limits.stream = start->resumes;
  }
  const std::vector<std::string> racers = racers_for(options, f, limits);
  print_start(options, racers, limits.seed, out);
  SearchMonitor monitor(options, streams.out, streams.err, start ? &*start : nullptr);
  limits.progress = with_progress(options, monitor.callback());
  SolveResult result;
  if (racers.empty()) {
    result = find_solver(options.solver)->solve(f, limits);
    summary.answered_by = options.solver;
  } else {
    result = race(f, racers, limits, summary);
    print_answerer(summary, out);
  }
  monitor.finish(result.solution ? &result.solution->labels() : nullptr);
  return result;
}

// "Solver interrupted/gave up after ..." for an Unknown answer; its exit code.
int report_unknown(const SolveResult& result, bool stopped, double seconds, bool sat_exit_codes,
                   std::ostream& report) {
  if (stopped) {
    // What the search had when stopped, e.g. local search's best cost.
    if (result.reason.empty() || result.reason == "interrupted")
      fmt::print(report, "Solver interrupted after {:.2f} seconds.\n", seconds);
    else
      fmt::print(report, "Solver interrupted after {:.2f} seconds: {}.\n", seconds, result.reason);
    return stopped_exit_code();
  }
  fmt::print(report, "Solver gave up after {:.2f} seconds: {}.\n", seconds,
             result.reason.empty() ? "unknown" : result.reason);
  return outcome_exit_code(Outcome::GaveUp, sat_exit_codes);
}

std::string core_quality(const UnsatCore& core) {
  if (core.stopped) return "not shrunk to the end: stopped";
  if (core.undecided > 0)
    return fmt::format("{} of them kept undecided within {} conflicts each", core.undecided,
                       kShrinkConflicts);
  return "minimal: freeing any one of them is needed";
}

// --unsat-core after "no solution": a second CaDiCaL run with the fixed
// lines as assumptions (unsat_core.hpp), under the run's limits again.
void report_unsat_core(const Formulation& f, const Options& options, RunSummary& summary,
                       std::ostream& out) {
  const CoreAnswer a = unsat_core(f, solve_limits(options));
  if (a.status != SolveResult::Status::Unsat) {  // the search said unsat: only a stop lands here
    fmt::print(out, "Unsat core: not found ({}).\n",
               a.status == SolveResult::Status::Sat
                   ? "internal error: the core search found a solution"
                   : a.reason);
    return;
  }
  RunSummary::Core core{{},           a.core->fixed, a.core->undecided, a.core->stopped,
                        a.core->axis, a.core->kept};
  for (const Constraint& c : a.core->lines) core.lines.push_back(print_constraint(c, f.pyramid()));
  if (core.axis.empty())
    fmt::print(out, "Unsat core: {} of the {} fixed lines already leave no solution ({}):\n",
               core.lines.size(), core.fixed, core_quality(*a.core));
  else
    fmt::print(out,
               "Unsat core: {} of the {} fixed {} lines already leave no solution with the other "
               "{} fixed lines as they are ({}):\n",
               core.lines.size(), core.fixed - core.kept, core.axis, core.kept,
               core_quality(*a.core));
  for (const std::string& line : core.lines) fmt::print(out, "  {}\n", line);
  summary.unsat_core = std::move(core);
}

}  // namespace

bool some_search_has(const Options& options, bool SolverEntry::*flag) {
  const std::vector<std::string> racers = racers_of(options);
  if (racers.empty()) {
    const SolverEntry* e = find_solver(options.solver);
    return e && e->*flag;
  }
  return std::any_of(racers.begin(), racers.end(), [flag](const std::string& name) {
    const auto r = find_racer(name);
    return r && r->entry->*flag;
  });
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
                     const ReportStreams& streams) {
  std::ostream& report = streams.report;
  std::ostream& answer = streams.answer;
  std::ostream& out = streams.out;
  if (start) check_start(f, options, *start, streams.err);
  ProofOutput proof(options);
  const Stopwatch watch;
  // Every solver polls the stop flag (run() defers stop requests).
  const SolveResult result = run_search(f, options, start, proof.stream(), summary, streams);
  const double seconds = watch.seconds();
  if (result.status == SolveResult::Status::Unknown) {  // nobody answered
    summary.answered_by.clear();
    summary.answered_by_seed.reset();
  }
  summary.solver = options.solver;
  summary.seed = options.seed;
  summary.solve_seconds = seconds;
  record_result(summary, result, interrupted(options));
  if (result.status == SolveResult::Status::Unknown) {
    proof.record(f, result, summary, report);
    write_results(options, summary, out);
    return report_unknown(result, interrupted(options), seconds, options.sat_exit_codes, answer);
  }
  fmt::print(report, "Solver finished in {:.2f} seconds.\n\n", seconds);
  print_result(f, result, answer);  // validates a solution before printing it
  if (options.unsat_core && result.status == SolveResult::Status::Unsat)
    report_unsat_core(f, options, summary, answer);
  proof.record(f, result, summary, report);
  proof.publish();
  write_results(options, summary, out);
  return outcome_exit_code(result.solution ? Outcome::Solution : Outcome::NoSolution,
                           options.sat_exit_codes);
}

}  // namespace bel_pyramid
