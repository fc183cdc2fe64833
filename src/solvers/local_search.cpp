#include "solvers/local_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "base/progress_pacer.hpp"
#include "base/rng.hpp"
#include "model/label_domains.hpp"
#include "solvers/move_engine.hpp"

namespace bel_pyramid {
namespace {

std::uint32_t probability_threshold(double p) {
  return static_cast<std::uint32_t>(std::clamp(p, 0.0, 1.0) * 4294967295.0);
}

class Search {
 public:
  Search(const Formulation& f, const LabelDomains& domains, const SolveLimits& limits)
      : formulation_(f), limits_(limits), rng_(stream_seed(limits.seed, limits.stream)) {
    const LocalSearchTuning& t = limits.local_tuning;
    const int k = std::max(1, t.replicas);
    for (int r = 0; r < k; ++r) {
      engines_.emplace_back(f.pyramid(), domains.penalties);
      const double ratio = k == 1 ? 0.0 : static_cast<double>(r) / (k - 1);
      temperatures_.push_back(t.temperature * std::pow(t.max_temperature / t.temperature, ratio));
      accept_.emplace_back();
      for (int d = 1; d < kMaxDelta; ++d)
        accept_[r][d] = probability_threshold(std::exp(-d / std::max(temperatures_[r], 1e-9)));
    }
    build_moves(domains.masks);
    exchange_offers_.assign(k, 0);
    exchange_accepts_.assign(k, 0);
    swap_ = probability_threshold(t.swap_probability);
    focus_ = probability_threshold(t.focus_probability);
    aim_ = probability_threshold(t.aim_probability);
  }

  SolveResult run();
  SolveResult search(const StopCheck& check);

 private:
  static constexpr int kMaxDelta = 64;

  void build_moves(const std::vector<LabelMask>& masks);
  void restart();
  [[nodiscard]] int pick_var();
  [[nodiscard]] int aimed_label(int var);
  void step();
  void relabel(int var);
  void swap(int var);
  void note_best();
  [[nodiscard]] bool accept(int delta) {
    return delta <= 0 || (delta < kMaxDelta && rng_.chance(accept_[current_][delta]));
  }
  [[nodiscard]] MoveEngine& engine() { return engines_[current_]; }
  [[nodiscard]] const MoveEngine& engine() const { return engines_[current_]; }
  void exchange();
  [[nodiscard]] bool solved() const;
  void run_replicas(std::uint64_t moves);
  [[nodiscard]] bool allows(int var, int label) const { return (masks_[var] >> label) & 1; }
  [[nodiscard]] std::optional<Solution> checked_solution() const;
  [[nodiscard]] SearchProgress progress(const StopCheck& check) const;
  [[nodiscard]] SolveResult stopped(const StopCheck& check) const;

