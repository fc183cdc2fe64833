#include "app/count_run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <optional>
#include <set>

#include "app/exit_codes.hpp"
#include "app/results.hpp"
#include "base/error.hpp"
#include "base/stopwatch.hpp"
#include "formats/count_checkpoint.hpp"
#include "formats/knuth_format.hpp"
#include "solvers/seeded_listing.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

// One rewritten stderr line while the search runs on a terminal (not with
// --quiet); elsewhere a "c ..." line every --progress-every seconds.
class CountProgressLine {
 public:
  CountProgressLine(std::ostream& err, const Options& options)
      : err_(err),
        shown_(::isatty(STDERR_FILENO) == 1 && !options.quiet),
        every_(::isatty(STDERR_FILENO) == 1 ? 0 : options.progress_seconds) {}
  ~CountProgressLine() {
    if (shown_) fmt::print(err_, "\r{:72}\r", "");
  }
  CountProgressLine(const CountProgressLine&) = delete;
  CountProgressLine& operator=(const CountProgressLine&) = delete;

  [[nodiscard]] std::function<void(const SearchProgress&)> callback() {
    if (!shown_ && every_ <= 0) return {};
    return [this](const SearchProgress& p) {
      const std::string status =
          fmt::format("{:8.1f} s  solutions {:>12}  classes {:>10}  {:7.2f} M {}/s",
                      p.elapsed_seconds, p.solutions, p.classes, p.rate / 1e6, p.rate_unit);
      if (shown_) fmt::print(err_, "\r{} ", status);
      if (every_ > 0 && p.elapsed_seconds - last_ >= every_) {
        fmt::print(err_, "c {}\n", status);
        last_ = p.elapsed_seconds;
      }
      err_.flush();
    };
  }

 private:
  std::ostream& err_;
  bool shown_;
  double every_;  // seconds between "c" lines; 0: none
  double last_ = 0;
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

int run_estimate(const Formulation& f, const Options& options, RunSummary& summary,
                 const ReportStreams& streams) {
  fmt::print(streams.report, "Estimating with {} random paths ({}).\n", options.estimate_probes,
             describe(options));
  const Stopwatch watch;
  const XccEstimate e =
      estimate_xcc(f, count_options_of(options), options.estimate_probes, options.seed.value_or(0));
  fmt::print(streams.report, "Estimated in {:.2f} seconds.\n\n", watch.seconds());
  // Any path that ends in a solution adds a positive product, so 0 means
  // that none did: the mean is then no evidence of 0, and its spread unknown.
  const bool no_hit = e.solutions == 0;
  if (no_hit)
    fmt::print(streams.answer,
               "Estimated solutions: 0 (none of the {} paths reached a solution: no estimate; "
               "try more paths)\n",
               e.probes);
  else
    fmt::print(streams.answer, "Estimated solutions: {:.4g} (standard error {:.2g})\n", e.solutions,
               e.standard_error);
  fmt::print(streams.answer, "Estimated search nodes: {:.4g}\n", e.nodes);
  summary.source = "estimate";
  summary.solver = xcc_counter().name;
  summary.solve_seconds = watch.seconds();
  summary.status = "counted";
  summary.count = CountSummary{
      .estimate = true,
      .solutions = e.solutions,
      .classes = std::nullopt,
      .standard_error = no_hit ? std::nullopt : std::optional<double>(e.standard_error),
      .class_orbits = std::nullopt,
      .complete = true,
      .nodes = e.nodes,
      .node_unit = xcc_counter().step_unit};
  write_results(options, summary, streams.out);
  return kExitOk;
}

// Prints how the count ended; returns the exit code.
int report_end(const CountResult& result, double seconds, const Options& options,
               const ReportStreams& streams) {
  if (result.end != CountResult::End::Limit) {
    fmt::print(streams.report, "Solver finished in {:.2f} seconds{}.\n", seconds,
               result.end == CountResult::End::MaxSolutions ? " (--max-solutions reached)" : "");
    return outcome_exit_code(result.solutions > 0 ? Outcome::Solution : Outcome::NoSolution,
                             options.sat_exit_codes);
  }
  if (interrupted(options)) {
    fmt::print(streams.answer, "Solver interrupted after {:.2f} seconds.\n", seconds);
    return stopped_exit_code();
  }
  fmt::print(streams.answer, "Solver gave up after {:.2f} seconds: {}.\n", seconds, result.reason);
  // Cut short, the count gave up; a solution it found still answers "is there one?".
  if (options.sat_exit_codes && result.solutions > 0) return kSatExitSolution;
  return outcome_exit_code(Outcome::GaveUp, options.sat_exit_codes);
}

// The count as --json records it.
void record_count(const CountResult& r, double seconds, const Options& options,
                  const Counter& counter, RunSummary& summary) {
  summary.source = "count";
  summary.solver = counter.name;
  summary.solve_seconds = seconds;
  summary.status = r.end != CountResult::End::Limit ? "counted"
                   : interrupted(options)           ? "interrupted"
                                                    : "unknown";
  summary.reason = r.end == CountResult::End::Limit ? r.reason : "";
  summary.count = CountSummary{
      .solutions = static_cast<double>(r.solutions),
      .classes = options.up_to_symmetry ? std::optional<double>(static_cast<double>(r.classes))
                                        : std::nullopt,
      .standard_error = std::nullopt,
      .class_orbits = std::nullopt,
      .complete = r.end != CountResult::End::Limit,
      .nodes = static_cast<double>(r.nodes),
      .node_unit = counter.step_unit};
}

// --checkpoint FILE of a quotient part: the figures of the representatives
// counted whole, saved every --checkpoint-every seconds and at the end, with
// the seconds of every run that led there.
class PartCheckpointer {
 public:
  PartCheckpointer(const Options& options, const std::optional<CountCheckpoint>& start)
      : options_(options), start_(start.value_or(CountCheckpoint{})) {}

