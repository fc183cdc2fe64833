#include "proof/clause_store.hpp"

#include <algorithm>

namespace bel_pyramid::proof {

ClauseId ClauseStore::add(std::span<const Lit> literals) {
  const auto id = static_cast<ClauseId>(starts_.size());
  starts_.push_back(lits_.size());
  sizes_.push_back(static_cast<std::uint32_t>(literals.size()));
  firsts_.push_back(literals.empty() ? 0 : literals.front());
  lits_.insert(lits_.end(), literals.begin(), literals.end());
  for (const Lit lit : literals) max_variable_ = std::max(max_variable_, var_of(lit));
  return id;
}

}  // namespace bel_pyramid::proof
