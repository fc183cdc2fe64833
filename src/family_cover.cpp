#include "bel_pyramid/family_cover.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace bel_pyramid {

FamilyCover::FamilyCover(const Pyramid& pyramid, int slot)
    : pyramid_(pyramid),
      slot_(slot),
      words_(static_cast<int>((pyramid.cubes().size() + 63) / 64)),
      cube_total_(static_cast<int>(pyramid.cubes().size())) {
  line_of_var_.resize(pyramid.var_count());
  in_call_.assign(pyramid.var_count(), 0);
  const auto& positions = pyramid.positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    vars_at_.push_back(pyramid.vars_at(positions[i]));
    const int v = vars_at_.back()[slot];
    if (line_of_var_[v].empty()) family_.push_back(v);
    line_of_var_[v].push_back(static_cast<int>(i));
  }
}

FamilyCover::Result FamilyCover::complete(const std::vector<LabelMask>& masks,
                                          std::vector<int>& labels, std::uint64_t node_limit,
                                          const std::vector<int>* subset) {
  nodes_ = 0;
  lines_ = subset ? *subset : family_;
  limit_ = node_limit;
  gave_up_ = false;
  const int L = pyramid_.labels();
  const int lines = static_cast<int>(lines_.size());
  option_line_.clear();
  option_label_.clear();
  bits_.clear();
  options_of_.assign(lines, {});
  free_.clear();
  chosen_.assign(lines, -1);
  covered_.assign(static_cast<std::size_t>(words_) * (lines + 1), 0);
  count_.assign(cube_total_, 0);
  std::vector<int> trial = labels;
  std::vector<Word> set(words_);
  // The cubes outside the re-chosen lines are taken already (and must not
  // repeat among themselves).
  for (int v : lines_) in_call_[v] = 1;
  bool outside_clash = false;
  for (std::size_t p = 0; p < vars_at_.size(); ++p) {
    const auto& vs = vars_at_[p];
    if (in_call_[vs[slot_]]) continue;
    Cube c{labels[vs[0]], labels[vs[1]], labels[vs[2]]};
    std::sort(c.begin(), c.end());
    const int k = pyramid_.cube_index(c);
    const Word bit = Word{1} << (k & 63);
    if (covered_[k >> 6] & bit) outside_clash = true;
    covered_[k >> 6] |= bit;
  }
  for (int v : lines_) in_call_[v] = 0;
  if (outside_clash) return Result::Impossible;
  for (int i = 0; i < lines; ++i) {
    const int v = lines_[i];
    for (int l = 0; l < L; ++l) {
      if (!((masks[v] >> l) & 1)) continue;
      trial[v] = l;
      std::fill(set.begin(), set.end(), 0);
      bool clash = false;
      for (int p : line_of_var_[v]) {
        const auto& vs = vars_at_[p];
        Cube c{trial[vs[0]], trial[vs[1]], trial[vs[2]]};
        std::sort(c.begin(), c.end());
        const int k = pyramid_.cube_index(c);
        const Word bit = Word{1} << (k & 63);
        if ((set[k >> 6] & bit) || (covered_[k >> 6] & bit)) clash = true;
        set[k >> 6] |= bit;
      }
      if (clash) continue;
      options_of_[i].push_back(static_cast<int>(option_line_.size()));
      option_line_.push_back(i);
      option_label_.push_back(l);
      bits_.insert(bits_.end(), set.begin(), set.end());
    }
    if (options_of_[i].empty()) return Result::Impossible;
    free_.push_back(i);
  }
  if (!search(0)) return gave_up_ ? Result::GaveUp : Result::Impossible;
  for (int i = 0; i < lines; ++i) labels[lines_[i]] = option_label_[chosen_[i]];
  return Result::Found;
}

// free_[depth..] are the lines still open; covered_ block `depth` holds the
// cubes taken by the chosen ones.
bool FamilyCover::search(int depth) {
  if (depth == static_cast<int>(free_.size())) return true;
  if (++nodes_ > limit_) {
    gave_up_ = true;
    return false;
  }
  const Word* covered = &covered_[static_cast<std::size_t>(depth) * words_];
  auto compatible = [&](int o) {
    const Word* b = option_bits(o);
    for (int w = 0; w < words_; ++w)
      if (b[w] & covered[w]) return false;
    return true;
  };
  // Most constrained open line, and the count of options per open cube.
  std::fill(count_.begin(), count_.end(), 0);
  int best_line = -1, best_line_count = std::numeric_limits<int>::max();
  for (int k = depth; k < static_cast<int>(free_.size()); ++k) {
    const int i = free_[k];
    int n = 0;
    for (int o : options_of_[i]) {
      if (!compatible(o)) continue;
      ++n;
      const Word* b = option_bits(o);
      for (int w = 0; w < words_; ++w)
        for (Word m = b[w]; m; m &= m - 1) ++count_[w * 64 + std::countr_zero(m)];
    }
    if (n == 0) return false;
    if (n < best_line_count) {
      best_line_count = n;
      best_line = k;
    }
  }
  int best_cube = -1, best_cube_count = std::numeric_limits<int>::max();
  for (int c = 0; c < cube_total_; ++c) {
    if ((covered[c >> 6] >> (c & 63)) & 1) continue;
    if (count_[c] == 0) return false;  // nothing can hold this cube any more
    if (count_[c] < best_cube_count) {
      best_cube_count = count_[c];
      best_cube = c;
    }
  }
  Word* next = &covered_[static_cast<std::size_t>(depth + 1) * words_];
  auto take = [&](int o) {
    const int i = option_line_[o];
    const auto at = std::find(free_.begin() + depth, free_.end(), i);
    std::iter_swap(free_.begin() + depth, at);
    const Word* b = option_bits(o);
    for (int w = 0; w < words_; ++w) next[w] = covered[w] | b[w];
    chosen_[i] = o;
    return search(depth + 1);
  };
  if (best_cube >= 0 && best_cube_count < best_line_count) {
    // Every option that can hold the cube, over all open lines (collected
    // first: take() reorders free_[depth..]).
    const Word bit = Word{1} << (best_cube & 63);
    std::vector<int> candidates;
    for (int k = depth; k < static_cast<int>(free_.size()); ++k)
      for (int o : options_of_[free_[k]])
        if ((option_bits(o)[best_cube >> 6] & bit) && compatible(o)) candidates.push_back(o);
    for (int o : candidates) {
      if (take(o)) return true;
      if (gave_up_) return false;
    }
    return false;
  }
  const int i = free_[best_line];
  for (int o : options_of_[i])
    if (compatible(o)) {
      if (take(o)) return true;
      if (gave_up_) return false;
    }
  return false;
}

}  // namespace bel_pyramid
