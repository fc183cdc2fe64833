// --unsat-core (unsat_core.hpp): on random shapes with no solution at N=2
// and N=3, the core alone (with the other constraints) has no solution, and
// when it is reported minimal, freeing any one of its lines brings one
// back; both facts are checked apart from the core's assumptions (answer()).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "model/constraint.hpp"
#include "model/formulation.hpp"
#include "solvers/cadical_backend.hpp"
#include "solvers/completion.hpp"
#include "solvers/unsat_core.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

Formulation with_lines(int levels, const std::vector<Constraint>& lines,
                       const std::vector<Constraint>& others = {}) {
  Formulation f(levels, Domain::Int);
  if (!others.empty()) f.add_strategy("others", others);
  f.add_strategy("lines", lines);
  return f;
}

// Sat or Unsat with the lines as unit constraints: at N=2 by xcc's complete
// count (its fixed order), at N=3 (too many solutions to count) by CaDiCaL
// on the native CNF with the lines as clauses, not assumptions.
SolveResult::Status answer(const Formulation& f) {
  if (f.pyramid().levels() > 2) return solve_with_cadical(f, SolveLimits{}).status;
  const CountResult count = count_xcc(f, SolveLimits{}, CountOptions{});
  return count.solutions > 0 ? SolveResult::Status::Sat : SolveResult::Status::Unsat;
}

// A shape of `count` random fixed lines.
std::vector<Constraint> random_lines(const Pyramid& p, int count, std::mt19937& rng) {
  std::vector<Constraint> out;
  std::vector<bool> used(p.var_count(), false);
  while (static_cast<int>(out.size()) < count) {
    const int v = std::uniform_int_distribution<int>(0, p.var_count() - 1)(rng);
    if (used[v]) continue;
    used[v] = true;
    out.push_back(compare(var(v), Rel::Eq,
                          label(std::uniform_int_distribution<int>(0, p.labels() - 1)(rng))));
  }
  return out;
}

// The fixed lines a core kept as given (those off its axis), with `others`.
std::vector<Constraint> kept_with(const Formulation& f, const UnsatCore& core,
                                  std::vector<Constraint> others) {
  if (core.axis.empty()) return others;
  std::size_t kept = 0;
  for (const Constraint& c : f.constraints()) {
    const bool fixes = c.kind == Constraint::Kind::Compare && c.rel == Rel::Eq && c.lhs.is_var() &&
                       !c.rhs.is_var();
    if (fixes && core.axis != axis_name(f.pyramid().axis_var(c.lhs.var).axis)) {
      others.push_back(c);
      ++kept;
    }
  }
  EXPECT_EQ(kept, core.kept);
  return others;
}

void expect_a_core(const Formulation& f, std::vector<Constraint> others) {
  const CoreAnswer a = unsat_core(f, SolveLimits{});
  ASSERT_EQ(a.status, SolveResult::Status::Unsat);
  const UnsatCore& core = *a.core;
  others = kept_with(f, core, std::move(others));
  EXPECT_EQ(answer(with_lines(f.pyramid().levels(), core.lines, others)),
            SolveResult::Status::Unsat);
  if (!core.minimal()) return;
  for (std::size_t k = 0; k < core.lines.size(); ++k) {
    std::vector<Constraint> freed = core.lines;
    freed.erase(freed.begin() + static_cast<std::ptrdiff_t>(k));
    EXPECT_EQ(answer(with_lines(f.pyramid().levels(), freed, others)), SolveResult::Status::Sat)
        << "line " << k << " of the core is not needed";
  }
}

TEST(UnsatCore, RandomShapesWithoutSolutionGiveMinimalCores) {
  std::mt19937 rng(7);
  int cores = 0;
  for (int levels : {2, 3}) {
    const Pyramid p(levels);
    const int wanted = levels == 2 ? 16 : 18;  // N=3's cores take seconds each
    for (int trial = 0; trial < 200 && cores < wanted; ++trial) {
      const std::vector<Constraint> lines = random_lines(p, levels == 2 ? 6 : 12, rng);
      const Formulation f = with_lines(levels, lines);
      if (answer(f) != SolveResult::Status::Unsat) continue;
      SCOPED_TRACE(fmt::format("N={} trial {}", levels, trial));
      expect_a_core(f, {});
      ++cores;
    }
  }
  EXPECT_EQ(cores, 18);
}

// Shapes the completion takes at N=3 (X[x,h] = x, Y[y,h] = (d y + e h) mod
// L, the Z lines free): the core blames Y lines only, with every X line kept, and
// is a core, minimal where it says so, with the X lines as they are.
TEST(UnsatCore, TheCompletionBlamesOneAxisAndKeepsTheOthers) {
  const Pyramid p(3);
  const int l = p.labels();
  int cores = 0;
  for (int d = 0; d < l; ++d) {
    for (int e = 0; e < l; ++e) {
      std::vector<Constraint> lines;
      for (int i = 0; i < p.base(); ++i) {
        for (int h = 0; h < p.tri(i); ++h) {
          lines.push_back(compare(var(p.x_var(i, h)), Rel::Eq, label(i)));
          lines.push_back(compare(var(p.y_var(i, h)), Rel::Eq, label((d * i + e * h) % l)));
        }
      }
      const Formulation f = with_lines(3, lines);
      ASSERT_TRUE(takes_completion(f, SolveLimits{}));
      if (answer(f) != SolveResult::Status::Unsat) continue;
      SCOPED_TRACE(fmt::format("d={} e={}", d, e));
      const CoreAnswer a = unsat_core(f, SolveLimits{});
      ASSERT_EQ(a.status, SolveResult::Status::Unsat);
      EXPECT_EQ(a.core->axis, "Y");
      EXPECT_EQ(a.core->kept, static_cast<std::size_t>(p.x_var_count()));
      EXPECT_EQ(a.core->fixed, lines.size());
      expect_a_core(f, {});
      ++cores;
    }
  }
  EXPECT_EQ(cores, 10);  // the (d, e) with no solution at N=3
}

// Constraints that fix no line stay in force: the core is read under them.
TEST(UnsatCore, OtherConstraintsStayHard) {
  const Pyramid p(2);
  const std::vector<Constraint> others = {compare(var(p.x_var(0, 0)), Rel::Lt, var(p.x_var(2, 0)))};
  const std::vector<Constraint> lines = {compare(var(p.x_var(0, 0)), Rel::Eq, label(2)),
                                         compare(var(p.z_var(1, 1)), Rel::Eq, label(0))};
  Formulation f(2, Domain::Int);
  f.add_strategy("others", others);
  f.add_strategy("lines", lines);
  const CoreAnswer a = unsat_core(f, SolveLimits{});
  ASSERT_EQ(a.status, SolveResult::Status::Unsat);
  EXPECT_EQ(a.core->lines, std::vector{lines[0]});  // X[0,0] = 2 < X[2,0] is impossible
  EXPECT_TRUE(a.core->minimal());
  EXPECT_EQ(a.core->fixed, 2U);
}

TEST(UnsatCore, ASatisfiableShapeHasNone) {
  const Pyramid p(2);
  const Formulation f = with_lines(2, {compare(var(p.x_var(0, 0)), Rel::Eq, label(1))});
  EXPECT_EQ(unsat_core(f, SolveLimits{}).status, SolveResult::Status::Sat);
}

}  // namespace
}  // namespace bel_pyramid
