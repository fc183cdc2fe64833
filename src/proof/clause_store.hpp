// Every clause a check meets, the formula's and the proof's, in one arena:
// clause i's literals are lits()[start(i) .. start(i) + size(i)). A clause
// keeps its number for the whole check; the proof's steps refer to it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "proof/literal.hpp"

namespace bel_pyramid::proof {

using ClauseId = std::uint32_t;
inline constexpr ClauseId kNoClause = UINT32_MAX;

class ClauseStore {
 public:
  // Appends a clause (duplicate literals already removed by the reader).
  ClauseId add(std::span<const Lit> literals);

  [[nodiscard]] std::size_t count() const { return starts_.size(); }
  // The largest variable of any clause: the checker's arrays go that far,
  // not as far as a header's count, which may be huge.
  [[nodiscard]] std::uint32_t max_variable() const { return max_variable_; }
  [[nodiscard]] std::span<Lit> literals(ClauseId id) {
    return {lits_.data() + starts_[id], sizes_[id]};
  }
  [[nodiscard]] std::span<const Lit> literals(ClauseId id) const {
    return {lits_.data() + starts_[id], sizes_[id]};
  }
  [[nodiscard]] std::uint32_t size(ClauseId id) const { return sizes_[id]; }
  // The literal the clause had first when read: the RAT pivot of a lemma
  // (the arena's order changes as literals are watched).
  [[nodiscard]] Lit first(ClauseId id) const { return firsts_[id]; }

 private:
  std::vector<Lit> lits_;
  std::vector<std::uint64_t> starts_;
  std::vector<std::uint32_t> sizes_;
  std::vector<Lit> firsts_;
  std::uint32_t max_variable_ = 0;
};

}  // namespace bel_pyramid::proof
