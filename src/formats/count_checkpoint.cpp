#include "formats/count_checkpoint.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <map>

#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "base/output_file.hpp"
#include "formats/comment_header.hpp"

namespace bel_pyramid {
namespace {

constexpr std::string_view kMagic = "c bel_pyramid count checkpoint";

// "I/M" with 0 <= I < M.
void read_part(const HeaderLine& h, const std::string& path, CountCheckpoint& c) {
  const std::size_t slash = h.value.find('/');
  const auto bad = [&] {
    return ParseError(path, h.line, fmt::format("bad value '{}' for part (expected I/M)", h.value));
  };
  if (slash == std::string_view::npos) throw bad();
  c.part_index = header_number<int>({h.key, h.value.substr(0, slash), h.line}, path);
  c.part_count = header_number<int>({h.key, h.value.substr(slash + 1), h.line}, path);
  if (c.part_count < 1 || c.part_index < 0 || c.part_index >= c.part_count) throw bad();
}

}  // namespace

std::string format_count_checkpoint(const CountCheckpoint& c) {
  const QuotientTally& t = c.tally;
  return fmt::format(
      "{}\nc levels {}\nc part {}/{}\nc done {}\nc solutions {}\nc classes {}\n"
      "c class_orbits {}\nc nodes {}\nc seconds {:.2f}\nc cpu_seconds {:.2f}\n",
      kMagic, c.levels, c.part_index, c.part_count, t.done, t.solutions, t.classes, t.class_orbits,
      t.nodes, c.seconds, c.cpu_seconds);
}

CountCheckpoint parse_count_checkpoint(std::string_view text, const std::string& path) {
  CountCheckpoint c;
  QuotientTally& t = c.tally;
  const std::map<std::string_view, std::uint64_t*> figures = {{"done", &t.done},
                                                              {"solutions", &t.solutions},
                                                              {"classes", &t.classes},
                                                              {"nodes", &t.nodes},
                                                              {"class_orbits", &t.class_orbits}};
  std::size_t end = 0;
  const std::vector<HeaderLine> header = read_comment_header(text, path, kMagic, end);
  std::map<std::string_view, bool> seen;
  for (const HeaderLine& h : header) {
    if (const auto figure = figures.find(h.key); figure != figures.end())
      *figure->second = header_number<std::uint64_t>(h, path);
    else if (h.key == "levels")
      c.levels = header_number<int>(h, path);
    else if (h.key == "part")
      read_part(h, path, c);
    else if (h.key == "seconds")
      c.seconds = header_seconds(h, path);
    else if (h.key == "cpu_seconds")
      c.cpu_seconds = header_seconds(h, path);
    else
      continue;  // other keys: ignored, for later versions
    seen[h.key] = true;
  }
  const long last = static_cast<long>(header.size()) + 1;
  for (const std::string_view key :
       {"levels", "part", "done", "solutions", "classes", "class_orbits", "nodes"})
    if (!seen.contains(key)) throw ParseError(path, last, fmt::format("missing 'c {}'", key));
  if (c.levels < 1) throw ParseError(path, last, fmt::format("bad levels {}", c.levels));
  if (end < text.size()) throw ParseError(path, last + 1, "expected only 'c key value' lines");
  return c;
}

CountCheckpoint read_count_checkpoint(const std::string& path) {
  return parse_count_checkpoint(read_input(path), path);
}

void write_count_checkpoint(const CountCheckpoint& checkpoint, const std::string& path) {
  write_output_file(path, format_count_checkpoint(checkpoint), Publish::Now);
}

}  // namespace bel_pyramid
