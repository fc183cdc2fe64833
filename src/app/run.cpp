#include "app/run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <string>
#include <vector>

#include "app/certificate_import.hpp"
#include "app/check.hpp"
#include "app/cnf_export.hpp"
#include "app/count_run.hpp"
#include "app/hypothesis_files.hpp"
#include "app/option_checks.hpp"
#include "app/option_values.hpp"
#include "app/report.hpp"
#include "app/results.hpp"
#include "app/run_formulation.hpp"
#include "app/solve_mode.hpp"
#include "app/split_export.hpp"
#include "app/sweep_run.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "base/output_file.hpp"
#include "base/stopwatch.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {
namespace {

void export_smt2(const Formulation& f, const std::string& path, std::ostream& out) {
  fmt::print(out, "Exporting formulation to SMT2 file \"{}\".\n", path);
  const Stopwatch watch;
  write_output_file(path, to_smt2(f));
  fmt::print(out, "SMT2 exported in {:.2f} seconds.\n\n", watch.seconds());
}

// Every output target is checked before the formulation is built, so that a
// bad name or suffix fails fast; the run's PublishBatch covers later write
// errors.
void check_output_targets(const Options& options) {
  check_result_targets(options);
  for (const std::string* path :
       {&options.var_map_path, &options.smt2_path, &options.checkpoint_path, &options.proof_path})
    if (!path->empty()) check_output_target(*path);
  if (!options.cnf_path.empty() && options.certificate_path.empty())
    check_output_target(options.cnf_path);
}

// Symmetry-breaking strategies each keep one solution of every class, but two
// of them (or one and --symmetry-breaking) may together keep none: a "no
// solution" answer then says nothing about the puzzle.
void warn_symmetry_breaking(const Options& options, std::ostream& err) {
  std::vector<std::string> names;
  for (const std::string& name : options.strategies)
    if (const Strategy* s = find_strategy(name); s && s->kind == StrategyKind::SymmetryBreaking)
      names.push_back(name);
  if (options.symmetry_breaking != SymmetryBreakingMode::None)
    names.emplace_back("--symmetry-breaking");
  if (names.size() < 2) return;
  fmt::print(err,
             "bel_pyramid: warning: {} each break symmetry; combined they may remove every "
             "solution, so \"no solution\" then holds only under them\n",
             fmt::join(names, " and "));
}

struct Built {
  Formulation formulation;
  double seconds;
};

// Builds the formulation and prints its statistics.
Built build(const Options& options, std::ostream& report) {
  fmt::print(report, "Solving Bel's Pyramid for {} levels.\n\n", options.levels);
  const Stopwatch watch;
  Built built{run_formulation(options, options.levels), watch.seconds()};
  print_statistics(built.formulation, report);
  fmt::print(report, "Constraint formulation built in {:.2f} seconds.\n\n", built.seconds);
  return built;
}

// --cert: the SAT solver's answer, read, checked and reported.
int import_and_report(const Formulation& f, const Options& options, RunSummary& summary,
                      const ReportStreams& streams) {
  summary.source = "certificate";
  summary.input = options.certificate_path;
  const SolveResult result = import_certificate(f, options, streams.report, streams.answer);
  record_result(summary, result, false);
  write_results(options, summary, streams.out);
  if (result.status == SolveResult::Status::Unknown) {  // s UNKNOWN, or no answer at all
    fmt::print(streams.answer, "Solver gave up: {}.\n", result.reason);
    return outcome_exit_code(Outcome::GaveUp, options.sat_exit_codes);
  }
  return outcome_exit_code(result.solution ? Outcome::Solution : Outcome::NoSolution,
                           options.sat_exit_codes);
}

// The side exports of any mode that builds the formulation: --var-map, and
// (--cert reads its --cnf) --cnf and --smt2.
void export_all(const Formulation& f, const Options& options, RunSummary& summary,
                std::ostream& report) {
  if (!options.var_map_path.empty()) export_var_map(f, options);
  if (options.mode == Mode::Certificate) return;
  if (!options.cnf_path.empty()) summary.export_seconds = export_cnf(f, options, report);
  if (!options.smt2_path.empty()) export_smt2(f, options.smt2_path, report);
}

int skip_solver(const Options& options, RunSummary& summary, std::ostream& report,
                std::ostream& out) {
  fmt::print(report, "Skipping the solver.\n");
  summary.status = "unknown";
  summary.reason = "the solver was skipped (--skip-solver)";
  write_results(options, summary, out);
  return kExitOk;
}

// The steps of a run; every output goes into the caller's PublishBatch.
int run_steps(const Options& options, std::ostream& out, std::ostream& err) {
  if (options.mode == Mode::Check) return run_check(options, out, err);
  if (options.mode == Mode::ListCentrePatterns) return list_centre_patterns(options.levels, out);
  if (options.mode == Mode::Sweep) return run_sweep(options, out, err);  // a formulation per member
  // A count resumes a part's progress, not a search's state (count_run.hpp);
  // either is read and checked before the build.
  const bool counts = options.mode == Mode::Count;
  const std::optional<CountCheckpoint> part_start = counts ? resumed_part(options) : std::nullopt;
  const std::optional<Checkpoint> start = counts ? std::nullopt : resumed(options);
  check_output_targets(options);
  // A machine-readable export on stdout sends the human report to stderr;
  // --quiet keeps only its result lines.
  std::ostream& human = output_to_stdout(options) ? err : out;
  std::ostream& report = options.quiet ? null_stream() : human;
  const ReportStreams streams{report, human, out, err};
  warn_symmetry_breaking(options, err);
  const Built built = build(options, report);
  const Formulation& f = built.formulation;
  RunSummary summary = summarize(options, f, "solve");  // for --json and --svg
  summary.build_seconds = built.seconds;
  export_all(f, options, summary, report);
  switch (options.mode) {
    case Mode::Certificate: return import_and_report(f, options, summary, streams);
    case Mode::Split:  // cube-and-conquer: the scripts solve the cubes
      export_split(f, options, report);
      return kExitOk;
    case Mode::Export: return skip_solver(options, summary, report, out);
    case Mode::Sample: return run_sample(f, options, summary, streams);
    case Mode::Count: return run_count(f, options, part_start, summary, streams);
    case Mode::Solve:
    case Mode::Sweep:               // returned above
    case Mode::Check:               // returned above
    case Mode::ListCentrePatterns:  // returned above
      break;
  }
  return solve_and_report(f, options, start, summary, streams);
}

}  // namespace

int run(const Options& options, std::ostream& out, std::ostream& err) {
  Options loaded = options;
  loaded.mode = mode_of(options);
  // A run that searches or counts finishes its writes when stopped
  // (interrupt.hpp); the others have nothing to finish and stop at once.
  const StopDeferral deferral(has(kSearchModes, loaded.mode));  // from the first step on
  check_option_combinations(loaded);
  load_hypothesis_files(loaded);
  PublishBatch outputs;  // every output of the run appears together, or none
  const int code = run_steps(loaded, out, err);
  const StopDeferral publishing(true);  // a stop now waits for the renames
  outputs.publish();
  // While the handlers are installed: once they are gone a late copy of the
  // stop signal kills the process, and a buffered report line would be lost.
  out.flush();
  err.flush();
  return code;
}

}  // namespace bel_pyramid