  void offer(const QuotientTally& tally) {
    if (watch_.seconds() - saved_ >= options_.checkpoint_seconds) save(tally);
  }
  void save(const QuotientTally& tally) {
    if (options_.checkpoint_path.empty()) return;
    CountCheckpoint c = start_;
    c.levels = options_.levels;
    c.part_index = options_.quotient_index;
    c.part_count = options_.quotient_count;
    c.tally = tally;
    c.seconds += watch_.seconds();
    c.cpu_seconds += process_cpu_seconds() - cpu_;
    write_count_checkpoint(c, options_.checkpoint_path);
    saved_ = watch_.seconds();
  }

 private:
  const Options& options_;
  CountCheckpoint start_;
  Stopwatch watch_;
  double cpu_ = process_cpu_seconds();
  double saved_ = 0;
};

// --quotient I/M (doc/counting.md, "The symmetry quotient"): counts, or with
// --estimate estimates, the representatives of part I of M; a count saves
// and resumes its progress with --checkpoint and --resume.
int run_quotient(const Formulation& f, const Options& options,
                 const std::optional<CountCheckpoint>& start, RunSummary& summary,
                 const ReportStreams& streams) {
  fmt::print(streams.report,
             "Starting solver \"{}\" (counting by the symmetry quotient, part {}/{}{}).\n",
             xcc_counter().name, options.quotient_index, options.quotient_count,
             options.estimate_probes > 0
                 ? fmt::format(", estimated from {} paths each", options.estimate_probes)
                 : "");
  if (start)
    fmt::print(streams.report, "Resuming from {}: {} representatives of the part counted.\n",
               options.resume_path, start->tally.done);
  streams.report.flush();
  const Stopwatch watch;
  QuotientOptions part;
  part.index = options.quotient_index;
  part.count = options.quotient_count;
  part.probes = options.estimate_probes;
  PartCheckpointer checkpoints(options, start);
  if (start) part.resume = start->tally;
  part.on_tally = [&](const QuotientTally& tally) { checkpoints.offer(tally); };
  const QuotientCount q = count_quotient_xcc(f, solve_limits(options), part);
  checkpoints.save(q.whole);
  const double seconds = watch.seconds();
  CountResult result;
  result.end = q.complete ? CountResult::End::Exhausted : CountResult::End::Limit;
  result.reason = q.reason;
  result.solutions = q.solutions;
  result.classes = q.classes;
  const int code = report_end(result, seconds, options, streams);
  fmt::print(streams.report, "Search: {} nodes.\n\n", q.nodes);
  fmt::print(streams.answer, "Representatives: {} ({} in this part)\n", q.representatives,
             q.counted);
  if (options.estimate_probes > 0) {
    fmt::print(streams.answer, "Estimated solutions: {:.4g} (standard error {:.2g})\n",
               q.estimated_solutions, q.standard_error);
    fmt::print(streams.answer, "Estimated search nodes: {:.4g}\n", q.estimated_nodes);
  } else {
    Options both = options;
    both.up_to_symmetry = true;
    print_counts(f, both, result, streams.answer);
    if (q.complete)
      fmt::print(streams.answer, "Orbits of the classes: {} solutions (each class's own orbit)\n",
                 q.class_orbits);
  }
  summary.source = "count";
  summary.solver = xcc_counter().name;
  summary.solve_seconds = seconds;
  summary.status = q.complete ? "counted" : interrupted(options) ? "interrupted" : "unknown";
  summary.reason = q.reason;
  summary.count = CountSummary{
      .estimate = options.estimate_probes > 0,
      .solutions =
          options.estimate_probes > 0 ? q.estimated_solutions : static_cast<double>(q.solutions),
      .classes = options.estimate_probes > 0 ? std::nullopt : std::optional<double>(q.classes),
      .standard_error =
          options.estimate_probes > 0 ? std::optional<double>(q.standard_error) : std::nullopt,
      .class_orbits = options.estimate_probes > 0
                          ? std::nullopt
                          : std::optional<double>(static_cast<double>(q.class_orbits)),
      .complete = q.complete,
      .nodes = options.estimate_probes > 0 ? q.estimated_nodes : static_cast<double>(q.nodes),
      .node_unit = xcc_counter().step_unit};
  write_results(options, summary, streams.out);
  return code;
}

}  // namespace