  const Formulation& formulation_;
  const SolveLimits& limits_;
  Rng rng_;
  // Replica r has temperature temperatures_[r]; exchanging two replicas
  // swaps their engines, so the temperature ladder stays fixed.
  std::vector<MoveEngine> engines_;
  std::vector<double> temperatures_;
  std::vector<std::array<std::uint32_t, kMaxDelta>> accept_;  // per replica
  int current_ = 0;
  std::vector<LabelMask> masks_;
  std::vector<std::vector<int>> allowed_;  // per variable, ascending
  std::vector<int> free_vars_;             // variables with two or more labels
  std::vector<int> group_of_;              // variable -> swap group, -1 if fixed
  std::vector<std::vector<int>> groups_;   // free variables by line length
  std::uint32_t swap_ = 0, focus_ = 0, aim_ = 0;
  std::vector<int> best_labels_;  // a state of cost best_
  int focused_position_ = -1;     // the conflict pick_var() started from, or -1
  int focused_slot_ = 0;
  std::uint64_t moves_ = 0;
  std::uint64_t last_improvement_ = 0;
  int best_since_restart_ = 0;
  int best_ = 0;
  int restarts_ = 0;
  std::vector<std::uint64_t> exchange_offers_, exchange_accepts_;  // per adjacent pair
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
    auto [it, fresh] =
        group_by_length.try_emplace(engine().line_length(v), static_cast<int>(groups_.size()));
    if (fresh) groups_.emplace_back();
    group_of_[v] = it->second;
    groups_[it->second].push_back(v);
  }
}

// Random labels, or the given start state (--resume) on the first call.
void Search::restart() {
  best_since_restart_ = std::numeric_limits<int>::max();
  const std::vector<int>* start =
      moves_ == 0 && limits_.start && limits_.start->size() == allowed_.size() ? &*limits_.start
                                                                               : nullptr;
  for (MoveEngine& e : engines_) {
    std::vector<int> labels(allowed_.size());
    for (std::size_t v = 0; v < labels.size(); ++v)
      labels[v] = start && allows(static_cast<int>(v), (*start)[v])
                      ? (*start)[v]
                      : allowed_[v][rng_.below(static_cast<int>(allowed_[v].size()))];
    e.reset(std::move(labels));
    best_since_restart_ = std::min(best_since_restart_, e.cost());
  }
  last_improvement_ = moves_;
}

// Metropolis on the exchange of neighbouring temperatures: a colder replica
// always takes a better state; otherwise with exp((1/Tc - 1/Th)(Ec - Eh)).
void Search::exchange() {
  for (std::size_t r = rng_.below(2); r + 1 < engines_.size(); r += 2) {
    const double x = (1 / temperatures_[r] - 1 / temperatures_[r + 1]) *
                     (engines_[r].cost() - engines_[r + 1].cost());
    ++exchange_offers_[r];
    if (x >= 0 || rng_.bits32() < probability_threshold(std::exp(x))) {
      std::swap(engines_[r], engines_[r + 1]);
      ++exchange_accepts_[r];
    }
  }
}

bool Search::solved() const {
  return std::any_of(engines_.begin(), engines_.end(),
                     [](const MoveEngine& e) { return e.cost() == 0; });
}

// Runs each replica for `moves` moves (fewer once one reaches cost 0), then
// offers exchanges.
void Search::run_replicas(std::uint64_t moves) {
  for (current_ = 0; current_ < static_cast<int>(engines_.size()); ++current_) {
    for (std::uint64_t i = 0; i < moves && engine().cost() > 0; ++i) step();
    if (engine().cost() == 0) return;
  }
  current_ = 0;
  if (engines_.size() > 1) exchange();
}

// Mostly a free line through a duplicated cube: only those lines can remove
// a duplicate, so sampling them wastes far fewer moves than uniform choice.
int Search::pick_var() {
  focused_position_ = -1;
  if (rng_.chance(focus_)) {
    for (int tries = 0; tries < 16; ++tries) {
      const int p = rng_.below(engine().position_count());
      if (!engine().in_conflict(p)) continue;
      const int slot = rng_.below(3);
      const int v = engine().vars_at(p)[slot];
      if (group_of_[v] < 0) continue;
      focused_position_ = p;
      focused_slot_ = slot;
      return v;
    }
  }
  return free_vars_[rng_.below(static_cast<int>(free_vars_.size()))];
}

// A label that would turn the focused position's duplicated cube into a
// missing one (chosen uniformly among those), or -1. Such a move removes the
// conflict where it was found; the rest of the line is left to Metropolis.
int Search::aimed_label(int var) {
  int chosen = -1, found = 0;
  for (int l : allowed_[var])
    if (engine().uses_if(focused_position_, focused_slot_, l) == 0 && rng_.below(++found) == 0)
      chosen = l;
  return chosen;
}

void Search::relabel(int var) {
  const auto& choices = allowed_[var];
  const int old = engine().label(var);
  int label = focused_position_ >= 0 && rng_.chance(aim_) ? aimed_label(var) : -1;
  if (label < 0) label = old;
  while (label == old) label = choices[rng_.below(static_cast<int>(choices.size()))];
  if (accept(engine().relabel_delta(var, label))) engine().set_label(var, label);
}

void Search::swap(int var) {
  const auto& group = groups_[group_of_[var]];
  const int other = group[rng_.below(static_cast<int>(group.size()))];
  const int a = engine().label(var), b = engine().label(other);
  if (a == b || !allows(var, b) || !allows(other, a)) return relabel(var);
  const int delta = engine().set_label(var, b) + engine().relabel_delta(other, a);
  if (accept(delta))
    engine().set_label(other, a);
  else
    engine().set_label(var, a);
}

void Search::step() {
  const int var = pick_var();
  const std::uint32_t r = rng_.bits32();
  if (r < swap_)
    swap(var);
  else
    relabel(var);
  ++moves_;
  const int cost = engine().cost();
  if (cost < best_since_restart_) {
    best_since_restart_ = cost;
    last_improvement_ = moves_;
    if (cost < best_) note_best();
  }
}

void Search::note_best() {
  best_ = engine().cost();
  best_labels_ = engine().labels();
}

std::optional<Solution> Search::checked_solution() const {
  const auto solved = std::find_if(engines_.begin(), engines_.end(),
                                   [](const MoveEngine& e) { return e.cost() == 0; });
  Solution s(formulation_.pyramid().levels(), solved->labels());
  if (!validate(formulation_.pyramid(), s).ok) return std::nullopt;
  for (const Constraint& c : formulation_.constraints())
    if (!evaluate(c, s.labels())) return std::nullopt;
  return s;
}

SearchProgress Search::progress(const StopCheck& check) const {
  SearchProgress p;
  p.elapsed_seconds = check.stopwatch().seconds();
  p.cost = std::numeric_limits<int>::max();
  for (const MoveEngine& e : engines_) p.cost = std::min(p.cost, e.cost());
  p.best_cost = best_;
  p.steps = moves_;
  p.rate = p.elapsed_seconds > 0 ? static_cast<double>(moves_) / p.elapsed_seconds : 0.0;
  p.rate_unit = "moves";
  p.restarts = restarts_;
  p.best_labels = best_labels_;
  for (std::size_t r = 0; r + 1 < engines_.size(); ++r)
    p.exchange_acceptance.push_back(
        exchange_offers_[r] ? static_cast<double>(exchange_accepts_[r]) / exchange_offers_[r] : 0);
  return p;
}

// Unknown, with the best cost reached.
SolveResult Search::stopped(const StopCheck& check) const {
  return {SolveResult::Status::Unknown, std::nullopt,
          check.interrupted() ? fmt::format("interrupted (best cost {})", best_)
                              : fmt::format("time limit of {:g} s reached (best cost {})",
                                            check.timeout_seconds(), best_)};
}

// The search proper; run() adds a last progress report, so callers see the
// final move count.
SolveResult Search::run() {
  const StopCheck check = limits_.started();
  SolveResult result = search(check);
  if (limits_.progress) limits_.progress(progress(check));
  return result;
}

SolveResult Search::search(const StopCheck& check) {
  // The first report comes at the first poll, so a log starts at once.
  ProgressPacer pacer(check.stopwatch().started(), {});
  const std::uint64_t restart_after = limits_.local_tuning.restart_after;
  restart();
  best_ = std::numeric_limits<int>::max();
  for (current_ = 0; current_ < static_cast<int>(engines_.size()); ++current_)
    if (engine().cost() < best_) note_best();
  current_ = 0;
  if (free_vars_.empty() && !solved())
    return {SolveResult::Status::Unknown, std::nullopt,
            "the strategies fix every label and the result is not a solution"};
  while (true) {
    if (solved()) {
      if (auto s = checked_solution()) return {SolveResult::Status::Sat, std::move(s), {}};
      // Cannot happen while MoveEngine's invariant holds; never loop on it.
      return {SolveResult::Status::Unknown, std::nullopt, "internal error: cost 0 but no solution"};
    }
    // Blocks of moves between clock and stop-flag checks (~1 ms).
    const std::uint64_t per_replica =
        std::max<std::uint64_t>(1, limits_.local_tuning.exchange_every);
    for (std::uint64_t done = 0; done < 4096 && !solved(); done += per_replica * engines_.size())
      run_replicas(per_replica);
    if (solved()) continue;
    if (restart_after && moves_ - last_improvement_ > restart_after) {
      restart();
      ++restarts_;
    }
    if (check.stopped()) return stopped(check);
    if (limits_.progress && pacer.due(Stopwatch::Clock::now())) limits_.progress(progress(check));
  }
}

}  // namespace

SolveResult solve_local(const Formulation& formulation, const SolveLimits& limits) {
  const LabelDomains domains = split_constraints(formulation);
  if (domains.contradiction)
    return {SolveResult::Status::Unknown, std::nullopt, *domains.contradiction};
  if (const char* misfit = limits.start_misfit(static_cast<int>(domains.masks.size())))
    return {SolveResult::Status::Unknown, std::nullopt, misfit};
  if (limits.start) {  // a resumed state must fit this run, or the user hears why
    const std::vector<int>& start = *limits.start;
    for (std::size_t v = 0; v < start.size(); ++v)
      if (start[v] < 0 || start[v] >= 64 || !((domains.masks[v] >> start[v]) & 1))
        return {SolveResult::Status::Unknown, std::nullopt,
                "the starting state breaks a label the strategies fix"};
  }
  Search search(formulation, domains, limits);
  return search.run();
}

}  // namespace bel_pyramid
