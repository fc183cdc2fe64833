// The native CNF encoder: the base model of SPEC §2 and every constraint kind
// of constraint.hpp, lowered to clauses. See cnf.hpp for the numbering and
// doc/cnf.md for the encoding choices and their measurements.
//
// Constraints nested under Any are encoded under a guard: a list of literals
// appended to every clause they emit, so "t -> child" costs no extra
// variables (Plaisted-Greenbaum: the AST has no negation, so one direction
// suffices). Auxiliary definitions (order ladders, counters) are unguarded
// and always satisfiable by the intended values.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "base/error.hpp"
#include "cnf/cnf.hpp"

namespace bel_pyramid {
namespace {

using Guard = std::vector<int>;

class NativeEncoder {
 public:
  NativeEncoder(const Formulation& f, const CnfOptions& o, const StopCheck* stop = nullptr)
      : f_(f), p_(f.pyramid()), o_(o), L_(p_.labels()), ladders_(p_.var_count()) {
    cnf_.primary_vars = native_primary_count(p_);
    cnf_.reserve_vars(cnf_.primary_vars);
    cnf_.set_stop_check(stop);
  }

  Cnf run(bool base_model = true) {
    encode_labels();
    if (base_model) {
      encode_placements();
      encode_cubes();
      encode_positions();
      encode_study_layers();
    }
    if (o_.order_ladder)
      for (int v = 0; v < p_.var_count(); ++v) geq(v, 1);
    for (const Constraint& c : f_.constraints()) encode(c, {});
    cnf_.set_stop_check(nullptr);
    return std::move(cnf_);
  }

 private:
  // ---- literals ----------------------------------------------------------
  [[nodiscard]] int is(int v, int l) const {
    return l >= 0 && l < L_ ? label_literal(p_, v, l) : kFalse;
  }
  [[nodiscard]] int placement(int pos, int a, int b, int c) const {
    return p_.var_count() * L_ + 1 + (pos * L_ + a) * L_ * L_ + b * L_ + c;
  }
  // Order literal [v >= k]; the ladder of v is created on first use.
  int geq(int v, int k) {
    if (k <= 0) return kTrue;
    if (k >= L_) return kFalse;
    std::vector<int>& o = ladders_[v];
    if (o.empty()) make_ladder(v, o);
    return o[k];
  }
  void make_ladder(int v, std::vector<int>& o) {
    o.assign(L_ + 1, kFalse);
    o[0] = kTrue;
    for (int k = 1; k < L_; ++k) o[k] = cnf_.new_var();
    for (int k = 1; k < L_; ++k) {
      cnf_.add_clause({-o[k + 1], o[k]});
      cnf_.add_clause({-is(v, k), o[k]});
      cnf_.add_clause({-is(v, k - 1), -o[k]});
      cnf_.add_clause({-o[k], is(v, k), o[k + 1]});
    }
    cnf_.add_clause({o[1], is(v, 0)});
  }

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

  // ---- cardinality -------------------------------------------------------
  void at_most_one(const std::vector<int>& lits, CnfOptions::Amo kind) {
    const std::size_t n = lits.size();
    if (n <= 1) return;
    if (kind == CnfOptions::Amo::Pairwise || n <= 5) {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) cnf_.add_clause({-lits[i], -lits[j]});
      return;
    }
    if (kind == CnfOptions::Amo::Sequential) {  // Sinz 2005
      int prev = cnf_.new_var();
      cnf_.add_clause({-lits[0], prev});
      for (std::size_t i = 1; i + 1 < n; ++i) {
        const int s = cnf_.new_var();
        cnf_.add_clause({-lits[i], s});
        cnf_.add_clause({-prev, s});
        cnf_.add_clause({-lits[i], -prev});
        prev = s;
      }
      cnf_.add_clause({-lits[n - 1], -prev});
      return;
    }
    // Product encoding (Chen 2010): a grid of rows x cols, AMO on each axis.
    const auto rows = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    const std::size_t cols = (n + rows - 1) / rows;
    std::vector<int> r(rows), c(cols);
    for (int& v : r) v = cnf_.new_var();
    for (int& v : c) v = cnf_.new_var();
    for (std::size_t k = 0; k < n; ++k) {
      cnf_.add_clause({-lits[k], r[k / cols]});
      cnf_.add_clause({-lits[k], c[k % cols]});
    }
    at_most_one(r, kind);
    at_most_one(c, kind);
  }

