#include "solvers/unsat_core.hpp"

#include <algorithm>
#include <functional>
#include <memory>

#include "cnf/numbering.hpp"
#include "solvers/cadical_driver.hpp"
#include "solvers/completion.hpp"

namespace bel_pyramid {
namespace {

bool fixes_a_line(const Constraint& c) {
  return c.kind == Constraint::Kind::Compare && c.rel == Rel::Eq && c.lhs.is_var() &&
         !c.rhs.is_var();
}

// The formulation without the fixed lines that `assumed` picks (they become
// assumptions).
Formulation without_lines(const Formulation& f,
                          const std::function<bool(const Constraint&)>& assumed) {
  std::vector<Constraint> rest;
  for (const Constraint& c : f.constraints())
    if (!assumed(c)) rest.push_back(c);
  Formulation out(f.pyramid().levels(), f.domain());
  out.add_strategy("the constraints that fix no assumed line", std::move(rest));
  return out;
}

// The question a core is shrunk in: a CaDiCaL instance of everything but the
// assumed fixed lines, and each assumed line's literal.
struct CoreQuestion {
  std::unique_ptr<Formulation> rest;  // the driver's pyramid lives here (the whole route)
  std::unique_ptr<CadicalDriver> cadical;
  std::vector<Constraint> assumed;
  std::vector<int> literals;  // per assumed line
  UnsatCore core;             // its `fixed`, `kept` and `axis`, for the answer

