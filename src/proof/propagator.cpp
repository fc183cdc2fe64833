#include "proof/propagator.hpp"

#include <algorithm>
#include <utility>

namespace bel_pyramid::proof {

Propagator::Propagator(ClauseStore& store, std::uint32_t variables)
    : store_(store),
      values_(2 * std::size_t{variables} + 2, 0),
      reasons_(std::size_t{variables} + 1, kNoClause),
      explained_(std::size_t{variables} + 1, 0),
      flags_(store.count(), 0),
      core_(2 * std::size_t{variables} + 2),
      rest_(2 * std::size_t{variables} + 2) {}

void Propagator::watch(ClauseId clause) {
  const auto lits = store_.literals(clause);
  std::vector<WatchList>& lists = marked(clause) ? core_ : rest_;
  lists[lits[0]].push_back({clause, lits[1]});
  lists[lits[1]].push_back({clause, lits[0]});
}

void Propagator::unwatch(WatchList& list, ClauseId clause) {
  const auto it = std::find_if(list.begin(), list.end(),
                               [clause](const Watch& w) { return w.clause == clause; });
  if (it != list.end()) {
    *it = list.back();
    list.pop_back();
  }
}

void Propagator::attach(ClauseId clause) {
  flags_[clause] |= kActive;
  if (store_.size(clause) >= 2) watch(clause);
}

// A marked clause may also have stale entries in the unmarked lists; they
// are dropped when met (scan).
void Propagator::detach(ClauseId clause) {
  flags_[clause] &= static_cast<std::uint8_t>(~kActive);
  if (store_.size(clause) < 2) return;
  const auto lits = store_.literals(clause);
  std::vector<WatchList>& lists = marked(clause) ? core_ : rest_;
  unwatch(lists[lits[0]], clause);
  unwatch(lists[lits[1]], clause);
}

void Propagator::assign(Lit lit, ClauseId reason) {
  values_[lit] = 1;
  values_[lit ^ 1] = -1;
  reasons_[var_of(lit)] = reason;
  trail_.push_back(lit);
}

void Propagator::backtrack(std::size_t size) {
  for (std::size_t i = size; i < trail_.size(); ++i) {
    const Lit lit = trail_[i];
    values_[lit] = values_[lit ^ 1] = 0;
    reasons_[var_of(lit)] = kNoClause;
    explained_[var_of(lit)] = 0;
  }
  trail_.resize(std::min(size, trail_.size()));
  core_head_ = std::min(core_head_, trail_.size());
  rest_head_ = std::min(rest_head_, trail_.size());
}

ClauseId Propagator::propagate() {
  for (;;) {
    if (core_head_ < trail_.size()) {
      const Lit false_lit = trail_[core_head_++] ^ 1;
      const ClauseId conflict = scan(core_[false_lit], false_lit, true);
      if (conflict != kNoClause) return conflict;
    } else if (rest_head_ < trail_.size()) {
      const Lit false_lit = trail_[rest_head_++] ^ 1;
      const ClauseId conflict = scan(rest_[false_lit], false_lit, false);
      if (conflict != kNoClause) return conflict;
    } else {
      return kNoClause;
    }
  }
}

// The clauses watching `false_lit`: each finds another literal to watch,
// is satisfied, implies its other watch, or is the conflict.
ClauseId Propagator::scan(WatchList& list, Lit false_lit, bool core) {
  std::vector<WatchList>& lists = core ? core_ : rest_;
  auto kept = list.begin();
  for (auto it = list.begin(); it != list.end(); ++it) {
    const Watch w = *it;
    if (!core && marked(w.clause)) continue;  // stale: its watches are in core_
    if (values_[w.blocker] > 0) {
      *kept++ = w;
      continue;
    }
    const auto lits = store_.literals(w.clause);
    if (lits[0] == false_lit) std::swap(lits[0], lits[1]);
    const Lit other = lits[0];
    if (values_[other] > 0) {
      *kept++ = {w.clause, other};
      continue;
    }
    const auto replacement =
        std::find_if(lits.begin() + 2, lits.end(), [this](Lit lit) { return values_[lit] >= 0; });
    if (replacement != lits.end()) {
      std::swap(lits[1], *replacement);
      lists[lits[1]].push_back({w.clause, other});
      continue;
    }
    *kept++ = {w.clause, other};
    if (values_[other] < 0) {  // every literal false
      kept = std::copy(it + 1, list.end(), kept);
      list.erase(kept, list.end());
      return w.clause;
    }
    assign(other, w.clause);
  }
  list.erase(kept, list.end());
  return kNoClause;
}

void Propagator::mark(ClauseId clause) {
  if (marked(clause)) return;
  flags_[clause] |= kMarked;
  ++marked_count_;
  // Its unmarked watches turn stale; watch it among the core.
  if (active(clause) && store_.size(clause) >= 2) watch(clause);
}

void Propagator::mark_reasons(Lit lit) {
  pending_.push_back(var_of(lit));
  while (!pending_.empty()) {
    const std::uint32_t var = pending_.back();
    pending_.pop_back();
    if (explained_[var]) continue;
    explained_[var] = 1;
    const ClauseId reason = reasons_[var];
    if (reason == kNoClause) continue;
    mark(reason);
    for (const Lit lit_of_reason : store_.literals(reason))
      if (var_of(lit_of_reason) != var) pending_.push_back(var_of(lit_of_reason));
  }
}

void Propagator::mark_conflict(ClauseId conflict) {
  mark(conflict);
  for (const Lit lit : store_.literals(conflict)) mark_reasons(lit);
}

}  // namespace bel_pyramid::proof