  // ---- base model --------------------------------------------------------
  void encode_labels() {
    std::vector<int> lits(L_);
    for (int v = 0; v < p_.var_count(); ++v) {
      for (int l = 0; l < L_; ++l) lits[l] = is(v, l);
      if (o_.label_alo) cnf_.add_clause(lits);
      at_most_one(lits, CnfOptions::Amo::Pairwise);
    }
  }

  void encode_placements() {
    const auto& positions = p_.positions();
    for (std::size_t pos = 0; pos < positions.size(); ++pos) {
      const auto v = p_.vars_at(positions[pos]);
      for (int a = 0; a < L_; ++a)
        for (int b = 0; b < L_; ++b)
          for (int c = 0; c < L_; ++c) {
            const int pl = placement(static_cast<int>(pos), a, b, c);
            cnf_.add_clause({-pl, is(v[0], a)});
            cnf_.add_clause({-pl, is(v[1], b)});
            cnf_.add_clause({-pl, is(v[2], c)});
            if (o_.placement_reverse)
              cnf_.add_clause({pl, -is(v[0], a), -is(v[1], b), -is(v[2], c)});
          }
    }
  }

  void encode_cubes() {
    const int positions = static_cast<int>(p_.positions().size());
    std::vector<int> lits;
    for (const Cube& cube : p_.cubes()) {
      lits.clear();
      for (const Cube& t : Pyramid::rotations(cube))
        for (int pos = 0; pos < positions; ++pos) lits.push_back(placement(pos, t[0], t[1], t[2]));
      cnf_.add_clause(lits);
      at_most_one(lits, o_.cube_amo);
    }
  }

  void encode_positions() {
    if (!o_.position_alo && !o_.position_amo) return;
    std::vector<int> lits;
    for (int pos = 0; pos < static_cast<int>(p_.positions().size()); ++pos) {
      lits.clear();
      for (int a = 0; a < L_; ++a)
        for (int b = 0; b < L_; ++b)
          for (int c = 0; c < L_; ++c) lits.push_back(placement(pos, a, b, c));
      if (o_.position_alo) cnf_.add_clause(lits);
      if (o_.position_amo) at_most_one(lits, o_.cube_amo);
    }
  }

  // ---- encoding study (issue 12): optional redundant layers -------------
  void encode_study_layers() {
    if (o_.count_doubles) encode_count_doubles();
  }

  // Every placement literal at position pos whose triple satisfies keep().
  template <class Keep>
  std::vector<int> placements_at(int pos, Keep keep) const {
    std::vector<int> out;
    for (int a = 0; a < L_; ++a)
      for (int b = 0; b < L_; ++b)
        for (int c = 0; c < L_; ++c)
          if (keep(a, b, c)) out.push_back(placement(pos, a, b, c));
    return out;
  }

  // A new literal equivalent to the disjunction of lits.
  int define_or(const std::vector<int>& lits) {
    const int y = cnf_.new_var();
    for (int lit : lits) cnf_.add_clause({-lit, y});
    buf_ = lits;
    buf_.push_back(-y);
    cnf_.add_clause(buf_);
    return y;
  }

  // Exactly k of lits are true, by the unit-weight order counter.
  void exactly(const std::vector<int>& lits, long k) {
    std::vector<std::pair<int, long>> terms;
    for (int lit : lits) terms.emplace_back(lit, 1);
    const std::vector<int> s = counter(terms, k + 1, true, true);
    cnf_.add_clause({s[k]});
    cnf_.add_clause({-s[k + 1]});
  }

  // SPEC §8: for each label a exactly L positions hold a at least twice.
  void encode_count_doubles() {
    const int positions = static_cast<int>(p_.positions().size());
    std::vector<int> holds(positions);
    for (int l = 0; l < L_; ++l) {
      for (int pos = 0; pos < positions; ++pos)
        holds[pos] = define_or(placements_at(
            pos, [&](int x, int y, int z) { return (x == l) + (y == l) + (z == l) >= 2; }));
      exactly(holds, L_);
    }
  }

