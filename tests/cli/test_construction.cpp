// The construction (src/solvers/construction.hpp): its shape is the one
// doc/hypotheses/ColumnStep.hyp states, it finds valid solutions, and a
// shape without a solution makes it give up, never answer "no solution".
#include <gtest/gtest.h>

#include "app/exit_codes.hpp"
#include "app/options.hpp"
#include "cli_runner.hpp"
#include "formulation_with.hpp"
#include "model/hypothesis.hpp"
#include "model/solution.hpp"
#include "process.hpp"
#include "solvers/construction.hpp"

namespace bel_pyramid {
namespace {

TEST(Construction, ShapeIsTheHypothesisFile) {
  const std::string path = BEL_PYRAMID_DOC_DIR "/hypotheses/ColumnStep.hyp";
  const std::string text = test::slurp(path);
  for (int levels = 1; levels <= 9; ++levels) {
    const Pyramid p(levels);
    EXPECT_EQ(column_step(p), parse_hypothesis(text, path, p).constraints) << levels;
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

// YStep fixes Y[y,h] = y + h, the shape y + h + 1 at N=4: no solution has
// both, and that says nothing about the puzzle under YStep.
TEST(Construction, GivesUpWhereTheShapeHasNoSolution) {
  const Formulation f = testing::formulation_with(4, {"YStep"});
  const SolveResult r = solve_construction(f, {});
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_EQ(r.reason,
            "no solution has the ColumnStep shape (X[x,h] = x, Y[y,h] = y + h + N - 3 mod L)");
  const auto cli = testing::run_command({"4", "--solver", "construct", "--strategy", "YStep"});
  EXPECT_EQ(cli.exit_code, kExitUnknown) << cli.err;
  EXPECT_NE(cli.out.find("Solver gave up after "), std::string::npos) << cli.out;
  EXPECT_EQ(cli.out.find("No solution exists"), std::string::npos) << cli.out;
}

// The bare puzzle's default portfolio races the construction up to N=7,
// where its shape has solutions, and not at N=8, where it has none.
TEST(Construction, DefaultPortfolioRacesItWhereItsShapeHasSolutions) {
  Options o;
  o.levels = 7;
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"local", "construct"}));
  o.levels = 8;
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"local", "local"}));
  o.levels = 7;
  o.strategies = {"YStep"};
  EXPECT_EQ(racers_of(o), (std::vector<std::string>{"local", "cadical"}));
}

}  // namespace
}  // namespace bel_pyramid
