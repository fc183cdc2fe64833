// The count by the symmetry quotient (count_quotient_xcc) against the plain
// XCC count: the whole count at N=1 and N=2, its parts adding up, each
// representative's orbit size against the group acting on it directly, and
// each N=3 representative's completions against the plain count of the
// pyramid with its quotient lines fixed. The completions are counted by
// XccBits (N <= 3), so they are also checked against the dancing links
// representative by representative, and against figures of the engine before
// XccBits on slices of N=3 parts.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <set>
#include <tuple>

#include "model/symmetry.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

QuotientCount quotient(int levels, int index = 0, int count = 1,
                       std::vector<QuotientRepresentative>* seen = nullptr, std::uint64_t limit = 0,
                       bool dancing_links = false) {
  QuotientOptions options;
  options.dancing_links = dancing_links;
  options.index = index;
  options.count = count;
  options.limit = limit;
  if (seen)
    options.on_representative = [&](const QuotientRepresentative& r) { seen->push_back(r); };
  return count_quotient_xcc(Formulation(levels, Domain::Int), {}, options);
}

// The orbit of the quotient lines' labelling under every geometric element
// and every relabelling, by listing the images.
std::uint64_t orbit_by_brute_force(const Pyramid& p, const std::vector<int>& labels) {
  const SymmetryGroup group(p);
  const std::vector<int> lines = quotient_lines(p);
  std::vector<int> relabel(static_cast<std::size_t>(p.labels()));
  std::iota(relabel.begin(), relabel.end(), 0);
  std::set<std::vector<int>> images;
  do {
    for (int g = 0; g < group.geometric_count(); ++g) {
      std::vector<int> full(labels);
      for (int& l : full) l = std::max(l, 0);  // unfixed lines: any label, then ignored
      const std::vector<int> image = group.apply(g, relabel, full);
      std::vector<int> on_lines;
      for (int v : lines) on_lines.push_back(image[v]);
      images.insert(on_lines);
    }
  } while (std::next_permutation(relabel.begin(), relabel.end()));
  return images.size();
}

TEST(Quotient, EqualsThePlainCountAtOneAndTwoLevels) {
  const QuotientCount one = quotient(1);
  EXPECT_TRUE(one.complete);
  EXPECT_EQ(one.solutions, 1u);
  EXPECT_EQ(one.classes, 1u);
  const QuotientCount two = quotient(2);
  EXPECT_TRUE(two.complete);
  EXPECT_EQ(two.solutions, count_xcc(Formulation(2, Domain::Int), {}, {}).solutions);
  EXPECT_EQ(two.solutions, 2112u);  // doc/counting.md
  EXPECT_EQ(two.classes, 31u);
}

TEST(Quotient, PartsAddUpToTheWhole) {
  const QuotientCount whole = quotient(2);
  for (int parts : {2, 3, 7}) {
    std::uint64_t solutions = 0, classes = 0, counted = 0;
    for (int i = 0; i < parts; ++i) {
      const QuotientCount part = quotient(2, i, parts);
      EXPECT_EQ(part.representatives, whole.representatives);
      solutions += part.solutions;
      classes += part.classes;
      counted += part.counted;
    }
    EXPECT_EQ(solutions, whole.solutions) << parts << " parts";
    EXPECT_EQ(classes, whole.classes) << parts << " parts";
    EXPECT_EQ(counted, whole.representatives) << parts << " parts";
  }
}

TEST(Quotient, OrbitSizesAreThoseOfTheGroupAtTwoLevels) {
  std::vector<QuotientRepresentative> seen;
  const QuotientCount two = quotient(2, 0, 1, &seen);
  ASSERT_EQ(seen.size(), two.representatives);
  const Pyramid p(2);
  std::uint64_t solutions = 0;
  for (const QuotientRepresentative& r : seen) {
    EXPECT_EQ(r.orbit, orbit_by_brute_force(p, r.labels));
    solutions += r.orbit * r.completions;
  }
  EXPECT_EQ(solutions, 2112u);
}

// N=3 representatives from a slice of the walk: each one's completions are
// the plain count with its quotient lines fixed, and its orbit is the group's.
TEST(Quotient, ThreeLevelRepresentativesMatchThePlainCount) {
  std::vector<QuotientRepresentative> seen;
  const QuotientCount q = quotient(3, 5, 997, &seen, 12);
  ASSERT_EQ(seen.size(), 12u);
  EXPECT_FALSE(q.complete);
  const Pyramid p(3);
  std::uint64_t with_solutions = 0;
  for (const QuotientRepresentative& r : seen) {
    Formulation fixed(3, Domain::Int);
    std::vector<Constraint> lines;
    for (int v : quotient_lines(p)) lines.push_back(compare(var(v), Rel::Eq, label(r.labels[v])));
    fixed.add_strategy("fixed", std::move(lines));
    const CountResult plain = count_xcc(fixed, {}, {});
    ASSERT_TRUE(plain.complete());
    EXPECT_EQ(r.completions, plain.solutions);
    EXPECT_LE(r.classes, r.completions);
    EXPECT_EQ(r.orbit, orbit_by_brute_force(p, r.labels));
    with_solutions += r.completions > 0 ? 1 : 0;
  }
  EXPECT_GT(with_solutions, 0u);  // the slice must test real counts
}

