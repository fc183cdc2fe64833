// MoveEngine: the state of the local search — a full label assignment — and
// its cost, kept up to date incrementally.
//
//   cost = duplicates + penalty_weight * violated penalty constraints
//   duplicates = sum over cube types of max(0, uses - 1)
//              = number of cube types missing (positions == cube types)
//
// set_label() touches only the positions on the changed line (and re-evaluates
// only the penalty constraints that mention the variable), so a move costs
// O(line length). recount() recomputes everything from scratch; tests compare
// the two. Invariant: cost() == recount() after any sequence of set_label().
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

class MoveEngine {
 public:
  MoveEngine(const Pyramid& pyramid, std::vector<Constraint> penalties, int penalty_weight = 2);

  // Replaces the whole assignment (labels.size() == var_count()).
  void reset(std::vector<int> labels);
  // Sets one variable's label; returns the change of cost().
  int set_label(int var, int label);
  // The change of cost() that set_label(var, label) would make, the state
  // left as it is: a rejected move then costs one pass over the line, not two.
  [[nodiscard]] int relabel_delta(int var, int label);

  [[nodiscard]] int cost() const { return duplicates_ + penalty_weight_ * violated_; }
  [[nodiscard]] int duplicates() const { return duplicates_; }
  [[nodiscard]] int violated_penalties() const { return violated_; }
  [[nodiscard]] int recount() const;
  [[nodiscard]] const std::vector<int>& labels() const { return labels_; }
  [[nodiscard]] int label(int var) const { return labels_[var]; }

  // Positions (indices into Pyramid::positions()) whose cube type is used
  // more than once: where the search should look.
  [[nodiscard]] bool in_conflict(int position) const { return uses_[cube_[position]] > 1; }
  [[nodiscard]] const std::array<int, 3>& vars_at(int position) const { return vars_at_[position]; }
  // How many positions hold the cube that `position` would get if its line
  // `slot` (0: X, 1: Y, 2: Z) carried `label`; 0: that cube is missing.
  [[nodiscard]] int uses_if(int position, int slot, int label) const {
    const int old = labels_[vars_at_[position][slot]];
    return uses_[cube_id_[triple_[position] + (label - old) * slot_stride(slot)]];
  }
  [[nodiscard]] int position_count() const { return static_cast<int>(cube_.size()); }
  [[nodiscard]] int line_length(int var) const { return static_cast<int>(line(var).size()); }

 private:
  [[nodiscard]] std::span<const int> line(int var) const {
    return {line_positions_.data() + line_start_[var],
            line_positions_.data() + line_start_[var + 1]};
  }
  // A position's ordered triple (X, Y, Z labels) as (a*L + b)*L + c: a line
  // in slot s moves it by L^(2-s) per label, so a relabel finds each new
  // cube with one addition and one lookup.
  [[nodiscard]] int slot_stride(int slot) const {
    return slot == 0 ? labels_count_ * labels_count_ : slot == 1 ? labels_count_ : 1;
  }
  [[nodiscard]] int triple_of(int position) const {
    const auto& v = vars_at_[position];
    return (labels_[v[0]] * labels_count_ + labels_[v[1]]) * labels_count_ + labels_[v[2]];
  }
  int place(int position, int cube) {  // returns the change of duplicates_
    cube_[position] = cube;
    return uses_[cube]++ >= 1 ? 1 : 0;
  }
  int unplace(int position) {
    const int cube = cube_[position];
    cube_[position] = -1;
    return --uses_[cube] >= 1 ? -1 : 0;
  }

  int labels_count_;
  int penalty_weight_;
  std::vector<int> cube_id_;                 // ordered triple (a*L+b)*L+c -> cube index
  std::vector<std::array<int, 3>> vars_at_;  // position -> its X, Y, Z variables
  // The positions of variable v's line are line_positions_[line_start_[v] ..
  // line_start_[v+1]); line_stride_[v] is slot_stride() of v's family.
  std::vector<int> line_start_, line_positions_, line_stride_;
  std::vector<Constraint> penalties_;
  std::vector<std::vector<int>> penalties_of_;  // variable -> penalty indices
  std::vector<char> satisfied_;                 // per penalty

  std::vector<int> labels_;
  std::vector<int> triple_;  // position -> triple_of(position)
  std::vector<int> cube_;    // position -> cube index, or -1 while unplaced
  std::vector<int> uses_;    // cube index -> positions holding it
  std::vector<int> fresh_;   // relabel_delta(): the line's new cubes
  int duplicates_ = 0;
  int violated_ = 0;
};

}  // namespace bel_pyramid
