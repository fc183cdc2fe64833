#include "proof/clause_index.hpp"

#include <algorithm>

namespace bel_pyramid::proof {
namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finalizer
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

ClauseIndex::ClauseIndex(const ClauseStore& store, std::uint32_t variables)
    : store_(store),
      buckets_(1024, kNoClause),
      next_(store.count(), kNoClause),
      hashes_(store.count(), 0),
      stamps_(2 * std::size_t{variables} + 2, 0) {}

std::uint64_t ClauseIndex::hash(ClauseId clause) const {
  std::uint64_t sum = 0;
  for (const Lit lit : store_.literals(clause)) sum += mix(lit);
  return sum;
}

void ClauseIndex::grow() {
  std::vector<ClauseId> chains;
  for (ClauseId head : buckets_)
    for (ClauseId c = head; c != kNoClause; c = next_[c]) chains.push_back(c);
  buckets_.assign(buckets_.size() * 2, kNoClause);
  for (const ClauseId c : chains) {
    next_[c] = buckets_[bucket(hashes_[c])];
    buckets_[bucket(hashes_[c])] = c;
  }
}

void ClauseIndex::insert(ClauseId clause) {
  if (++size_ > buckets_.size()) grow();
  hashes_[clause] = hash(clause);
  ClauseId& head = buckets_[bucket(hashes_[clause])];
  next_[clause] = head;
  head = clause;
}

void ClauseIndex::erase(ClauseId clause) {
  ClauseId* link = &buckets_[bucket(hashes_[clause])];
  while (*link != clause) link = &next_[*link];
  *link = next_[clause];
  --size_;
}

ClauseId ClauseIndex::find(ClauseId pattern) {
  const std::uint64_t h = hash(pattern);
  const auto lits = store_.literals(pattern);
  if (++stamp_ == 0) {
    std::fill(stamps_.begin(), stamps_.end(), 0);
    stamp_ = 1;
  }
  for (const Lit lit : lits) stamps_[lit] = stamp_;
  for (ClauseId c = buckets_[bucket(h)]; c != kNoClause; c = next_[c]) {
    if (hashes_[c] != h || store_.size(c) != lits.size()) continue;
    const auto other = store_.literals(c);
    if (std::all_of(other.begin(), other.end(), [&](Lit lit) { return stamps_[lit] == stamp_; }))
      return c;
  }
  return kNoClause;
}

}  // namespace bel_pyramid::proof
