#include "solvers/endgame_repair.hpp"

#include <algorithm>
#include <bit>

namespace bel_pyramid {

EndgameRepair::EndgameRepair(const Pyramid& pyramid, std::vector<LabelMask> masks,
                             int conflict_limit)
    : pyramid_(pyramid),
      masks_(std::move(masks)),
      crossing_(pyramid.var_count()),
      conflict_limit_(conflict_limit) {
  for (const Position& p : pyramid.positions()) {
    const auto vs = pyramid.vars_at(p);
    for (int a : vs)
      for (int b : vs)
        if (a != b) crossing_[a].push_back(b);
  }
}

// Only lines with a choice are freed: a fixed line gains nothing.
void EndgameRepair::free_line(int var, std::vector<char>& freed, std::vector<int>& frontier) const {
  if (freed[var] || std::popcount(masks_[var]) < 2) return;
  freed[var] = 1;
  for (int w : crossing_[var])
    if (!freed[w]) frontier.push_back(w);
}

// Adds extra_ lines, each a random line crossing one already freed: the
// region grows outwards from the conflict.
void EndgameRepair::grow(std::vector<char>& freed, std::vector<int>& frontier, Rng& rng) const {
  for (int added = 0; added < extra_ && !frontier.empty();) {
    const int i = rng.below(static_cast<int>(frontier.size()));
    const int var = frontier[i];
    frontier[i] = frontier.back();
    frontier.pop_back();
    if (freed[var] || std::popcount(masks_[var]) < 2) continue;
    free_line(var, freed, frontier);
    ++added;
  }
}

LineCompletion EndgameRepair::repair(const std::vector<int>& labels,
                                     const std::vector<int>& conflicts, Rng& rng) {
  std::vector<char> freed(labels.size(), 0);
  std::vector<int> frontier;
  for (int q : conflicts)
    for (int v : pyramid_.vars_at(pyramid_.positions()[q])) free_line(v, freed, frontier);
  grow(freed, frontier, rng);
  const LineCompletion c = complete_lines(pyramid_, masks_, labels, freed, conflict_limit_,
                                          static_cast<int>(rng.below(1 << 30)));
  const int most = static_cast<int>(labels.size());
  if (c.status == LineCompletion::Status::Impossible)
    extra_ = std::min(most, extra_ + 1 + extra_ / 4);
  else if (c.status == LineCompletion::Status::GaveUp)
    extra_ = extra_ * 4 / 5;
  return c;
}

}  // namespace bel_pyramid
