#include "proof/drat_checker.hpp"

#include <algorithm>
#include <utility>

#include "proof/clause_index.hpp"
#include "proof/propagator.hpp"

namespace bel_pyramid::proof {
namespace {

constexpr std::size_t kNoStep = SIZE_MAX;

class DratChecker {
 public:
  DratChecker(ClauseStore& store, const std::vector<Step>& steps)
      : store_(store),
        steps_(steps),
        propagator_(store, store.max_variable()),
        index_(store, store.max_variable()),
        trail_before_(steps.size(), 0),
        removed_(steps.size(), kNoClause) {}

  Verdict run(std::size_t formula_clauses);

 private:
  ClauseId add(ClauseId clause);
  void remove(std::size_t step);
  bool forward(std::size_t formula_clauses);
  bool backward();
  bool implied(ClauseId lemma);
  bool rup(const std::vector<Lit>& clause);
  bool rat(ClauseId lemma);
  std::string describe(std::size_t step) const;

  ClauseStore& store_;
  const std::vector<Step>& steps_;
  Propagator propagator_;
  ClauseIndex index_;
  std::vector<std::uint32_t> trail_before_;  // by step: the trail when it came
  std::vector<ClauseId> removed_;            // by deletion step: the clause it deleted
  std::size_t conflict_step_ = kNoStep;      // kNoStep: the formula alone
  ClauseId conflict_ = kNoClause;
  std::vector<Lit> buffer_;
  Verdict verdict_;
};

// Makes the clause active at the top level (its watches chosen among the
// literals not false); the clause falsified by propagation, or kNoClause.
ClauseId DratChecker::add(ClauseId clause) {
  index_.insert(clause);
  const auto lits = store_.literals(clause);
  std::size_t free = 0;  // literals not false, moved to the front (at most two)
  for (std::size_t k = 0; k < lits.size() && free < 2; ++k)
    if (propagator_.value(lits[k]) >= 0) std::swap(lits[free++], lits[k]);
  propagator_.attach(clause);
  if (free == 0) return clause;
  if (free >= 2 || propagator_.value(lits[0]) > 0) return kNoClause;
  propagator_.assign(lits[0], clause);
  return propagator_.propagate();
}

// A deletion, matched by literals. Like drat-trim, a deletion of a unit
// clause or of the reason of a top-level assignment is ignored: taking it
// back would undo propagation the rest of the proof builds on, and solvers
// delete such clauses only because they keep the unit elsewhere.
void DratChecker::remove(std::size_t step) {
  ++verdict_.stats.deletions;
  const ClauseId clause = index_.find(steps_[step].clause);
  if (clause == kNoClause) {
    ++verdict_.stats.missing_deletions;
    return;
  }
  const auto lits = store_.literals(clause);
  if (lits.size() <= 1 || propagator_.reason(lits[0]) == clause) {
    ++verdict_.stats.ignored_unit_deletions;
    return;
  }
  index_.erase(clause);
  propagator_.detach(clause);
  removed_[step] = clause;
}

// True when the formula with the proof's lemmas conflicts by propagation.
bool DratChecker::forward(std::size_t formula_clauses) {
  for (ClauseId c = 0; c < formula_clauses; ++c)
    if ((conflict_ = add(c)) != kNoClause) return true;
  for (std::size_t step = 0; step < steps_.size(); ++step) {
    trail_before_[step] = static_cast<std::uint32_t>(propagator_.trail_size());
    if (steps_[step].deletion) {
      remove(step);
      continue;
    }
    ++verdict_.stats.lemmas;
    if ((conflict_ = add(steps_[step].clause)) != kNoClause) {
      conflict_step_ = step;
      return true;
    }
  }
  return false;
}

// The lemmas before the conflict in reverse order, checking the marked ones.
bool DratChecker::backward() {
  propagator_.mark_conflict(conflict_);
  if (conflict_step_ == kNoStep) return true;
  for (std::size_t step = conflict_step_ + 1; step-- > 0;) {
    if (steps_[step].deletion) {
      if (removed_[step] != kNoClause) propagator_.attach(removed_[step]);
      continue;
    }
    const ClauseId lemma = steps_[step].clause;
    propagator_.detach(lemma);
    propagator_.backtrack(trail_before_[step]);
    if (!propagator_.marked(lemma)) continue;
    ++verdict_.stats.checked;
    if (!implied(lemma)) {
      verdict_.reason = describe(step);
      return false;
    }
  }
  return true;
}

bool DratChecker::implied(ClauseId lemma) {
  const auto lits = store_.literals(lemma);
  buffer_.assign(lits.begin(), lits.end());
  return rup(buffer_) || rat(lemma);
}

// Assigns the clause false over the top level and propagates; on a conflict
// marks what it used. Leaves the top level as it was.
bool DratChecker::rup(const std::vector<Lit>& clause) {
  const std::size_t top = propagator_.trail_size();
  bool conflict = false;
  for (const Lit lit : clause) {
    const int value = propagator_.value(lit);
    if (value > 0) {  // already true: its negation conflicts at once
      propagator_.mark_reasons(lit);
      conflict = true;
      break;
    }
    if (value == 0) propagator_.assign(lit ^ 1, kNoClause);
  }
  if (!conflict) {
    const ClauseId falsified = propagator_.propagate();
    conflict = falsified != kNoClause;
    if (conflict) propagator_.mark_conflict(falsified);
  }
  propagator_.backtrack(top);
  return conflict;
}

// RAT on the lemma's first literal p: each resolvent with an active clause
// containing -p is RUP; those clauses join the core.
bool DratChecker::rat(ClauseId lemma) {
  if (store_.size(lemma) == 0) return false;
  const Lit pivot = store_.first(lemma);
  std::vector<ClauseId> candidates;
  for (ClauseId c = 0; c < store_.count(); ++c) {
    if (!propagator_.active(c)) continue;
    const auto lits = store_.literals(c);
    if (std::find(lits.begin(), lits.end(), pivot ^ 1) != lits.end()) candidates.push_back(c);
  }
  const auto lemma_lits = store_.literals(lemma);
  for (const ClauseId c : candidates) {
    buffer_.assign(lemma_lits.begin(), lemma_lits.end());
    for (const Lit lit : store_.literals(c))
      if (lit != (pivot ^ 1)) buffer_.push_back(lit);
    if (!rup(buffer_)) return false;
    propagator_.mark(c);
  }
  ++verdict_.stats.rat;
  return true;
}

std::string DratChecker::describe(std::size_t step) const {
  const auto lits = store_.literals(steps_[step].clause);
  if (lits.empty())
    return "the empty clause (proof step " + std::to_string(step + 1) +
           ") does not follow by unit propagation";
  const Lit pivot = store_.first(steps_[step].clause);
  std::string text = std::to_string(to_dimacs(pivot)) + " ";
  for (std::size_t i = 0, shown = 1; i < lits.size(); ++i) {
    if (lits[i] == pivot) continue;
    if (++shown > 12) {
      text += "... ";
      break;
    }
    text += std::to_string(to_dimacs(lits[i])) + " ";
  }
  return "lemma at proof step " + std::to_string(step + 1) + " is neither RUP nor RAT: " + text +
         "0";
}

Verdict DratChecker::run(std::size_t formula_clauses) {
  if (!forward(formula_clauses)) {
    verdict_.reason = "no conflict: the formula with the proof's " +
                      std::to_string(verdict_.stats.lemmas) +
                      " lemma(s) is not refuted by unit propagation (no empty clause derived)";
    return verdict_;
  }
  verdict_.stats.steps_used = conflict_step_ == kNoStep ? 0 : conflict_step_ + 1;
  verdict_.verified = backward();
  return verdict_;
}

}  // namespace

Verdict check_drat(ClauseStore& store, std::size_t formula_clauses,
                   const std::vector<Step>& steps) {
  return DratChecker(store, steps).run(formula_clauses);
}

}  // namespace bel_pyramid::proof
