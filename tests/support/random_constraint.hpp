// random_constraint(): a random Constraint of every node kind (Not
// included) over a few label variables, for the tests that compare a
// lowering or a parser with evaluate(). Deterministic for a given Rng state.
#pragma once

#include <random>
#include <vector>

#include "model/constraint.hpp"

namespace bel_pyramid::testing {

class RandomConstraint {
 public:
  RandomConstraint(std::vector<int> vars, int labels, unsigned seed)
      : vars_(std::move(vars)), labels_(labels), rng_(seed) {}

  Constraint operator()(int depth = 2) {
    const int kinds = depth > 0 ? 7 : 4;
    switch (pick(kinds)) {
      case 0: return compare(term(), rel(), term());
      case 1: return lex_less_eq(list(1), list(1));
      case 2: return value_precedence(list(0));
      case 3: return count();
      case 4: return all_of(children(depth));
      case 5: return any_of(children(depth));
      default: return negation((*this)(depth - 1));
    }
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  int some_var() { return vars_[pick(static_cast<int>(vars_.size()))]; }
  Term term() { return pick(3) == 0 ? label(pick(labels_)) : var(some_var()); }
  Rel rel() { return static_cast<Rel>(pick(6)); }
  // Lists of equal length for a pair of calls with the same `slot`.
  std::vector<int> list(int slot) {
    if (slot == 1 && pending_length_ < 0) pending_length_ = 1 + pick(3);
    const int n = slot == 1 ? pending_length_ : pick(4);
    if (slot == 1) pending_length_ = ++pairs_ % 2 == 0 ? -1 : pending_length_;
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.push_back(some_var());
    return out;
  }
  Constraint count() {
    std::vector<WeightedLabel> terms;
    for (int i = pick(4); i > 0; --i) terms.push_back({some_var(), pick(labels_), pick(5) - 2});
    return label_count(std::move(terms), rel(), pick(5) - 1);
  }
  std::vector<Constraint> children(int depth) {
    std::vector<Constraint> out;
    for (int i = pick(4); i > 0; --i) out.push_back((*this)(depth - 1));
    return out;
  }

  std::vector<int> vars_;
  int labels_;
  std::mt19937 rng_;
  int pending_length_ = -1;
  int pairs_ = 0;
};

}  // namespace bel_pyramid::testing
