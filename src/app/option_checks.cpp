#include "app/option_checks.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "app/count_run.hpp"
#include "app/memory_guard.hpp"
#include "app/option_table.hpp"
#include "app/proof_output.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "model/symmetry.hpp"
#include "solvers/completion.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

void check_racing(const Options& options) {
  const bool portfolio = chosen_solver(options).races_others;
  if (!options.portfolio.empty() && !portfolio)
    throw UserError(fmt::format("--portfolio races solvers: it needs --solver portfolio, not {}",
                                options.solver));
  const int threads = options.threads;
  if (threads == 0 || !options.sweep_dir.empty()) return;  // not given, or members at a time
  if (threads > 1 && !portfolio && !find_solver(options.solver)->racer)
    throw UserError(fmt::format("--threads {}: solver \"{}\" runs in one thread (racers: {})",
                                threads, options.solver, solver_names_list(&SolverEntry::racer)));
  if (portfolio && !options.portfolio.empty() &&
      threads != static_cast<int>(options.portfolio.size()))
    throw UserError(fmt::format("--threads {} does not match the {} racers of --portfolio", threads,
                                options.portfolio.size()));
  if (portfolio && options.portfolio.empty() && threads < 2)
    throw UserError(fmt::format(
        "--threads {}: the portfolio needs at least 2 (local search and CaDiCaL)", threads));
}

// The cubes use the native encoder's numbering.
void check_split(const Options& options) {
  if (options.split_cubes == 0) return;
  if (!options.certificate_path.empty())
    throw UserError("--split and --cert cannot be combined (import with the args in DIR/args)");
  if (options.cnf_encoder == CnfEncoder::Z3)
    throw UserError(
        "--split needs --cnf-encoder native or completion (the cubes use their numbering)");
}

// The completion's CNF is a file the run writes or reads (a CaDiCaL search
// takes the completion by itself where it applies), and of the --cnf-tune
// keys it reads only its own.
void check_completion_encoder(const Options& options) {
  if (options.cnf_encoder != CnfEncoder::Completion) return;
  if (options.cnf_path.empty() && options.var_map_path.empty() &&
      options.certificate_path.empty() && options.split_cubes == 0)
    throw UserError(
        "--cnf-encoder completion names the CNF of --cnf, --var-map, --cert or --split (a "
        "CaDiCaL search takes the completion by itself where it applies)");
  if (without_completion_keys(options.cnf_options) != CnfOptions{})
    throw UserError(
        "--cnf-encoder completion reads no --cnf-tune key but completion-amo and cube-matching");
}

// The option table's "used only with X" column, for the options whose use
// shows in Options (the command line checks every given option).
void check_requirements(const Options& options) {
  for (const OptionRow& row : option_table())
    if (row.used && row.used(options)) row.check_used(options);
}

void check_quotient(const Options& options) {
  if (options.quotient_count == 0) return;
  if (options.list_all || options.max_solutions > 0 || options.part_count > 0 ||
      !options.centre_pattern.empty())
    throw UserError(
        "--quotient counts whole orbits: it takes no --all, --max-solutions, --part or "
        "--centre-pattern");
  if (!options.strategies.empty() || !options.hypotheses.empty() || !options.given.empty() ||
      options.symmetry_breaking != SymmetryBreakingMode::None)
    throw UserError(
        "--quotient divides out the symmetry group, so it takes no --strategy, --hypothesis, "
        "--given or --symmetry-breaking");
  const SolverEntry& entry = chosen_solver(options);
  if (entry.counts && !entry.estimates) throw UserError("--quotient counts with the xcc engine");
}

void check_counting(const Options& options) {
  if (!counting(options)) return;
  if (options.estimate_probes > 0 &&
      (!options.count || options.list_all ||
       (chosen_solver(options).counts && !chosen_solver(options).estimates) ||
       options.max_solutions > 0 || options.up_to_symmetry))
    throw UserError("--estimate goes with --count alone (the xcc engine)");
  if (!options.centre_pattern.empty() && !options.strategies.empty())
    throw UserError("--centre-pattern counts relabellings, so it takes no --strategy");
  if (!options.centre_pattern.empty() && (!options.hypotheses.empty() || !options.given.empty()))
    throw UserError("--centre-pattern counts relabellings, so it takes no --hypothesis or --given");
  check_quotient(options);
  if (!find_solver(options.solver)->counts)
    throw UserError(fmt::format("solver \"{}\" cannot count solutions (use {})", options.solver,
                                counting_engine_names()));
  if (options.threads > 1) throw UserError("counting runs in one thread (--threads)");
  if (options.up_to_symmetry && options.levels > (SymmetryGroup::kMaxLabels + 1) / 2)
    throw UserError(
        fmt::format("--up-to-symmetry supports N <= {}", (SymmetryGroup::kMaxLabels + 1) / 2));
  for (const std::string* path : {&options.cnf_path, &options.certificate_path})
    if (!path->empty())
      throw UserError("--count and --all cannot be combined with --cnf or --cert");
}

