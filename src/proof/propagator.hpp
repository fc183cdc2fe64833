// Unit propagation over the active clauses with two watched literals, and
// the marking of the clauses a conflict rests on (the core).
//
// A clause of two or more literals watches literals()[0] and [1]; a clause
// that propagates keeps the implied literal first. Watches survive detaching
// and attaching again, and taking assignments back to an earlier fixpoint of
// the trail, so the backward pass never has to watch clauses anew.
//
// Core first: a marked clause's watches sit in their own lists, propagated
// before any unmarked clause's, so that conflicts are found with clauses
// already in the core when they can be, and fewer lemmas need checking.
#pragma once

#include <cstdint>
#include <vector>

#include "proof/clause_store.hpp"

namespace bel_pyramid::proof {

class Propagator {
 public:
  Propagator(ClauseStore& store, std::uint32_t variables);

  // 1 true, -1 false, 0 unassigned.
  [[nodiscard]] int value(Lit lit) const { return values_[lit]; }
  [[nodiscard]] ClauseId reason(Lit lit) const { return reasons_[var_of(lit)]; }
  [[nodiscard]] std::size_t trail_size() const { return trail_.size(); }

  // Makes the clause active; one of two or more literals is watched on
  // literals()[0] and [1] (the caller arranges them).
  void attach(ClauseId clause);
  void detach(ClauseId clause);
  [[nodiscard]] bool active(ClauseId clause) const { return flags_[clause] & kActive; }

  void assign(Lit lit, ClauseId reason);  // reason kNoClause: an assumption
  // Propagates what was assigned since the last call; the falsified clause
  // or kNoClause at a fixpoint.
  ClauseId propagate();
  // Takes back every assignment after the first `size` (an earlier fixpoint).
  void backtrack(std::size_t size);

  [[nodiscard]] bool marked(ClauseId clause) const { return flags_[clause] & kMarked; }
  [[nodiscard]] std::size_t marked_count() const { return marked_count_; }
  void mark(ClauseId clause);
  // Marks the conflict and every reason it rests on.
  void mark_conflict(ClauseId conflict);
  // Marks every reason the assignment of `lit`'s variable rests on.
  void mark_reasons(Lit lit);

 private:
  struct Watch {
    ClauseId clause;
    Lit blocker;  // another literal of the clause: true means nothing to do
  };
  using WatchList = std::vector<Watch>;
  static constexpr std::uint8_t kActive = 1, kMarked = 2;

  ClauseId scan(WatchList& list, Lit false_lit, bool core);
  void watch(ClauseId clause);
  void unwatch(WatchList& list, ClauseId clause);

  ClauseStore& store_;
  std::vector<std::int8_t> values_;      // by literal
  std::vector<ClauseId> reasons_;        // by variable
  std::vector<std::uint8_t> explained_;  // by variable: its reasons are marked
  std::vector<std::uint8_t> flags_;      // by clause
  std::vector<WatchList> core_, rest_;   // by literal: the clauses watching it
  std::vector<Lit> trail_;
  std::size_t core_head_ = 0, rest_head_ = 0;  // trail positions propagated
  std::vector<std::uint32_t> pending_;         // variables to explain
  std::size_t marked_count_ = 0;
};

}  // namespace bel_pyramid::proof
