#include <gtest/gtest.h>

#include <random>

#include "model/formulation.hpp"
#include "model/label_domains.hpp"
#include "model/strategy.hpp"
#include "solvers/move_engine.hpp"

namespace bel_pyramid {
namespace {

std::vector<Constraint> built(const Pyramid& p, const char* name) {
  return find_strategy(name)->build(p);
}

// The incremental cost must equal a recount from scratch after any sequence
// of moves, including with penalty constraints of every non-unary kind, and
// relabel_delta() must predict each move's change without making it.
void expect_incremental_matches_recount(int levels, std::vector<Constraint> penalties) {
  const Pyramid p(levels);
  MoveEngine engine(p, std::move(penalties));
  std::mt19937 rng(levels);
  std::uniform_int_distribution<int> any_var(0, p.var_count() - 1), any_label(0, p.labels() - 1);
  std::vector<int> labels(p.var_count());
  for (int& l : labels) l = any_label(rng);
  engine.reset(labels);
  ASSERT_EQ(engine.cost(), engine.recount());
  for (int move = 0; move < 20000; ++move) {
    const int before = engine.cost();
    const int var = any_var(rng), label = any_label(rng);
    // The move's cost seen in advance, and the state untouched by the look.
    const int predicted = engine.relabel_delta(var, label);
    ASSERT_EQ(engine.cost(), before);
    if (move % 101 == 0) ASSERT_EQ(engine.cost(), engine.recount()) << "after a look " << move;
    const int delta = engine.set_label(var, label);
    ASSERT_EQ(delta, predicted);
    ASSERT_EQ(engine.cost(), before + delta);
    if (move % 97 == 0) ASSERT_EQ(engine.cost(), engine.recount()) << "after move " << move;
  }
  EXPECT_EQ(engine.cost(), engine.recount());
}

TEST(MoveEngine, IncrementalCostEqualsRecountWithoutPenalties) {
  for (int n = 1; n <= 5; ++n) expect_incremental_matches_recount(n, {});
}

TEST(MoveEngine, IncrementalCostEqualsRecountWithPenalties) {
  for (int n = 2; n <= 4; ++n) {
    const Pyramid p(n);
    std::vector<Constraint> penalties;
    for (const char* name : {"AntiMirror", "LabelPermutation", "FacePBEQ", "IncreasingXAxis"})
      for (Constraint& c : built(p, name)) penalties.push_back(std::move(c));
    expect_incremental_matches_recount(n, std::move(penalties));
  }
}

TEST(MoveEngine, DuplicatesCountMissingCubes) {
  const Pyramid p(3);
  MoveEngine engine(p, {});
  engine.reset(std::vector<int>(p.var_count(), 0));  // every position holds (0,0,0)
  EXPECT_EQ(engine.duplicates(), static_cast<int>(p.cube_count()) - 1);
}

TEST(LabelDomains, UnaryConstraintsBecomeDomainsAndTheRestPenalties) {
  Formulation f(3, Domain::Int);
  const Pyramid& p = f.pyramid();
  for (const char* name : {"YStep", "ConstructiveTripleDiagonal", "TopCubeOrdering"})
    f.add_strategy(name, built(p, name));
  const LabelDomains d = split_constraints(f);
  EXPECT_FALSE(d.contradiction);
  for (int y = 0; y < p.base(); ++y)
    for (int h = 0; h < p.tri(y); ++h) EXPECT_EQ(d.masks[p.y_var(y, h)], LabelMask{1} << (y + h));
  EXPECT_EQ(d.masks[p.z_var(2, 2)], LabelMask{1} << 2);
  EXPECT_EQ(d.masks[p.z_var(0, 1)], LabelMask{0b11111});
  ASSERT_EQ(d.penalties.size(), 1u);  // TopCubeOrdering compares two variables
}

TEST(LabelDomains, UpperBoundsShrinkDomains) {
  Formulation f(3, Domain::Int);
  f.add_strategy("ConstructiveBottom", built(f.pyramid(), "ConstructiveBottom"));
  const LabelDomains d = split_constraints(f);
  EXPECT_TRUE(d.penalties.empty());
  EXPECT_EQ(d.masks[f.pyramid().z_var(2, 2)], LabelMask{0b1});    // level 2: labels < 1
  EXPECT_EQ(d.masks[f.pyramid().z_var(1, 1)], LabelMask{0b111});  // level 1: labels < 3
}

// A condition on constants (`h < N - k -> Y[y,h] = c`) is evaluated: the
// statement is a domain where it holds and nothing where it does not.
TEST(LabelDomains, ConditionsOnConstantsAreEvaluated) {
  Formulation f(3, Domain::Int);
  const Constraint fix = compare(var(0), Rel::Eq, label(1));
  f.add_strategy("Held", {any_of({negation(compare(label(0), Rel::Lt, label(2))), fix})});
  f.add_strategy("Void", {any_of({negation(compare(label(3), Rel::Lt, label(2))),
                                  compare(var(1), Rel::Eq, label(2))})});
  f.add_strategy("Nested", {all_of({compare(label(1), Rel::Le, label(1)),
                                    any_of({compare(var(2), Rel::Eq, label(0)),
                                            compare(label(2), Rel::Eq, label(1))})})});
  const LabelDomains d = split_constraints(f);
  EXPECT_TRUE(d.penalties.empty());
  EXPECT_EQ(d.masks[0], LabelMask{0b10});
  EXPECT_EQ(d.masks[1], LabelMask{0b11111});
  EXPECT_EQ(d.masks[2], LabelMask{0b1});
  Formulation never(3, Domain::Int);  // a false statement is no domain: a penalty
  never.add_strategy("False", {any_of({compare(label(3), Rel::Lt, label(2)), fix})});
  never.add_strategy("Never", {compare(label(3), Rel::Lt, label(2))});
  EXPECT_EQ(split_constraints(never).penalties.size(), 1u);
  EXPECT_EQ(split_constraints(never).masks[0], LabelMask{0b10});
}

TEST(LabelDomains, ContradictoryFixesAreReported) {
  Formulation f(3, Domain::Int);
  f.add_strategy("XStep", built(f.pyramid(), "XStep"));           // X[0][0] = 0
  f.add_strategy("Extra", {compare(label(1), Rel::Eq, var(0))});  // X[0][0] = 1
  const LabelDomains d = split_constraints(f);
  ASSERT_TRUE(d.contradiction);
  EXPECT_NE(d.contradiction->find("X[0][0]"), std::string::npos);
}

}  // namespace
}  // namespace bel_pyramid
