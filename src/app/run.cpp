#include "app/run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <optional>

#include "app/certificate_import.hpp"
#include "app/check.hpp"
#include "app/cnf_export.hpp"
#include "app/count_run.hpp"
#include "app/option_checks.hpp"
#include "app/results.hpp"
#include "app/search_monitor.hpp"
#include "app/split_export.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "base/output_file.hpp"
#include "base/stopwatch.hpp"
#include "formats/checkpoint.hpp"
#include "formats/knuth_format.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

std::string list(const std::vector<int>& values) {
  return fmt::format("[{}]", fmt::join(values, ", "));
}

void print_statistics(const Formulation& f, std::ostream& out) {
  const Pyramid& p = f.pyramid();
  std::vector<int> cubes, labels;
  for (int size : p.level_sizes()) cubes.push_back(size * size);
  for (int l = 0; l < p.labels(); ++l) labels.push_back(l);
  fmt::print(out, "Parameters:\n");
  fmt::print(out, "    Levels: {}\n", p.levels());
  fmt::print(out, "    Level Sizes: {}\n", list(p.level_sizes()));
  fmt::print(out, "    Level Cubes: {}\n", list(cubes));
  fmt::print(out, "    Total Cubes: {}\n", p.cube_count());
  fmt::print(out, "    Labels: {}\n", list(labels));
  fmt::print(out, "    Label Sort: {}\n\n", f.domain() == Domain::Int ? "Int" : "label");
  fmt::print(out, "Variables:\n");
  fmt::print(out, "    X Axis Variables: {}\n", p.x_var_count());
  fmt::print(out, "    Y Axis Variables: {}\n", p.y_var_count());
  fmt::print(out, "    Z Axis Variables: {}\n", p.z_var_count());
  fmt::print(out, "    Placement Variables: {}\n\n", p.placement_count());
  fmt::print(out, "Constraints:\n");
  fmt::print(out, "    Axis Label Bounds: {}\n", f.axis_label_bounds());
  fmt::print(out, "    Placement Equalities: {}\n", f.placement_equalities());
  fmt::print(out, "    Cube Uniqueness Constraints: {}\n\n", f.cube_uniqueness_constraints());
  if (f.strategies().empty()) return;
  fmt::print(out, "Strategies:\n");
  for (const StrategyRecord& s : f.strategies())
    fmt::print(out, "    {} applied {} constraint(s).\n", s.name, s.constraints);
  fmt::print(out, "\n");
}

Formulation build_formulation(const Options& options) {
  Formulation f(options.levels, options.domain);
  for (const std::string& name : options.strategies) {
    const Strategy* s = find_strategy(name);
    if (!s)
      throw UserError(fmt::format("unknown strategy \"{}\" (valid: {})", name, strategy_names()));
    f.add_strategy(std::string(s->name), s->build(f.pyramid()));
  }
  if (options.symmetry_breaking != SymmetryBreakingMode::None)  // after the strategies
    f.add_strategy("SymmetryBreaking", break_symmetries(f, options.symmetry_breaking).constraints);
  return f;
}

void export_smt2(const Formulation& f, const std::string& path, std::ostream& out) {
  fmt::print(out, "Exporting formulation to SMT2 file \"{}\".\n", path);
  const Stopwatch watch;
  OutputFile file(path);
  file.write(to_smt2(f));
  file.commit();
  fmt::print(out, "SMT2 exported in {:.2f} seconds.\n\n", watch.seconds());
}

// Prints a definite answer; a solution is printed only after validate().
// run() reports Unknown itself, with the time it took.
void print_result(const Formulation& f, const SolveResult& result, std::ostream& out) {
  const Pyramid& p = f.pyramid();
  switch (result.status) {
    case SolveResult::Status::Sat: {
      const Validation v = validate(p, *result.solution);
      if (!v.ok) throw UserError("the solver returned an invalid solution: " + v.message);
      for (const Constraint& c : f.constraints())
        if (!evaluate(c, result.solution->labels()))
          throw UserError("the solver returned a solution that violates a strategy constraint");
      fmt::print(out, "Solution:\n{}", format_knuth(p, *result.solution));
      return;
    }
    case SolveResult::Status::Unsat:
      fmt::print(out, "No solution exists for {} levels.\n", p.levels());
      return;
    case SolveResult::Status::Unknown:
      assert(false && "run() reports Unknown before printing a result");
      return;
  }
}

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
                 const SolveLimits& limits, std::ostream& out) {
  PortfolioResult result = solve_portfolio(f, racers, limits);
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

// --checkpoint and --resume need a search that keeps a state.
void check_stateful(const Options& options, const std::vector<std::string>& racers) {
  if (options.checkpoint_path.empty() && options.resume_path.empty()) return;
  const std::vector<std::string> searches = racers.empty() ? std::vector{options.solver} : racers;
  for (const std::string& name : searches)
    if (const SolverEntry* e = find_solver(name); e && e->stateful) return;
  throw UserError(
      fmt::format("--{} needs a search that keeps a state ({}), not \"{}\"",
                  options.resume_path.empty() ? "checkpoint" : "resume",
                  solver_names_list(&SolverEntry::stateful),
                  options.solver == "portfolio" ? describe_racers(racers) : options.solver));
}

// The checkpoint to resume from, checked against this run.
std::optional<Checkpoint> resumed(const Options& options) {
  if (options.resume_path.empty()) return std::nullopt;
  Checkpoint c = read_checkpoint(options.resume_path);
  if (c.levels != options.levels)
    throw UserError(fmt::format("--resume {}: the checkpoint is for N={}, not N={}",
                                options.resume_path, c.levels, options.levels));
  return c;
}

SolveResult solve(const Formulation& f, const Options& options,
                  const std::optional<Checkpoint>& start, std::ostream& out, std::ostream& err) {
  const std::vector<std::string> racers = racers_of(options);
  SolveLimits limits = solve_limits(options);
  if (start) {
    limits.start = start->labels;
    fmt::print(out, "Resuming from \"{}\" (cost {}, {:.1f} s searched before).\n",
               options.resume_path, start->cost, start->seconds);
  }
  print_start(options, racers, limits.seed, out);
  SearchMonitor monitor(options, err, start ? &*start : nullptr);
  limits.progress = monitor.callback();
  SolveResult result =
      racers.empty() ? find_solver(options.solver)->solve(f, limits) : race(f, racers, limits, out);
  monitor.finish(result.solution ? &result.solution->labels() : nullptr);
  return result;
}

}  // namespace

