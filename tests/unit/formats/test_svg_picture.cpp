// The --svg picture: the hidden-surface removal agrees with an independent ray
// cast, one polygon per visible face, and a real renderer (rsvg-convert)
// draws every label's colour (--svg on the command line: test_svg_cli.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "formats/knuth_format.hpp"
#include "formats/svg_picture.hpp"
#include "png_pixels.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using test::slurp;
using test::TempDir;

// Is the point inside a cube of the pyramid?
bool inside(const Pyramid& p, double x, double y, double h) {
  const int cx = static_cast<int>(std::floor(x)), cy = static_cast<int>(std::floor(y));
  const int ch = static_cast<int>(std::floor(h));
  return cx >= 0 && cy >= 0 && ch >= 0 && cx < p.base() && cy < p.base() && ch < p.height(cx, cy);
}

// Does the ray from a face point towards the viewer (direction (1,1,1)) leave
// the pyramid without entering a cube? The points used have coordinates in
// thirds, so the ray crosses cell walls only at t = k/3: testing the middle
// of each stretch is exact.
bool seen(const Pyramid& p, double x, double y, double h) {
  for (int k = 0; k < 6 * p.base(); ++k) {
    const double t = (2.0 * k + 1) / 6;
    if (inside(p, x + t, y + t, h + t)) return false;
  }
  return true;
}

// For every viewer-facing face no cube covers, how many of its two halves
// (split along the face diagonal that the isometric lattice draws) are seen.
std::map<std::tuple<int, int, int, int>, int> seen_halves(const Pyramid& p) {
  std::map<std::tuple<int, int, int, int>, int> out;
  for (const Position& c : p.positions()) {
    const double x = c.x, y = c.y, h = c.h;
    const auto add = [&](Axis axis, bool a, bool b) {
      if (a || b) out[{static_cast<int>(axis), c.x, c.y, c.h}] = (a ? 1 : 0) + (b ? 1 : 0);
    };
    if (c.h == p.height(c.x, c.y) - 1)
      add(Axis::Z, seen(p, x + 2 / 3.0, y + 1 / 3.0, h + 1),
          seen(p, x + 1 / 3.0, y + 2 / 3.0, h + 1));
    if (c.y + 1 == p.base() || c.h >= p.height(c.x, c.y + 1))
      add(Axis::X, seen(p, x + 1 / 3.0, y + 1, h + 2 / 3.0),
          seen(p, x + 2 / 3.0, y + 1, h + 1 / 3.0));
    if (c.x + 1 == p.base() || c.h >= p.height(c.x + 1, c.y))
      add(Axis::Y, seen(p, x + 1, y + 1 / 3.0, h + 2 / 3.0),
          seen(p, x + 1, y + 2 / 3.0, h + 1 / 3.0));
  }
  return out;
}

TEST(SvgPicture, VisibleFacesAgreeWithARayCast) {
  for (int n = 1; n <= 7; ++n) {
    SCOPED_TRACE(n);
    const Pyramid p(n);
    std::map<std::tuple<int, int, int, int>, int> drawn;
    for (const VisibleFace& f : visible_faces(p)) {
      drawn[{static_cast<int>(f.axis), f.cube.x, f.cube.y, f.cube.h}] =
          f.outline.size() == 4 ? 2 : 1;
      EXPECT_TRUE(f.outline.size() == 4 || f.outline.size() == 3);
    }
    EXPECT_EQ(drawn, seen_halves(p));
  }
  EXPECT_EQ(visible_faces(Pyramid(1)).size(), 3u);  // one cube: top, front, right
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

Solution published(const char* name) {
  const fs::path path = fs::path(BEL_PYRAMID_TEST_DATA) / "solutions" / name;
  return parse_knuth(slurp(path), path.string());
}

TEST(SvgPicture, OnePolygonPerVisibleFaceShowingItsLabel) {
  const Solution s = published("n4.txt");
  const Pyramid p(4);
  const std::string svg = render_svg(p, s, "test");
  const auto faces = visible_faces(p);
  EXPECT_EQ(count(svg, "<polygon "), faces.size());
  for (const VisibleFace& f : faces) {
    const int label = s.label(f.var);
    EXPECT_NE(svg.find(fmt::format("data-label=\"{}\" points=\"", label)), std::string::npos);
  }
  // Every top face of the top view shows its Z label; the front corner cube
  // shows X[base-1][0] and Y[base-1][0].
  std::set<std::tuple<int, int, int>> labelled;
  for (const VisibleFace& f : faces)
    labelled.insert({static_cast<int>(f.axis), f.cube.x, f.cube.y});
  EXPECT_TRUE(labelled.count({static_cast<int>(Axis::X), p.base() - 1, p.base() - 1}));
  EXPECT_TRUE(labelled.count({static_cast<int>(Axis::Y), p.base() - 1, p.base() - 1}));
}

TEST(SvgPicture, PaletteIsDistinctUpToThirteenLabels) {
  for (int labels = 1; labels <= 13; labels += 2) {
    std::set<std::string> colours;
    for (int l = 0; l < labels; ++l) colours.insert(label_colour(l, labels));
    EXPECT_EQ(colours.size(), static_cast<std::size_t>(labels));
  }
}

// rsvg-convert renders the picture; above the legend, every label's own
// colour fills the top faces that carry it.
TEST(SvgPicture, RendererShowsEveryLabelColour) {
  if (!test::have_program("rsvg-convert"))
    GTEST_SKIP() << "rsvg-convert (librsvg2-bin) is not installed";
  for (const char* name : {"n3.txt", "n5_ctd.txt"}) {
    SCOPED_TRACE(name);
    const Solution s = published(name);
    const Pyramid p(s.levels());
    const TempDir tmp;
    const std::string svg = render_svg(p, s, name);
    std::ofstream(tmp.path() / "p.svg") << svg;
    const auto r =
        test::run_command(fmt::format("rsvg-convert '{}' -o '{}'", (tmp.path() / "p.svg").string(),
                                      (tmp.path() / "p.png").string()),
                          tmp.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const test::Image img = test::decode_png(slurp(tmp.path() / "p.png"));
    const auto legend = svg.find("<g class=\"legend\"");
    const auto y_at = svg.find(" y=\"", svg.find("<rect", legend));
    const int legend_top = std::stoi(svg.substr(y_at + 4));
    std::map<std::uint32_t, int> pixels;
    for (int y = 0; y < std::min(legend_top, img.height); ++y)
      for (int x = 0; x < img.width; ++x) ++pixels[img.rgb(x, y)];
    std::set<int> on_top;
    for (const VisibleFace& f : visible_faces(p))
      if (f.axis == Axis::Z && f.outline.size() == 4) on_top.insert(s.label(f.var));
    EXPECT_EQ(on_top.size(), static_cast<std::size_t>(p.labels()));
    for (const int label : on_top) {
      const std::uint32_t colour =
          std::stoul(label_colour(label, p.labels()).substr(1), nullptr, 16);
      EXPECT_GT(pixels[colour], 100) << "label " << label << " " << label_colour(label, p.labels());
    }
  }
}

}  // namespace
}  // namespace bel_pyramid
