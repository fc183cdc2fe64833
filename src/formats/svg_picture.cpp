#include "formats/svg_picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>

namespace bel_pyramid {
namespace {

// Paul Tol's discrete rainbow for 13 colours: distinct in hue and lightness
// for the common colour-vision deficiencies.
constexpr std::array<const char*, 13> kPalette = {
    "#D1BBD7", "#AE76A3", "#882E72", "#1965B0", "#5289C7", "#7BAFDE", "#4EB265",
    "#90C987", "#CAE0AB", "#F7F056", "#F4A736", "#E8601C", "#DC050C"};

// A lattice triangle: its vertical edge from (u, w) to (u, w + 2) and its
// third vertex at (u + dir, w + 1).
struct Triangle {
  int u = 0, w = 0, dir = 1;
  friend auto operator<=>(const Triangle&, const Triangle&) = default;
};

struct Candidate {
  VisibleFace face;
  std::array<Triangle, 2> halves;
  std::array<LatticePoint, 4> corners;
  int plane = 0;  // h of a top face, y of a front face, x of a right face
};

// Distance towards the viewer, x + y + h, of the point of the face's plane
// seen at lattice point (u, w).
double depth(Axis axis, int c, double u, double w) {
  switch (axis) {
    case Axis::Z: return w + 3.0 * c;
    case Axis::X: return u + 2.0 * c + (u + 2.0 * c - w) / 2;
    case Axis::Y: return 2.0 * c - u + (2.0 * c - u - w) / 2;
  }
  return 0;
}

// The three viewer-facing faces of the cube at `pos` that no other cube covers.
std::vector<Candidate> exposed_faces(const Pyramid& p, const Position& pos) {
  const int x = pos.x, y = pos.y, h = pos.h, base = p.base();
  std::vector<Candidate> out;
  if (h == p.height(x, y) - 1) {
    const int u = x - y, w = x + y - 2 * (h + 1);
    out.push_back({{Axis::Z, pos, p.z_var(y, x), {}},
                   {Triangle{u, w, 1}, Triangle{u, w, -1}},
                   {LatticePoint{u, w}, {u + 1, w + 1}, {u, w + 2}, {u - 1, w + 1}},
                   h + 1});
  }
  if (y + 1 == base || h >= p.height(x, y + 1)) {
    const int u = x - y - 1, w = x + y + 1 - 2 * h;
    out.push_back({{Axis::X, pos, p.x_var(x, h), {}},
                   {Triangle{u, w - 2, 1}, Triangle{u + 1, w - 1, -1}},
                   {LatticePoint{u, w - 2}, {u + 1, w - 1}, {u + 1, w + 1}, {u, w}},
                   y + 1});
  }
  if (x + 1 == base || h >= p.height(x + 1, y)) {
    const int u = x + 1 - y, w = x + 1 + y - 2 * h;
    out.push_back({{Axis::Y, pos, p.y_var(y, h), {}},
                   {Triangle{u, w - 2, -1}, Triangle{u - 1, w - 1, 1}},
                   {LatticePoint{u, w - 2}, {u, w}, {u - 1, w + 1}, {u - 1, w - 1}},
                   x + 1});
  }
  return out;
}

std::vector<LatticePoint> vertices(const Triangle& t) {
  return {{t.u, t.w}, {t.u + t.dir, t.w + 1}, {t.u, t.w + 2}};
}

// ---- drawing ----

constexpr double kSqrt3 = 1.7320508075688772;

struct Rgb {
  int r, g, b;
};

Rgb parse_colour(const std::string& hex) {
  return {std::stoi(hex.substr(1, 2), nullptr, 16), std::stoi(hex.substr(3, 2), nullptr, 16),
          std::stoi(hex.substr(5, 2), nullptr, 16)};
}

// Side faces are darker, so that the eye reads the cubes as solids.
Rgb shade(Rgb c, Axis axis) {
  const double f = axis == Axis::Z ? 1.0 : axis == Axis::X ? 0.86 : 0.72;
  return {static_cast<int>(std::lround(c.r * f)), static_cast<int>(std::lround(c.g * f)),
          static_cast<int>(std::lround(c.b * f))};
}

std::string hex(Rgb c) { return fmt::format("#{:02X}{:02X}{:02X}", c.r, c.g, c.b); }

// Black or white, whichever reads better on the fill (WCAG relative luminance).
const char* ink(Rgb c) {
  const auto lin = [](int v) {
    const double s = v / 255.0;
    return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  };
  const double l = 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  return l > 0.18 ? "#000000" : "#FFFFFF";
}

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

struct Canvas {
  double scale;   // pixels per cube edge
  double ox, oy;  // screen position of lattice point (0, 0)
  [[nodiscard]] double x(double u) const { return ox + u * kSqrt3 / 2 * scale; }
  [[nodiscard]] double y(double w) const { return oy + w / 2 * scale; }
};

const char* face_name(Axis axis) {
  return axis == Axis::Z ? "top" : axis == Axis::X ? "front" : "right";
}

std::string draw_face(const Canvas& c, const VisibleFace& f, int label, int labels) {
  const Rgb fill = shade(parse_colour(label_colour(label, labels)), f.axis);
  std::string points;
  double cu = 0, cw = 0;
  for (const LatticePoint& v : f.outline) {
    points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", c.x(v.u), c.y(v.w));
    cu += v.u;
    cw += v.w;
  }
  const double n = static_cast<double>(f.outline.size());
  const double font = c.scale * (f.outline.size() == 4 ? 0.42 : 0.3);
  return fmt::format(
      "    <polygon class=\"face {}\" data-label=\"{}\" points=\"{}\" fill=\"{}\"/>\n"
      "    <text x=\"{:.1f}\" y=\"{:.1f}\" dy=\"0.35em\" font-size=\"{:.1f}\" fill=\"{}\" "
      "stroke=\"none\">{}</text>\n",
      face_name(f.axis), label, points, hex(fill), c.x(cu / n), c.y(cw / n), font, ink(fill),
      label);
}

std::string draw_legend(double left, double top, int labels) {
  std::string out = fmt::format(
      "  <g class=\"legend\" font-size=\"13\">\n    <text x=\"{:.1f}\" y=\"{:.1f}\" "
      "text-anchor=\"start\">Labels</text>\n",
      left, top + 15);
  for (int l = 0; l < labels; ++l) {
    const double x = left + 56 + l * 34.0;
    const Rgb fill = parse_colour(label_colour(l, labels));
    out += fmt::format(
        "    <rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"26\" height=\"20\" rx=\"3\" fill=\"{}\" "
        "stroke=\"#222222\"/>\n    <text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\">{}</text>\n",
        x, top, hex(fill), x + 13, top + 15, ink(fill), l);
  }
  return out + "  </g>\n";
}

}  // namespace

std::vector<VisibleFace> visible_faces(const Pyramid& p) {
  std::vector<Candidate> faces;
  for (const Position& pos : p.positions())
    for (Candidate& c : exposed_faces(p, pos)) faces.push_back(std::move(c));
  // Each lattice triangle shows the face nearest the viewer.
  std::map<Triangle, std::pair<double, std::size_t>> nearest;
  for (std::size_t i = 0; i < faces.size(); ++i)
    for (const Triangle& t : faces[i].halves) {
      const double d = depth(faces[i].face.axis, faces[i].plane, t.u + t.dir / 3.0, t.w + 1.0);
      auto [it, fresh] = nearest.try_emplace(t, d, i);
      if (!fresh && d > it->second.first) it->second = {d, i};
    }
  std::vector<VisibleFace> out;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const auto& halves = faces[i].halves;
    const bool first = nearest.at(halves[0]).second == i;
    const bool second = nearest.at(halves[1]).second == i;
    if (!first && !second) continue;
    VisibleFace f = faces[i].face;
    if (first && second)
      f.outline.assign(faces[i].corners.begin(), faces[i].corners.end());
    else
      f.outline = vertices(first ? halves[0] : halves[1]);
    out.push_back(std::move(f));
  }
  return out;
}

