// Counting, listing and the symmetry group: the XCC engine and CaDiCaL with
// blocking clauses against each other and against plain backtracking; the
// group maps solutions to solutions and its orbits add up (--all and --count
// on the command line: test_count_cli.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "backtracking_count.hpp"
#include "formats/knuth_format.hpp"
#include "formulation_with.hpp"
#include "model/strategy.hpp"
#include "process.hpp"
#include "solvers/cadical_count.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

std::vector<std::vector<int>> all_solutions(const Formulation& f) {
  std::vector<std::vector<int>> out;
  CountOptions options;
  options.on_solution = [&](const Solution& s, std::uint64_t) { out.push_back(s.labels()); };
  const CountResult r = count_xcc(f, {}, options);
  EXPECT_TRUE(r.complete());
  return out;
}

CountResult by_cadical(const Formulation& f, const CountOptions& options = {}) {
  return count_with_cadical(f, {}, options);
}

TEST(Counting, OneLevelHasOneSolution) {
  EXPECT_EQ(count_xcc(formulation_with(1), {}, {}).solutions, 1u);
  EXPECT_EQ(by_cadical(formulation_with(1)).solutions, 1u);
}

TEST(Counting, TwoLevelsBothEnginesMatchBacktracking) {
  const Formulation f = formulation_with(2);
  const CountResult xcc = count_xcc(f, {}, {});
  const CountResult cadical = by_cadical(f);
  EXPECT_TRUE(xcc.complete());
  EXPECT_TRUE(cadical.complete());
  EXPECT_EQ(xcc.solutions, 2112u);  // N=2's count (doc/counting.md)
  EXPECT_EQ(cadical.solutions, 2112u);
  EXPECT_EQ(static_cast<long>(xcc.solutions), testing::count_by_backtracking(f));
  const auto solutions = all_solutions(f);
  EXPECT_EQ(std::set<std::vector<int>>(solutions.begin(), solutions.end()).size(), 2112u);
}

TEST(Counting, EveryStrategyAtTwoLevelsAgreesBetweenEngines) {
  for (const Strategy& s : strategies()) {
    const Formulation f = formulation_with(2, {std::string(s.name)});
    EXPECT_EQ(count_xcc(f, {}, {}).solutions, by_cadical(f).solutions) << s.name;
  }
  for (const char* name : {"BottomCenter012", "TopCubeOrdering", "CakeSliceOrdering",
                           "ConstructiveTripleDiagonal", "LabelPermutation"}) {
    const Formulation f = formulation_with(2, {name});
    EXPECT_EQ(static_cast<long>(count_xcc(f, {}, {}).solutions), testing::count_by_backtracking(f))
        << name;
  }
}

TEST(Counting, XStepAndYStepHaveNoSolutionAtThreeLevels) {
  const Formulation f = formulation_with(3, {"XStep", "YStep"});
  const CountResult xcc = count_xcc(f, {}, {});
  EXPECT_TRUE(xcc.complete());
  EXPECT_EQ(xcc.solutions, 0u);
  EXPECT_EQ(by_cadical(f).solutions, 0u);
  EXPECT_EQ(solve_xcc(f, {}).status, SolveResult::Status::Unsat);
}

TEST(Counting, SolveXccFindsAValidSolution) {
  for (std::uint64_t seed : {0, 1, 2}) {
    SolveLimits limits;
    limits.seed = seed;
    const Formulation f = formulation_with(3, {"YStep"});
    const SolveResult r = solve_xcc(f, limits);
    ASSERT_EQ(r.status, SolveResult::Status::Sat);
    EXPECT_TRUE(validate(f.pyramid(), *r.solution).ok);
    for (const Constraint& c : f.constraints()) EXPECT_TRUE(evaluate(c, r.solution->labels()));
  }
}

TEST(Counting, PartsSumToTheWholeForBothCounts) {
  const Formulation f = formulation_with(2);
  std::uint64_t solutions = 0, classes = 0, by_sat = 0;
  for (int i = 0; i < 5; ++i) {
    CountOptions options;
    options.part = Part{i, 5};
    options.up_to_symmetry = true;
    const CountResult r = count_xcc(f, {}, options);
    solutions += r.solutions;
    classes += r.classes;
    by_sat += by_cadical(f, options).solutions;
  }
  EXPECT_EQ(solutions, 2112u);
  EXPECT_EQ(by_sat, 2112u);
  CountOptions whole;
  whole.up_to_symmetry = true;
  EXPECT_EQ(classes, count_xcc(f, {}, whole).classes);
}

TEST(Counting, CentrePatternsWeightedSumToTheCountAndClasses) {
  const Formulation f = formulation_with(2);
  const auto patterns = centre_patterns(f.pyramid());
  EXPECT_EQ(patterns.size(), 33u);
  std::uint64_t solutions = 0, classes = 0;
  for (const CentrePattern& p : patterns) {
    CountOptions options;
    options.centre = p.labels;
    options.up_to_symmetry = true;
    const CountResult r = count_xcc(f, {}, options);
    solutions += r.solutions * p.weight;
    classes += r.classes;
    EXPECT_EQ(parse_centre_pattern(f.pyramid(), to_string(p)).weight, p.weight);
  }
  EXPECT_EQ(solutions, 2112u);
  EXPECT_EQ(classes, 31u);
  EXPECT_EQ(centre_patterns(Pyramid(3)).size(), 616u);
}

