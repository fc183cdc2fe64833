#include "model/symmetry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "base/error.hpp"

namespace bel_pyramid {
namespace {

int mirrored(const Pyramid& p, std::uint32_t mask, int i) {
  const int pair = std::min(i, p.base() - 1 - i);
  return pair < p.mid() && ((mask >> pair) & 1U) ? p.base() - 1 - i : i;
}

}  // namespace

std::vector<int> permutation(const Pyramid& p, const GeometricElement& e) {
  std::vector<int> perm(p.var_count());
  for (int v = 0; v < p.var_count(); ++v) {
    const AxisVar a = p.axis_var(v);
    switch (a.axis) {
      case Axis::X: {
        const int x = mirrored(p, e.columns, a.i);
        perm[v] = e.transpose ? p.y_var(x, a.j) : p.x_var(x, a.j);
        break;
      }
      case Axis::Y: {
        const int y = mirrored(p, e.rows, a.i);
        perm[v] = e.transpose ? p.x_var(y, a.j) : p.y_var(y, a.j);
        break;
      }
      case Axis::Z: {
        const int y = mirrored(p, e.rows, a.i), x = mirrored(p, e.columns, a.j);
        perm[v] = e.transpose ? p.z_var(x, y) : p.z_var(y, x);
        break;
      }
    }
  }
  if (e.top_flip) {
    const int top_x = p.x_var(p.mid(), p.levels() - 1), top_y = p.y_var(p.mid(), p.levels() - 1);
    for (int& w : perm)
      if (w == top_x || w == top_y) w = w == top_x ? top_y : top_x;
  }
  return perm;
}

std::vector<int> centre_vars(const Pyramid& p) {
  std::vector<int> vars{p.z_var(p.mid(), p.mid())};
  for (int h = 0; h < p.levels(); ++h) {
    vars.push_back(p.x_var(p.mid(), h));
    vars.push_back(p.y_var(p.mid(), h));
  }
  return vars;
}

std::vector<int> quotient_lines(const Pyramid& p) {
  std::vector<int> vars = centre_vars(p);
  for (int i = 0; i < p.mid(); ++i)
    for (int v :
         {p.x_var(i, 0), p.x_var(p.base() - 1 - i, 0), p.y_var(i, 0), p.y_var(p.base() - 1 - i, 0)})
      vars.push_back(v);
  return vars;
}

std::vector<int> quotient_block_ends(const Pyramid& p) {
  std::vector<int> ends{static_cast<int>(centre_vars(p).size())};
  for (int i = 0; i < p.mid(); ++i) ends.push_back(ends.back() + 4);
  return ends;
}

SymmetryGroup::SymmetryGroup(const Pyramid& pyramid)
    : labels_(pyramid.labels()), reading_(quotient_lines(pyramid)) {
  for (int v = 0; v < pyramid.var_count(); ++v)
    if (std::find(reading_.begin(), reading_.end(), v) == reading_.end()) reading_.push_back(v);
  if (labels_ > kMaxLabels)
    throw UserError(fmt::format("symmetry classes are supported up to N={}", (kMaxLabels + 1) / 2));
  const std::uint32_t masks = 1U << pyramid.mid();
  for (int flags = 0; flags < 4; ++flags)
    for (std::uint32_t columns = 0; columns < masks; ++columns)
      for (std::uint32_t rows = 0; rows < masks; ++rows) {
        std::vector<int> perm =
            permutation(pyramid, {columns, rows, (flags & 1) != 0, (flags & 2) != 0});
        if (std::find(perms_.begin(), perms_.end(), perm) == perms_.end())
          perms_.push_back(std::move(perm));
      }
  for (const auto& perm : perms_) {
    std::vector<int> inverse(perm.size());
    for (std::size_t v = 0; v < perm.size(); ++v) inverse[perm[v]] = static_cast<int>(v);
    inverse_.push_back(std::move(inverse));
  }
}

std::uint64_t SymmetryGroup::order() const {
  std::uint64_t order = perms_.size();
  for (int k = 2; k <= labels_; ++k) {
    if (order > std::numeric_limits<std::uint64_t>::max() / k)
      return std::numeric_limits<std::uint64_t>::max();
    order *= k;
  }
  return order;
}

std::vector<int> SymmetryGroup::apply(int g, const std::vector<int>& relabel,
                                      const std::vector<int>& labels) const {
  std::vector<int> image(labels.size());
  for (std::size_t v = 0; v < labels.size(); ++v) image[perms_[g][v]] = relabel[labels[v]];
  return image;
}

int SymmetryGroup::compare_image(int g, const std::vector<int>& labels,
                                 const std::vector<int>& best, std::vector<int>& image) const {
  int rename[kMaxLabels];
  std::fill(rename, rename + labels_, -1);
  int next = 0, order = 0;
  const std::vector<int>& from = inverse_[g];
  for (std::size_t w = 0; w < labels.size(); ++w) {
    int& to = rename[labels[from[reading_[w]]]];
    if (to < 0) to = next++;
    if (order == 0) {
      if (to > best[w]) return 1;
      if (to < best[w]) {
        order = -1;
        std::copy(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(w), image.begin());
      }
    }
    if (order < 0) image[w] = to;
  }
  return order;
}

std::vector<int> SymmetryGroup::canonical_form(const std::vector<int>& labels) const {
  std::vector<int> best(labels.size(), labels_);  // larger than any image
  std::vector<int> image(labels.size());
  for (int g = 0; g < geometric_count(); ++g)
    if (compare_image(g, labels, best, image) < 0) best = image;
  std::vector<int> form(labels.size());
  for (std::size_t w = 0; w < labels.size(); ++w) form[reading_[w]] = best[w];
  return form;
}

bool SymmetryGroup::is_canonical(const std::vector<int>& labels) const {
  std::vector<int> read(labels.size());
  // Labels must first appear in increasing order (the identity's least image).
  int next = 0;
  for (std::size_t w = 0; w < labels.size(); ++w) {
    read[w] = labels[reading_[w]];
    if (read[w] > next) return false;
    if (read[w] == next) ++next;
  }
  std::vector<int> image(labels.size());
  for (int g = 1; g < geometric_count(); ++g)
    if (compare_image(g, labels, read, image) < 0) return false;
  return true;
}

PrefixRank SymmetryGroup::rank_prefix(const std::vector<int>& labels, int length) const {
  PrefixRank rank{true, 0};
  for (int g = 0; g < geometric_count() && rank.least; ++g) {
    const int order = compare_prefix(g, labels, length);
    if (order < 0) rank.least = false;
    if (order == 0) ++rank.fixing;
  }
  return rank;
}

PrefixRank SymmetryGroup::rank_prefix(const std::vector<int>& labels, int length,
                                      const std::vector<int>& among,
                                      std::vector<int>& fixing) const {
  PrefixRank rank{true, 0};
  for (std::size_t k = 0; k < among.size() && rank.least; ++k) {
    const int order = compare_prefix(among[k], labels, length);
    if (order < 0) rank.least = false;
    if (order == 0) {
      ++rank.fixing;
      fixing.push_back(among[k]);
    }
  }
  return rank;
}

int SymmetryGroup::compare_prefix(int g, const std::vector<int>& labels, int length) const {
  int rename[kMaxLabels];
  std::fill(rename, rename + labels_, -1);
  int next = 0;
  for (int w = 0; w < length; ++w) {
    int& to = rename[labels[inverse_[g][reading_[w]]]];
    if (to < 0) to = next++;
    if (to != labels[reading_[w]]) return to < labels[reading_[w]] ? -1 : 1;
  }
  return 0;
}

}  // namespace bel_pyramid
