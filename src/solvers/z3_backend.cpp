#include "solvers/z3_backend.hpp"

#include <fmt/format.h>
#include <z3++.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "base/error.hpp"
#include "base/poller.hpp"
#include "solvers/z3_lowering.hpp"

namespace bel_pyramid {
namespace {

// The lowering of one formulation into one Z3 context.
class Z3Lowering {
 public:
  explicit Z3Lowering(const Formulation& f, Z3LoweringOptions options = {})
      : options_(options),
        f_(f),
        p_(f.pyramid()),
        sort_(ctx_.int_sort()),
        labels_(ctx_),
        vars_(ctx_),
        all_(ctx_) {
    make_label_sort();
    make_label_vars();
    add_placements();
    for (const Constraint& c : f.constraints()) {
      if (halted()) return;
      all_.push_back(lower(c));
    }
  }

  z3::context& ctx() { return ctx_; }
  const z3::expr_vector& assertions() const { return all_; }

  Solution decode(const z3::model& m) {
    std::vector<int> labels(p_.var_count());
    for (int v = 0; v < p_.var_count(); ++v) {
      const z3::expr value = m.eval(vars_[v], true);
      labels[v] = -1;
      if (f_.domain() == Domain::Int) {
        labels[v] = value.get_numeral_int();
      } else {
        for (int l = 0; l < p_.labels(); ++l)
          if (z3::eq(value, labels_[l])) labels[v] = l;
      }
    }
    return Solution(p_.levels(), std::move(labels));
  }

 private:
  void make_label_sort() {
    const int L = p_.labels();
    if (f_.domain() == Domain::Int) {
      for (int l = 0; l < L; ++l) labels_.push_back(ctx_.int_val(l));
      return;
    }
    std::vector<std::string> names;
    std::vector<const char*> cnames;
    for (int l = 0; l < L; ++l) names.push_back(fmt::format("L{}", l));
    for (auto& n : names) cnames.push_back(n.c_str());
    z3::func_decl_vector consts(ctx_), testers(ctx_);
    sort_ = ctx_.enumeration_sort("label", L, cnames.data(), consts, testers);
    for (int l = 0; l < L; ++l) labels_.push_back(consts[l]());
  }

  // The limits fired: stop building (the caller sees it on the same check).
  [[nodiscard]] bool halted() const { return options_.stop && options_.stop->stopped(); }

  void make_label_vars() {
    for (int v = 0; v < p_.var_count(); ++v) {
      const AxisVar a = p_.axis_var(v);
      const char axis = a.axis == Axis::X ? 'X' : a.axis == Axis::Y ? 'Y' : 'Z';
      vars_.push_back(ctx_.constant(fmt::format("{}_{}_{}", axis, a.i, a.j).c_str(), sort_));
    }
    if (f_.domain() == Domain::Int)
      for (int v = 0; v < p_.var_count(); ++v)
        all_.push_back(vars_[v] >= 0 && vars_[v] < p_.labels());
  }

  // Placement equalities and cube uniqueness, cube by cube as the original.
  void add_placements() {
    z3::expr_vector uniqueness(ctx_);
    for (std::size_t c = 0; c < p_.cubes().size(); ++c) {
      if (halted()) return;
      const auto rotations = Pyramid::rotations(p_.cubes()[c]);
      z3::expr_vector placements(ctx_);
      for (std::size_t r = 0; r < rotations.size(); ++r) {
        const Cube& t = rotations[r];
        for (const Position& pos : p_.positions()) {
          const auto v = p_.vars_at(pos);
          z3::expr b = ctx_.bool_const(
              fmt::format("c{}_r{}_x{}_y{}_h{}", c, r, pos.x, pos.y, pos.h).c_str());
          all_.push_back(b == (vars_[v[0]] == labels_[t[0]] && vars_[v[1]] == labels_[t[1]] &&
                               vars_[v[2]] == labels_[t[2]]));
          placements.push_back(b);
        }
      }
      uniqueness.push_back(z3::atmost(placements, 1) && z3::atleast(placements, 1));
    }
    for (unsigned i = 0; i < uniqueness.size(); ++i) all_.push_back(uniqueness[i]);
  }

  // A term as a label (for equality); out-of-domain constants only under int.
  z3::expr value(Term t) {
    if (t.is_var()) return vars_[t.var];
    if (t.value >= 0 && t.value < p_.labels()) return labels_[t.value];
    return ctx_.int_val(t.value);
  }

