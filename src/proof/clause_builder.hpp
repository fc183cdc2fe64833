// Collects one clause's literals as a reader meets them, dropping repeated
// literals (a clause is a set; drat-trim drops them too) and keeping the
// first occurrence's order, so the first literal stays the RAT pivot.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "proof/clause_store.hpp"
#include "proof/literal.hpp"

namespace bel_pyramid::proof {

class ClauseBuilder {
 public:
  void push(Lit lit) {
    if (lit >= seen_.size()) seen_.resize(std::size_t{lit} + 1, 0);  // by the literals met
    if (seen_[lit] == round_) return;
    seen_[lit] = round_;
    lits_.push_back(lit);
  }
  [[nodiscard]] bool empty() const { return lits_.empty(); }
  // Stores the clause and starts the next one.
  ClauseId finish(ClauseStore& store) {
    const ClauseId id = store.add(lits_);
    lits_.clear();
    if (++round_ == 0) {  // the stamps wrapped: forget them all
      std::fill(seen_.begin(), seen_.end(), 0);
      round_ = 1;
    }
    return id;
  }

 private:
  std::vector<std::uint32_t> seen_;
  std::uint32_t round_ = 1;
  std::vector<Lit> lits_;
};

}  // namespace bel_pyramid::proof
