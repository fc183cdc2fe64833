#include "solvers/xcc_bits.hpp"

#include <algorithm>
#include <bit>

#include "base/error.hpp"

namespace bel_pyramid {
namespace {

// Without -mpopcnt std::has_single_bit is a library call; this is three
// instructions (every revision asks it).
constexpr bool single(unsigned x) { return x != 0 && (x & (x - 1)) == 0; }

}  // namespace

bool XccBits::fits(const Pyramid& p) {
  return p.cubes().size() <= kMaxPositions && p.labels() <= kMaxLabels &&
         p.var_count() <= kMaxLines;
}

XccBits::XccBits(const Pyramid& p)
    : labels_(p.labels()),
      lines_(p.var_count()),
      positions_(static_cast<int>(p.positions().size())),
      target_((p.labels() + 1) * (p.labels() + 2) / 2) {
  if (!fits(p)) throw std::logic_error("XccBits takes pyramids of at most 3 levels");
  all_cubes_ = positions_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << positions_) - 1;
  for (const Position& pos : p.positions()) at_.push_back(p.vars_at(pos));
  on_line_.assign(lines_, 0);
  for (int k = 0; k < positions_; ++k)
    for (int v : at_[k]) on_line_[v] |= std::uint64_t{1} << k;
  for (int v = 0; v < lines_; ++v) length_.push_back(static_cast<std::uint8_t>(p.line_length(v)));
  const int L = labels_;
  rotations_.assign(p.cubes().size(), {});
  for (int a = 0; a < L; ++a)
    for (int b = 0; b < L; ++b)
      for (int c = 0; c < L; ++c) {
        Cube cube{a, b, c};
        std::sort(cube.begin(), cube.end());
        cube_of_.push_back(p.cube_index(cube));
        rotations_[cube_of_.back()].push_back({a, b, c});
      }
  // fits_[(dx << 2L) | (dy << L) | dz]: the cubes of the triples in dx × dy × dz.
  const int masks = 1 << L;
  fits_.assign(static_cast<std::size_t>(masks) * masks * masks, 0);
  for (int d = 0; d < masks * masks * masks; ++d)
    for (int t = 0; t < L * L * L; ++t) {
      const int a = t / (L * L), b = t / L % L, c = t % L;
      if ((d >> (2 * L + a) & 1) && (d >> (L + b) & 1) && (d >> c & 1))
        fits_[d] |= std::uint64_t{1} << cube_of_[t];
    }
  labels_out_.assign(lines_, -1);
}

// Line v's domain becomes `to` (a subset); false when it empties or a face
// count fails. The open positions on the line are to be revised.
bool XccBits::narrow(State& s, int v, std::uint8_t to, std::uint64_t& dirty) const {
  const std::uint8_t from = s.dom[v];
  if (to == from) return true;
  if (to == 0) return false;
  s.dom[v] = to;
  for (unsigned gone = from & ~to; gone != 0; gone &= gone - 1)
    if ((s.reach[std::countr_zero(gone)] -= length_[v]) < target_) return false;
  if (single(to) && (s.fixed[std::countr_zero(to)] += length_[v]) > target_) return false;
  dirty |= on_line_[v] & s.open;
  return true;
}

// Open position p against its domains and the unused cubes: its cubes, its
// cube taken once its lines are all labelled, and its lines' unsupported
// labels dropped. False at a dead end.
bool XccBits::revise(State& s, int p, std::uint64_t& dirty) const {
  const std::uint64_t free = all_cubes_ & ~s.used;
  const std::uint64_t cubes = fit(s.dom, p) & free;
  if (cubes == 0) return false;
  s.cubes[p] = cubes;
  const auto& at = at_[p];
  if (single(s.dom[at[0]]) && single(s.dom[at[1]]) && single(s.dom[at[2]])) {
    s.used |= cubes;
    s.open &= ~(std::uint64_t{1} << p);
    for (std::uint64_t q = s.open; q != 0; q &= q - 1)
      if (s.cubes[std::countr_zero(q)] & cubes) dirty |= q & -q;
    return true;
  }
  for (int slot = 0; slot < 3; ++slot) {
    const std::uint8_t d = s.dom[at[slot]];
    if (single(d)) continue;
    std::uint8_t one[3] = {s.dom[at[0]], s.dom[at[1]], s.dom[at[2]]}, supported = 0;
    for (unsigned left = d; left != 0; left &= left - 1) {
      one[slot] = static_cast<std::uint8_t>(left & -left);
      if (fits_[(one[0] << 2 * labels_) | (one[1] << labels_) | one[2]] & free)
        supported |= one[slot];
    }
    if (!narrow(s, at[slot], supported, dirty)) return false;
  }
  return true;
}

