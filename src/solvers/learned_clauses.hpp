// LearnedClauses: the short clauses CaDiCaL learns while it searches one
// CNF, kept so that a search stopped before it answered (a conflict budget
// spent, a campaign stopped) starts again from them instead of from nothing.
// A learned clause follows from the CNF, so adding it back changes no answer
// and no solution; it only saves the conflicts that found it. Short clauses
// carry most of that: bench/RESULTS.md, "A sweep member resumes from its
// learned clauses", chose the bound kMaxSize.
//
// One store serves every search of one CNF (the racers of a portfolio add to
// it from their threads). The first search claims it with its CNF's
// fingerprint (Cnf::fingerprint()); clauses read from a file of another CNF
// (another encoder's numbering) are dropped then, never given to it.
// CadicalDriver loads start() and adds what it learns, unless it traces a
// proof (the proof speaks of the CNF alone) or adds clauses that do not
// follow from the CNF (block()).
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "formats/learned_file.hpp"

namespace bel_pyramid {

class LearnedClauses {
 public:
  static constexpr int kMaxSize = 8;

  LearnedClauses() = default;
  // From an earlier search's file (read_learned_file).
  explicit LearnedClauses(LearnedFile file);

  // Whether a search of the CNF with this fingerprint and variable count may
  // take start() and add(): the first to ask claims the store (dropping
  // clauses read for another CNF), later ones must match it.
  [[nodiscard]] bool claim(std::uint64_t fingerprint, int vars);
  // Whether the claim dropped clauses read for another CNF.
  [[nodiscard]] bool dropped() const;
  // The clauses an earlier search learned (empty before a claim).
  [[nodiscard]] std::vector<std::vector<int>> start() const;
  // A clause just learned (at most kMaxSize literals; longer ones are ignored).
  void add(const int* literals, int size);
  // Every clause, read or learned, each once, for write_learned_file; nullopt
  // while the store has neither been read from a file nor claimed.
  [[nodiscard]] std::optional<LearnedFile> snapshot() const;

 private:
  using Clause = std::array<int, kMaxSize>;                        // sorted literals, padded with 0
  static Clause to_clause(const int* literals, std::size_t size);  // size <= kMaxSize
  void compact() const;  // sorts and removes repeats (a clause may be learned again)

  mutable std::mutex mutex_;
  std::optional<std::uint64_t> fingerprint_;
  int vars_ = 0;
  bool claimed_ = false;
  bool dropped_ = false;
  mutable std::vector<Clause> clauses_;
  mutable std::size_t compacted_ = 0;  // clauses_.size() after the last compact()
};

}  // namespace bel_pyramid