void check_sample(const Options& options) {
  if (options.sample == 0) return;
  if (counting(options)) throw UserError("--sample cannot be combined with --count or --all");
  if (!chosen_solver(options).samples)
    throw UserError("--sample draws with the local search or xcc (--solver local or xcc)");
  if (options.threads > 1) throw UserError("--sample runs in one thread (--threads)");
  if (options.levels > (SymmetryGroup::kMaxLabels + 1) / 2)
    throw UserError(fmt::format("--sample counts symmetry classes, which supports N <= {}",
                                (SymmetryGroup::kMaxLabels + 1) / 2));
  for (const std::string* path : {&options.cnf_path, &options.certificate_path})
    if (!path->empty()) throw UserError("--sample cannot be combined with --cnf or --cert");
}

// A list of values for a parameter picks a sweep's members; any other run
// (--check too) builds one member.
void check_param_slices(const Options& options) {
  if (options.sweep_dir.empty() && !options.param_slices.empty())
    throw UserError(fmt::format(
        "--param {}=...: a list of values picks the members of a --sweep; a run without "
        "--sweep takes one value (NAME=VALUE)",
        options.param_slices.begin()->first));
}

// A sweep runs many searches and writes its own table: no single-run output.
void check_sweep(const Options& options) {
  if (options.sweep_dir.empty()) return;
  const std::vector<std::pair<bool, const char*>> others = {
      {counting(options), "--count or --all"},      {options.sample > 0, "--sample"},
      {options.split_cubes > 0, "--split"},         {options.skip_solver, "--skip-solver"},
      {!options.cnf_path.empty(), "--cnf"},         {!options.smt2_path.empty(), "--smt2"},
      {!options.var_map_path.empty(), "--var-map"}, {!options.certificate_path.empty(), "--cert"},
      {!options.proof_path.empty(), "--proof"}};
  for (const auto& [given, name] : others)
    if (given) throw UserError(fmt::format("--sweep cannot be combined with {}", name));
}

struct StdoutUse {
  int exports = 0;  // --cnf, --smt2, --var-map
  int results = 0;  // --json, --svg, --log
};

// The outputs that write to standard output ("-"); --cnf is read, not
// written, with --cert.
StdoutUse stdout_use(const Options& options) {
  StdoutUse use;
  if (options.certificate_path.empty() && options.cnf_path == "-") ++use.exports;
  for (const std::string* path : {&options.smt2_path, &options.var_map_path})
    if (*path == "-") ++use.exports;
  for (const std::string* path : {&options.json_path, &options.svg_path, &options.log_path})
    if (*path == "-") ++use.results;
  return use;
}

// Only one output may go to standard output, and then nothing else does.
void check_stdout(const Options& options) {
  const StdoutUse use = stdout_use(options);
  if (use.exports > 1)
    throw UserError("only one of --cnf, --smt2 and --var-map can write to standard output");
  if (options.cnf_path == "-" && options.certificate_path == "-")
    throw UserError("--cnf - and --cert - cannot both read standard input");
  if (use.results > 0 && use.exports + use.results > 1)
    throw UserError(
        "only one of --json, --svg, --cnf, --smt2, --var-map and --log can write to standard "
        "output");
}

// The files a search keeps writing while it runs.
void check_search_files(const Options& options) {
  if (options.checkpoint_path == "-")
    throw UserError(
        "--checkpoint needs a file name: --resume reads a checkpoint back, standard output "
        "cannot be resumed");
  if (options.log_path != "-" && names_compression(options.log_path))
    throw UserError(fmt::format(
        "--log \"{}\": a log is appended line by line while the search runs and cannot be "
        "compressed",
        options.log_path));
}

}  // namespace

bool output_to_stdout(const Options& options) {
  const StdoutUse use = stdout_use(options);
  return use.exports + use.results > 0;
}

void check_option_combinations(const Options& options) {
  if (options.check_path.empty()) {
    check_racing(options);
    check_split(options);
    check_completion_encoder(options);
    check_requirements(options);
    check_counting(options);
    check_sample(options);
    check_sweep(options);
    check_fits_in_memory(options);
    check_proof_options(options);
  }
  check_param_slices(options);
  check_stdout(options);
  check_search_files(options);
}

}  // namespace bel_pyramid
