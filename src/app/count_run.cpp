#include "app/count_run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <chrono>

#include "app/exit_codes.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "formats/knuth_format.hpp"
#include "solvers/cadical_backend.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// One rewritten stderr line while the search runs, only on a terminal.
class CountProgressLine {
 public:
  explicit CountProgressLine(std::ostream& err) : err_(err), shown_(::isatty(STDERR_FILENO) == 1) {}
  ~CountProgressLine() {
    if (shown_) fmt::print(err_, "\r{:72}\r", "");
  }
  CountProgressLine(const CountProgressLine&) = delete;
  CountProgressLine& operator=(const CountProgressLine&) = delete;

  [[nodiscard]] std::function<void(const CountProgress&)> callback() {
    if (!shown_) return {};
    return [this](const CountProgress& p) {
      fmt::print(err_, "\r{:8.1f} s  solutions {:>12}  classes {:>10}  {:7.2f} M {}/s ",
                 p.elapsed_seconds, p.solutions, p.classes, p.rate / 1e6, p.rate_unit);
      err_.flush();
    };
  }
  [[nodiscard]] std::function<void(const SearchProgress&)> search_callback() {
    if (!shown_) return {};
    return [this](const SearchProgress& p) {
      fmt::print(err_, "\r{:8.1f} s  {:7.2f} M {}/s ", p.elapsed_seconds, p.rate / 1e6,
                 p.rate_unit);
      err_.flush();
    };
  }

 private:
  std::ostream& err_;
  bool shown_;
};

CountOptions count_options_of(const Options& options) {
  CountOptions count;
  count.max_solutions = options.max_solutions;
  count.up_to_symmetry = options.up_to_symmetry;
  if (options.part_count > 0) count.part = Part{options.part_index, options.part_count};
  count.centre = options.centre_pattern;
  return count;
}

std::string describe(const Options& options) {
  std::string what = options.list_all ? "listing" : "counting";
  if (options.up_to_symmetry) what += ", up to symmetry";
  if (options.part_count > 0)
    what += fmt::format(", part {}/{}", options.part_index, options.part_count);
  if (!options.centre_pattern.empty())
    what += fmt::format(", centre pattern {} of weight {}", fmt::join(options.centre_pattern, ","),
                        options.centre_weight);
  return what;
}

void print_counts(const Formulation& f, const Options& options, const CountResult& r,
                  std::ostream& out) {
  const char* bound = r.complete ? "" : "at least ";
  fmt::print(out, "Solutions: {}{}\n", bound, r.solutions);
  if (options.up_to_symmetry)
    fmt::print(out, "Solutions up to symmetry: {}{} (group of order {})\n", bound, r.classes,
               SymmetryGroup(f.pyramid()).order());
}

}  // namespace

bool counting(const Options& options) { return options.count || options.list_all; }

namespace {

int run_estimate(const Formulation& f, const Options& options, std::ostream& out) {
  fmt::print(out, "Estimating with {} random paths ({}).\n", options.estimate_probes,
             describe(options));
  const auto start = std::chrono::steady_clock::now();
  const XccEstimate e =
      estimate_xcc(f, count_options_of(options), options.estimate_probes, options.seed.value_or(0));
  fmt::print(out, "Estimated in {:.2f} seconds.\n\n", since(start));
  fmt::print(out, "Estimated solutions: {:.4g} (standard error {:.2g})\n", e.solutions,
             e.standard_error);
  fmt::print(out, "Estimated search nodes: {:.4g}\n", e.nodes);
  return kExitOk;
}

}  // namespace

int run_count(const Formulation& f, const Options& options, std::ostream& out, std::ostream& err) {
  if (options.estimate_probes > 0) return run_estimate(f, options, out);
  const bool cadical = options.solver == "cadical";
  fmt::print(out, "Starting solver \"{}\" ({}).\n", cadical ? "cadical" : "xcc", describe(options));
  out.flush();
  CountOptions count = count_options_of(options);
  const Pyramid& p = f.pyramid();
  if (options.list_all)
    count.on_solution = [&](const Solution& s, std::uint64_t k) {
      fmt::print(out, "Solution {}:\n{}\n", k, format_knuth(p, s));
      out.flush();
    };
  const auto start = std::chrono::steady_clock::now();
  const CountResult result = [&] {
    const PollingScope polling(true);
    CountProgressLine progress(err);
    count.progress = progress.callback();
    if (!cadical) return count_xcc(f, solve_limits(options), count);
    CadicalOptions c;
    c.timeout_seconds = options.timeout_seconds;
    c.seed = options.seed;
    c.stop = options.stop;
    return count_with_cadical(f, c, count);
  }();
  const double seconds = since(start);
  int code = kExitOk;
  if (result.complete || result.reason == "--max-solutions reached") {
    fmt::print(out, "Solver finished in {:.2f} seconds{}.\n", seconds,
               result.complete ? "" : " (--max-solutions reached)");
  } else if (interrupted(options)) {
    fmt::print(out, "Solver interrupted after {:.2f} seconds.\n", seconds);
    code = kExitInterrupted;
  } else {
    fmt::print(out, "Solver gave up after {:.2f} seconds: {}.\n", seconds, result.reason);
    code = kExitUnknown;
  }
  fmt::print(out, "Search: {} {}.\n\n", result.nodes, cadical ? "solver calls" : "nodes");
  print_counts(f, options, result, out);
  return code;
}

}  // namespace bel_pyramid
