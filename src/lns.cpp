#include "bel_pyramid/lns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <limits>

#include "bel_pyramid/checked_solution.hpp"
#include "bel_pyramid/label_domains.hpp"
#include "bel_pyramid/line_completion.hpp"
#include "bel_pyramid/local_search.hpp"
#include "bel_pyramid/move_engine.hpp"
#include "bel_pyramid/rng.hpp"

namespace bel_pyramid {
namespace {

using Clock = std::chrono::steady_clock;

class Lns {
 public:
  Lns(const Formulation& f, const LabelDomains& d, const SolveLimits& limits, const LnsTuning& t)
      : f_(f),
        p_(f.pyramid()),
        limits_(limits),
        tuning_(t),
        rng_(limits.seed),
        penalties_(d.penalties),
        masks_(d.masks),
        start_(Clock::now()),
        end_(limits.timeout_seconds > 0
                 ? start_ + std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(limits.timeout_seconds))
                 : Clock::time_point::max()) {
    for (int v = 0; v < p_.var_count(); ++v)
      if (std::popcount(masks_[v]) >= 2) ++free_lines_;
    target_ = std::max(4.0, tuning_.free_share * free_lines_);
    build_pieces();
  }

  SolveResult run();

 private:
  void build_pieces();
  [[nodiscard]] bool out_of_time() const {
    return Clock::now() >= end_ || (limits_.stop && limits_.stop->load());
  }
  [[nodiscard]] double remaining() const {
    return end_ == Clock::time_point::max()
               ? 1e9
               : std::chrono::duration<double>(end_ - Clock::now()).count();
  }
  SolveResult local_burst(double seconds);
  std::optional<SolveResult> round();
  void neighbourhood(std::vector<char>& freed);
  [[nodiscard]] SolveResult unknown(const std::string& why) const {
    return {SolveResult::Status::Unknown, std::nullopt,
            fmt::format("{} (best cost {}, {} LNS rounds: {} unsat, {} at the conflict limit, "
                        "{:.1f} s in CaDiCaL, last target {:.0f} lines)",
                        why, best_cost_, rounds_, unsat_rounds_, rounds_ - unsat_rounds_,
                        sat_seconds_, target_)};
  }
  void report() const;

