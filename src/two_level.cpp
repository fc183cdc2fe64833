#include "bel_pyramid/two_level.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "bel_pyramid/checked_solution.hpp"
#include "bel_pyramid/family_cover.hpp"
#include "bel_pyramid/label_domains.hpp"
#include "bel_pyramid/move_engine.hpp"
#include "bel_pyramid/rng.hpp"

namespace bel_pyramid {
namespace {

using Clock = std::chrono::steady_clock;

std::uint32_t threshold(double p) {
  return static_cast<std::uint32_t>(std::clamp(p, 0.0, 1.0) * 4294967295.0);
}

class TwoLevel {
 public:
  TwoLevel(const Formulation& f, const LabelDomains& d, const SolveLimits& limits,
           const TwoLevelTuning& t)
      : f_(f),
        limits_(limits),
        tuning_(t),
        rng_(limits.seed),
        engine_(f.pyramid(), d.penalties),
        masks_(d.masks),
        z_cover_(f.pyramid(), 2),
        focus_(threshold(t.focus_probability)),
        aim_(threshold(t.aim_probability)) {
    const Pyramid& p = f.pyramid();
    allowed_.resize(masks_.size());
    for (int v = 0; v < p.var_count(); ++v)
      for (int l = 0; l < p.labels(); ++l)
        if ((masks_[v] >> l) & 1) allowed_[v].push_back(l);
    columns_of_.resize(p.var_count());
    for (const Position& q : p.positions()) {
      const auto vs = p.vars_at(q);
      for (int slot : {0, 1})
        if (columns_of_[vs[slot]].empty() || columns_of_[vs[slot]].back() != vs[2])
          columns_of_[vs[slot]].push_back(vs[2]);
    }
    for (auto& c : columns_of_) {
      std::sort(c.begin(), c.end());
      c.erase(std::unique(c.begin(), c.end()), c.end());
    }
    for (int v = 0; v < p.var_count(); ++v) {
      if (allowed_[v].size() < 2) continue;
      (p.axis_var(v).axis == Axis::Z ? free_z_ : free_xy_).push_back(v);
    }
    for (int delta = 1; delta < kMaxDelta; ++delta)
      accept_[delta] = threshold(std::exp(-delta / std::max(t.temperature, 1e-9)));
  }

  SolveResult run();

 private:
  static constexpr int kMaxDelta = 64;

  [[nodiscard]] bool free(int v) const { return allowed_[v].size() >= 2; }
  [[nodiscard]] int pick_var();
  [[nodiscard]] int new_label(int var);
  void best_response(int z);
  void move();
  void note(int cost);
  bool exact_completion();
  [[nodiscard]] SearchProgress progress(Clock::time_point start) const;

