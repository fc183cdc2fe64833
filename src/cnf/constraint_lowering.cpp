#include "cnf/constraint_lowering.hpp"

#include <algorithm>
#include <utility>

#include "cnf/cardinality.hpp"
#include "cnf/numbering.hpp"
#include "model/negation.hpp"

namespace bel_pyramid {
namespace {

using Guard = std::vector<int>;

// A LabelCount with positive weights only: a negative weight w counts the
// complement, as w*[x] = w + (-w)*[not x].
struct PositiveSum {
  std::vector<WeightedLiteral> terms;
  long bound = 0;
};

// The counter outputs a relation needs: sum <= k reads s[k+1] (up clauses),
// sum >= k reads s[k] (down clauses).
struct CounterNeed {
  CounterDirections directions{false, false};
  long cap = 0;
  void at_most(long k) {
    directions.up = true;
    cap = std::max(cap, k + 1);
  }
  void at_least(long k) {
    directions.down = true;
    cap = std::max(cap, k);
  }
};

CounterNeed counter_need(Rel rel, long bound) {
  CounterNeed need;
  switch (rel) {
    case Rel::Eq:
      need.at_most(bound);
      need.at_least(bound);
      break;
    case Rel::Ne:
      need.at_most(bound - 1);
      need.at_least(bound + 1);
      break;
    case Rel::Lt: need.at_most(bound - 1); break;
    case Rel::Le: need.at_most(bound); break;
    case Rel::Gt: need.at_least(bound + 1); break;
    case Rel::Ge: need.at_least(bound); break;
  }
  return need;
}

class ConstraintLowering {
 public:
  ConstraintLowering(Cnf& cnf, const Pyramid& p, OrderLadders& ladders)
      : cnf_(cnf), p_(p), ladders_(ladders), L_(p.labels()) {}

  void encode(const Constraint& c, const Guard& guard) {
    using Kind = Constraint::Kind;
    switch (c.kind) {
      case Kind::Compare: compare_terms(c.lhs, c.rel, c.rhs, guard); return;
      case Kind::All:
        for (const Constraint& k : c.children) encode(k, guard);
        return;
      case Kind::Any: any(c.children, guard); return;
      case Kind::LexLessEq: lex_less_eq(c.left, c.right, guard); return;
      case Kind::Precedence: precedence(c.left, guard); return;
      case Kind::LabelCount: label_count(c, guard); return;
      case Kind::Not: encode(negated(c.children.at(0)), guard); return;
    }
  }

 private:
  // "v has label l"; kFalse for a label out of range.
  [[nodiscard]] int is(int v, int l) const {
    return l >= 0 && l < L_ ? label_literal(p_, v, l) : kFalse;
  }
  int geq(int v, int k) { return ladders_.geq(v, k); }

  void emit(std::initializer_list<int> lits, const Guard& guard) {
    buf_.assign(lits.begin(), lits.end());
    buf_.insert(buf_.end(), guard.begin(), guard.end());
    cnf_.add_clause(buf_);
  }
  void emit(const std::vector<int>& lits, const Guard& guard) {
    buf_ = lits;
    buf_.insert(buf_.end(), guard.begin(), guard.end());
    cnf_.add_clause(buf_);
  }

  // A literal equivalent to c when c is a single label test; 0 otherwise.
  [[nodiscard]] int as_literal(const Constraint& c) const {
    if (c.kind != Constraint::Kind::Compare || c.lhs.is_var() == c.rhs.is_var()) return 0;
    const Term v = c.lhs.is_var() ? c.lhs : c.rhs;
    const Term k = c.lhs.is_var() ? c.rhs : c.lhs;
    if (c.rel == Rel::Eq) return is(v.var, k.value);
    if (c.rel == Rel::Ne) return -is(v.var, k.value);
    return 0;
  }

  // One choice literal per child: the child itself when it is a label test,
  // else a selector under which the child is encoded.
  void any(const std::vector<Constraint>& children, const Guard& guard) {
    if (children.size() == 1) return encode(children[0], guard);
    std::vector<int> choice;
    std::vector<const Constraint*> pending;
    for (const Constraint& k : children) {
      if (const int lit = as_literal(k)) {
        choice.push_back(lit);
        continue;
      }
      choice.push_back(cnf_.new_var());
      pending.push_back(&k);
    }
    emit(choice, guard);  // empty Any: the guard clause alone (false)
    std::size_t next = 0;
    for (std::size_t i = 0; i < children.size(); ++i)
      if (!as_literal(children[i])) encode(*pending[next++], {-choice[i]});
  }

  void compare_terms(Term lhs, Rel rel, Term rhs, const Guard& guard) {
    if (rel == Rel::Gt || rel == Rel::Ge) {
      std::swap(lhs, rhs);
      rel = rel == Rel::Gt ? Rel::Lt : Rel::Le;
    }
    if (!lhs.is_var() && !rhs.is_var()) {
      if (!holds(lhs.value, rel, rhs.value)) emit({}, guard);
      return;
    }
    if (lhs.is_var() && rhs.is_var()) return compare_vars(lhs.var, rel, rhs.var, guard);
    // One variable, one constant: a unit, or forbid the violating labels.
    const int v = lhs.is_var() ? lhs.var : rhs.var;
    if (rel == Rel::Eq) return emit({is(v, lhs.is_var() ? rhs.value : lhs.value)}, guard);
    for (int l = 0; l < L_; ++l) {
      const bool ok = lhs.is_var() ? holds(l, rel, rhs.value) : holds(lhs.value, rel, l);
      if (!ok) emit({-is(v, l)}, guard);
    }
  }