TEST(Quotient, BothEnginesGiveEachRepresentativeTheSameCompletions) {
  for (const auto& [levels, index, count, limit] :
       {std::tuple{1, 0, 1, 0}, std::tuple{2, 0, 1, 0}, std::tuple{3, 5, 997, 12}}) {
    std::vector<QuotientRepresentative> bits, links;
    const QuotientCount q = quotient(levels, index, count, &bits, limit);
    const QuotientCount d = quotient(levels, index, count, &links, limit, true);
    EXPECT_EQ(q.solutions, d.solutions) << levels;
    EXPECT_EQ(q.classes, d.classes) << levels;
    ASSERT_EQ(bits.size(), links.size()) << levels;
    for (std::size_t k = 0; k < bits.size(); ++k) {
      EXPECT_EQ(bits[k].labels, links[k].labels);
      EXPECT_EQ(bits[k].orbit, links[k].orbit);
      EXPECT_EQ(bits[k].completions, links[k].completions);
      EXPECT_EQ(bits[k].classes, links[k].classes);
    }
  }
}

// Slices of the N=3 parts, with the figures the dancing links gave them
// (results/count3/parts has the whole parts: 8/1000 1,564,200,960 labelled
// solutions and 327,524 classes, 111/1000 1,579,991,040 and 266,184; XccBits
// gives the same).
TEST(Quotient, ThreeLevelSlicesKeepTheirFigures) {
  const QuotientCount eight = quotient(3, 8, 1000, nullptr, 120);
  EXPECT_EQ(eight.counted, 120u);
  EXPECT_EQ(eight.solutions, 25436160u);
  EXPECT_EQ(eight.classes, 3744u);
  const QuotientCount last = quotient(3, 111, 1000, nullptr, 150);
  EXPECT_EQ(last.counted, 150u);
  EXPECT_EQ(last.solutions, 205455360u);
  EXPECT_EQ(last.classes, 26752u);
  EXPECT_EQ(last.representatives, 150u * 1000u - 1000u + 112u);
}

// Each class's own orbit (from its stabiliser) against the representatives'
// orbits times their completions: the sums agree for whole parts and per
// representative (the engine throws otherwise).
TEST(Quotient, TheClassesOrbitsAddUpToTheLabelledCount) {
  const QuotientCount two = quotient(2);
  EXPECT_EQ(two.class_orbits, 2112u);
  const QuotientCount slice = quotient(3, 8, 1000, nullptr, 120);
  EXPECT_EQ(slice.class_orbits, slice.solutions);
  EXPECT_EQ(slice.whole.class_orbits, slice.solutions);
}

// A part stopped after some representatives and resumed from the figures
// it saved gives what the part gives counted at once, and the resumed run
// counts only the representatives after them.
TEST(Quotient, AStoppedPartResumedGivesTheWholeFigures) {
  const QuotientCount whole = quotient(3, 8, 1000, nullptr, 60);
  QuotientOptions first;
  first.index = 8;
  first.count = 1000;
  first.limit = 25;
  std::vector<QuotientTally> saved;
  first.on_tally = [&](const QuotientTally& t) { saved.push_back(t); };
  const QuotientCount stopped = count_quotient_xcc(Formulation(3, Domain::Int), {}, first);
  ASSERT_EQ(saved.size(), 25u);
  EXPECT_EQ(stopped.whole, saved.back());
  EXPECT_EQ(stopped.whole.done, 25u);
  QuotientOptions second = first;
  second.limit = 60;
  second.resume = stopped.whole;
  std::uint64_t counted = 0;
  second.on_representative = [&](const QuotientRepresentative&) { ++counted; };
  const QuotientCount resumed = count_quotient_xcc(Formulation(3, Domain::Int), {}, second);
  EXPECT_EQ(counted, 35u);
  EXPECT_EQ(resumed.solutions, whole.solutions);
  EXPECT_EQ(resumed.classes, whole.classes);
  EXPECT_EQ(resumed.class_orbits, whole.class_orbits);
  EXPECT_EQ(resumed.nodes, whole.nodes);
  EXPECT_EQ(resumed.whole, whole.whole);
}

// A stop flag ends the walk too, between representatives whose search
// ends at once; the counts are then lower bounds.
TEST(Quotient, AStopEndsTheWalk) {
  const std::atomic<bool> stop{true};
  SolveLimits limits;
  limits.stop = &stop;
  const QuotientCount q = count_quotient_xcc(Formulation(3, Domain::Int), limits, {});
  EXPECT_FALSE(q.complete);
  EXPECT_EQ(q.reason, "interrupted");
  EXPECT_EQ(q.counted, 0u);
}

}  // namespace
}  // namespace bel_pyramid