// Revises the dirty positions to a fixpoint; false at a dead end, or when an
// unused cube fits no open position.
bool XccBits::propagate(State& s, std::uint64_t dirty) const {
  while ((dirty &= s.open) != 0) {
    const int p = std::countr_zero(dirty);
    dirty &= dirty - 1;
    if (!revise(s, p, dirty)) return false;
  }
  std::uint64_t any = 0;
  for (std::uint64_t q = s.open; q != 0; q &= q - 1) any |= s.cubes[std::countr_zero(q)];
  return any == (all_cubes_ & ~s.used);
}

bool XccBits::place(State& s, int p, int a, int b, int c) const {
  std::uint64_t dirty = 0;
  const auto& at = at_[p];
  return narrow(s, at[0], static_cast<std::uint8_t>(1 << a), dirty) &&
         narrow(s, at[1], static_cast<std::uint8_t>(1 << b), dirty) &&
         narrow(s, at[2], static_cast<std::uint8_t>(1 << c), dirty) && propagate(s, dirty);
}

bool XccBits::complete(const std::vector<int>& fixed, const StopCheck& check, const Visit& visit) {
  check_ = &check;
  visit_ = &visit;
  stopped_ = false;
  State s;
  s.open = all_cubes_;
  const auto full = static_cast<std::uint8_t>((1 << labels_) - 1);
  bool ok = true;
  for (int v = 0; v < lines_; ++v) {
    s.dom[v] = fixed[v] < 0 ? full : static_cast<std::uint8_t>(1 << fixed[v]);
    for (unsigned d = s.dom[v]; d != 0; d &= d - 1) s.reach[std::countr_zero(d)] += length_[v];
    if (fixed[v] >= 0) s.fixed[fixed[v]] += length_[v];
  }
  for (int l = 0; l < labels_; ++l) ok = ok && s.fixed[l] <= target_ && s.reach[l] >= target_;
  for (int p = 0; p < positions_; ++p) s.cubes[p] = all_cubes_;
  if (ok && propagate(s, s.open)) search(s);
  return !stopped_;
}

// Branches on the unused cube that the fewest open positions can make (one
// that only one can make is a forced move): at N=3 this takes 30 times fewer
// nodes than the position that can make the fewest cubes (bench/RESULTS.md).
void XccBits::search(const State& s) {
  if (s.open == 0) return solution(s);
  std::uint64_t at_least[kPlanes] = {};  // [i]: the cubes at least i+1 open positions can make
  for (std::uint64_t q = s.open; q != 0; q &= q - 1) {
    const std::uint64_t m = s.cubes[std::countr_zero(q)];
    for (int i = kPlanes - 1; i > 0; --i) at_least[i] |= at_least[i - 1] & m;
    at_least[0] |= m;
  }
  const std::uint64_t free = all_cubes_ & ~s.used;
  for (int i = 1; i < kPlanes; ++i)
    if (const std::uint64_t fewest = free & ~at_least[i]; fewest != 0)
      return branch_cube(s, std::countr_zero(fewest));
  branch_cube(s, std::countr_zero(free));
}

void XccBits::branch_cube(const State& s, int cube) {
  for (std::uint64_t q = s.open; q != 0; q &= q - 1) {
    const int p = std::countr_zero(q);
    if (!(s.cubes[p] >> cube & 1)) continue;
    const auto& at = at_[p];
    for (const auto& [a, b, c] : rotations_[cube]) {
      if ((s.dom[at[0]] >> a & 1) && (s.dom[at[1]] >> b & 1) && (s.dom[at[2]] >> c & 1))
        child(s, p, a, b, c);
      if (stopped_) return;
    }
  }
}

void XccBits::child(const State& s, int p, int a, int b, int c) {
  if ((++nodes_ & 1023) == 0 && check_->stopped()) {
    stopped_ = true;
    return;
  }
  State t = s;
  if (place(t, p, a, b, c)) search(t);
}

void XccBits::solution(const State& s) {
  for (int v = 0; v < lines_; ++v) labels_out_[v] = std::countr_zero(s.dom[v]);
  if (!(*visit_)(labels_out_)) stopped_ = true;
}

}  // namespace bel_pyramid
