#include "solvers/learned_clauses.hpp"

#include <algorithm>

namespace bel_pyramid {
namespace {

template <typename Clause>
std::vector<int> literals(const Clause& c) {
  return {c.begin(), std::find(c.begin(), c.end(), 0)};
}

}  // namespace

LearnedClauses::Clause LearnedClauses::to_clause(const int* literals, std::size_t size) {
  Clause c{};
  std::copy(literals, literals + size, c.begin());
  // In order by insertion: at most kMaxSize literals.
  for (std::size_t i = 1; i < size; ++i)
    for (std::size_t j = i; j > 0 && c[j - 1] > c[j]; --j) std::swap(c[j - 1], c[j]);
  return c;
}

LearnedClauses::LearnedClauses(LearnedFile file)
    : fingerprint_(file.fingerprint), vars_(file.vars) {
  for (const std::vector<int>& clause : file.clauses)
    if (!clause.empty() && clause.size() <= kMaxSize)
      clauses_.push_back(to_clause(clause.data(), clause.size()));
  compact();
}

bool LearnedClauses::claim(std::uint64_t fingerprint, int vars) {
  const std::lock_guard lock(mutex_);
  if (claimed_) return fingerprint_ == fingerprint && vars_ == vars;
  claimed_ = true;
  if (fingerprint_ && (*fingerprint_ != fingerprint || vars_ != vars)) {
    clauses_.clear();
    compacted_ = 0;
    dropped_ = true;
  }
  fingerprint_ = fingerprint;
  vars_ = vars;
  return true;
}

bool LearnedClauses::dropped() const {
  const std::lock_guard lock(mutex_);
  return dropped_;
}

std::vector<std::vector<int>> LearnedClauses::start() const {
  const std::lock_guard lock(mutex_);
  std::vector<std::vector<int>> out;
  if (!claimed_) return out;
  out.reserve(clauses_.size());
  for (const Clause& c : clauses_) out.push_back(literals(c));
  return out;
}

void LearnedClauses::add(const int* literals, int size) {
  if (size <= 0 || size > kMaxSize) return;
  const Clause c = to_clause(literals, static_cast<std::size_t>(size));
  const std::lock_guard lock(mutex_);
  clauses_.push_back(c);
  if (clauses_.size() >= 2 * compacted_ + 4096) compact();
}

void LearnedClauses::compact() const {
  std::sort(clauses_.begin(), clauses_.end());
  clauses_.erase(std::unique(clauses_.begin(), clauses_.end()), clauses_.end());
  compacted_ = clauses_.size();
}

std::optional<LearnedFile> LearnedClauses::snapshot() const {
  const std::lock_guard lock(mutex_);
  if (!fingerprint_) return std::nullopt;
  compact();
  LearnedFile file{*fingerprint_, vars_, {}};
  file.clauses.reserve(clauses_.size());
  for (const Clause& c : clauses_) file.clauses.push_back(literals(c));
  return file;
}

}  // namespace bel_pyramid