  // "label index of t >= k". Under int this is arithmetic; under enum a
  // disjunction of equalities, so orderings need no integers there (qffd
  // gives up on enum-to-int conversions).
  z3::expr at_least(Term t, int k) {
    if (!t.is_var()) return ctx_.bool_val(t.value >= k);
    if (f_.domain() == Domain::Int) return vars_[t.var] >= k;
    if (k <= 0) return ctx_.bool_val(true);
    z3::expr_vector options(ctx_);
    for (int l = k; l < p_.labels(); ++l) options.push_back(vars_[t.var] == labels_[l]);
    return z3::mk_or(options);
  }

  z3::expr equal(Term a, Term b) {
    if (f_.domain() == Domain::Int || (a.is_var() && b.is_var())) return value(a) == value(b);
    if (a.is_var()) std::swap(a, b);  // a constant, b variable (or both constants)
    if (!b.is_var()) return ctx_.bool_val(a.value == b.value);
    if (a.value < 0 || a.value >= p_.labels()) return ctx_.bool_val(false);
    return value(b) == labels_[a.value];
  }

  z3::expr less_eq(Term a, Term b) {
    if (f_.domain() == Domain::Int) return value(a) <= value(b);
    z3::expr_vector steps(ctx_);  // a >= k implies b >= k, for every k
    for (int k = std::min(0, a.value); k <= std::max(p_.labels(), a.value); ++k)
      steps.push_back(z3::implies(at_least(a, k), at_least(b, k)));
    return z3::mk_and(steps);
  }

  z3::expr less(Term a, Term b) { return less_eq(a, b) && !equal(a, b); }

  z3::expr compare_terms(const Constraint& c) {
    switch (c.rel) {
      case Rel::Eq: return equal(c.lhs, c.rhs);
      case Rel::Ne: return !equal(c.lhs, c.rhs);
      case Rel::Lt: return less(c.lhs, c.rhs);
      case Rel::Le: return less_eq(c.lhs, c.rhs);
      case Rel::Gt: return less(c.rhs, c.lhs);
      case Rel::Ge: return less_eq(c.rhs, c.lhs);
    }
    return ctx_.bool_val(false);
  }

  z3::expr lex_less_eq(const std::vector<int>& a, const std::vector<int>& b) {
    z3::expr r = ctx_.bool_val(true);
    for (std::size_t k = a.size(); k-- > 0;)
      r = less(var(a[k]), var(b[k])) || (equal(var(a[k]), var(b[k])) && r);
    return r;
  }

  // Each element is at most 1 + the maximum before it: an element >= k needs
  // an earlier element >= k-1 (the first element is 0).
  z3::expr precedence(const std::vector<int>& list) {
    const int L = p_.labels();
    z3::expr_vector parts(ctx_);
    std::vector<z3::expr> seen(L + 1, ctx_.bool_val(false));  // seen[m]: an earlier element >= m
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Term e = var(list[i]);
      for (int k = 1; k < L; ++k) parts.push_back(z3::implies(at_least(e, k), seen[k - 1]));
      for (int m = 0; m < L; ++m) seen[m] = seen[m] || at_least(e, m);
    }
    return z3::mk_and(parts);
  }

  z3::expr label_count(const Constraint& c) {
    if (c.terms.empty()) return ctx_.bool_val(holds(0, c.rel, c.bound));
    z3::expr_vector lits(ctx_);
    std::vector<int> weights;
    for (const auto& t : c.terms) {
      lits.push_back(vars_[t.var] == labels_[t.label]);
      weights.push_back(t.weight);
    }
    const int k = static_cast<int>(c.bound);
    switch (c.rel) {
      case Rel::Eq:
        if (options_.split_pb_equalities)
          return z3::pble(lits, weights.data(), k) && z3::pbge(lits, weights.data(), k);
        return z3::pbeq(lits, weights.data(), k);
      case Rel::Le: return z3::pble(lits, weights.data(), k);
      case Rel::Lt: return z3::pble(lits, weights.data(), k - 1);
      case Rel::Ge: return z3::pbge(lits, weights.data(), k);
      case Rel::Gt: return z3::pbge(lits, weights.data(), k + 1);
      case Rel::Ne: return !z3::pbeq(lits, weights.data(), k);
    }
    return ctx_.bool_val(false);
  }

  z3::expr lower(const Constraint& c) {
    using Kind = Constraint::Kind;
    switch (c.kind) {
      case Kind::Compare: return compare_terms(c);
      case Kind::All:
      case Kind::Any: {
        z3::expr_vector parts(ctx_);
        for (const Constraint& k : c.children) parts.push_back(lower(k));
        return c.kind == Kind::All ? z3::mk_and(parts) : z3::mk_or(parts);
      }
      case Kind::LexLessEq: return lex_less_eq(c.left, c.right);
      case Kind::Precedence: return precedence(c.left);
      case Kind::LabelCount: return label_count(c);
      case Kind::Not: return !lower(c.children.at(0));
    }
    return ctx_.bool_val(false);
  }

