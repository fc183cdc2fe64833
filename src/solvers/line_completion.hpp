// complete_lines: re-solve some lines of a labelling exactly, the others kept
// — the exact repair of the local search's endgame (endgame_repair.hpp).
//
// The sub-problem goes straight into a fresh in-process CaDiCaL: a one-hot
// label per freed line (within its domain); at every position a freed line
// crosses, one placement variable per label triple it can take whose cube
// the kept positions do not already hold (the triples of held cubes are
// forbidden); every cube not held is placed exactly once among those
// positions (at-least-one plus a sequential at-most-one). Since positions
// and cube types are equally many, a model is a labelling in which every
// cube type occurs once: Found labels pass validate(). Only the domains of
// the formulation are honoured here, not its other constraints.
#pragma once

#include <functional>
#include <vector>

#include "model/label_domains.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

struct LineCompletion {
  enum class Status { Found, Impossible, GaveUp };
  Status status = Status::GaveUp;
  std::vector<int> labels;  // when Found: the input with the freed lines re-chosen
};

// `freed[v]` set: line v is re-chosen within masks[v]; every other line keeps
// labels[v]. Impossible also when the kept positions already repeat a cube.
// GaveUp at `conflict_limit` conflicts or when `stop` (polled) says so.
[[nodiscard]] LineCompletion complete_lines(const Pyramid& pyramid,
                                            const std::vector<LabelMask>& masks,
                                            const std::vector<int>& labels,
                                            const std::vector<char>& freed, int conflict_limit,
                                            int seed, const std::function<bool()>& stop = {});

}  // namespace bel_pyramid