  // ---- constraints -------------------------------------------------------
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
    }
  }

  // A literal equivalent to c when c is a single label test; 0 otherwise.
  int as_literal(const Constraint& c) const {
    if (c.kind != Constraint::Kind::Compare || c.lhs.is_var() == c.rhs.is_var()) return 0;
    const Term v = c.lhs.is_var() ? c.lhs : c.rhs;
    const Term k = c.lhs.is_var() ? c.rhs : c.lhs;
    if (c.rel == Rel::Eq) return is(v.var, k.value);
    if (c.rel == Rel::Ne) return -is(v.var, k.value);
    return 0;
  }

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
      for (int k = 0; k < L_; ++k) {  // cond -> a_i < b_i or t
        buf_ = {-geq(a[i], k), geq(b[i], k + 1), t};
        buf_.insert(buf_.end(), cond.begin(), cond.end());
        cnf_.add_clause(buf_);
      }
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

  // Weighted sum of label tests as an order-encoded partial-sum counter:
  // s[j] = [sum of the terms so far >= j] for j <= cap; "up" clauses make s
  // at least the sum (enough for <=), "down" clauses at most (for >=).
  void label_count(const Constraint& c, const Guard& guard) {
    std::vector<std::pair<int, long>> terms;
    long bound = c.bound;
    for (const WeightedLabel& t : c.terms) {
      int lit = is(t.var, t.label);
      long w = t.weight;
      if (lit == kFalse || w == 0) continue;
      if (w < 0) {
        lit = -lit;
        bound -= w;
        w = -w;
      }
      terms.emplace_back(lit, w);
    }
    bool up = false, down = false;
    long cap = 0;
    auto need_le = [&](long k) {
      up = true;
      cap = std::max(cap, k + 1);
    };
    auto need_ge = [&](long k) {
      down = true;
      cap = std::max(cap, k);
    };
    switch (c.rel) {
      case Rel::Eq:
        need_le(bound);
        need_ge(bound);
        break;
      case Rel::Ne:
        need_le(bound - 1);
        need_ge(bound + 1);
        break;
      case Rel::Lt: need_le(bound - 1); break;
      case Rel::Le: need_le(bound); break;
      case Rel::Gt: need_ge(bound + 1); break;
      case Rel::Ge: need_ge(bound); break;
    }
    cap = std::max(cap, 0L);
    const std::vector<int> s = counter(terms, cap, up, down);
    auto at_least = [&](long j) { return j <= 0 ? kTrue : j > cap ? kFalse : s[j]; };
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

  std::vector<int> counter(const std::vector<std::pair<int, long>>& terms, long cap, bool up,
                           bool down) {
    std::vector<int> prev(cap + 1, kFalse), cur(cap + 1);
    if (cap >= 0) prev[0] = kTrue;
    long reach = 0;
    for (const auto& [lit, w] : terms) {
      reach += w;
      cur[0] = kTrue;
      for (long j = 1; j <= cap; ++j) {
        const int without = prev[j];
        const int with = j - w <= 0 ? kTrue : prev[j - w];
        if (j > reach) {
          cur[j] = kFalse;
        } else if (without == kFalse && with == kTrue) {
          cur[j] = lit;
        } else if (with == kFalse) {
          cur[j] = without;
        } else {
          const int s = cur[j] = cnf_.new_var();
          if (up) {
            cnf_.add_clause({-without, s});
            cnf_.add_clause({-lit, -with, s});
          }
          if (down) {
            cnf_.add_clause({-s, without, lit});
            cnf_.add_clause({-s, without, with});
          }
        }
      }
      std::swap(prev, cur);
    }
    return prev;
  }

  const Formulation& f_;
  const Pyramid& p_;
  CnfOptions o_;
  int L_;
  Cnf cnf_;
  std::vector<std::vector<int>> ladders_;
  std::vector<int> buf_;
};

bool parse_flag(const std::string& value, const std::string& key) {
  if (value == "1" || value == "on" || value == "true") return true;
  if (value == "0" || value == "off" || value == "false") return false;
  throw UserError(fmt::format("--cnf-tune {}: expected on or off, got \"{}\"", key, value));
}

const char* to_string(CnfOptions::Amo amo) {
  switch (amo) {
    case CnfOptions::Amo::Pairwise: return "pairwise";
    case CnfOptions::Amo::Sequential: return "sequential";
    case CnfOptions::Amo::Product: return "product";
  }
  return "?";
}

