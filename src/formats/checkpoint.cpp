#include "formats/checkpoint.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "formats/knuth_format.hpp"

namespace bel_pyramid {
namespace {

constexpr std::string_view kMagic = "c bel_pyramid checkpoint";

template <typename T>
T number(std::string_view text, const std::string& path, long line, std::string_view key) {
  T value{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc())
    throw ParseError(path, line, fmt::format("bad value '{}' for {}", text, key));
  return value;
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find(' ', pos), text.size());
    if (end > pos) out.emplace_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

}  // namespace

std::string format_checkpoint(const Checkpoint& c) {
  const Pyramid p(c.levels);
  std::string out = fmt::format("{}\nc levels {}\nc cost {}\n", kMagic, c.levels, c.cost);
  out += fmt::format("c seconds {:.1f}\nc cpu_seconds {:.1f}\n", c.seconds, c.cpu_seconds);
  out += fmt::format("c solver {}\nc seed {}\nc resumes {}\n", c.solver, c.seed, c.resumes);
  out += fmt::format("c strategies {}\nc hypotheses {}\n",
                     fmt::join(c.strategies.value_or(std::vector<std::string>{}), " "),
                     fmt::join(c.hypotheses.value_or(std::vector<std::string>{}), " "));
  return out + format_knuth(p, Solution(c.levels, c.labels));
}

Checkpoint parse_checkpoint(std::string_view text, const std::string& path) {
  Checkpoint c;
  c.strategies.reset();  // until its line is read
  c.hypotheses.reset();
  long line = 0;
  std::size_t pos = 0;
  bool seen_levels = false;
  while (pos < text.size() && text[pos] == 'c') {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view row = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (line == 1) {
      if (row != kMagic) throw ParseError(path, line, fmt::format("expected '{}'", kMagic));
      continue;
    }
    const std::size_t space = row.find(' ', 2);
    const std::string_view key =
        row.substr(2, space == std::string_view::npos ? row.size() : space - 2);
    const std::string_view value = space == std::string_view::npos ? "" : row.substr(space + 1);
    if (key == "levels") {
      c.levels = number<int>(value, path, line, key);
      seen_levels = true;
    } else if (key == "cost") {
      c.cost = number<int>(value, path, line, key);
      if (c.cost < 0) throw ParseError(path, line, fmt::format("bad value '{}' for cost", value));
    } else if (key == "seconds" || key == "cpu_seconds") {
      double& field = key == "seconds" ? c.seconds : c.cpu_seconds;
      field = number<double>(value, path, line, key);
      if (!std::isfinite(field) || field < 0)
        throw ParseError(path, line, fmt::format("bad value '{}' for {}", value, key));
    } else if (key == "seed") {
      c.seed = number<std::uint64_t>(value, path, line, key);
    } else if (key == "resumes") {  // absent before it was written: 0
      c.resumes = number<std::uint64_t>(value, path, line, key);
    } else if (key == "solver") {
      c.solver = value;
    } else if (key == "strategies") {
      c.strategies = words(value);
    } else if (key == "hypotheses") {
      c.hypotheses = words(value);
    }  // other keys: ignored, for later versions
  }
  if (line == 0) throw ParseError(path, 1, fmt::format("expected '{}'", kMagic));
  if (!seen_levels) throw ParseError(path, line, "missing 'c levels N'");
  Solution s = [&] {
    try {
      return parse_knuth(text.substr(std::min(pos, text.size())), path);
    } catch (const ParseError& e) {  // lines counted from the drawing's start
      throw ParseError(path, e.line() + line, e.message());
    }
  }();
  if (s.levels() != c.levels)
    throw ParseError(
        path, line + 1,
        fmt::format("the drawing has {} levels, the header says {}", s.levels(), c.levels));
  c.labels = s.labels();
  return c;
}

Checkpoint read_checkpoint(const std::string& path) {
  return parse_checkpoint(read_input(path), path);
}

void write_checkpoint(const Checkpoint& checkpoint, const std::string& path) {
  // Published at once: a checkpoint is saved while the search goes on.
  write_output_file(path, format_checkpoint(checkpoint), Publish::Now);
}

}  // namespace bel_pyramid
