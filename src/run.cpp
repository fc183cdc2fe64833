#include "bel_pyramid/run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <chrono>

#include "bel_pyramid/cnf_export.hpp"
#include "bel_pyramid/error.hpp"
#include "bel_pyramid/knuth_format.hpp"
#include "bel_pyramid/output_file.hpp"
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

std::string list(const std::vector<int>& values) { return fmt::format("[{}]", fmt::join(values, ", ")); }

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
    if (!s) throw UserError(fmt::format("unknown strategy \"{}\" (valid: {})", name, strategy_names()));
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

// Prints a solver's answer; a solution is printed only after validate().
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
      fmt::print(out, "Solver gave up: {}.\n", result.reason.empty() ? "unknown" : result.reason);
      return;
  }
}

}  // namespace

void check_fits_in_memory(long long levels) {
  // The Z3 lowering dominates: about this many bytes per placement Boolean
  // (measured on N=4 and N=5, see bench/).
  constexpr double kBytesPerPlacement = 1400.0;
  const double base = 2.0 * static_cast<double>(levels) - 1;
  const double placements = static_cast<double>(Pyramid::cube_count(std::min(levels, 1LL << 20))) *
                            base * base * base;
  const double needed = placements * kBytesPerPlacement;
  const double memory = static_cast<double>(::sysconf(_SC_PHYS_PAGES)) *
                        static_cast<double>(::sysconf(_SC_PAGE_SIZE));
  if (levels <= (1LL << 20) && needed <= memory) return;
  long long largest = 1;
  while (true) {
    const double b = 2.0 * static_cast<double>(largest + 1) - 1;
    if (static_cast<double>(Pyramid::cube_count(largest + 1)) * b * b * b * kBytesPerPlacement > memory) break;
    ++largest;
  }
  throw UserError(fmt::format(
      "N={} needs about {:.3g} GiB for its formulation; this machine has {:.1f} GiB (largest N that fits: {})",
      levels, needed / (1 << 30), memory / (1 << 30), largest));
}

// Only one output may go to standard output, and then nothing else does.
void check_stdout_use(const Options& options) {
  int to_stdout = 0;
  for (const std::string* path : {&options.cnf_path, &options.smt2_path, &options.var_map_path})
    to_stdout += *path == "-" ? 1 : 0;
  if (!options.certificate_path.empty()) to_stdout -= options.cnf_path == "-" ? 1 : 0;  // --cnf is read then
  if (to_stdout > 1) throw UserError("only one of --cnf, --smt2 and --var-map can write to standard output");
  if (options.cnf_path == "-" && options.certificate_path == "-")
    throw UserError("--cnf - and --cert - cannot both read standard input");
}

int run(const Options& options, std::ostream& out, std::ostream& err) {
  check_fits_in_memory(options.levels);
  check_stdout_use(options);
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

  if (!options.var_map_path.empty()) export_var_map(f, options);
  if (!options.certificate_path.empty()) {
    import_certificate(f, options, report);
    return kExitOk;
  }
  if (!options.cnf_path.empty()) export_cnf(f, options, report);
  if (!options.smt2_path.empty()) export_smt2(f, options.smt2_path, report);
  if (options.skip_solver) {
    fmt::print(report, "Skipping the solver.\n");
    return kExitOk;
  }
  fmt::print(report, "Starting solver with tactic \"{}\".\n", to_string(options.tactic));
  report.flush();
  const Stopwatch solve_watch;
  const SolveResult result = solve_with_z3(f, Z3Options{options.tactic, 0, std::nullopt});
  fmt::print(report, "Solver finished in {:.2f} seconds.\n\n", solve_watch.seconds());
  print_result(f, result, report);
  return kExitOk;
}

}  // namespace bel_pyramid
