#include "app/count_run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <set>

#include "app/exit_codes.hpp"
#include "base/error.hpp"
#include "base/stopwatch.hpp"
#include "formats/knuth_format.hpp"
#include "solvers/seeded_listing.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

// One rewritten stderr line while the search runs, only on a terminal.
class CountProgressLine {
 public:
  explicit CountProgressLine(std::ostream& err) : err_(err), shown_(::isatty(STDERR_FILENO) == 1) {}
  ~CountProgressLine() {
    if (shown_) fmt::print(err_, "\r{:72}\r", "");
  }
  CountProgressLine(const CountProgressLine&) = delete;
  CountProgressLine& operator=(const CountProgressLine&) = delete;

  [[nodiscard]] std::function<void(const SearchProgress&)> callback() {
    if (!shown_) return {};
    return [this](const SearchProgress& p) {
      fmt::print(err_, "\r{:8.1f} s  solutions {:>12}  classes {:>10}  {:7.2f} M {}/s ",
                 p.elapsed_seconds, p.solutions, p.classes, p.rate / 1e6, p.rate_unit);
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
  const char* bound = r.complete() ? "" : "at least ";
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
  const Stopwatch watch;
  const XccEstimate e =
      estimate_xcc(f, count_options_of(options), options.estimate_probes, options.seed.value_or(0));
  fmt::print(out, "Estimated in {:.2f} seconds.\n\n", watch.seconds());
  fmt::print(out, "Estimated solutions: {:.4g} (standard error {:.2g})\n", e.solutions,
             e.standard_error);
  fmt::print(out, "Estimated search nodes: {:.4g}\n", e.nodes);
  return kExitOk;
}

// Prints how the count ended; returns the exit code.
int report_end(const CountResult& result, double seconds, const Options& options,
               std::ostream& out) {
  if (result.end != CountResult::End::Limit) {
    fmt::print(out, "Solver finished in {:.2f} seconds{}.\n", seconds,
               result.end == CountResult::End::MaxSolutions ? " (--max-solutions reached)" : "");
    return kExitOk;
  }
  if (interrupted(options)) {
    fmt::print(out, "Solver interrupted after {:.2f} seconds.\n", seconds);
    return stopped_exit_code();
  }
  fmt::print(out, "Solver gave up after {:.2f} seconds: {}.\n", seconds, result.reason);
  return kExitUnknown;
}

}  // namespace

int run_count(const Formulation& f, const Options& options, std::ostream& out, std::ostream& err) {
  if (options.estimate_probes > 0) return run_estimate(f, options, out);
  const Counter& counter =
      listing_counter(*find_solver(options.solver), options.levels, options.max_solutions);
  fmt::print(out, "Starting solver \"{}\" ({}).\n", counter.name, describe(options));
  out.flush();
  CountOptions count = count_options_of(options);
  const Pyramid& p = f.pyramid();
  if (options.list_all)
    count.on_solution = [&](const Solution& s, std::uint64_t k) {
      fmt::print(out, "Solution {}:\n{}\n", k, format_knuth(p, s));
      out.flush();
    };
  const Stopwatch watch;
  const CountResult result = [&] {
    CountProgressLine progress(err);
    SolveLimits limits = solve_limits(options);
    limits.progress = progress.callback();
    return counter.count(f, limits, count);
  }();
  const int code = report_end(result, watch.seconds(), options, out);
  fmt::print(out, "Search: {} {}.\n\n", result.nodes, counter.step_unit);
  print_counts(f, options, result, out);
  return code;
}

namespace {

// --sample K: local search, or xcc with restarts under --solver xcc, from the
// seeds --seed, --seed + 1, ... (doc/counting.md, "Samples").
CountResult draw_sample(const Formulation& f, const Options& options, const CountOptions& count) {
  const SolveLimits limits = solve_limits(options);
  if (options.solver == "xcc") return list_by_seeds(solve_xcc, f, limits, count);
  return list_by_local_search(f, limits, count);
}

}  // namespace

int run_sample(const Formulation& f, const Options& options, std::ostream& out) {
  fmt::print(out, "Starting solver \"{}\" (a sample of {} from independent seeds).\n",
             options.solver == "xcc" ? "xcc with restarts, one solution per seed"
                                     : "local search, one solution per seed",
             options.sample);
  out.flush();
  const Pyramid& p = f.pyramid();
  const SymmetryGroup group(p);
  std::set<std::vector<int>> classes;
  CountOptions count;
  count.max_solutions = options.sample;
  count.on_solution = [&](const Solution& s, std::uint64_t k) {
    classes.insert(group.canonical_form(s.labels()));
    fmt::print(out, "Solution {}:\n{}\n", k, format_knuth(p, s));
    out.flush();
  };
  const Stopwatch watch;
  const CountResult result = [&] {
    const PollingScope polling(true);
    return draw_sample(f, options, count);
  }();
  int code = kExitOk;
  if (result.end == CountResult::End::MaxSolutions)  // all K drawn
    fmt::print(out, "Solver finished in {:.2f} seconds.\n", watch.seconds());
  else
    code = report_end(result, watch.seconds(), options, out);
  fmt::print(out, "Search: {} searches.\n\n", result.nodes);
  fmt::print(out, "Distinct solutions: {}\n", result.solutions);
  fmt::print(out, "Symmetry classes among them: {} (group of order {})\n", classes.size(),
             group.order());
  return code;
}

}  // namespace bel_pyramid
