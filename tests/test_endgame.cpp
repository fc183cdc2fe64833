// The endgame paths of the local search (collapse onto the best state,
// perturbation, Luby waits, probing an anchor): every path solves N=1..4 on several seeds and
// every answer is checked apart from the search (validate() and every
// constraint).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "formulation_with.hpp"
#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/local_search.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

Solution solve_and_check(const Formulation& f, const LocalSearchTuning& tuning,
                         std::uint64_t seed) {
  SolveLimits limits;
  limits.seed = seed;
  limits.timeout_seconds = 60;  // generous: a failure, not a hang
  limits.local_tuning = tuning;
  const SolveResult r = solve_local(f, limits);
  EXPECT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  if (!r.solution) return Solution(f.pyramid().levels(), std::vector<int>(f.pyramid().var_count()));
  EXPECT_TRUE(checked_solution(f, r.solution->labels()));
  const Validation v = validate(f.pyramid(), *r.solution);
  EXPECT_TRUE(v.ok) << v.message;
  return *r.solution;
}

LocalSearchTuning collapse(int perturb, bool luby) {
  LocalSearchTuning t;
  t.collapse_after = 100000;  // a few collapses before N=4 is solved
  t.collapse_perturb = perturb;
  t.collapse_luby = luby;
  return t;
}

LocalSearchTuning probe(int cost, std::uint64_t moves, int misses, int limit) {
  LocalSearchTuning t;
  t.probe_cost = cost;
  t.probe_moves = moves;
  t.probe_misses = misses;
  t.probe_limit = limit;
  return t;
}

class Endgame : public ::testing::TestWithParam<LocalSearchTuning> {};

TEST_P(Endgame, SolvesOneToFourWithSeveralSeeds) {
  for (int n = 1; n <= 3; ++n)
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
      solve_and_check(formulation_with(n, {}), GetParam(), seed);
  for (std::uint64_t seed : {1, 2, 3}) solve_and_check(formulation_with(4, {}), GetParam(), seed);
}

// Domains (YStep, the triple diagonal) and penalties (AntiMirror) hold in
// every answer.
TEST_P(Endgame, HonoursDomainsAndPenalties) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    solve_and_check(formulation_with(3, {"YStep", "ConstructiveTripleDiagonal"}), GetParam(), seed);
    solve_and_check(formulation_with(3, {"AntiMirror"}), GetParam(), seed);
  }
  solve_and_check(formulation_with(4, {"YStep", "ConstructiveTripleDiagonal"}), GetParam(), 1);
}

INSTANTIATE_TEST_SUITE_P(Paths, Endgame,
                         ::testing::Values(collapse(0, false), collapse(6, false),
                                           collapse(6, true), probe(2, 100000, 2, 5),
                                           probe(1000, 20000, 1, 3)));

// Probing: the first state of cost <= probe-cost (here the random start) is
// the anchor; the search leaves it for a new random start after probe-limit
// probes (here 3), and the log hears of each anchor.
TEST(Endgame, ProbesEachAnchorAndLeavesItForANewStart) {
  SolveLimits limits;
  limits.timeout_seconds = 1.5;
  limits.local_tuning = probe(1000, 2000, 1, 3);
  std::vector<std::string> notes;
  SearchProgress last;
  limits.progress = [&](const SearchProgress& p) {
    if (!p.note.empty()) notes.push_back(p.note);
    last = p;
  };
  (void)solve_local(formulation_with(4, {"XStep", "YStep"}), limits);  // no solution
  ASSERT_GE(notes.size(), 4u);
  EXPECT_EQ(notes[0].rfind("anchor 1 at cost ", 0), 0u) << notes[0];
  EXPECT_EQ(notes[1].rfind("anchor 1 (cost ", 0), 0u) << notes[1];
  EXPECT_NE(notes[1].find("): left after "), std::string::npos) << notes[1];
  EXPECT_EQ(notes[2].rfind("anchor 2 at cost ", 0), 0u) << notes[2];
  // Each anchor left is a restart from random labels.
  const auto left = std::count_if(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("left after") != std::string::npos;
  });
  EXPECT_EQ(last.restarts, left);
}

// Without probe-cost the search takes no anchor.
TEST(Endgame, TakesNoAnchorByDefault) {
  SolveLimits limits;
  limits.timeout_seconds = 0.3;
  int notes = 0;
  limits.progress = [&](const SearchProgress& p) { notes += !p.note.empty(); };
  (void)solve_local(formulation_with(4, {"XStep", "YStep"}), limits);
  EXPECT_EQ(notes, 0);
}

// The acceptance of exchanges between adjacent replicas: one share per pair.
TEST(Endgame, ReportsTheExchangeAcceptance) {
  SolveLimits limits;
  limits.timeout_seconds = 0.4;
  SearchProgress last;
  limits.progress = [&](const SearchProgress& p) { last = p; };
  (void)solve_local(formulation_with(4, {"XStep", "YStep"}), limits);  // no solution
  ASSERT_EQ(last.exchange_acceptance.size(),
            static_cast<std::size_t>(limits.local_tuning.replicas - 1));
  for (double a : last.exchange_acceptance) {
    EXPECT_GT(a, 0);
    EXPECT_LE(a, 1);
  }
}

}  // namespace
}  // namespace bel_pyramid
