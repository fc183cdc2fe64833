#include "formats/checkpoint.hpp"

#include <fmt/format.h>

#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "formats/comment_header.hpp"
#include "formats/knuth_format.hpp"

namespace bel_pyramid {
namespace {

constexpr std::string_view kMagic = "c bel_pyramid checkpoint";

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
  std::size_t pos = 0;
  const std::vector<HeaderLine> header = read_comment_header(text, path, kMagic, pos);
  const long line = static_cast<long>(header.size()) + 1;
  bool seen_levels = false;
  for (const HeaderLine& h : header) {
    const std::string_view key = h.key, value = h.value;
    if (key == "levels") {
      c.levels = header_number<int>(h, path);
      seen_levels = true;
    } else if (key == "cost") {
      c.cost = header_number<int>(h, path);
      if (c.cost < 0) throw ParseError(path, h.line, fmt::format("bad value '{}' for cost", value));
    } else if (key == "seconds" || key == "cpu_seconds") {
      (key == "seconds" ? c.seconds : c.cpu_seconds) = header_seconds(h, path);
    } else if (key == "seed") {
      c.seed = header_number<std::uint64_t>(h, path);
    } else if (key == "resumes") {  // absent before it was written: 0
      c.resumes = header_number<std::uint64_t>(h, path);
    } else if (key == "solver") {
      c.solver = value;
    } else if (key == "strategies") {
      c.strategies = words(value);
    } else if (key == "hypotheses") {
      c.hypotheses = words(value);
    }  // other keys: ignored, for later versions
  }
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
