#include "bel_pyramid/local_search.hpp"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cmath>
#include <map>

#include "bel_pyramid/label_domains.hpp"
#include "bel_pyramid/move_engine.hpp"

namespace bel_pyramid {
namespace {

// xoshiro256** seeded by splitmix64: fast, and the same stream for a seed on
// every platform (std distributions are not portable across libraries).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& s : state_) {
      seed += 0x9e3779b97f4a7c15ULL;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      s = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, n) by multiply-shift (bias below 2^-32 for our n).
  int below(int n) {
    return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  std::uint32_t bits32() { return static_cast<std::uint32_t>(next() >> 32); }
  bool chance(std::uint32_t threshold) { return bits32() < threshold; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> state_{};
};

std::uint32_t probability_threshold(double p) {
  return static_cast<std::uint32_t>(std::clamp(p, 0.0, 1.0) * 4294967295.0);
}

using Clock = std::chrono::steady_clock;

class Search {
 public:
  Search(const Formulation& f, LabelDomains domains, const LocalSearchOptions& options)
      : formulation_(f),
        options_(options),
        engine_(f.pyramid(), std::move(domains.penalties)),
        rng_(options.seed) {
    build_moves(domains.masks);
    const LocalSearchTuning& t = options.tuning;
    for (int d = 1; d < kMaxDelta; ++d)
      accept_[d] = probability_threshold(std::exp(-d / std::max(t.temperature, 1e-9)));
    swap_ = probability_threshold(t.swap_probability);
    focus_ = probability_threshold(t.focus_probability);
  }

  SolveResult run();

 private:
  static constexpr int kMaxDelta = 64;

  void build_moves(const std::vector<LabelMask>& masks);
  void restart();
  [[nodiscard]] int pick_var();
  void step();
  void relabel(int var);
  void swap(int var);
  [[nodiscard]] bool accept(int delta) {
    return delta <= 0 || (delta < kMaxDelta && rng_.chance(accept_[delta]));
  }
  [[nodiscard]] bool allows(int var, int label) const { return (masks_[var] >> label) & 1; }
  [[nodiscard]] std::optional<Solution> checked_solution() const;
  [[nodiscard]] LocalSearchProgress progress(Clock::time_point start) const;

  const Formulation& formulation_;
  const LocalSearchOptions& options_;
  MoveEngine engine_;
  Rng rng_;
  std::vector<LabelMask> masks_;
  std::vector<std::vector<int>> allowed_;  // per variable, ascending
  std::vector<int> free_vars_;             // variables with two or more labels
  std::vector<int> group_of_;              // variable -> swap group, -1 if fixed
  std::vector<std::vector<int>> groups_;   // free variables by line length
  std::array<std::uint32_t, kMaxDelta> accept_{};
  std::uint32_t swap_ = 0, focus_ = 0;
  std::uint64_t moves_ = 0;
  std::uint64_t last_improvement_ = 0;
  int best_since_restart_ = 0;
  int best_ = 0;
  int restarts_ = 0;
};

void Search::build_moves(const std::vector<LabelMask>& masks) {
  masks_ = masks;
  allowed_.resize(masks.size());
  group_of_.assign(masks.size(), -1);
  std::map<int, int> group_by_length;
  for (int v = 0; v < static_cast<int>(masks.size()); ++v) {
    for (int l = 0; l < 64; ++l)
      if ((masks[v] >> l) & 1) allowed_[v].push_back(l);
    if (allowed_[v].size() < 2) continue;
    free_vars_.push_back(v);
    auto [it, fresh] = group_by_length.try_emplace(engine_.line_length(v),
                                                   static_cast<int>(groups_.size()));
    if (fresh) groups_.emplace_back();
    group_of_[v] = it->second;
    groups_[it->second].push_back(v);
  }
}

void Search::restart() {
  std::vector<int> labels(allowed_.size());
  for (std::size_t v = 0; v < labels.size(); ++v)
    labels[v] = allowed_[v][rng_.below(static_cast<int>(allowed_[v].size()))];
  engine_.reset(std::move(labels));
  best_since_restart_ = engine_.cost();
  last_improvement_ = moves_;
}

// Mostly a free line through a duplicated cube: only those lines can remove
// a duplicate, so sampling them wastes far fewer moves than uniform choice.
int Search::pick_var() {
  if (rng_.chance(focus_)) {
    for (int tries = 0; tries < 16; ++tries) {
      const int p = rng_.below(engine_.position_count());
      if (!engine_.in_conflict(p)) continue;
      const int v = engine_.vars_at(p)[rng_.below(3)];
      if (group_of_[v] >= 0) return v;
    }
  }
  return free_vars_[rng_.below(static_cast<int>(free_vars_.size()))];
}

void Search::relabel(int var) {
  const auto& choices = allowed_[var];
  const int old = engine_.label(var);
  int label = old;
  while (label == old) label = choices[rng_.below(static_cast<int>(choices.size()))];
  if (!accept(engine_.set_label(var, label))) engine_.set_label(var, old);
}

void Search::swap(int var) {
  const auto& group = groups_[group_of_[var]];
  const int other = group[rng_.below(static_cast<int>(group.size()))];
  const int a = engine_.label(var), b = engine_.label(other);
  if (a == b || !allows(var, b) || !allows(other, a)) return relabel(var);
  const int delta = engine_.set_label(var, b) + engine_.set_label(other, a);
  if (accept(delta)) return;
  engine_.set_label(other, b);
  engine_.set_label(var, a);
}

void Search::step() {
  const int var = pick_var();
  if (rng_.chance(swap_))
    swap(var);
  else
    relabel(var);
  ++moves_;
  const int cost = engine_.cost();
  if (cost < best_since_restart_) {
    best_since_restart_ = cost;
    last_improvement_ = moves_;
    best_ = std::min(best_, cost);
  }
}

std::optional<Solution> Search::checked_solution() const {
  Solution s(formulation_.pyramid().levels(), engine_.labels());
  if (!validate(formulation_.pyramid(), s).ok) return std::nullopt;
  for (const Constraint& c : formulation_.constraints())
    if (!evaluate(c, s.labels())) return std::nullopt;
  return s;
}

LocalSearchProgress Search::progress(Clock::time_point start) const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  return {elapsed, engine_.cost(), best_, moves_,
          elapsed > 0 ? static_cast<double>(moves_) / elapsed : 0.0, restarts_};
}

SolveResult Search::run() {
  const auto start = Clock::now();
  auto next_report = start;
  const std::uint64_t restart_after = options_.tuning.restart_after;
  restart();
  best_ = engine_.cost();
  if (free_vars_.empty() && engine_.cost() > 0)
    return {SolveResult::Status::Unknown, std::nullopt,
            "the strategies fix every label and the result is not a solution"};
  while (true) {
    if (engine_.cost() == 0) {
      if (auto s = checked_solution()) return {SolveResult::Status::Sat, std::move(s), {}};
      // Cannot happen while MoveEngine's invariant holds; never loop on it.
      return {SolveResult::Status::Unknown, std::nullopt, "internal error: cost 0 but no solution"};
    }
    // One block of moves between clock and stop-flag checks (~1 ms).
    for (int i = 0; i < 4096 && engine_.cost() > 0; ++i) step();
    if (engine_.cost() == 0) continue;
    if (restart_after && moves_ - last_improvement_ > restart_after) {
      restart();
      ++restarts_;
    }
    const auto now = Clock::now();
    if (options_.stop && options_.stop->load(std::memory_order_relaxed))
      return {SolveResult::Status::Unknown, std::nullopt, "interrupted"};
    const double elapsed = std::chrono::duration<double>(now - start).count();
    if (options_.timeout_seconds > 0 && elapsed >= options_.timeout_seconds)
      return {SolveResult::Status::Unknown, std::nullopt,
              fmt::format("time limit of {:g} s reached (best cost {})", options_.timeout_seconds,
                          best_)};
    if (options_.progress && now >= next_report) {
      options_.progress(progress(start));
      next_report = now + std::chrono::milliseconds(250);
    }
  }
}

}  // namespace

SolveResult solve_local(const Formulation& formulation, const LocalSearchOptions& options) {
  LabelDomains domains = split_constraints(formulation);
  if (domains.contradiction)
    return {SolveResult::Status::Unknown, std::nullopt, *domains.contradiction};
  Search search(formulation, std::move(domains), options);
  return search.run();
}

}  // namespace bel_pyramid
