// The DRAT check: does the proof refute the formula? Each lemma it adds must
// be RUP (assigning its literals false makes unit propagation over the
// active clauses conflict) or RAT on its first literal p (every resolvent
// with an active clause containing -p is RUP); deletions make clauses
// inactive. The proof refutes the formula when the formula with its lemmas
// conflicts by unit propagation, with the empty clause or before it.
//
// Backward checking: a forward pass adds and deletes without checking,
// propagating at the top level, until the first conflict; the clauses it
// rests on are marked, then the lemmas are taken back in reverse order and
// only the marked ones checked, each check marking what it used.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "proof/clause_store.hpp"
#include "proof/drat_reader.hpp"

namespace bel_pyramid::proof {

// Counted up to the conflict (the steps after it are not looked at).
struct CheckStats {
  std::size_t lemmas = 0, deletions = 0;
  std::size_t checked = 0, rat = 0;        // lemmas checked, of them RAT
  std::size_t ignored_unit_deletions = 0;  // see DratChecker::remove
  std::size_t missing_deletions = 0;       // deletions of no active clause
  std::size_t steps_used = 0;              // the steps up to the conflict
};

struct Verdict {
  bool verified = false;
  std::string reason;  // why not, when not verified
  CheckStats stats;
};

// The first `formula_clauses` clauses of `store` are the formula; `steps`
// name the others.
[[nodiscard]] Verdict check_drat(ClauseStore& store, std::size_t formula_clauses,
                                 const std::vector<Step>& steps);

}  // namespace bel_pyramid::proof