std::string label_colour(int label, int labels) {
  const int n = static_cast<int>(kPalette.size());
  if (label < 0 || label >= labels) return "#BBBBBB";  // only in an invalid drawing
  if (labels == 1) return kPalette[3];
  if (labels > n) return kPalette[label % n];
  // Spread over the whole palette, so that few labels get very different colours.
  return kPalette[(label * (n - 1) * 2 + (labels - 1)) / (2 * (labels - 1))];
}

std::string render_svg(const Pyramid& p, const std::optional<Solution>& solution,
                       const std::string& subtitle) {
  const int base = p.base();
  const double scale = std::clamp(560.0 / (base * kSqrt3), 24.0, 72.0);
  const double pyramid_width = base * kSqrt3 * scale;
  const double legend_width = 56 + 34.0 * p.labels();
  const double margin = 24, header = 64;
  const double width = std::max({pyramid_width, legend_width, 360.0}) + 2 * margin;
  const double pyramid_height = solution ? (base + 1) * scale : 0;
  const double height = header + pyramid_height + (solution ? 20 + 20 + margin : margin);
  const Canvas canvas{scale, width / 2, header + scale};  // w = -2 is the top corner
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0:.0f} {1:.0f}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
      "text-anchor=\"middle\">\n"
      "  <title>Bel's Pyramid with {2} levels</title>\n"
      "  <desc>Isometric view from the corner of largest x and y: top faces show Z labels, "
      "front (left) faces X labels, right faces Y labels.</desc>\n"
      "  <rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
      "  <text x=\"{3:.1f}\" y=\"30\" font-size=\"20\" font-weight=\"bold\">Bel's Pyramid, N = "
      "{2}</text>\n"
      "  <text x=\"{3:.1f}\" y=\"52\" font-size=\"13\" fill=\"#333333\">{4}</text>\n",
      width, height, p.levels(), width / 2, escape(subtitle));
  if (solution) {
    out += fmt::format(
        "  <g class=\"pyramid\" stroke=\"#222222\" stroke-width=\"{:.1f}\" "
        "stroke-linejoin=\"round\">\n",
        std::max(1.0, scale / 36));
    for (const VisibleFace& f : visible_faces(p))
      out += draw_face(canvas, f, solution->label(f.var), p.labels());
    out += "  </g>\n";
    out += draw_legend((width - legend_width) / 2, header + pyramid_height + 20, p.labels());
  }
  return out + "</svg>\n";
}

}  // namespace bel_pyramid
