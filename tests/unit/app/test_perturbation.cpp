// --perturb K: the start a stuck hunt job takes near the pool's best state.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <sstream>

#include "app/perturbation.hpp"
#include "formulation_with.hpp"
#include "model/label_domains.hpp"
#include "model/strategy.hpp"
#include "solvers/move_engine.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

// A state every domain allows: each line's lowest allowed label.
Checkpoint lowest_labels(const Formulation& f) {
  const LabelDomains domains = split_constraints(f);
  Checkpoint c;
  c.levels = f.pyramid().levels();
  for (const LabelMask mask : domains.masks) c.labels.push_back(std::countr_zero(mask));
  MoveEngine engine(f.pyramid(), domains.penalties);
  engine.reset(c.labels);
  c.cost = engine.cost();
  return c;
}

Options perturbing(int count, unsigned seed) {
  Options o;
  o.perturb = count;
  o.seed = seed;
  return o;
}

int changed_lines(const std::vector<int>& a, const std::vector<int>& b) {
  int changed = 0;
  for (std::size_t v = 0; v < a.size(); ++v) changed += a[v] != b[v];
  return changed;
}

TEST(Perturbation, WithoutPerturbTheStartIsTheCheckpointsState) {
  const Formulation f = formulation_with(4, {});
  const Checkpoint c = lowest_labels(f);
  std::ostringstream out;
  EXPECT_EQ(start_labels(f, Options{}, c, out), c.labels);
  EXPECT_EQ(out.str(), "");
}

TEST(Perturbation, RelabelsAtMostKLinesAndReportsTheRealCost) {
  const Formulation f = formulation_with(4, {});
  const Checkpoint c = lowest_labels(f);
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::ostringstream out;
    const std::vector<int> start = start_labels(f, perturbing(3, seed), c, out);
    const int changed = changed_lines(c.labels, start);
    EXPECT_GE(changed, 1);
    EXPECT_LE(changed, 3);
    MoveEngine engine(f.pyramid(), {});
    engine.reset(start);
    EXPECT_EQ(out.str(),
              fmt::format("Perturbed the start: 3 random line relabels, cost {} -> {}.\n", c.cost,
                          engine.recount()));
  }
}

TEST(Perturbation, TheSeedDecides) {
  const Formulation f = formulation_with(5, {});
  const Checkpoint c = lowest_labels(f);
  std::ostringstream out;
  const std::vector<int> a = start_labels(f, perturbing(8, 7), c, out);
  EXPECT_EQ(start_labels(f, perturbing(8, 7), c, out), a);
  EXPECT_NE(start_labels(f, perturbing(8, 8), c, out), a);
  // A checkpoint resumed before gives the same seed's next stream.
  Checkpoint again = c;
  again.resumes = 1;
  EXPECT_NE(start_labels(f, perturbing(8, 7), again, out), a);
}

TEST(Perturbation, KeepsEveryLabelTheStrategiesFix) {
  const Formulation f = formulation_with(4, {"YStep", "ConstructiveTripleDiagonal"});
  const LabelDomains domains = split_constraints(f);
  const Checkpoint c = lowest_labels(f);
  std::ostringstream out;
  const std::vector<int> start = start_labels(f, perturbing(2000, 3), c, out);
  EXPECT_GT(changed_lines(c.labels, start), 0);
  for (std::size_t v = 0; v < start.size(); ++v) {
    EXPECT_TRUE((domains.masks[v] >> start[v]) & 1) << f.pyramid().var_name(static_cast<int>(v));
    if (std::popcount(domains.masks[v]) == 1) EXPECT_EQ(start[v], c.labels[v]);
  }
}

}  // namespace
}  // namespace bel_pyramid
