// The construction (src/solvers/construction.hpp) and its shape table: the
// rows are the files of doc/hypotheses, it finds valid solutions, tries the
// shapes of its N in turn, and a shape without a solution makes it give up,
// never answer "no solution".
#include <gtest/gtest.h>

#include "app/exit_codes.hpp"
#include "app/options.hpp"
#include "cli_runner.hpp"
#include "column_step.hpp"
#include "formulation_with.hpp"
#include "model/hypothesis.hpp"
#include "model/solution.hpp"
#include "process.hpp"
#include "solvers/construction.hpp"
#include "solvers/shape_table.hpp"

namespace bel_pyramid {
namespace {

// The table's rows parse at every N of their range, and the binary's copy of
// each file is the checkout's (a stale embedding would run another shape).
TEST(ShapeTable, EveryRowParsesAtItsNFromTheFileInTheCheckout) {
  ASSERT_FALSE(shape_table().empty());
  for (const EmbeddedFile& f : embedded_hypotheses())
    EXPECT_EQ(f.text,
              test::slurp(std::string(BEL_PYRAMID_DOC_DIR "/hypotheses/") + std::string(f.path)))
        << f.path;
  for (const ShapeRow& row : shape_table())
    for (int levels = row.from; levels <= row.to; ++levels) {
      const Hypothesis h = shape_hypothesis(row, Pyramid(levels));
      EXPECT_FALSE(h.constraints.empty()) << row.file << " N=" << levels;
    }
  // ColumnStepFold for N = 1..8, then ColumnStep (the member f = N - 3 of
  // its family) for N = 1..7; nothing from N=9 on.
  for (int levels = 1; levels <= 9; ++levels) {
    const std::vector<const ShapeRow*> rows = shapes_for(levels);
    EXPECT_EQ(has_construction(levels), levels <= 8) << levels;
    if (levels > 8) continue;
    const Pyramid p(levels);
    EXPECT_EQ(rows.front()->file, "ColumnStepFold.hyp");
    if (levels > 7) continue;
    EXPECT_EQ(shape_hypothesis(*rows[1], p).constraints,
              testing::column_step(p, ((levels - 3) % p.labels() + p.labels()) % p.labels()));
  }
}

// ColumnStepFold: X[x,h] = x; rows 0..N-3 step down from y + 2, the rows
// after step up from y + 2 (mod L), each line as its formula says.
TEST(ShapeTable, ColumnStepFoldFixesEveryLineByItsFormula) {
  for (int levels = 1; levels <= 8; ++levels) {
    const Pyramid p(levels);
    const int l = p.labels();
    std::vector<Constraint> expected;
    for (int x = 0; x < p.base(); ++x)
      for (int h = 0; h < p.tri(x); ++h)
        expected.push_back(compare(var(p.x_var(x, h)), Rel::Eq, label(x)));
    for (int y = 0; y < p.base(); ++y)
      for (int h = 0; h < p.tri(y); ++h) {
        const int step = y <= levels - 3 ? -h : h;
        expected.push_back(
            compare(var(p.y_var(y, h)), Rel::Eq, label(((y + step + 2) % l + l) % l)));
      }
    SCOPED_TRACE(levels);
    EXPECT_EQ(shape_hypothesis(*shapes_for(levels).front(), p).constraints, expected);
  }
}

TEST(Construction, SolvesFiveLevels) {
  const Formulation f = testing::formulation_with(5, {});
  SolveLimits limits;
  limits.seed = 3;
  limits.seed_given = true;
  const SolveResult r = solve_construction(f, limits);
  ASSERT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  EXPECT_TRUE(validate(f.pyramid(), *r.solution).ok);
  EXPECT_EQ(r.solution->x(f.pyramid(), 7, 1), 7);
  EXPECT_EQ(r.solution->y(f.pyramid(), 7, 1), (7 + 1 + 2) % 9);
}

// YStep fixes Y[y,h] = y + h, and both shapes of N=4 put another label on
// Y[0,0] (2 and 1): no solution has either, and that says nothing about the
// puzzle under YStep.
TEST(Construction, GivesUpWhereTheShapeHasNoSolution) {
  const Formulation f = testing::formulation_with(4, {"YStep"});
  const SolveResult r = solve_construction(f, {});
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_EQ(r.reason, "no solution has the shape ColumnStepFold.hyp or ColumnStep.hyp");
  const auto cli = testing::run_command({"4", "--solver", "construct", "--strategy", "YStep"});
  EXPECT_EQ(cli.exit_code, kExitUnknown) << cli.err;
  EXPECT_NE(cli.out.find("Solver gave up after "), std::string::npos) << cli.out;
  EXPECT_EQ(cli.out.find("No solution exists"), std::string::npos) << cli.out;
}

// At N=5 the table has ColumnStepFold, ColumnStep and a third shape: under a
// hypothesis that rules out the first two (both put label 2 on Y[0,0]), the
// third completes.
TEST(Construction, TriesTheShapesOfItsNInTurn) {
  const Formulation free = testing::formulation_with(9, {});
  EXPECT_EQ(solve_construction(free, {}).reason,
            "no shape is known to complete at N=9 (the shape table, doc/hypotheses/shapes.tsv)");
  Formulation f = testing::formulation_with(5, {});
  const Pyramid& p = f.pyramid();
  f.add_strategy("not ColumnStep", {compare(var(p.y_var(0, 0)), Rel::Ne, label(2))});
  SolveLimits limits;
  limits.seed = 1;
  limits.seed_given = true;
  const SolveResult r = solve_construction(f, limits);
  ASSERT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  EXPECT_EQ(r.solution->y(p, 0, 0), 4);  // f = 4: Y[y,h] = y + h + 4
  EXPECT_TRUE(validate(p, *r.solution).ok);
}

// The bare puzzle's default portfolio races the construction on both cores
// up to N=8, where the shape table has a shape, and not at N=9.
TEST(Construction, DefaultPortfolioRacesItWhereItsShapeHasSolutions) {
  Options o;
  o.levels = 7;
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"construct", "construct"}));
  o.levels = 8;
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"construct", "construct"}));
  o.levels = 7;
  o.checkpoint_path = "run.ckpt";  // a state to keep: one local search
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"local", "construct"}));
  o.checkpoint_path.clear();
  o.levels = 9;
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"local", "local"}));
  o.levels = 7;
  o.strategies = {"YStep"};
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"local", "cadical"}));
}

}  // namespace
}  // namespace bel_pyramid
