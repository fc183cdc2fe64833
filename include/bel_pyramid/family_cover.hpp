// FamilyCover: exact completion of one family of lines (X, Y or Z) while the
// other two families keep their labels.
//
// With the other labels fixed, each line of the family and each label in its
// domain determine the cube types on that line; a solution is a choice of one
// label per line whose cube sets are pairwise disjoint (then every cube type
// is used exactly once, since positions == cube types). That is an exact
// cover problem, solved by backtracking over bit sets with the most
// constrained line or cube first. The local search calls it from low-cost
// states: when the strategies fix a whole family (YStep), repairing the last
// duplicate by single moves is hard, but the other families are often
// completable in one piece.
#pragma once

#include <cstdint>
#include <vector>

#include "bel_pyramid/label_domains.hpp"
#include "bel_pyramid/pyramid.hpp"

namespace bel_pyramid {

class FamilyCover {
 public:
  enum class Result { Found, Impossible, GaveUp };

  // slot: 0 X, 1 Y, 2 Z.
  FamilyCover(const Pyramid& pyramid, int slot);

  // Re-chooses the labels of the family's variables within `masks` so that no
  // cube type repeats, keeping every other variable of `labels`. On Found the
  // family's entries of `labels` are overwritten; otherwise `labels` is
  // unchanged. Gives up after `node_limit` search nodes.
  // With `subset` (variables of this family): re-chooses only those lines;
  // the cubes on every other position are kept and must already be distinct.
  Result complete(const std::vector<LabelMask>& masks, std::vector<int>& labels,
                  std::uint64_t node_limit, const std::vector<int>* subset = nullptr);
  [[nodiscard]] int slot() const { return slot_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }  // of the last call

 private:
  using Word = std::uint64_t;
  bool search(int depth);
  [[nodiscard]] const Word* option_bits(int option) const { return &bits_[option * words_]; }

  const Pyramid& pyramid_;
  int slot_;
  int words_;
  int cube_total_;
  std::vector<int> family_;                    // the family's variables
  std::vector<std::vector<int>> line_of_var_;  // variable -> positions (this family)
  std::vector<int> lines_;                     // per call: the lines re-chosen
  std::vector<char> in_call_;                  // variable -> re-chosen in this call
  std::vector<std::array<int, 3>> vars_at_;    // per position

  // Per call.
  std::vector<int> option_line_, option_label_;  // option -> line index, label
  std::vector<Word> bits_;                       // option -> cube bit set
  std::vector<std::vector<int>> options_of_;     // line index -> options
  std::vector<int> free_;                        // line indices still to choose
  std::vector<int> chosen_;                      // line index -> option, or -1
  std::vector<Word> covered_;                    // per depth: words_ words
  std::vector<int> count_;                       // per cube, scratch
  std::uint64_t nodes_ = 0, limit_ = 0;
  bool gave_up_ = false;
};

}  // namespace bel_pyramid
