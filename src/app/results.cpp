#include "app/results.hpp"

#include <fmt/format.h>

#include "app/hypothesis_files.hpp"
#include "base/compressed_stream.hpp"
#include "formats/json_result.hpp"
#include "formats/svg_picture.hpp"

namespace bel_pyramid {

RunSummary summarize(const Options& options, const Formulation& f, const std::string& source) {
  RunSummary r;
  r.source = source;
  r.command_line = options.command_line;
  r.levels = f.pyramid().levels();
  r.domain = f.domain();
  r.strategies = f.strategies();
  r.hypotheses = hypothesis_records(options);
  r.params = {options.params.begin(), options.params.end()};
  return r;
}

void record_result(RunSummary& summary, const SolveResult& result, bool interrupted) {
  switch (result.status) {
    case SolveResult::Status::Sat: summary.status = "sat"; break;
    case SolveResult::Status::Unsat: summary.status = "unsat"; break;
    case SolveResult::Status::Unknown:
      summary.status = interrupted ? "interrupted" : "unknown";
      break;
  }
  summary.reason = result.reason;
  summary.solution = result.solution;
}

void check_result_targets(const Options& options) {
  for (const std::string* path : {&options.json_path, &options.svg_path})
    if (!path->empty()) check_output_target(*path);
}

bool results_to_stdout(const Options& options) {
  return options.json_path == "-" || options.svg_path == "-";
}

void write_output(const std::string& path, const std::string& text, std::ostream& out) {
  if (path.empty()) return;
  if (path == "-") {
    out << text << std::flush;
    return;
  }
  write_output_file(path, text);
}

namespace {

// The picture's second line: where the solution came from, or why there is none.
std::string subtitle(const RunSummary& r) {
  std::string text;
  if (!r.solution)
    text = r.status == "unsat" ? fmt::format("No solution exists for {} levels.", r.levels)
                               : fmt::format("No solution: {}{}.", r.status,
                                             r.reason.empty() ? "" : " (" + r.reason + ")");
  else if (r.source == "check")
    text = fmt::format("checked: {}", r.input);
  else if (r.source == "certificate")
    text = fmt::format("from the certificate {}", r.input);
  else
    text = fmt::format("found by {}{}", r.solver, r.seed ? fmt::format(" (seed {})", *r.seed) : "");
  std::vector<std::string> names;
  for (const StrategyRecord& s : r.strategies) names.push_back(s.name);
  if (!names.empty()) text += fmt::format(" · {}", fmt::join(names, ", "));
  return text;
}

}  // namespace

void write_results(const Options& options, const RunSummary& summary, std::ostream& out) {
  if (options.summary) *options.summary = summary;
  write_output(options.json_path, to_json(summary), out);
  if (!options.svg_path.empty())
    write_output(options.svg_path,
                 render_svg(Pyramid(summary.levels), summary.solution, subtitle(summary)), out);
}

}  // namespace bel_pyramid
