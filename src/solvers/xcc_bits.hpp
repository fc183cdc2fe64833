// XccBits: the exact count of xcc.hpp's exact cover with colours for small
// pyramids (N <= 3: at most 35 cubes and 5 labels), with the state held in
// bit sets instead of dancing links. It counts the completions of lines fixed
// beforehand (the quotient's representatives, doc/counting.md).
//
//   state   per line its domain (a mask of labels), the used cubes and the
//           open positions (64-bit masks), and per open position the cubes
//           its domains can still make (a table lookup masked by the unused
//           cubes); copied whole at each branch, so nothing is undone
//   cuts    an open position with no cube left, or an unused cube that no
//           open position can make; a position whose lines are all labelled
//           takes its cube, a dead end if another took it; a label whose
//           lines exceed the face count (L+1)(L+2)/2, or can no longer reach it
//   domains a label stays in a line's domain only while every open position
//           on the line can make an unused cube with it (xcc.hpp's line
//           domains), to a fixpoint
//   branch  on the unused cube that the fewest open positions can make, over
//           its options (position, ordered triple) as Algorithm C would
//
// The same options as xcc.cpp, so the same solutions; branching on cubes
// makes the tree some 30 times smaller at N=3, and a node costs a few dozen
// word operations instead of unlinking options.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "base/stop_check.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

class XccBits {
 public:
  using Visit = std::function<bool(const std::vector<int>&)>;

  // Whether the pyramid is small enough (N <= 3).
  [[nodiscard]] static bool fits(const Pyramid& pyramid);
  explicit XccBits(const Pyramid& pyramid);

  // Visits every solution whose lines agree with `fixed` (per line: its label,
  // or -1); false when the check stopped it or the visitor returned false.
  bool complete(const std::vector<int>& fixed, const StopCheck& check, const Visit& visit);
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }

 private:
  static constexpr int kMaxLines = 43, kMaxPositions = 35, kMaxLabels = 5;
  // The search tells apart the cubes that 1..kPlanes-1 open positions can
  // make; at N=3 the fewest is always below 8.
  static constexpr int kPlanes = 8;
  struct State {
    std::uint64_t used = 0, open = 0;
    std::uint64_t cubes[kMaxPositions] = {};  // per open position: the cubes it can make
    std::uint8_t dom[kMaxLines] = {};
    std::uint8_t fixed[kMaxLabels] = {}, reach[kMaxLabels] = {};  // face lengths per label
  };

  // The cubes position p's domains can make (used or not).
  [[nodiscard]] std::uint64_t fit(const std::uint8_t* dom, int p) const {
    const auto& at = at_[p];
    return fits_[(dom[at[0]] << 2 * labels_) | (dom[at[1]] << labels_) | dom[at[2]]];
  }
  bool narrow(State& s, int v, std::uint8_t to, std::uint64_t& dirty) const;
  bool revise(State& s, int p, std::uint64_t& dirty) const;
  bool propagate(State& s, std::uint64_t dirty) const;
  bool place(State& s, int p, int a, int b, int c) const;
  void search(const State& s);
  void branch_cube(const State& s, int cube);
  void child(const State& s, int p, int a, int b, int c);
  void solution(const State& s);

  int labels_ = 0, lines_ = 0, positions_ = 0, target_ = 0;
  std::uint64_t all_cubes_ = 0;
  std::vector<std::uint64_t> fits_;                         // per domain triple (dx, dy, dz): cubes
  std::vector<int> cube_of_;                                // per ordered triple
  std::vector<std::array<int, 3>> at_;                      // per position: its lines
  std::vector<std::uint64_t> on_line_;                      // per line: its positions
  std::vector<std::uint8_t> length_;                        // per line
  std::vector<std::vector<std::array<int, 3>>> rotations_;  // per cube

  const StopCheck* check_ = nullptr;
  const Visit* visit_ = nullptr;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  std::vector<int> labels_out_;
};

}  // namespace bel_pyramid