  const Formulation& f_;
  const SolveLimits& limits_;
  TwoLevelTuning tuning_;
  Rng rng_;
  MoveEngine engine_;
  std::vector<LabelMask> masks_;
  FamilyCover z_cover_;
  std::uint32_t focus_, aim_;
  std::array<std::uint32_t, kMaxDelta> accept_{};
  std::vector<std::vector<int>> allowed_;
  std::vector<std::vector<int>> columns_of_;  // X/Y variable -> Z variables it meets
  std::vector<int> free_xy_, free_z_;
  std::vector<std::pair<int, int>> undo_;  // (Z variable, old label) of one move
  int focused_position_ = -1, focused_slot_ = 0;
  std::uint64_t moves_ = 0, exact_tries_ = 0;
  int best_ = std::numeric_limits<int>::max();
  std::vector<int> best_labels_;
  bool solved_ = false;
};

void TwoLevel::note(int cost) {
  if (cost < best_) {
    best_ = cost;
    best_labels_ = engine_.labels();
  }
  if (cost == 0) solved_ = true;
}

// Mostly a line through a duplicated cube: an X or Y line to move, or -1
// for the Z line there (then focused_position_ names the position).
int TwoLevel::pick_var() {
  focused_position_ = -1;
  if (rng_.chance(focus_))
    for (int tries = 0; tries < 16; ++tries) {
      const int p = rng_.below(engine_.position_count());
      if (!engine_.in_conflict(p)) continue;
      const int slot = rng_.below(3);
      const int v = engine_.vars_at(p)[slot];
      if (!free(v)) continue;
      if (slot == 2) {
        focused_position_ = p;
        return -1;
      }
      focused_position_ = p;
      focused_slot_ = slot;
      return v;
    }
  return free_xy_[rng_.below(static_cast<int>(free_xy_.size()))];
}

// A label turning the focused duplicate into a missing cube (aimed), else
// any other allowed label.
int TwoLevel::new_label(int var) {
  const int old = engine_.label(var);
  const auto& choices = allowed_[var];
  if (focused_position_ >= 0 && rng_.chance(aim_)) {
    int chosen = -1, found = 0;
    for (int l : choices)
      if (engine_.uses_if(focused_position_, focused_slot_, l) == 0 && rng_.below(++found) == 0)
        chosen = l;
    if (chosen >= 0 && chosen != old) return chosen;
  }
  int label = old;
  while (label == old) label = choices[rng_.below(static_cast<int>(choices.size()))];
  return label;
}

// The Z line takes a label of least cost given everything else (ties: the
// current label stays, else a random one of the best).
void TwoLevel::best_response(int z) {
  const int old = engine_.label(z);
  int best_cost = engine_.cost(), best_label = old, ties = 1;
  for (int l : allowed_[z]) {
    if (l == old) continue;
    engine_.set_label(z, l);
    const int c = engine_.cost();
    if (c < best_cost) {
      best_cost = c, best_label = l, ties = 1;
    } else if (c == best_cost && best_label != old && rng_.below(++ties) == 0) {
      best_label = l;
    }
  }
  engine_.set_label(z, best_label);
  if (best_label != old) undo_.emplace_back(z, old);
}

void TwoLevel::move() {
  const int var = pick_var();
  ++moves_;
  if (var < 0) {  // a Z line at a duplicate: its best response (never worse)
    undo_.clear();
    best_response(engine_.vars_at(focused_position_)[2]);
    note(engine_.cost());
    return;
  }
  const int old = engine_.label(var);
  const int before = engine_.cost();
  engine_.set_label(var, new_label(var));
  undo_.clear();
  const auto& columns = columns_of_[var];
  const int n = static_cast<int>(columns.size());
  const int offset = n ? rng_.below(n) : 0;
  for (int i = 0; i < n; ++i) {
    const int z = columns[(i + offset) % n];
    if (free(z)) best_response(z);
  }
  const int delta = engine_.cost() - before;
  if (delta <= 0 || (delta < kMaxDelta && rng_.chance(accept_[delta]))) {
    note(engine_.cost());
    if (!solved_ && engine_.cost() <= tuning_.exact_cost) solved_ = exact_completion();
    return;
  }
  for (auto it = undo_.rbegin(); it != undo_.rend(); ++it) engine_.set_label(it->first, it->second);
  engine_.set_label(var, old);
}

// The Z family re-solved exactly for the current X and Y; true on Found
// (then the engine holds the solution).
bool TwoLevel::exact_completion() {
  ++exact_tries_;
  std::vector<int> labels = engine_.labels();
  if (z_cover_.complete(masks_, labels, tuning_.exact_nodes, &free_z_) !=
      FamilyCover::Result::Found)
    return false;
  for (int z : free_z_) engine_.set_label(z, labels[z]);
  return engine_.cost() == 0;
}

SearchProgress TwoLevel::progress(Clock::time_point start) const {
  SearchProgress p;
  p.elapsed_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  p.cost = engine_.cost();
  p.best_cost = best_;
  p.rate = p.elapsed_seconds > 0 ? static_cast<double>(moves_) / p.elapsed_seconds : 0;
  p.rate_unit = "moves";
  p.best_labels = best_labels_;
  return p;
}

SolveResult TwoLevel::run() {
  const auto start = Clock::now();
  const Pyramid& p = f_.pyramid();
  std::vector<int> labels(p.var_count());
  for (int v = 0; v < p.var_count(); ++v) {
    const bool given = limits_.start && limits_.start->size() == labels.size() &&
                       (*limits_.start)[v] >= 0 && (*limits_.start)[v] < p.labels() &&
                       ((masks_[v] >> (*limits_.start)[v]) & 1);
    labels[v] =
        given ? (*limits_.start)[v] : allowed_[v][rng_.below(static_cast<int>(allowed_[v].size()))];
  }
  engine_.reset(labels);
  for (int z : free_z_) best_response(z);
  best_ = engine_.cost();
  best_labels_ = engine_.labels();
  solved_ = best_ == 0 || (best_ <= tuning_.exact_cost && exact_completion());
  if (free_xy_.empty() && !solved_) {
    // X and Y are fixed: the exact Z completion decides it alone.
    std::vector<int> all = engine_.labels();
    const auto r =
        z_cover_.complete(masks_, all, std::numeric_limits<std::uint64_t>::max() / 2, &free_z_);
    if (limits_.progress) limits_.progress(progress(start));
    if (r != FamilyCover::Result::Found)
      return {SolveResult::Status::Unknown, std::nullopt,
              "the strategies fix every X and Y line and no Z completion exists"};
    return checked_result(f_, all, "two-level");
  }
  auto next_report = start;
  while (!solved_) {
    for (int i = 0; i < 256 && !solved_; ++i) move();
    if (solved_) break;
    const auto now = Clock::now();
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
      return {SolveResult::Status::Unknown, std::nullopt,
              fmt::format("interrupted (best cost {}, {} exact Z completions tried)", best_,
                          exact_tries_)};
    const double elapsed = std::chrono::duration<double>(now - start).count();
    if (limits_.timeout_seconds > 0 && elapsed >= limits_.timeout_seconds)
      return {SolveResult::Status::Unknown, std::nullopt,
              fmt::format("time limit of {:g} s reached (best cost {}, {} exact Z completions "
                          "tried)",
                          limits_.timeout_seconds, best_, exact_tries_)};
    if (limits_.progress && now >= next_report) {
      limits_.progress(progress(start));
      next_report = now + std::chrono::milliseconds(250);
    }
  }
  if (limits_.progress) limits_.progress(progress(start));
  return checked_result(f_, engine_.labels(), "two-level");
}

}  // namespace

SolveResult solve_two_level(const Formulation& formulation, const SolveLimits& limits,
                            const TwoLevelTuning& tuning) {
  const LabelDomains domains = split_constraints(formulation);
  if (domains.contradiction)
    return {SolveResult::Status::Unknown, std::nullopt, *domains.contradiction};
  TwoLevel search(formulation, domains, limits, tuning);
  return search.run();
}

SolveResult solve_two_level(const Formulation& formulation, const SolveLimits& limits) {
  return solve_two_level(formulation, limits, TwoLevelTuning{});
}

}  // namespace bel_pyramid