  // Solves under the assumptions `which` (indices into `assumed`), within
  // `conflicts` (0: no limit but the run's).
  CadicalDriver::Status solve(const std::vector<std::size_t>& which, std::uint64_t conflicts = 0) {
    if (conflicts > 0) cadical->limit_conflicts(conflicts);
    for (std::size_t i : which) cadical->assume(literals[i]);
    return cadical->solve();
  }
  // After Unsat: the assumptions of `which` that the refutation used.
  std::vector<std::size_t> used(const std::vector<std::size_t>& which) const {
    std::vector<std::size_t> out;
    for (std::size_t i : which)
      if (cadical->failed(literals[i])) out.push_back(i);
    return out;
  }
};

// The whole formulation's native CNF with every fixed line assumed.
CoreQuestion whole_question(const Formulation& f, const SolveLimits& limits,
                            const StopCheck& check) {
  CoreQuestion q;
  for (const Constraint& c : f.constraints())
    if (fixes_a_line(c)) q.assumed.push_back(c);
  q.rest = std::make_unique<Formulation>(without_lines(f, fixes_a_line));
  q.cadical = std::make_unique<CadicalDriver>(*q.rest, limits, check);
  for (const Constraint& c : q.assumed)
    q.literals.push_back(label_literal(f.pyramid(), c.lhs.var, c.rhs.value));
  q.core.fixed = q.assumed.size();
  return q;
}

// Where the run takes the completion: the same exact cover with the fixed
// lines of `axis` assumed and the others kept, if the completion can leave
// that axis's lines free (at N=8 a few thousand variables, where the whole
// formulation has millions).
std::optional<CoreQuestion> completion_question(const Formulation& f, const SolveLimits& given,
                                                const StopCheck& check, Axis axis) {
  SolveLimits limits = given;
  // Refutations: CaDiCaL's "unsat" configuration refutes N=8 shapes 10 to
  // 400 times faster than the completion's "sat" one (bench/RESULTS.md).
  if (!limits.cnf_options.cadical_config) limits.cnf_options.cadical_config = "unsat";
  const Pyramid& p = f.pyramid();
  const auto on_axis = [&](const Constraint& c) {
    return fixes_a_line(c) && p.axis_var(c.lhs.var).axis == axis;
  };
  const Formulation rest = without_lines(f, on_axis);
  if (rest.constraints().size() == f.constraints().size() || !completes(rest, limits.cnf_options))
    return std::nullopt;
  CompletionCnf cover = completion_cnf(rest, limits.cnf_options);
  CoreQuestion q;
  // A line the encoding fixed (its domain narrowed to one label) or whose
  // domain lost the label: the assumption is a literal that is always true
  // (never blamed) or always false (blamed alone).
  int always = 0;
  const auto constant = [&](bool value) {
    if (always == 0) cover.cnf.add_clause({always = cover.cnf.new_var()});
    return value ? always : -always;
  };
  for (const Constraint& c : f.constraints()) {
    if (fixes_a_line(c)) ++q.core.fixed;
    if (!on_axis(c)) continue;
    q.assumed.push_back(c);
    const std::vector<int>& literals = cover.literals[c.lhs.var];
    const int literal =
        literals.empty() ? constant(cover.labels[c.lhs.var] == c.rhs.value) : literals[c.rhs.value];
    q.literals.push_back(literal != 0 ? literal : constant(false));
  }
  q.core.kept = q.core.fixed - q.assumed.size();
  q.core.axis = std::string(axis_name(axis));
  q.cadical = std::make_unique<CadicalDriver>(p, cover.cnf, limits, check);
  return q;
}

// The core of one question: its refutation's assumptions, shrunk. An empty
// core: the question is unsatisfiable without any of its assumptions.
CoreAnswer shrunk_core(CoreQuestion& question, const StopCheck& check) {
  std::vector<std::size_t> core(question.assumed.size());
  for (std::size_t i = 0; i < core.size(); ++i) core[i] = i;
  switch (question.solve(core)) {
    case CadicalDriver::Status::Sat: return {SolveResult::Status::Sat, std::nullopt, {}};
    case CadicalDriver::Status::Stopped:
      return {SolveResult::Status::Unknown, std::nullopt, question.cadical->stop_reason()};
    case CadicalDriver::Status::Unsat: break;
  }
  core = question.used(core);
  UnsatCore out = question.core;
  // Deletion: drop each line in turn; keep it if the rest is satisfiable
  // (or undecided within the step's budget).
  for (std::size_t k = 0; k < core.size();) {
    std::vector<std::size_t> without = core;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(k));
    const CadicalDriver::Status s = question.solve(without, kShrinkConflicts);
    if (s == CadicalDriver::Status::Stopped && check.stopped()) {
      out.stopped = true;
      break;
    }
    if (s != CadicalDriver::Status::Unsat) {
      out.undecided += s == CadicalDriver::Status::Stopped ? 1 : 0;
      ++k;  // needed, or kept
      continue;
    }
    const std::vector<std::size_t> smaller = question.used(without);  // may drop more
    const std::size_t kept = static_cast<std::size_t>(
        std::count_if(smaller.begin(), smaller.end(), [&](std::size_t i) { return i < core[k]; }));
    core = smaller;
    k = std::min(k, kept);
  }
  for (std::size_t i : core) out.lines.push_back(question.assumed[i]);
  return {SolveResult::Status::Unsat, std::move(out), {}};
}

}  // namespace

CoreAnswer unsat_core(const Formulation& formulation, const SolveLimits& limits) {
  const StopCheck check = limits.started();
  try {
    // The completion's questions first, one axis assumed at a time; one
    // whose kept lines already leave no solution blames none of its own,
    // and the next one is asked, then the whole formulation.
    if (takes_completion(formulation, limits)) {
      for (const Axis axis : {Axis::Y, Axis::X, Axis::Z}) {
        std::optional<CoreQuestion> question =
            completion_question(formulation, limits, check, axis);
        if (!question) continue;
        CoreAnswer a = shrunk_core(*question, check);
        if (a.status != SolveResult::Status::Unsat || !a.core->lines.empty()) return a;
      }
    }
    CoreQuestion whole = whole_question(formulation, limits, check);
    return shrunk_core(whole, check);
  } catch (const Stopped& stopped) {
    return {SolveResult::Status::Unknown, std::nullopt, stopped.what()};
  }
}

}  // namespace bel_pyramid
