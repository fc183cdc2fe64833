#include "app/check.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "app/exit_codes.hpp"
#include "app/report.hpp"
#include "app/results.hpp"
#include "app/run_formulation.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "formats/json_result.hpp"
#include "formats/knuth_format.hpp"

namespace bel_pyramid {
namespace {

// The first strategy whose constraints the solution breaks, named with the
// constraint's number within that strategy.
void check_strategies(const Formulation& f, const Solution& s, const std::string& what) {
  std::size_t next = 0;
  for (const StrategyRecord& record : f.strategies())
    for (int k = 0; k < record.constraints; ++k, ++next)
      if (!evaluate(f.constraints()[next], s.labels()))
        throw UserError(
            fmt::format("{} is a valid {}-level solution but violates strategy {} "
                        "(its constraint {} of {})",
                        what, s.levels(), record.name, k + 1, record.constraints));
}

// Whether a line heads a drawing in the tool's own report: "Solution:" (a
// solve, also with -q) or "Solution K:" (--sample, --all).
bool heads_drawing(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  if (!line.starts_with("Solution") || !line.ends_with(":")) return false;
  const std::string_view middle = line.substr(8, line.size() - 9);
  return middle.empty() || (middle.size() > 1 && middle[0] == ' ' &&
                            middle.find_first_not_of("0123456789", 1) == std::string_view::npos);
}

// The tool's report, full or quiet: the drawing under its one "Solution:"
// line, read with the report's line numbers; any other text is a drawing.
Solution solution_in_report(std::string_view text, const std::string& path) {
  std::vector<std::size_t> heads;  // where the line after each heading starts
  std::vector<long> numbers;       // and its line number
  long number = 1;
  for (std::size_t pos = 0; pos < text.size(); ++number) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (heads_drawing(text.substr(pos, end - pos))) {
      heads.push_back(end + 1);
      numbers.push_back(number);
    }
    pos = end + 1;
  }
  if (heads.empty()) return parse_knuth(text, path);
  if (heads.size() > 1)
    throw ParseError(path, numbers[1],
                     fmt::format("the report holds {} solutions; --check reads one (save one "
                                 "drawing to a file of its own)",
                                 heads.size()));
  std::string_view drawing = text.substr(std::min(heads[0], text.size()));
  if (const std::size_t blank = drawing.find("\n\n"); blank != std::string_view::npos)
    drawing = drawing.substr(0, blank + 1);
  try {
    return parse_knuth(drawing, path);
  } catch (const ParseError& e) {
    throw ParseError(path, e.line() + numbers[0], e.message());
  }
}

}  // namespace

Solution read_solution(std::string_view text, const std::string& path) {
  // A UTF-8 byte-order mark, as some Windows editors save files, is not part of the text.
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return solution_from_json(text, path);
  return solution_in_report(text, path);
}

int run_check(const Options& options, std::ostream& out, std::ostream& err) {
  check_result_targets(options);
  std::ostream& answer = results_to_stdout(options) ? err : out;
  std::ostream& report = options.quiet ? null_stream() : answer;
  const std::string& path = options.check_path;
  fmt::print(report, "Checking solution from file \"{}\".\n", path);
  const Solution s = read_solution(read_input(path), path);
  const std::string what = path == "-" ? "standard input" : fmt::format("\"{}\"", path);
  if (options.levels != 0 && options.levels != s.levels())
    throw UserError(fmt::format("{} holds a {}-level solution, but N={} was given", what,
                                s.levels(), options.levels));
  const Formulation f = run_formulation(options, s.levels());
  const Validation v = validate(f.pyramid(), s);
  if (!v.ok)
    throw UserError(
        fmt::format("{} is not a valid {}-level solution: {}", what, s.levels(), v.message));
  check_strategies(f, s, what);
  fmt::print(answer, "{} is a valid {}-level solution: all {} cubes are used once each{}.\n\n",
             what, s.levels(), f.pyramid().cube_count(),
             f.strategies().empty() ? "" : ", and it satisfies every strategy given");
  fmt::print(answer, "Solution:\n{}", format_knuth(f.pyramid(), s));
  RunSummary summary = summarize(options, f, "check");
  summary.input = path;
  summary.status = "sat";
  summary.solution = s;
  write_results(options, summary, out);
  return outcome_exit_code(Outcome::Solution, options.sat_exit_codes);
}

}  // namespace bel_pyramid
