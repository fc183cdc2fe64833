// Pyramid: the geometry of Bel's Pyramid with N levels, as a plain value.
//
// Coordinates as in doc/model.md, Coordinates: base = 2N-1, positions (x, y, h) with h = 0 at
// the bottom and h < min(tri(x), tri(y)). Every straight line of cubes carries
// one label, so a solution is an assignment of labels to "axis variables":
//   X(x, h)  line along y at column x, height h   (h < tri(x))
//   Y(y, h)  line along x at row y, height h      (h < tri(y))
//   Z(y, x)  vertical line at (x, y)
// Axis variables are numbered 0..var_count()-1: all X (x, then h), then all Y
// (y, then h), then all Z (row-major). Every backend, printer and validator
// uses this numbering; it is the identity of a label variable.
//
// The cube set is every multiset {a <= b <= c} over L = 2N-1 labels, listed in
// lexicographic order; it has exactly as many cubes as there are positions.
// No solver headers here.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace bel_pyramid {

enum class Axis { X, Y, Z };

// "X", "Y" or "Z".
[[nodiscard]] inline const char* axis_name(Axis axis) {
  return axis == Axis::X ? "X" : axis == Axis::Y ? "Y" : "Z";
}

struct Position {
  int x = 0;
  int y = 0;
  int h = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

// One axis variable: X(i=x, j=h), Y(i=y, j=h) or Z(i=y, j=x).
struct AxisVar {
  Axis axis = Axis::X;
  int i = 0;
  int j = 0;
};

using Cube = std::array<int, 3>;  // sorted labels a <= b <= c

class Pyramid {
 public:
  explicit Pyramid(int levels);

  [[nodiscard]] int levels() const { return levels_; }
  [[nodiscard]] int base() const { return base_; }
  [[nodiscard]] int labels() const { return base_; }
  [[nodiscard]] int mid() const { return base_ / 2; }
  [[nodiscard]] int tri(int i) const { return std::min(i + 1, base_ - i); }
  [[nodiscard]] int height(int x, int y) const { return std::min(tri(x), tri(y)); }

  // Cubes of level n counted from the top: (2n+1)^2.
  [[nodiscard]] std::vector<int> level_sizes() const;
  [[nodiscard]] std::int64_t cube_count() const { return cube_count(levels_); }
  [[nodiscard]] static std::int64_t cube_count(std::int64_t levels);

  // Positions in (x, y, h) lexicographic order.
  [[nodiscard]] const std::vector<Position>& positions() const { return positions_; }

  [[nodiscard]] int x_var_count() const { return levels_ * levels_; }
  [[nodiscard]] int y_var_count() const { return levels_ * levels_; }
  [[nodiscard]] int z_var_count() const { return base_ * base_; }
  [[nodiscard]] int var_count() const { return x_var_count() + y_var_count() + z_var_count(); }
  [[nodiscard]] int x_var(int x, int h) const { return line_offset_[x] + h; }
  [[nodiscard]] int y_var(int y, int h) const { return x_var_count() + line_offset_[y] + h; }
  [[nodiscard]] int z_var(int y, int x) const {
    return x_var_count() + y_var_count() + y * base_ + x;
  }
  [[nodiscard]] AxisVar axis_var(int var) const;
  [[nodiscard]] std::string var_name(int var) const;  // "X[2][0]", "Z[1][3]"
  // Number of cubes on the line of this variable.
  [[nodiscard]] int line_length(int var) const;
  // The three variables through a position: X(x,h), Y(y,h), Z(y,x).
  [[nodiscard]] std::array<int, 3> vars_at(const Position& p) const {
    return {x_var(p.x, p.h), y_var(p.y, p.h), z_var(p.y, p.x)};
  }

  // Cubes in lexicographic order; cube_index is the inverse.
  [[nodiscard]] const std::vector<Cube>& cubes() const { return cubes_; }
  [[nodiscard]] int cube_index(Cube sorted) const;
  // Distinct permutations of a cube's labels, in lexicographic order.
  [[nodiscard]] static std::vector<Cube> rotations(const Cube& cube);

  // Placement Booleans: one per (position, ordered label triple). Every
  // ordered triple is exactly one rotation of exactly one cube, so there are
  // positions * L^3 of them; index = (position * L + a) * L^2 + b * L + c.
  [[nodiscard]] std::int64_t placement_count() const {
    return static_cast<std::int64_t>(positions_.size()) * base_ * base_ * base_;
  }

 private:
  int levels_;
  int base_;
  std::vector<int> line_offset_;  // first h-variable of column/row i
  std::vector<Position> positions_;
  std::vector<Cube> cubes_;
};

[[nodiscard]] std::string to_string(const Cube& cube);   // "(0,1,2)"
[[nodiscard]] std::string to_string(const Position& p);  // "(x=1,y=2,h=0)"

}  // namespace bel_pyramid
