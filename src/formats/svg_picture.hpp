// An isometric picture of a solved pyramid (--svg), seen from above the
// corner of largest x and y, as the original's figures: every visible cube
// face is one polygon filled with its label's colour and showing its label.
//   top faces    Z[y][x]  (the square of Knuth's format)
//   front faces  X[x][h]  (facing +y, drawn lower left; the lines below the square)
//   right faces  Y[y][h]  (facing +x, drawn lower right; the labels right of the square)
// Hidden surfaces are removed exactly: the isometric screen is a lattice of
// triangles, each face covers two of them, and each triangle shows the face
// nearest the viewer. A face partly hidden by a higher step is drawn as the
// triangle that remains visible.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/solution.hpp"

namespace bel_pyramid {

// A point of the isometric lattice: screen x = u * sqrt(3)/2, screen y = w / 2
// (in cube edges; y grows downwards), the image of 3-D (x, y, h) being
// u = x - y, w = x + y - 2h.
struct LatticePoint {
  int u = 0;
  int w = 0;
  friend bool operator==(const LatticePoint&, const LatticePoint&) = default;
};

struct VisibleFace {
  Axis axis = Axis::Z;  // which line's label it shows: Z top, X front, Y right
  Position cube;
  int var = 0;                        // the axis variable (Pyramid numbering)
  std::vector<LatticePoint> outline;  // 4 corners (whole face) or 3 (half hidden)
};

// Every face of the pyramid that the viewer sees, whole or in part.
[[nodiscard]] std::vector<VisibleFace> visible_faces(const Pyramid& pyramid);

// Colour of a label ("#RRGGBB"): Paul Tol's colour-blind-safe discrete
// rainbow, 13 colours spread over the labels (they repeat beyond 13 labels);
// grey for a label outside 0..labels-1.
[[nodiscard]] std::string label_colour(int label, int labels);

// The picture: the title, the pyramid (or, with no solution, the status
// line), and a legend of the label colours. `subtitle` says where it came from.
[[nodiscard]] std::string render_svg(const Pyramid& pyramid,
                                     const std::optional<Solution>& solution,
                                     const std::string& subtitle);

}  // namespace bel_pyramid