TEST(Counting, EstimateIsCloseAtTwoLevels) {
  const XccEstimate e = estimate_xcc(formulation_with(2), {}, 20000, 5);
  EXPECT_NEAR(e.solutions, 2112.0, 5 * e.standard_error + 1);
  EXPECT_GT(e.standard_error, 0.0);
  EXPECT_NEAR(e.nodes, 10487.0, 2000.0);
}

TEST(Counting, MaxSolutionsStopsTheCount) {
  CountOptions options;
  options.max_solutions = 7;
  const CountResult r = count_xcc(formulation_with(2), {}, options);
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.solutions, 7u);
  EXPECT_EQ(by_cadical(formulation_with(2), options).solutions, 7u);
}

TEST(Counting, TimeLimitGivesALowerBound) {
  SolveLimits limits;
  limits.timeout_seconds = 0.2;
  const CountResult r = count_xcc(formulation_with(3), limits, {});
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.reason, "time limit reached");
}

// --- the symmetry group ---------------------------------------------------

std::vector<std::vector<int>> label_permutations(int labels) {
  std::vector<int> perm(labels);
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::vector<int>> out;
  do out.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

TEST(Symmetry, GroupOrders) {
  EXPECT_EQ(SymmetryGroup(Pyramid(1)).order(), 2u);  // transpose == top flip at N=1
  EXPECT_EQ(SymmetryGroup(Pyramid(2)).order(), 16u * 6);
  EXPECT_EQ(SymmetryGroup(Pyramid(3)).order(), 64u * 120);
  EXPECT_EQ(SymmetryGroup(Pyramid(4)).order(), 256u * 5040);
}

TEST(Symmetry, EveryElementMapsSolutionsToSolutions) {
  const Pyramid p(2);
  const SymmetryGroup group(p);
  const auto solutions = all_solutions(formulation_with(2));
  const std::set<std::vector<int>> known(solutions.begin(), solutions.end());
  for (int g = 0; g < group.geometric_count(); ++g)
    for (const auto& relabel : label_permutations(p.labels()))
      for (const auto& s : solutions) {
        const std::vector<int> image = group.apply(g, relabel, s);
        ASSERT_TRUE(validate(p, Solution(2, image)).ok) << "element " << g;
        ASSERT_TRUE(known.count(image));
      }
}

TEST(Symmetry, ThreeLevelElementsMapASolutionToSolutions) {
  const Pyramid p(3);
  const SymmetryGroup group(p);
  const SolveResult r = solve_xcc(formulation_with(3, {"YStep"}), {});
  ASSERT_EQ(r.status, SolveResult::Status::Sat);
  for (int g = 0; g < group.geometric_count(); ++g)
    EXPECT_TRUE(validate(p, Solution(3, group.apply(g, {4, 2, 0, 1, 3}, r.solution->labels()))).ok);
}

TEST(Symmetry, OrbitsDivideTheOrderAndSumToTheCount) {
  const Pyramid p(2);
  const SymmetryGroup group(p);
  const auto solutions = all_solutions(formulation_with(2));
  std::map<std::vector<int>, std::uint64_t> orbit;
  for (const auto& s : solutions) ++orbit[group.canonical_form(s)];
  std::uint64_t total = 0;
  for (const auto& [form, size] : orbit) {
    EXPECT_EQ(group.order() % size, 0u);
    EXPECT_TRUE(group.is_canonical(form));
    total += size;
  }
  EXPECT_EQ(total, solutions.size());
  // Each orbit, recomputed as the set of images of one member, has that size.
  const auto& some = solutions[123];
  std::set<std::vector<int>> images;
  for (int g = 0; g < group.geometric_count(); ++g)
    for (const auto& relabel : label_permutations(p.labels()))
      images.insert(group.apply(g, relabel, some));
  EXPECT_EQ(images.size(), orbit[group.canonical_form(some)]);
  CountOptions options;
  options.up_to_symmetry = true;
  EXPECT_EQ(count_xcc(formulation_with(2), {}, options).classes, orbit.size());
  EXPECT_EQ(by_cadical(formulation_with(2), options).classes, orbit.size());
}

TEST(Symmetry, RelatedSolutionsShareTheirCanonicalForm) {
  const Pyramid p(2);
  const SymmetryGroup group(p);
  const auto solutions = all_solutions(formulation_with(2));
  const auto relabels = label_permutations(p.labels());
  std::mt19937 rng(11);
  for (int k = 0; k < 300; ++k) {
    const auto& s = solutions[rng() % solutions.size()];
    const auto image = group.apply(static_cast<int>(rng() % group.geometric_count()),
                                   relabels[rng() % relabels.size()], s);
    EXPECT_EQ(group.canonical_form(image), group.canonical_form(s));
  }
}

// True when the geometric permutation `perm`, followed by some relabelling,
// maps `labels` onto itself: the label moved onto each line is a function
// of the line's own label.
bool fixed_up_to_relabelling(const std::vector<int>& perm, const std::vector<int>& labels) {
  std::map<int, int> relabel;
  for (std::size_t v = 0; v < labels.size(); ++v) {
    const auto [it, fresh] = relabel.try_emplace(labels[v], labels[perm[v]]);
    if (!fresh && it->second != labels[perm[v]]) return false;
  }
  return true;
}

// The rigid motions of the pyramid other than the identity: the mirrors in x
// and y (every column or row pair swapped), the transpose and their products.
std::vector<std::vector<int>> rigid_motions(const Pyramid& p) {
  const std::uint32_t all = (1U << p.mid()) - 1;
  std::vector<std::vector<int>> out;
  for (int k = 1; k < 8; ++k)
    out.push_back(permutation(p, {k & 1 ? all : 0, k & 2 ? all : 0, (k & 4) != 0, false}));
  return out;
}

// doc/symmetry.md, "No symmetric solutions": the proof for every N >= 2,
// checked on every N=2 solution and on a known solution for N = 3 to 6.
TEST(Symmetry, NoSolutionIsFixedByARigidMotionAndARelabelling) {
  const Pyramid two(2);
  const auto solutions = all_solutions(formulation_with(2));
  for (const auto& perm : rigid_motions(two))
    for (const auto& s : solutions) ASSERT_FALSE(fixed_up_to_relabelling(perm, s));
  // The check itself sees fixed labellings: the top-cube flip fixes every N=2
  // solution whose top cube has equal X and Y labels.
  const auto flip = permutation(two, {0, 0, false, true});
  EXPECT_GT(std::count_if(solutions.begin(), solutions.end(),
                          [&](const auto& s) { return fixed_up_to_relabelling(flip, s); }),
            0);
  for (const char* file :
       {BEL_PYRAMID_TEST_DATA "/solutions/n3.txt", BEL_PYRAMID_TEST_DATA "/solutions/n4.txt",
        BEL_PYRAMID_TEST_DATA "/solutions/n5_ctd.txt", BEL_PYRAMID_RESULTS_DIR "/solutions/n6.txt",
        BEL_PYRAMID_RESULTS_DIR "/solutions/n6-seed-1.txt"}) {
    const Solution s = parse_knuth(test::slurp(file), file);
    for (const auto& perm : rigid_motions(Pyramid(s.levels())))
      EXPECT_FALSE(fixed_up_to_relabelling(perm, s.labels())) << file;
  }
}

// doc/symmetry.md, "Every other symmetry": from N=3 on, no element of the
// geometric group but the identity and the top-cube flip, with any
// relabelling, fixes a solution; checked on the known solutions of N = 3 to 6
// against all 4^N elements.
TEST(Symmetry, NoSolutionFromThreeLevelsOnIsFixedByAnElementButTheTopFlip) {
  for (const char* file :
       {BEL_PYRAMID_TEST_DATA "/solutions/n3.txt",
        BEL_PYRAMID_TEST_DATA "/solutions/n3_example.txt",
        BEL_PYRAMID_TEST_DATA "/solutions/n4.txt", BEL_PYRAMID_TEST_DATA "/solutions/n5_ctd.txt",
        BEL_PYRAMID_RESULTS_DIR "/solutions/n6.txt",
        BEL_PYRAMID_RESULTS_DIR "/solutions/n6-seed-1.txt"}) {
    const Solution s = parse_knuth(test::slurp(file), file);
    const Pyramid p(s.levels());
    const SymmetryGroup group(p);
    const auto flip = permutation(p, {0, 0, false, true});
    ASSERT_EQ(group.geometric_count(), 1 << (2 * p.levels())) << file;
    for (int g = 1; g < group.geometric_count(); ++g) {  // element 0 is the identity
      const auto& perm = group.geometric()[g];
      if (perm != flip) EXPECT_FALSE(fixed_up_to_relabelling(perm, s.labels())) << file << " " << g;
    }
  }
}

// The two known 6-level solutions are not images of each other under the
// symmetry group: two classes, not one solution seen twice.
TEST(Symmetry, TheTwoSixLevelSolutionsAreInDifferentClasses) {
  const auto read = [](const char* name) {
    const std::string file = std::string(BEL_PYRAMID_RESULTS_DIR) + name;
    return parse_knuth(test::slurp(file), file).labels();
  };
  const SymmetryGroup group{Pyramid(6)};
  EXPECT_NE(group.canonical_form(read("/solutions/n6.txt")),
            group.canonical_form(read("/solutions/n6-seed-1.txt")));
}

TEST(Symmetry, WithAStrategyClassesAreCountedBySet) {
  // TopCubeOrdering keeps at least one member of every class.
  CountOptions options;
  options.up_to_symmetry = true;
  const CountResult r = count_xcc(formulation_with(2, {"TopCubeOrdering"}), {}, options);
  EXPECT_EQ(r.classes, count_xcc(formulation_with(2), {}, options).classes);
  EXPECT_LT(r.solutions, 2112u);
}

}  // namespace
}  // namespace bel_pyramid