std::optional<CountCheckpoint> resumed_part(const Options& options) {
  if (options.resume_path.empty()) return std::nullopt;
  CountCheckpoint c = read_count_checkpoint(options.resume_path);
  if (c.levels != options.levels || c.part_index != options.quotient_index ||
      c.part_count != options.quotient_count)
    throw UserError(fmt::format(
        "--resume {}: the checkpoint is of part {}/{} at N={}, this run counts part {}/{} at "
        "N={}",
        options.resume_path, c.part_index, c.part_count, c.levels, options.quotient_index,
        options.quotient_count, options.levels));
  return c;
}

int run_count(const Formulation& f, const Options& options,
              const std::optional<CountCheckpoint>& start, RunSummary& summary,
              const ReportStreams& streams) {
  if (options.quotient_count > 0) return run_quotient(f, options, start, summary, streams);
  if (options.estimate_probes > 0) return run_estimate(f, options, summary, streams);
  std::ostream& out = streams.answer;
  const Counter& counter =
      listing_counter(*find_solver(options.solver), options.levels, options.max_solutions);
  fmt::print(streams.report, "Starting solver \"{}\" ({}).\n", counter.name, describe(options));
  streams.report.flush();
  CountOptions count = count_options_of(options);
  const Pyramid& p = f.pyramid();
  if (options.list_all)
    count.on_solution = [&](const Solution& s, std::uint64_t k) {
      fmt::print(out, "Solution {}:\n{}\n", k, format_knuth(p, s));
      out.flush();
    };
  const Stopwatch watch;
  const CountResult result = [&] {
    CountProgressLine progress(streams.err, options);
    SolveLimits limits = solve_limits(options);
    limits.progress = with_progress(options, progress.callback());
    return counter.count(f, limits, count);
  }();
  const double seconds = watch.seconds();
  const int code = report_end(result, seconds, options, streams);
  fmt::print(streams.report, "Search: {} {}.\n\n", result.nodes, counter.step_unit);
  print_counts(f, options, result, out);
  record_count(result, seconds, options, counter, summary);
  write_results(options, summary, streams.out);
  return code;
}

// --sample K: the entry's sampler (local search, or xcc with restarts), from
// the seeds --seed, --seed + 1, ... (doc/counting.md, "Samples").
int run_sample(const Formulation& f, const Options& options, RunSummary& summary,
               const ReportStreams& streams) {
  std::ostream& out = streams.answer;
  const Counter& sampler = *chosen_solver(options).samples;
  fmt::print(streams.report, "Starting solver \"{}\" (a sample of {} from independent seeds).\n",
             sampler.name, options.sample);
  streams.report.flush();
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
  const CountResult result = sampler.count(f, solve_limits(options), count);
  int code = kExitOk;
  if (result.end == CountResult::End::MaxSolutions)  // all K drawn
    fmt::print(streams.report, "Solver finished in {:.2f} seconds.\n", watch.seconds());
  else
    code = report_end(result, watch.seconds(), options, streams);
  fmt::print(streams.report, "Search: {} searches.\n\n", result.nodes);
  fmt::print(out, "Distinct solutions: {}\n", result.solutions);
  fmt::print(out, "Symmetry classes among them: {} (group of order {})\n", classes.size(),
             group.order());
  record_count(result, watch.seconds(), options, sampler, summary);
  summary.source = "sample";
  summary.count->classes = static_cast<double>(classes.size());
  write_results(options, summary, streams.out);
  return code;
}

}  // namespace bel_pyramid
