// The completion (the lines a shape leaves free, as an exact cover) answers
// as CaDiCaL on the whole formulation does, and applies only where a shape
// fixes most lines and nothing but unit constraints is left.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "cnf/cube_split.hpp"
#include "column_step.hpp"
#include "formulation_with.hpp"
#include "model/checked_solution.hpp"
#include "model/constraint.hpp"
#include "model/line_shift.hpp"
#include "model_count.hpp"
#include "solvers/cadical_backend.hpp"
#include "solvers/completion.hpp"

namespace bel_pyramid {
namespace {

using testing::column_step;
using testing::count_models;
using testing::formulation_with;
using testing::level_shifts;

TEST(Completion, AppliesOnlyWhenAShapeFixesTheLinesAndNothingElseRemains) {
  Formulation shaped = formulation_with(4);
  EXPECT_FALSE(completes(shaped));
  shaped.add_strategy("ColumnStep", column_step(shaped.pyramid()));
  EXPECT_TRUE(completes(shaped));
  Formulation ordered = formulation_with(4, {"TopCubeOrdering"});  // an ordering: not unary
  ordered.add_strategy("ColumnStep", column_step(ordered.pyramid()));
  EXPECT_FALSE(completes(ordered));
  Formulation halfway = formulation_with(4, {"XStep"});  // Y and Z free: two lines a position
  EXPECT_TRUE(completes(halfway));
  Formulation loose = formulation_with(4, {"ZRing"});  // inside the ring all three are free
  EXPECT_FALSE(completes(loose));
}

// Every Z line barred from label 0: no solution (the cube {0,0,0} needs one).
std::vector<Constraint> z_lines_not_zero(const Pyramid& p) {
  std::vector<Constraint> out;
  for (int z = p.z_var(0, 0); z < p.var_count(); ++z)
    out.push_back(compare(var(z), Rel::Ne, label(0)));
  return out;
}

// Both paths on one formulation: the same answer, and a valid solution.
SolveResult expect_same_answer(const Formulation& f) {
  EXPECT_TRUE(completes(f));
  SolveLimits limits;
  limits.seed = 1;
  limits.seed_given = true;
  const SolveResult whole = solve_with_cadical(f, limits);
  SolveResult cover = solve_completion(f, limits);
  EXPECT_NE(whole.status, SolveResult::Status::Unknown) << whole.reason;
  EXPECT_EQ(cover.status, whole.status) << cover.reason;
  if (cover.solution) EXPECT_TRUE(checked_solution(f, cover.solution->labels()).has_value());
  return cover;
}

// Every shift of the family at N=2..4 (each has a completion), and shapes
// whose Z lines may not take label 0 (none has: the cube {0,0,0} needs it).
TEST(Completion, AnswersAsTheWholeFormulationOnEveryShift) {
  for (int levels = 2; levels <= 4; ++levels) {
    const int labels = 2 * levels - 1;
    for (int shift = 0; shift < labels; ++shift) {
      SCOPED_TRACE(fmt::format("N={} shift {}", levels, shift));
      Formulation f = formulation_with(levels);
      f.add_strategy("Shift", column_step(f.pyramid(), shift));
      EXPECT_EQ(expect_same_answer(f).status, SolveResult::Status::Sat);
      f.add_strategy("NoZero", z_lines_not_zero(f.pyramid()));
      EXPECT_EQ(expect_same_answer(f).status, SolveResult::Status::Unsat);
    }
  }
}

// The matching of positions to cubes narrows the Z lines' domains first
// (cube-matching, on by default): every N=5 shift loses line Booleans, and
// answers as without it (f = 1..6 complete, 0, 7 and 8 do not).
TEST(Completion, TheMatchingNarrowsTheLinesAndKeepsTheAnswers) {
  CnfOptions off;
  set_cnf_option(off, "cube-matching=off");
  SolveLimits limits, plain;
  limits.seed = plain.seed = 1;
  limits.seed_given = plain.seed_given = true;
  plain.cnf_options = off;
  for (int shift = 0; shift < 9; ++shift) {
    SCOPED_TRACE(fmt::format("shift {}", shift));
    Formulation f = formulation_with(5);
    f.add_strategy("Shift", column_step(f.pyramid(), shift));
    EXPECT_LT(completion_cnf(f, {}).cnf.primary_vars, completion_cnf(f, off).cnf.primary_vars);
    const SolveResult narrowed = solve_completion(f, limits);
    EXPECT_EQ(narrowed.status, solve_completion(f, plain).status);
    EXPECT_EQ(narrowed.status,
              shift >= 1 && shift <= 6 ? SolveResult::Status::Sat : SolveResult::Status::Unsat);
    if (narrowed.solution)
      EXPECT_TRUE(checked_solution(f, narrowed.solution->labels()).has_value());
  }
}

// A split of the completion narrowed by the matching, as --split makes it
// (narrow_cube on the root and on every new leaf): a leaf the matching
// refutes has no model, and the cubes kept partition the models, so no
// narrowing lost one. Every shift at N=3, and the N=4 shifts with few
// completions (4096 at f=0).
TEST(Completion, NarrowedCubesKeepTheirModels) {
  int refuted = 0, narrowed = 0;
  const std::vector<std::pair<int, int>> members{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4},
                                                 {4, 0}, {4, 1}, {4, 5}, {4, 6}};
  for (const auto [levels, shift] : members) {
    SCOPED_TRACE(fmt::format("N={} shift {}", levels, shift));
    Formulation f = formulation_with(levels);
    f.add_strategy("Shift", column_step(f.pyramid(), shift));
    const CompletionCnf cover = completion_cnf(f, {});
    const int project = cover.cnf.primary_vars;
    CubeSplitOptions options;
    options.cubes = 7;
    options.by = SplitBy::Line;
    options.narrow = [&](std::vector<int>& leaf) {
      const std::size_t size = leaf.size();
      if (!narrow_cube(f.pyramid(), cover, leaf)) {
        EXPECT_EQ(count_models(cover.cnf, leaf, project), 0);
        ++refuted;
        return false;
      }
      narrowed += leaf.size() > size ? 1 : 0;
      return true;
    };
    const SplitLines lines =
        split_lines(f.pyramid(), [&cover](int v) { return cover.literals[v]; });
    long total = 0;
    for (const std::vector<int>& cube : split_cubes(cover.cnf, lines, options))
      total += count_models(cover.cnf, cube, project);
    EXPECT_EQ(total, count_models(cover.cnf, {}, project));
  }
  EXPECT_GT(refuted, 0);
  EXPECT_GT(narrowed, 0);
}

// ColumnStep's shift with the Y lines of the levels in `free` left free.
std::vector<Constraint> partial_column_step(const Pyramid& p, int shift, std::vector<int> free) {
  std::vector<Constraint> fixed;
  for (int x = 0; x < p.base(); ++x)
    for (int h = 0; h < p.tri(x); ++h)
      fixed.push_back(compare(var(p.x_var(x, h)), Rel::Eq, label(x)));
  for (int y = 0; y < p.base(); ++y)
    for (int h = 0; h < p.tri(y); ++h)
      if (std::find(free.begin(), free.end(), h) == free.end())
        fixed.push_back(compare(var(p.y_var(y, h)), Rel::Eq, label((y + h + shift) % p.labels())));
  return fixed;
}

// The levels 0..k-1.
std::vector<int> lowest(int k) {
  std::vector<int> out(static_cast<std::size_t>(k));
  for (int h = 0; h < k; ++h) out[h] = h;
  return out;
}

// Partial shapes (the Y lines of the top level, the bottom one, the two
// lowest, or every level free): the cover takes the free lines as
// variables, and answers as the whole formulation on every shift at N=2..4,
// with and without Z lines barred from label 0.
TEST(Completion, AnswersAsTheWholeFormulationOnPartialShapes) {
  for (int levels = 2; levels <= 4; ++levels)
    for (const std::vector<int>& free :
         {std::vector<int>{levels - 1}, lowest(1), lowest(2), lowest(levels)}) {
      for (int shift = 0; shift < 2 * levels - 1; ++shift) {
        SCOPED_TRACE(
            fmt::format("N={} shift {}, levels {} free", levels, shift, fmt::join(free, ",")));
        Formulation f = formulation_with(levels);
        f.add_strategy("Partial", partial_column_step(f.pyramid(), shift, free));
        (void)expect_same_answer(f);
        f.add_strategy("NoZero", z_lines_not_zero(f.pyramid()));
        EXPECT_EQ(expect_same_answer(f).status, SolveResult::Status::Unsat);
      }
    }
}

// The cover applies while each position has at most two free lines, however
// many lines are free.
TEST(Completion, AppliesToShapesWithFewFreeLines) {
  Formulation bottom = formulation_with(4);
  bottom.add_strategy("Partial", partial_column_step(bottom.pyramid(), 1, {0}));  // 7 free
  EXPECT_TRUE(completes(bottom));
  Formulation two = formulation_with(4);
  two.add_strategy("Partial", partial_column_step(two.pyramid(), 1, {0, 1}));  // 12 free
  EXPECT_TRUE(completes(two));
  Formulation every_y = formulation_with(4);  // only the X lines fixed: 16 Y lines free
  every_y.add_strategy("Partial", partial_column_step(every_y.pyramid(), 1, lowest(4)));
  EXPECT_TRUE(completes(every_y));
  Formulation three = formulation_with(4);  // X[3,3] free too: its position has three
  const Pyramid& p = three.pyramid();
  std::vector<Constraint> lines = partial_column_step(p, 1, {3});
  lines.erase(std::remove_if(lines.begin(), lines.end(),
                             [&](const Constraint& c) {
                               return c == compare(var(p.x_var(3, 3)), Rel::Eq, label(3));
                             }),
              lines.end());
  three.add_strategy("Partial", lines);
  EXPECT_FALSE(completes(three));
}

// Tied lines (`A = (B + k) % L`) are one free line of the cover: the free
// per-level shifts answer as the whole formulation at N=2..4, alone, with
// each level's shift but one barred (one level fixed by its domain, the
// others tied), and with the Z lines barred from label 0 (no solution).
TEST(Completion, AnswersAsTheWholeFormulationOnTiedLines) {
  for (int levels = 2; levels <= 4; ++levels) {
    SCOPED_TRACE(fmt::format("N={}", levels));
    Formulation f = formulation_with(levels);
    const Pyramid& p = f.pyramid();
    f.add_strategy("LevelShifts", level_shifts(p));
    EXPECT_EQ(expect_same_answer(f).status, SolveResult::Status::Sat);
    Formulation fixed_bottom = formulation_with(levels);
    fixed_bottom.add_strategy("LevelShifts", level_shifts(p));
    fixed_bottom.add_strategy("Bottom", {compare(var(p.y_var(0, 0)), Rel::Eq, label(1))});
    (void)expect_same_answer(fixed_bottom);
    f.add_strategy("NoZero", z_lines_not_zero(p));
    EXPECT_EQ(expect_same_answer(f).status, SolveResult::Status::Unsat);
  }
}

// Ties that contradict each other (Y[0,0] = Y[1,0] + 1 = Y[0,0] + 2), or a
// constraint on two lines that is no tie, leave the shape to the native
// encoding.
TEST(Completion, ContradictoryOrOtherTiesAreNotTaken) {
  Formulation f = formulation_with(3);
  const Pyramid& p = f.pyramid();
  f.add_strategy("LevelShifts", level_shifts(p));
  ASSERT_TRUE(completes(f));
  Formulation cycle = formulation_with(3);
  cycle.add_strategy("LevelShifts", level_shifts(p));
  cycle.add_strategy("Cycle", {shifted_equal(p.y_var(0, 0), p.y_var(1, 0), 1, p.labels()),
                               shifted_equal(p.y_var(1, 0), p.y_var(0, 0), 1, p.labels())});
  EXPECT_FALSE(completes(cycle));
  Formulation other = formulation_with(3);
  other.add_strategy("LevelShifts", level_shifts(p));
  other.add_strategy("Less", {compare(var(p.z_var(0, 0)), Rel::Lt, var(p.z_var(1, 1)))});
  EXPECT_FALSE(completes(other));
}

// A Z line's own unit constraints remove options: a shape whose completion
// exists, with one Z line forbidden the label that solution gives it, still
// answers as the whole formulation.
TEST(Completion, HonoursTheZLinesOwnDomains) {
  Formulation f = formulation_with(4);
  f.add_strategy("ColumnStep", column_step(f.pyramid()));
  SolveLimits limits;
  const SolveResult first = solve_completion(f, limits);
  ASSERT_EQ(first.status, SolveResult::Status::Sat);
  const Pyramid& p = f.pyramid();
  const int z = p.z_var(0, 0);
  f.add_strategy("NotThatLabel", {compare(var(z), Rel::Ne, label(first.solution->labels()[z]))});
  ASSERT_TRUE(completes(f));
  const SolveResult again = solve_completion(f, limits);
  EXPECT_EQ(again.status, solve_with_cadical(f, limits).status);
  if (again.solution) EXPECT_NE(again.solution->labels()[z], first.solution->labels()[z]);
}

// CaDiCaL keeps the native CNF when something asks for it: a proof (of the
// CNF --cnf writes), the encoder's --cnf-tune keys, a start state's phases.
TEST(Completion, TheNativeCnfIsKeptWhenAskedFor) {
  Formulation f = formulation_with(3);
  f.add_strategy("ColumnStep", column_step(f.pyramid()));
  SolveLimits limits;
  EXPECT_TRUE(takes_completion(f, limits));
  limits.cnf_options.cadical_config = "sat";  // CaDiCaL's own keys apply to either CNF
  limits.cnf_options.cadical_phase = 1;
  EXPECT_TRUE(takes_completion(f, limits));
  SolveLimits off;
  off.cnf_options.completion = false;
  EXPECT_FALSE(takes_completion(f, off));
  SolveLimits tuned;
  tuned.cnf_options.cube_amo = AmoEncoding::Pairwise;
  EXPECT_FALSE(takes_completion(f, tuned));
  SolveLimits started;
  started.start = std::vector<int>(f.pyramid().var_count(), 0);
  EXPECT_FALSE(takes_completion(f, started));
  std::FILE* proof = std::tmpfile();
  ASSERT_NE(proof, nullptr);
  SolveLimits proving;
  proving.proof = proof;
  EXPECT_FALSE(takes_completion(f, proving));
  std::fclose(proof);
}

TEST(Completion, GivesUpAtItsLimit) {
  Formulation f = formulation_with(7);
  f.add_strategy("ColumnStep", column_step(f.pyramid()));
  SolveLimits limits;
  limits.timeout_seconds = 0.001;
  EXPECT_EQ(solve_completion(f, limits).status, SolveResult::Status::Unknown);
}

}  // namespace
}  // namespace bel_pyramid