  void compare_vars(int a, Rel rel, int b, const Guard& guard) {
    switch (rel) {
      case Rel::Eq:
        for (int l = 0; l < L_; ++l) {
          emit({-is(a, l), is(b, l)}, guard);
          emit({is(a, l), -is(b, l)}, guard);
        }
        return;
      case Rel::Ne:
        for (int l = 0; l < L_; ++l) emit({-is(a, l), -is(b, l)}, guard);
        return;
      case Rel::Le:
        for (int k = 1; k < L_; ++k) emit({-geq(a, k), geq(b, k)}, guard);
        return;
      case Rel::Lt:
        for (int k = 0; k < L_; ++k) emit({-geq(a, k), geq(b, k + 1)}, guard);
        return;
      default: return;  // Gt/Ge were swapped by the caller
    }
  }

  // left <=lex right: t_i means "the prefixes before i are equal, so the
  // rest must be lex<="; t_0 is the guard.
  void lex_less_eq(const std::vector<int>& a, const std::vector<int>& b, const Guard& guard) {
    Guard cond = guard;
    for (std::size_t i = 0; i < a.size(); ++i) {
      compare_vars(a[i], Rel::Le, b[i], cond);
      if (i + 1 == a.size()) break;
      const int t = cnf_.new_var();
      for (int k = 0; k < L_; ++k)  // cond -> a_i < b_i or t
        emit({-geq(a[i], k), geq(b[i], k + 1), t}, cond);
      cond = {-t};
    }
  }

  // list[0] == 0 and list[j] >= l implies max(list[0..j)) >= l-1, with
  // m[k] = [max of the prefix >= k] defined upward only.
  void precedence(const std::vector<int>& list, const Guard& guard) {
    if (list.empty()) return;
    emit({-geq(list[0], 1)}, guard);
    std::vector<int> m(L_ + 1, kFalse);
    for (int k = 1; k < L_; ++k) m[k] = geq(list[0], k);
    m[0] = kTrue;
    for (std::size_t j = 1; j < list.size(); ++j) {
      for (int l = 2; l < L_; ++l) emit({-geq(list[j], l), m[l - 1]}, guard);
      if (j + 1 == list.size()) break;
      std::vector<int> next(L_ + 1, kFalse);
      next[0] = kTrue;
      for (int k = 1; k + 1 < L_; ++k) {
        next[k] = cnf_.new_var();
        cnf_.add_clause({-next[k], m[k], geq(list[j], k)});
      }
      m = std::move(next);
    }
  }

  [[nodiscard]] PositiveSum positive_sum(const Constraint& c) const {
    PositiveSum sum{{}, c.bound};
    for (const WeightedLabel& t : c.terms) {
      int lit = is(t.var, t.label);
      long w = t.weight;
      if (lit == kFalse || w == 0) continue;
      if (w < 0) {
        lit = -lit;
        sum.bound -= w;
        w = -w;
      }
      sum.terms.push_back({lit, w});
    }
    return sum;
  }

  // The weighted sum as a partial-sum counter s (cardinality.hpp), then the
  // relation as units on s; != is "<= k-1 or >= k+1" with two selectors.
  void label_count(const Constraint& c, const Guard& guard) {
    const auto [terms, bound] = positive_sum(c);
    const CounterNeed need = counter_need(c.rel, bound);
    const std::vector<int> s = partial_sum_counter(cnf_, terms, need.cap, need.directions);
    auto at_least = [&](long j) { return j <= 0 ? kTrue : j > need.cap ? kFalse : s[j]; };
    switch (c.rel) {
      case Rel::Eq:
        emit({-at_least(bound + 1)}, guard);
        emit({at_least(bound)}, guard);
        return;
      case Rel::Ne: {
        const int lo = cnf_.new_var(), hi = cnf_.new_var();
        emit({lo, hi}, guard);
        emit({-at_least(bound)}, {-lo});
        emit({at_least(bound + 1)}, {-hi});
        return;
      }
      case Rel::Lt: emit({-at_least(bound)}, guard); return;
      case Rel::Le: emit({-at_least(bound + 1)}, guard); return;
      case Rel::Gt: emit({at_least(bound + 1)}, guard); return;
      case Rel::Ge: emit({at_least(bound)}, guard); return;
    }
  }

  Cnf& cnf_;
  const Pyramid& p_;
  OrderLadders& ladders_;
  int L_;
  std::vector<int> buf_;
};

}  // namespace

void lower_constraints(Cnf& cnf, const Pyramid& p, OrderLadders& ladders,
                       const std::vector<Constraint>& constraints) {
  ConstraintLowering lowering(cnf, p, ladders);
  for (const Constraint& c : constraints) lowering.encode(c, {});
}

}  // namespace bel_pyramid
