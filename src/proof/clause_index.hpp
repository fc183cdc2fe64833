// Finds the active clause a deletion names: DRAT deletes by literals, in any
// order, so clauses are hashed by their literal set (a sum of the literals'
// hashes does not depend on the order) and compared as sets on a match.
#pragma once

#include <cstdint>
#include <vector>

#include "proof/clause_store.hpp"

namespace bel_pyramid::proof {

class ClauseIndex {
 public:
  ClauseIndex(const ClauseStore& store, std::uint32_t variables);

  void insert(ClauseId clause);
  void erase(ClauseId clause);
  // An indexed clause with the literals of `pattern`, or kNoClause.
  [[nodiscard]] ClauseId find(ClauseId pattern);

 private:
  [[nodiscard]] std::uint64_t hash(ClauseId clause) const;
  [[nodiscard]] std::size_t bucket(std::uint64_t h) const { return h & (buckets_.size() - 1); }
  void grow();

  const ClauseStore& store_;
  std::vector<ClauseId> buckets_;      // the first clause of each chain
  std::vector<ClauseId> next_;         // by clause: the next in its chain
  std::vector<std::uint64_t> hashes_;  // by clause
  std::vector<std::uint32_t> stamps_;  // by literal, for comparing sets
  std::uint32_t stamp_ = 0;
  std::size_t size_ = 0;
};

}  // namespace bel_pyramid::proof
