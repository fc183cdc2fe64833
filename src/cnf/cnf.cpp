#include "cnf/cnf.hpp"

#include <cstdlib>

namespace bel_pyramid {

void Cnf::add_clause(std::span<const int> clause) {
  if (stop_ && (starts_.size() & 0x7fff) == 0) stop_->check();
  scratch_.clear();
  if (seen_.size() <= static_cast<std::size_t>(vars_))
    seen_.resize(static_cast<std::size_t>(vars_) * 2 + 2, 0);
  ++stamp_;
  for (int lit : clause) {
    if (lit == kTrue) return;
    if (lit == kFalse) continue;
    const auto v = static_cast<std::size_t>(std::abs(lit));
    const std::uint32_t mark = 2 * stamp_ + (lit > 0 ? 1 : 0);
    if (seen_[v] == mark) continue;         // duplicate literal
    if ((seen_[v] >> 1) == stamp_) return;  // tautology: v and -v
    seen_[v] = mark;
    scratch_.push_back(lit);
  }
  starts_.push_back(lits_.size());
  lits_.insert(lits_.end(), scratch_.begin(), scratch_.end());
}

std::uint64_t Cnf::fingerprint() const {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  const auto mix = [&hash](std::int64_t word) {
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= static_cast<std::uint64_t>(word >> (8 * byte)) & 0xff;
      hash *= 0x100000001b3ULL;
    }
  };
  mix(vars_);
  for (std::size_t i = 0; i < num_clauses(); ++i) {
    for (const int lit : clause(i)) mix(lit);
    mix(0);
  }
  return hash;
}

}  // namespace bel_pyramid