int run(const Options& options, std::ostream& out, std::ostream& err) {
  if (!options.check_path.empty()) return run_check(options, out, err);
  check_stateful(options, racers_of(options));
  const std::optional<Checkpoint> start = resumed(options);
  check_result_targets(options);
  // Every output target is checked before the formulation is built, so that
  // a bad name fails fast; PublishBatch below covers later write errors.
  for (const std::string* path :
       {&options.var_map_path, &options.smt2_path, &options.checkpoint_path})
    if (!path->empty()) OutputFile::check_creatable(*path);
  if (!options.cnf_path.empty() && options.certificate_path.empty())
    OutputFile::check_creatable(options.cnf_path);
  // A machine-readable export on stdout sends the human report to stderr.
  std::ostream& report = output_to_stdout(options) ? err : out;

  fmt::print(report, "Solving Bel's Pyramid for {} levels.\n\n", options.levels);
  const Stopwatch build_watch;
  const Formulation f = build_formulation(options);
  const double build_seconds = build_watch.seconds();
  print_statistics(f, report);
  fmt::print(report, "Constraint formulation built in {:.2f} seconds.\n\n", build_seconds);

  RunSummary summary = summarize(options, f, "solve");  // for --json and --svg
  summary.build_seconds = build_seconds;
  {
    PublishBatch outputs;  // all exports appear together, or none
    if (!options.var_map_path.empty()) export_var_map(f, options);
    if (!options.certificate_path.empty()) {
      summary.source = "certificate";
      summary.input = options.certificate_path;
      record_result(summary, import_certificate(f, options, report), false);
      write_results(options, summary, out);
      outputs.publish();
      return kExitOk;
    }
    if (!options.cnf_path.empty()) export_cnf(f, options, report);
    if (!options.smt2_path.empty()) export_smt2(f, options.smt2_path, report);
    if (options.split_cubes > 0) {  // cube-and-conquer: the scripts solve the cubes
      export_split(f, options, report);
      outputs.publish();
      return kExitOk;
    }
    outputs.publish();
  }
  if (options.skip_solver) {
    fmt::print(report, "Skipping the solver.\n");
    summary.status = "unknown";
    summary.reason = "the solver was skipped (--skip-solver)";
    publish_results(options, summary, out);
    return kExitOk;
  }
  if (counting(options)) return run_count(f, options, report, err);
  const Stopwatch solve_watch;
  const SolveResult result = [&] {
    const PollingScope polling(true);  // every solver polls the stop flag
    return solve(f, options, start, report, err);
  }();
  const double seconds = solve_watch.seconds();
  // --json/--svg: written after the report, for every outcome.
  summary.solver = options.solver;
  summary.seed = options.seed;
  summary.solve_seconds = seconds;
  record_result(summary, result, interrupted(options));
  if (result.status == SolveResult::Status::Unknown) {
    publish_results(options, summary, out);
    if (interrupted(options)) {
      // What the search had when stopped, e.g. local search's best cost.
      if (result.reason.empty() || result.reason == "interrupted")
        fmt::print(report, "Solver interrupted after {:.2f} seconds.\n", seconds);
      else
        fmt::print(report, "Solver interrupted after {:.2f} seconds: {}.\n", seconds,
                   result.reason);
      return kExitInterrupted;
    }
    fmt::print(report, "Solver gave up after {:.2f} seconds: {}.\n", seconds,
               result.reason.empty() ? "unknown" : result.reason);
    return kExitUnknown;
  }
  fmt::print(report, "Solver finished in {:.2f} seconds.\n\n", seconds);
  print_result(f, result, report);  // validates a solution before printing it
  publish_results(options, summary, out);
  return kExitOk;
}

}  // namespace bel_pyramid
