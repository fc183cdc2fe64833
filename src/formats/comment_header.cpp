#include "formats/comment_header.hpp"

#include <algorithm>
#include <cmath>

namespace bel_pyramid {

std::vector<HeaderLine> read_comment_header(std::string_view text, const std::string& path,
                                            std::string_view magic, std::size_t& end) {
  const std::string_view first = text.substr(0, text.find('\n'));
  if (first != magic) throw ParseError(path, 1, fmt::format("expected '{}'", magic));
  std::vector<HeaderLine> lines;
  std::size_t pos = first.size() + 1;
  for (long line = 2; pos < text.size() && text[pos] == 'c'; ++line) {
    const std::size_t stop = std::min(text.find('\n', pos), text.size());
    const std::string_view row = text.substr(pos, stop - pos);
    pos = stop + 1;
    const std::string_view rest = row.substr(std::min<std::size_t>(2, row.size()));
    const std::size_t space = rest.find(' ');
    lines.push_back({rest.substr(0, space),
                     space == std::string_view::npos ? "" : rest.substr(space + 1), line});
  }
  end = std::min(pos, text.size());
  return lines;
}

double header_seconds(const HeaderLine& h, const std::string& path) {
  const double s = header_number<double>(h, path);
  if (!std::isfinite(s) || s < 0)
    throw ParseError(path, h.line, fmt::format("bad value '{}' for {}", h.value, h.key));
  return s;
}

}  // namespace bel_pyramid