// The encoding-study keys (issue 12); false when key is not one of them.
bool set_study_option(CnfOptions& o, const std::string& key, const std::string& value) {
  if (key == "count-doubles") {
    o.count_doubles = parse_flag(value, key);
  } else if (key == "cadical-config") {
    if (value != "default" && value != "sat" && value != "unsat")
      throw UserError(fmt::format(
          "--cnf-tune cadical-config: expected default, sat or unsat, got \"{}\"", value));
    o.cadical_config = value;
  } else if (key == "cadical-phase") {
    if (value != "0" && value != "1")
      throw UserError(fmt::format("--cnf-tune cadical-phase: expected 0 or 1, got \"{}\"", value));
    o.cadical_phase = value == "1";
  } else {
    return false;
  }
  return true;
}

// The study keys that differ from their defaults, for the CNF header.
std::string describe_study(const CnfOptions& o) {
  std::string out;
  const CnfOptions d;
  auto add = [&](const char* key, const std::string& value) {
    out += fmt::format(" {}={}", key, value);
  };
  if (o.count_doubles != d.count_doubles) add("count-doubles", o.count_doubles ? "on" : "off");
  if (o.cadical_config != d.cadical_config) add("cadical-config", o.cadical_config);
  if (o.cadical_phase != d.cadical_phase) add("cadical-phase", std::to_string(o.cadical_phase));
  return out;
}

}  // namespace

void set_cnf_option(CnfOptions& o, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos)
    throw UserError(fmt::format("--cnf-tune expects KEY=VALUE, got \"{}\"", assignment));
  const std::string key = assignment.substr(0, eq), value = assignment.substr(eq + 1);
  if (key == "cube-amo") {
    if (value == "pairwise")
      o.cube_amo = CnfOptions::Amo::Pairwise;
    else if (value == "sequential")
      o.cube_amo = CnfOptions::Amo::Sequential;
    else if (value == "product")
      o.cube_amo = CnfOptions::Amo::Product;
    else
      throw UserError(fmt::format(
          "--cnf-tune cube-amo: expected pairwise, sequential or product, got \"{}\"", value));
  } else if (key == "order-ladder") {
    o.order_ladder = parse_flag(value, key);
  } else if (key == "label-alo") {
    o.label_alo = parse_flag(value, key);
  } else if (key == "placement-reverse") {
    o.placement_reverse = parse_flag(value, key);
  } else if (key == "position-alo") {
    o.position_alo = parse_flag(value, key);
  } else if (key == "position-amo") {
    o.position_amo = parse_flag(value, key);
  } else if (!set_study_option(o, key, value)) {
    throw UserError(
        fmt::format("--cnf-tune: unknown key \"{}\" (valid: cube-amo, order-ladder, label-alo, "
                    "placement-reverse, position-alo, position-amo, count-doubles, "
                    "cadical-config, cadical-phase)",
                    key));
  }
}

std::string describe(const CnfOptions& o) {
  auto onoff = [](bool b) { return b ? "on" : "off"; };
  return fmt::format(
             "cube-amo={} order-ladder={} label-alo={} placement-reverse={} position-alo={} "
             "position-amo={}",
             to_string(o.cube_amo), onoff(o.order_ladder), onoff(o.label_alo),
             onoff(o.placement_reverse), onoff(o.position_alo), onoff(o.position_amo)) +
         describe_study(o);
}

Cnf encode_native(const Formulation& formulation, const CnfOptions& options,
                  const StopCheck* stop) {
  return NativeEncoder(formulation, options, stop).run();
}

Cnf encode_constraints_only(const Formulation& formulation) {
  return NativeEncoder(formulation, CnfOptions{}).run(false);
}

int native_primary_count(const Pyramid& p) {
  return p.var_count() * p.labels() + static_cast<int>(p.placement_count());
}

std::string native_var_name(const Pyramid& p, int id) {
  const int L = p.labels();
  const int k = id - 1;
  if (k < p.var_count() * L) return fmt::format("{}={}", p.var_name(k / L), k % L);
  const int q = k - p.var_count() * L;
  const int pos = q / (L * L * L), a = (q / (L * L)) % L, b = (q / L) % L, c = q % L;
  return fmt::format("P{}=({},{},{})", to_string(p.positions()[pos]), a, b, c);
}

}  // namespace bel_pyramid
