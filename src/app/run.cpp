#include "app/run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <optional>
#include <string>

#include "app/certificate_import.hpp"
#include "app/check.hpp"
#include "app/cnf_export.hpp"
#include "app/count_run.hpp"
#include "app/option_checks.hpp"
#include "app/report.hpp"
#include "app/results.hpp"
#include "app/solve_mode.hpp"
#include "app/split_export.hpp"
#include "base/error.hpp"
#include "base/output_file.hpp"
#include "base/stopwatch.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {
namespace {

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

// Every output target is checked before the formulation is built, so that a
// bad name fails fast; PublishBatch covers later write errors.
void check_output_targets(const Options& options) {
  check_result_targets(options);
  for (const std::string* path :
       {&options.var_map_path, &options.smt2_path, &options.checkpoint_path, &options.proof_path})
    if (!path->empty()) OutputFile::check_creatable(*path);
  if (!options.cnf_path.empty() && options.certificate_path.empty())
    OutputFile::check_creatable(options.cnf_path);
}

struct Built {
  Formulation formulation;
  double seconds;
};

// Builds the formulation and prints its statistics.
Built build(const Options& options, std::ostream& report) {
  fmt::print(report, "Solving Bel's Pyramid for {} levels.\n\n", options.levels);
  const Stopwatch watch;
  Built built{build_formulation(options), watch.seconds()};
  print_statistics(built.formulation, report);
  fmt::print(report, "Constraint formulation built in {:.2f} seconds.\n\n", built.seconds);
  return built;
}

// The exports (--var-map, --cnf, --smt2, --split) and --cert, all published
// together. Returns the exit code when the run ends here.
std::optional<int> export_all(const Formulation& f, const Options& options, RunSummary& summary,
                              std::ostream& report, std::ostream& out) {
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
  return std::nullopt;
}

int skip_solver(const Options& options, RunSummary& summary, std::ostream& report,
                std::ostream& out) {
  fmt::print(report, "Skipping the solver.\n");
  summary.status = "unknown";
  summary.reason = "the solver was skipped (--skip-solver)";
  publish_results(options, summary, out);
  return kExitOk;
}

}  // namespace

int run(const Options& options, std::ostream& out, std::ostream& err) {
  check_option_combinations(options);
  if (!options.check_path.empty()) return run_check(options, out, err);
  check_stateful(options);
  const std::optional<Checkpoint> start = resumed(options);
  check_output_targets(options);
  // A machine-readable export on stdout sends the human report to stderr.
  std::ostream& report = output_to_stdout(options) ? err : out;
  const Built built = build(options, report);
  const Formulation& f = built.formulation;
  RunSummary summary = summarize(options, f, "solve");  // for --json and --svg
  summary.build_seconds = built.seconds;
  if (const std::optional<int> code = export_all(f, options, summary, report, out)) return *code;
  if (options.skip_solver) return skip_solver(options, summary, report, out);
  if (counting(options)) return run_count(f, options, report, err);
  return solve_and_report(f, options, start, summary, report, out, err);
}

}  // namespace bel_pyramid
