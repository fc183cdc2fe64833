#include "formats/knuth_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "base/error.hpp"

namespace bel_pyramid {
namespace {

std::string rstrip(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

std::string frame(int base) {
  std::string line(3 * static_cast<std::size_t>(base) + 3, '-');
  line.front() = line.back() = '+';
  return line;
}

}  // namespace

std::string format_knuth(const Pyramid& p, const Solution& s) {
  const int base = p.base();
  std::string out = frame(base) + "\n";
  for (int y = 0; y < base; ++y) {
    std::string line = "|";
    for (int x = 0; x < base; ++x) line += fmt::format(" {:>2}", s.z(p, y, x));
    line += " |";
    for (int h = 0; h < p.tri(y); ++h) line += fmt::format(" {:>2}", s.y(p, y, h));
    out += line + "\n";
  }
  out += frame(base) + "\n";
  for (int h = 0; h < p.levels(); ++h) {
    std::string line = " ";
    for (int x = 0; x < base; ++x)
      line += h < p.tri(x) ? fmt::format(" {:>2}", s.x(p, x, h)) : std::string("   ");
    out += rstrip(line) + "\n";
  }
  return out;
}

namespace {

// Reads the text line by line and reports errors at the current line.
class KnuthParser {
 public:
  KnuthParser(std::string_view text, const std::string& path, bool allow_free)
      : text_(text), path_(path), allow_free_(allow_free) {}

  // The rows are read before the pyramid is built, so a long frame line in
  // a short file is a parse error, never a huge allocation.
  PartialDrawing parse() {
    const int base = parse_frame(next_line("the top frame"));
    if (base % 2 == 0) fail("frame width gives an even base; a pyramid's base is odd");
    labels_ = base;  // L = 2N-1 = the base's width
    const auto tri = [base](int i) { return std::min(i + 1, base - i); };
    std::vector<std::vector<std::optional<int>>> z, yl;
    for (int y = 0; y < base; ++y) {
      const std::string line = next_line(fmt::format("row {}", y));
      const auto bar = line.find('|', 1);
      if (line.empty() || line[0] != '|' || bar == std::string::npos)
        fail(fmt::format("row {} must look like '| Z labels | Y labels'", y));
      z.push_back(cells(line.substr(1, bar - 1), base, base, "Z labels"));
      yl.push_back(cells(line.substr(bar + 1), tri(y), tri(y), "Y labels"));
      for (const auto* row : {&z.back(), &yl.back()})
        for (std::size_t k = 0; k < row->size(); ++k)
          if (!(*row)[k])
            fail(fmt::format("row {}: the {} label in column {} is blank", y,
                             row == &z.back() ? "Z" : "Y", k));
    }
    if (rstrip(next_line("the bottom frame")) != frame(base))
      fail("expected the bottom frame " + frame(base));
    const Pyramid p(base / 2 + 1);
    std::vector<int> labels(p.var_count());
    for (int y = 0; y < base; ++y) {
      for (int x = 0; x < base; ++x) labels[p.z_var(y, x)] = *z[y][x];
      for (int h = 0; h < p.tri(y); ++h) labels[p.y_var(y, h)] = *yl[y][h];
    }
    for (int h = 0; h < p.levels(); ++h) {
      const std::string line = next_line(fmt::format("X labels of height {}", h));
      const auto xs = cells(line.size() > 1 ? line.substr(1) : std::string(), 0, base, "X labels");
      for (int x = 0; x < base; ++x) {
        const bool expected = h < p.tri(x);
        if (expected != static_cast<bool>(xs[x]))
          fail(fmt::format("column {} at height {} must be {}", x, h,
                           expected ? "a label" : "blank"));
        if (expected) labels[p.x_var(x, h)] = *xs[x];
      }
    }
    while (pos_ < text_.size())
      if (!rstrip(next_line("")).empty()) fail("unexpected text after the solution");
    return {p.levels(), std::move(labels)};
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw ParseError(path_, line_, message);
  }

  std::string next_line(const std::string& what) {
    if (pos_ >= text_.size()) {
      ++line_;
      fail("unexpected end of file, expected " + what);
    }
    auto end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    std::string line(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    ++line_;
    if (line.find('\0') != std::string::npos || line.find('\t') != std::string::npos)
      fail("unexpected control character");
    return rstrip(line);
  }

  int parse_frame(const std::string& line) {
    const int width = static_cast<int>(line.size());
    if (width < 6 || (width - 3) % 3 != 0 || line != frame((width - 3) / 3))
      fail("expected a frame line like '+----+'");
    return (width - 3) / 3;
  }

  // Splits a run of 3-character cells; a blank cell is nullopt. Requires
  // between min and max cells (trailing blank cells may be missing).
  std::vector<std::optional<int>> cells(const std::string& s, int min, int max, const char* what) {
    std::string t = rstrip(s);
    if (t.size() % 3 != 0) t.resize((t.size() / 3 + 1) * 3, ' ');
    const int n = static_cast<int>(t.size() / 3);
    if (n < min || n > max)
      fail(fmt::format("expected {} {} in 3-character columns, found {}", min == max ? min : max,
                       what, n));
    std::vector<std::optional<int>> out(max);
    for (int k = 0; k < n; ++k) {
      std::string cell = t.substr(3 * static_cast<std::size_t>(k), 3);
      if (cell == "   ") continue;
      if (cell[0] != ' ') fail(fmt::format("{} cell '{}' must start with a space", what, cell));
      const auto first = cell.find_first_not_of(' ');
      if (allow_free_ && cell.substr(first) == ".") {
        out[k] = kFreeLabel;
        continue;
      }
      int value = 0;
      const char* b = cell.data() + first;
      const char* e = cell.data() + cell.size();
      auto [ptr, ec] = std::from_chars(b, e, value);
      if (ec != std::errc() || ptr != e || value < 0)
        fail(fmt::format("'{}' is not a label", cell.substr(first)));
      if (value >= labels_)
        fail(fmt::format("label {} is out of range: N={} has labels 0 to {}", value,
                         labels_ / 2 + 1, labels_ - 1));
      out[k] = value;
    }
    return out;
  }

  std::string_view text_;
  const std::string& path_;
  bool allow_free_;
  std::size_t pos_ = 0;
  long line_ = 0;
  int labels_ = 0;  // labels are 0 .. labels_-1, once the frame is read
};

}  // namespace

Solution parse_knuth(std::string_view text, const std::string& path) {
  PartialDrawing d = KnuthParser(text, path, false).parse();
  return Solution(d.levels, std::move(d.labels));
}

PartialDrawing parse_partial_knuth(std::string_view text, const std::string& path) {
  return KnuthParser(text, path, true).parse();
}

}  // namespace bel_pyramid
