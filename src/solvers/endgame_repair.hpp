// EndgameRepair: the exact repair of the local search's endgame. At a state
// of low cost it frees every line through a duplicated cube plus a growing
// number of lines that cross the freed ones, and asks CaDiCaL
// (complete_lines) for a labelling of the freed lines under which every cube
// type occurs once while all other lines stay as they are.
//
// Guarantees: a returned labelling passes validate() (complete_lines) and
// keeps every label within its domain; the caller still checks the penalty
// constraints. Deterministic for a seed: the region is drawn from the
// caller's Rng and CaDiCaL runs under a conflict limit, never a clock.
#pragma once

#include <vector>

#include "base/rng.hpp"
#include "model/label_domains.hpp"
#include "model/pyramid.hpp"
#include "solvers/line_completion.hpp"

namespace bel_pyramid {

class EndgameRepair {
 public:
  EndgameRepair(const Pyramid& pyramid, std::vector<LabelMask> masks, int conflict_limit);

  // `conflicts`: the positions whose cube is duplicated in `labels`. Found
  // with a solution, Impossible (none in the region) or GaveUp (the conflict
  // limit was spent).
  [[nodiscard]] LineCompletion repair(const std::vector<int>& labels,
                                      const std::vector<int>& conflicts, Rng& rng);
  // Lines freed beyond those through the conflicts: grows after a region
  // without a solution, shrinks after a spent conflict limit.
  [[nodiscard]] int extra_lines() const { return extra_; }
  void set_extra_lines(int extra) { extra_ = extra; }

 private:
  void grow(std::vector<char>& freed, std::vector<int>& frontier, Rng& rng) const;
  void free_line(int var, std::vector<char>& freed, std::vector<int>& frontier) const;

  const Pyramid& pyramid_;
  std::vector<LabelMask> masks_;
  std::vector<std::vector<int>> crossing_;  // variable -> the variables its line crosses
  int conflict_limit_;
  int extra_ = 0;
};

}  // namespace bel_pyramid
