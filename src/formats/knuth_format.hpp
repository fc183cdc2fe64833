// Knuth's ASCII rendering of a solution (doc/model.md, Knuth's format), and its parser.
//
//   +----------+        frame: '+', "---" per column, "-+"
//   |  1  2  1 |  1     row y: Z[y][x] for every x, then Y[y][h] for h < tri(y)
//   |  0  2  0 |  0  0
//   |  1  2  1 |  2
//   +----------+
//      1  2  0          line h: X[x][h], blank where h >= tri(x)
//         0
//
// Every label takes a 3-character cell (a space and 2 right-aligned
// characters), so two-digit labels (N >= 6) keep the columns. Lines carry no
// trailing spaces. A partial drawing (--given) may hold `.` for a free label.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/solution.hpp"

namespace bel_pyramid {

[[nodiscard]] std::string format_knuth(const Pyramid& pyramid, const Solution& solution);

// Parses one rendering; the pyramid size is read from the frame width.
// Throws ParseError("<path>:<line>: parse error: ...") on malformed text. The
// result is not validated: call validate() on it.
[[nodiscard]] Solution parse_knuth(std::string_view text, const std::string& path);

// A partial drawing: the same layout, where a cell may hold `.` for a free
// label (kFreeLabel in `labels`, indexed by Pyramid's numbering).
constexpr int kFreeLabel = -1;
struct PartialDrawing {
  int levels = 0;
  std::vector<int> labels;
};
[[nodiscard]] PartialDrawing parse_partial_knuth(std::string_view text, const std::string& path);

}  // namespace bel_pyramid
