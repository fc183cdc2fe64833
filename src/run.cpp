#include "bel_pyramid/run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <cassert>
#include <chrono>
#include <functional>

#include "bel_pyramid/cadical_backend.hpp"
#include "bel_pyramid/cnf_export.hpp"
#include "bel_pyramid/error.hpp"
#include "bel_pyramid/interrupt.hpp"
#include "bel_pyramid/knuth_format.hpp"
#include "bel_pyramid/local_search.hpp"
#include "bel_pyramid/output_file.hpp"
#include "bel_pyramid/portfolio.hpp"
#include "bel_pyramid/strategy.hpp"

namespace bel_pyramid {
namespace {

class Stopwatch {
 public:
  [[nodiscard]] double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

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

// The local search's progress as one rewritten stderr line, shown only when
// stderr is a terminal; cleared when the search ends.
class ProgressLine {
 public:
  explicit ProgressLine(std::ostream& err) : err_(err), shown_(::isatty(STDERR_FILENO) == 1) {}
  ~ProgressLine() {
    if (shown_) fmt::print(err_, "\r{:60}\r", "");
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  [[nodiscard]] std::function<void(const LocalSearchProgress&)> callback() {
    if (!shown_) return {};
    return [this](const LocalSearchProgress& p) {
      fmt::print(err_, "\r{:8.1f} s  cost {:4}  best {:4}  {:6.2f} M moves/s ", p.elapsed_seconds,
                 p.cost, p.best_cost, p.moves_per_second / 1e6);
      err_.flush();
    };
  }

 private:
  std::ostream& err_;
  bool shown_;
};

// Seeds s..s+k-1 of k local searches, for the "Starting solver" line.
std::string seed_range(std::uint64_t seed, int searches) {
  return searches == 1 ? fmt::format("seed {}", seed)
                       : fmt::format("seeds {}-{}", seed, seed + searches - 1);
}

// Races the portfolio's threads, with the progress line of the first local
// search, and names the winner (with its seed when several local searches ran).
SolveResult race(const Formulation& f, PortfolioOptions portfolio, std::ostream& out,
                 std::ostream& err) {
  PortfolioResult result = [&] {
    ProgressLine progress(err);
    portfolio.progress = progress.callback();
    return solve_portfolio(f, portfolio);
  }();
  if (result.winner == "local" && portfolio.local_searches > 1)
    fmt::print(out, "Answer from \"local\" (seed {}).\n", result.winner_seed);
  else if (!result.winner.empty() && portfolio.cadical)
    fmt::print(out, "Answer from \"{}\".\n", result.winner);
  return std::move(result.result);
}

PortfolioOptions portfolio_options(const Options& options) {
  PortfolioOptions portfolio;
  portfolio.seed = options.seed.value_or(0);
  portfolio.timeout_seconds = options.timeout_seconds;
  portfolio.stop = options.stop;
  return portfolio;
}

SolveResult solve_locally(const Formulation& f, const Options& options, std::ostream& out,
                          std::ostream& err) {
  if (options.threads > 1) {
    PortfolioOptions portfolio = portfolio_options(options);
    portfolio.local_searches = options.threads;
    portfolio.cadical = false;
    fmt::print(out, "Starting solver \"local\" ({} threads, {}).\n", options.threads,
               seed_range(portfolio.seed, options.threads));
    out.flush();
    return race(f, portfolio, out, err);
  }
  LocalSearchOptions local;
  local.seed = options.seed.value_or(0);
  local.timeout_seconds = options.timeout_seconds;
  local.stop = options.stop;
  fmt::print(out, "Starting solver \"local\" (seed {}).\n", local.seed);
  out.flush();
  ProgressLine progress(err);
  local.progress = progress.callback();
  return solve_local(f, local);
}

SolveResult solve_with_cadical_backend(const Formulation& f, const Options& options,
                                       std::ostream& out) {
  CadicalOptions cadical;
  cadical.timeout_seconds = options.timeout_seconds;
  cadical.seed = options.seed;
  cadical.stop = options.stop;
  for (const std::string& kv : options.cnf_tune) set_cnf_option(cadical.cnf, kv);
  fmt::print(out, "Starting solver \"cadical\" (seed {}).\n", options.seed.value_or(0));
  out.flush();
  return solve_with_cadical(f, cadical);
}

SolveResult solve_in_portfolio(const Formulation& f, const Options& options, std::ostream& out,
                               std::ostream& err) {
  PortfolioOptions portfolio = portfolio_options(options);
  portfolio.local_searches = options.threads > 0 ? options.threads - 1 : 1;
  const int k = portfolio.local_searches;
  fmt::print(out, "Starting solver \"portfolio\" ({}local + cadical, {}).\n",
             k == 1 ? "" : fmt::format("{} ", k), seed_range(portfolio.seed, k));
  out.flush();
  return race(f, portfolio, out, err);
}

SolveResult solve(const Formulation& f, const Options& options, std::ostream& out,
                  std::ostream& err) {
  switch (options.solver) {
    case SolverKind::Local: return solve_locally(f, options, out, err);
    case SolverKind::Cadical: return solve_with_cadical_backend(f, options, out);
    case SolverKind::Portfolio: return solve_in_portfolio(f, options, out, err);
    case SolverKind::Z3: break;
  }
  fmt::print(out, "Starting solver with tactic \"{}\".\n", to_string(options.tactic));
  out.flush();
  return solve_with_z3(f, Z3Options{options.tactic, options.timeout_seconds, options.seed});
}

bool interrupted(const Options& options) { return options.stop && options.stop->load(); }

}  // namespace

const std::vector<SolverName>& solver_names() {
  static const std::vector<SolverName> names = {
      {"portfolio", SolverKind::Portfolio, "local search and CaDiCaL race on two threads"},
      {"cadical", SolverKind::Cadical, "CaDiCaL in-process on the native CNF (complete)"},
      {"local", SolverKind::Local, "stochastic local search (finds solutions, never proves none)"},
      {"z3", SolverKind::Z3, "Z3 with --tactic, as the original"},
  };
  return names;
}

const char* to_string(SolverKind solver) {
  for (const SolverName& s : solver_names())
    if (s.kind == solver) return s.name;
  return "?";
}

// Only one output may go to standard output, and then nothing else does.
void check_stdout_use(const Options& options) {
  int to_stdout = 0;
  for (const std::string* path : {&options.cnf_path, &options.smt2_path, &options.var_map_path})
    to_stdout += *path == "-" ? 1 : 0;
  if (!options.certificate_path.empty())
    to_stdout -= options.cnf_path == "-" ? 1 : 0;  // --cnf is read then
  if (to_stdout > 1)
    throw UserError("only one of --cnf, --smt2 and --var-map can write to standard output");
  if (options.cnf_path == "-" && options.certificate_path == "-")
    throw UserError("--cnf - and --cert - cannot both read standard input");
}

int run(const Options& options, std::ostream& out, std::ostream& err) {
  check_fits_in_memory(options);
  check_stdout_use(options);
  // Every output target is checked before the formulation is built, so that
  // a bad name fails fast; PublishBatch below covers later write errors.
  for (const std::string* path : {&options.var_map_path, &options.smt2_path})
    if (!path->empty()) OutputFile::check_creatable(*path);
  if (!options.cnf_path.empty() && options.certificate_path.empty())
    OutputFile::check_creatable(options.cnf_path);
  // A machine-readable export on stdout sends the human report to stderr.
  const bool export_to_stdout = (options.certificate_path.empty() && options.cnf_path == "-") ||
                                options.smt2_path == "-" || options.var_map_path == "-";
  std::ostream& report = export_to_stdout ? err : out;

  fmt::print(report, "Solving Bel's Pyramid for {} levels.\n\n", options.levels);
  const Stopwatch build_watch;
  const Formulation f = build_formulation(options);
  const double build_seconds = build_watch.seconds();
  print_statistics(f, report);
  fmt::print(report, "Constraint formulation built in {:.2f} seconds.\n\n", build_seconds);

  {
    PublishBatch outputs;  // all exports appear together, or none
    if (!options.var_map_path.empty()) export_var_map(f, options);
    if (!options.certificate_path.empty()) {
      import_certificate(f, options, report);
      outputs.publish();
      return kExitOk;
    }
    if (!options.cnf_path.empty()) export_cnf(f, options, report);
    if (!options.smt2_path.empty()) export_smt2(f, options.smt2_path, report);
    outputs.publish();
  }
  if (options.skip_solver) {
    fmt::print(report, "Skipping the solver.\n");
    return kExitOk;
  }
  const Stopwatch solve_watch;
  const SolveResult result = [&] {
    // Z3 does not poll the stop flag: a signal during Z3 ends the process.
    const PollingScope polling(options.solver != SolverKind::Z3);
    return solve(f, options, report, err);
  }();
  const double seconds = solve_watch.seconds();
  if (result.status == SolveResult::Status::Unknown) {
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
  print_result(f, result, report);
  return kExitOk;
}

}  // namespace bel_pyramid
