// Cnf: an in-memory clause database with a variable pool.
//
// Literals are DIMACS integers: +v / -v for variable v >= 1. Two sentinels,
// kTrue and kFalse, stand for constants while clauses are built; add_clause()
// drops a clause holding kTrue, removes kFalse, duplicate literals and
// tautologies, so the database only ever holds clean clauses (possibly the
// empty clause, which makes the formula unsatisfiable).
//
// The Cnf is independent of any file format and of the puzzle: formats/dimacs.hpp
// writes it, an embedded solver can take its clauses directly, and the native
// encoder (native_encoder.hpp) fills it.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "base/stop_check.hpp"

namespace bel_pyramid {

inline constexpr int kTrue = INT_MAX;
inline constexpr int kFalse = -INT_MAX;

class Cnf {
 public:
  Cnf() = default;

  int new_var() { return ++vars_; }
  // Reserves variables 1..count (e.g. the primary variables).
  void reserve_vars(int count) { vars_ = std::max(vars_, count); }
  [[nodiscard]] int num_vars() const { return vars_; }
  [[nodiscard]] std::size_t num_clauses() const { return starts_.size(); }
  [[nodiscard]] std::size_t num_literals() const { return lits_.size(); }

  // Adds a clause after simplification (see the header comment).
  void add_clause(std::span<const int> clause);
  void add_clause(std::initializer_list<int> clause) {
    add_clause(std::span<const int>(clause.begin(), clause.size()));
  }

  [[nodiscard]] std::span<const int> clause(std::size_t i) const {
    const std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : lits_.size();
    return {lits_.data() + starts_[i], end - starts_[i]};
  }

  // Number of primary variables: those a certificate sets, numbered first
  // (numbering.hpp for the native encoder's).
  int primary_vars = 0;

  // A 64-bit digest (FNV-1a) of the variable count and every clause in
  // order: two encodings that number or order anything differently differ,
  // so state learned on one CNF is never given to another (learned_clauses.hpp).
  [[nodiscard]] std::uint64_t fingerprint() const;

  // Polled every 32768 clauses while clauses are added (throws Stopped);
  // nullptr: never. The encoder clears it before handing the Cnf out.
  void set_stop_check(const StopCheck* stop) { stop_ = stop; }

 private:
  const StopCheck* stop_ = nullptr;
  int vars_ = 0;
  std::vector<int> lits_;
  std::vector<std::size_t> starts_;
  std::vector<int> scratch_;
  std::vector<std::uint32_t> seen_;  // per variable: stamp of the clause being added
  std::uint32_t stamp_ = 0;
};

}  // namespace bel_pyramid
