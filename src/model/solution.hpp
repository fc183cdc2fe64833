// Solution: a label for every axis variable of a pyramid (see pyramid.hpp for
// the numbering), and validate(), the one check every reported solution
// passes. validate() is written against the geometry only: it recomputes the
// cube at every position and checks that each cube of the set is used exactly
// once. It never trusts whichever solver produced the labels.
#pragma once

#include <string>
#include <vector>

#include "model/pyramid.hpp"

namespace bel_pyramid {

class Solution {
 public:
  Solution(int levels, std::vector<int> labels);

  [[nodiscard]] int levels() const { return levels_; }
  [[nodiscard]] const std::vector<int>& labels() const { return labels_; }
  [[nodiscard]] int label(int var) const { return labels_[var]; }
  [[nodiscard]] int x(const Pyramid& p, int x, int h) const { return labels_[p.x_var(x, h)]; }
  [[nodiscard]] int y(const Pyramid& p, int y, int h) const { return labels_[p.y_var(y, h)]; }
  [[nodiscard]] int z(const Pyramid& p, int y, int x) const { return labels_[p.z_var(y, x)]; }
  // Sorted label triple of the cube at a position.
  [[nodiscard]] Cube cube_at(const Pyramid& p, const Position& pos) const;

  friend bool operator==(const Solution&, const Solution&) = default;

 private:
  int levels_;
  std::vector<int> labels_;
};

struct Validation {
  bool ok = false;
  std::string message;  // empty when ok; else names the first defects found
};

[[nodiscard]] Validation validate(const Pyramid& pyramid, const Solution& solution);

}  // namespace bel_pyramid