  const Formulation& f_;
  const Pyramid& p_;
  const SolveLimits& limits_;
  LnsTuning tuning_;
  Rng rng_;
  std::vector<Constraint> penalties_;
  std::vector<LabelMask> masks_;
  Clock::time_point start_, end_;
  std::vector<std::vector<int>> pieces_;  // structured sets of variables
  int free_lines_ = 0;
  double target_ = 0;
  std::vector<int> best_;  // best state of the local search
  int best_cost_ = std::numeric_limits<int>::max();
  std::uint64_t rounds_ = 0, unsat_rounds_ = 0;
  double sat_seconds_ = 0;
};

// Cake slices (column x: X[x][*] and Z[*][x]; row y: Y[y][*] and Z[y][*]),
// levels (X and Y lines of height h) and label classes are built per round;
// here the geometric ones, once.
void Lns::build_pieces() {
  const int b = p_.base();
  for (int x = 0; x < b; ++x) {
    std::vector<int> col, row;
    for (int h = 0; h < p_.tri(x); ++h) {
      col.push_back(p_.x_var(x, h));
      row.push_back(p_.y_var(x, h));
    }
    for (int k = 0; k < b; ++k) {
      col.push_back(p_.z_var(k, x));
      row.push_back(p_.z_var(x, k));
    }
    pieces_.push_back(std::move(col));
    pieces_.push_back(std::move(row));
  }
  for (int h = 0; h < p_.levels(); ++h) {
    std::vector<int> level;
    for (int i = 0; i < b; ++i)
      if (h < p_.tri(i)) {
        level.push_back(p_.x_var(i, h));
        level.push_back(p_.y_var(i, h));
      }
    pieces_.push_back(std::move(level));
  }
}

// The lines through duplicated cubes and their crossing lines first, then
// random structured pieces until `target_` free lines are freed.
void Lns::neighbourhood(std::vector<char>& freed) {
  freed.assign(p_.var_count(), 0);
  int count = 0;
  auto add = [&](int v) {
    if (!freed[v] && std::popcount(masks_[v]) >= 2) {
      freed[v] = 1;
      ++count;
    }
  };
  MoveEngine engine(p_, penalties_);
  engine.reset(best_);
  for (int q = 0; q < engine.position_count(); ++q)
    if (engine.in_conflict(q))
      for (int v : engine.vars_at(q)) add(v);
  while (count < target_ && count < free_lines_) {
    const int n = static_cast<int>(pieces_.size());
    const int k = rng_.below(n + 2);
    if (k < n) {
      for (int v : pieces_[k]) add(v);
    } else {  // every line carrying one label
      const int l = rng_.below(p_.labels());
      for (int v = 0; v < p_.var_count(); ++v)
        if (best_[v] == l && rng_.below(2) == 0) add(v);
    }
  }
}

// One LNS round: the freed lines are re-solved exactly (complete_lines);
// Found is a solution of the whole puzzle, Impossible grows the target, a
// spent conflict limit shrinks it.
std::optional<SolveResult> Lns::round() {
  ++rounds_;
  std::vector<char> freed;
  neighbourhood(freed);
  const auto t0 = Clock::now();
  LineCompletion c = complete_lines(p_, masks_, best_, freed, tuning_.conflicts,
                                    static_cast<int>(rng_.bits32() & 0x7fffffff),
                                    [this] { return out_of_time(); });
  sat_seconds_ += std::chrono::duration<double>(Clock::now() - t0).count();
  switch (c.status) {
    case LineCompletion::Status::Found:
      if (auto s = checked_solution(f_, c.labels))
        return SolveResult{SolveResult::Status::Sat, std::move(s), {}};
      // Only the strategies' non-unary constraints, not in the sub-problem,
      // can fail here: keep searching.
      return std::nullopt;
    case LineCompletion::Status::Impossible:
      ++unsat_rounds_;
      target_ = std::min<double>(free_lines_, target_ * 1.15);
      return std::nullopt;
    case LineCompletion::Status::GaveUp:
      if (!out_of_time()) target_ = std::max(4.0, target_ / 1.15);
      return std::nullopt;
  }
  return std::nullopt;
}

// Local search from the best state for `seconds`; keeps its best state.
SolveResult Lns::local_burst(double seconds) {
  LocalSearchOptions o;
  o.seed = rng_.next();
  o.timeout_seconds = std::max(0.01, std::min(seconds, remaining()));
  o.stop = limits_.stop;
  if (!best_.empty()) o.start = best_;
  std::vector<int> state;
  int cost = std::numeric_limits<int>::max();
  o.progress = [&](const LocalSearchProgress& p) {
    if (!p.best_labels.empty() && p.best_cost < cost) {
      cost = p.best_cost;
      state = p.best_labels;
    }
  };
  SolveResult r = solve_local(f_, o);
  // The burst's best replaces ours even when worse: a fresh state to free.
  if (!state.empty()) {
    best_ = std::move(state);
    best_cost_ = std::min(best_cost_, cost);
  }
  return r;
}

void Lns::report() const {
  if (!limits_.progress) return;
  SearchProgress p;
  p.elapsed_seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  p.best_cost = p.cost = best_cost_;
  p.rate = p.elapsed_seconds > 0 ? rounds_ / p.elapsed_seconds : 0;
  p.rate_unit = "rounds";
  p.best_labels = best_;
  limits_.progress(p);
}

SolveResult Lns::run() {
  double burst = tuning_.first_burst_seconds;
  if (limits_.start) best_ = *limits_.start;
  while (true) {
    SolveResult r = local_burst(burst);
    burst *= tuning_.burst_growth;
    report();
    if (r.status == SolveResult::Status::Sat) return r;
    for (int k = 0; k < tuning_.rounds && !out_of_time(); ++k)
      if (auto answer = round()) {
        if (answer->status == SolveResult::Status::Sat) best_cost_ = 0;
        report();
        return *answer;
      }
    report();
    if (limits_.stop && limits_.stop->load()) return unknown("interrupted");
    if (Clock::now() >= end_)
      return unknown(fmt::format("time limit of {:g} s reached", limits_.timeout_seconds));
  }
}

}  // namespace

SolveResult solve_lns(const Formulation& formulation, const SolveLimits& limits,
                      const LnsTuning& tuning) {
  const LabelDomains domains = split_constraints(formulation);
  if (domains.contradiction)
    return {SolveResult::Status::Unknown, std::nullopt, *domains.contradiction};
  Lns search(formulation, domains, limits, tuning);
  return search.run();
}

SolveResult solve_lns(const Formulation& formulation, const SolveLimits& limits) {
  return solve_lns(formulation, limits, LnsTuning{});
}

}  // namespace bel_pyramid