  Z3LoweringOptions options_;
  const Formulation& f_;
  const Pyramid& p_;
  z3::context ctx_;
  z3::sort sort_;
  z3::expr_vector labels_;  // label constants by index
  z3::expr_vector vars_;    // label variables by Pyramid numbering
  z3::expr_vector all_;     // every assertion
};

z3::solver tactic_solver(z3::context& ctx, Tactic tactic) {
  switch (tactic) {
    case Tactic::Qffd: return z3::tactic(ctx, "qffd").mk_solver();
    case Tactic::Qflia: return z3::tactic(ctx, "qflia").mk_solver();
    case Tactic::Z3Default: break;
  }
  return z3::solver(ctx);
}

// Z3 would catch SIGINT itself during check() and give up "interrupted from
// keyboard"; the run's own handler must see it, so that Ctrl-C is the same
// stop for every solver (the watchdog below then interrupts Z3).
z3::solver make_solver(z3::context& ctx, Tactic tactic) {
  z3::solver solver = tactic_solver(ctx, tactic);
  z3::params params(ctx);
  params.set("ctrl_c", false);
  solver.set(params);
  return solver;
}

// A large Z3 context takes seconds to free; after a stop nobody waits for it.
// The solver goes first: it refers to the context.
void dispose_in_background(std::unique_ptr<z3::solver> solver,
                           std::unique_ptr<Z3Lowering> lowering) {
  std::thread([s = std::move(solver), l = std::move(lowering)]() mutable {
    s.reset();
    l.reset();
  }).detach();
}

SolveResult check_with_z3(std::unique_ptr<Z3Lowering> lowering, Tactic tactic,
                          const StopCheck& check) {
  auto solver = std::make_unique<z3::solver>(make_solver(lowering->ctx(), tactic));
  // A lowering cut short by the limits is never checked (check.stopped()).
  for (unsigned i = 0; i < lowering->assertions().size(); ++i) {
    if ((i & 0xfff) == 0 && check.stopped()) break;
    solver->add(lowering->assertions()[i]);
  }
  z3::check_result status = z3::unknown;
  if (!check.stopped()) {
    // Interrupts Z3 (thread-safe) when the limits fire.
    const Poller watchdog([&ctx = lowering->ctx(), &check] {
      const bool stop = check.stopped();
      if (stop) ctx.interrupt();
      return stop;
    });
    status = solver->check();
  }
  switch (status) {
    case z3::sat: return {SolveResult::Status::Sat, lowering->decode(solver->get_model()), {}};
    case z3::unsat: return {SolveResult::Status::Unsat, std::nullopt, {}};
    case z3::unknown: break;
  }
  std::string reason = check.stopped() ? check.reason() : solver->reason_unknown();
  dispose_in_background(std::move(solver), std::move(lowering));
  return {SolveResult::Status::Unknown, std::nullopt, std::move(reason)};
}

}  // namespace

SolveResult solve_with_z3(const Formulation& formulation, const SolveLimits& limits) {
  // The limits cover the lowering (seconds at N=7) as well as the check.
  const StopCheck check = limits.started();
  try {
    if (const auto seed = limits.library_seed()) {
      z3::set_param("smt.random_seed", static_cast<int>(*seed));
      z3::set_param("sat.random_seed", static_cast<int>(*seed));
    }
    Z3LoweringOptions lowering_options;
    lowering_options.stop = &check;
    return check_with_z3(std::make_unique<Z3Lowering>(formulation, lowering_options), limits.tactic,
                         check);
  } catch (const z3::exception& e) {
    throw UserError(std::string("Z3 failed: ") + e.msg());
  }
}

void with_z3_assertions(const Formulation& f, const Z3LoweringOptions& options,
                        const std::function<void(z3::context&, const z3::expr_vector&)>& use) {
  Z3Lowering lowering(f, options);
  use(lowering.ctx(), lowering.assertions());
}

std::string to_smt2(const Formulation& formulation) {
  try {
    Z3Lowering lowering(formulation);
    z3::solver solver(lowering.ctx());
    for (unsigned i = 0; i < lowering.assertions().size(); ++i)
      solver.add(lowering.assertions()[i]);
    return solver.to_smt2();
  } catch (const z3::exception& e) {
    throw UserError(std::string("Z3 failed: ") + e.msg());
  }
}

std::string z3_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return fmt::format("{}.{}.{}", major, minor, build);
}

}  // namespace bel_pyramid
