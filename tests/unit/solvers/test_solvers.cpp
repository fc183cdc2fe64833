// The complete backends agree, the portfolio answers through either racer,
// and time limits and seeds behave (the command line's --threads, --timeout
// and default portfolio: test_solvers_cli.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>

#include "formats/knuth_format.hpp"
#include "formulation_with.hpp"
#include "model/strategy.hpp"
#include "process.hpp"
#include "solvers/cadical_backend.hpp"
#include "solvers/local_search.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

void expect_valid(const Formulation& f, const SolveResult& r) {
  ASSERT_TRUE(r.solution.has_value());
  const Validation v = validate(f.pyramid(), *r.solution);
  EXPECT_TRUE(v.ok) << v.message;
  for (const Constraint& c : f.constraints()) EXPECT_TRUE(evaluate(c, r.solution->labels()));
}

TEST(Solvers, CadicalAndZ3AgreeForOneToThreeLevels) {
  const std::vector<std::vector<std::string>> strategy_sets = {
      {},
      {"YStep"},
      {"XStep", "YStep"},
      {"ConstructiveTripleDiagonal", "ZRing"},
      {"AntiMirror"},
      {"LabelPermutation"},
      {"FacePBEQ"},
      {"ConstructiveBottom"}};
  for (int levels = 1; levels <= 3; ++levels)
    for (Domain d : {Domain::Int, Domain::Enum})
      for (const auto& names : strategy_sets) {
        SCOPED_TRACE(fmt::format("N={} {} {}", levels, to_string(d), fmt::join(names, "+")));
        const Formulation f = formulation_with(levels, names, d);
        const SolveResult z3 = solve_with_z3(f, {});
        const SolveResult cadical = solve_with_cadical(f, {});
        ASSERT_NE(z3.status, SolveResult::Status::Unknown);
        EXPECT_EQ(cadical.status, z3.status);
        if (cadical.status == SolveResult::Status::Sat) expect_valid(f, cadical);
      }
}

// Every --cnf-tune variant of the encoding study (doc/cnf.md) reaches Z3's
// verdict, and its solutions validate.
TEST(Solvers, CadicalAgreesWithZ3UnderEveryEncodingVariant) {
  const std::vector<std::vector<std::string>> strategy_sets = {
      {}, {"XStep", "YStep"}, {"YStep"}, {"LabelPermutation"}};
  const std::vector<std::string> variants = {"count-doubles=on", "cadical-config=sat",
                                             "cadical-config=unsat", "cadical-phase=0"};
  for (int levels = 1; levels <= 3; ++levels)
    for (const auto& names : strategy_sets) {
      const Formulation f = formulation_with(levels, names);
      const SolveResult z3 = solve_with_z3(f, {});
      ASSERT_NE(z3.status, SolveResult::Status::Unknown);
      for (const std::string& variant : variants) {
        SCOPED_TRACE(fmt::format("N={} {} {}", levels, fmt::join(names, "+"), variant));
        SolveLimits o;
        o.cnf_options = cnf_options_from({variant});
        const SolveResult cadical = solve_with_cadical(f, o);
        EXPECT_EQ(cadical.status, z3.status);
        if (cadical.status == SolveResult::Status::Sat) expect_valid(f, cadical);
      }
    }
}

TEST(Solvers, SeedsChangeNothingInCorrectness) {
  const Formulation f = formulation_with(3, {"YStep"});
  for (unsigned seed : {1u, 2u, 3u, 4294967295u}) {
    SolveLimits o;
    o.seed = seed;
    o.seed_given = true;
    const SolveResult r = solve_with_cadical(f, o);
    ASSERT_EQ(r.status, SolveResult::Status::Sat);
    expect_valid(f, r);
  }
}

TEST(Solvers, CadicalStopsAtItsTimeLimit) {
  const Formulation f(5, Domain::Int);  // minutes for CaDiCaL
  SolveLimits o;
  o.timeout_seconds = 0.5;
  const auto start = std::chrono::steady_clock::now();
  const SolveResult r = solve_with_cadical(f, o);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_EQ(r.reason, "time limit reached");
  EXPECT_LT(seconds, 5.0);
}

// --resume with CaDiCaL: the start state's labels are its decision phases, so
// a solution as the start is the answer, whichever of two it is; a state of
// another N is refused with a reason.
TEST(Solvers, CadicalStartsFromTheGivenState) {
  const Formulation f(4, Domain::Int);
  const std::vector<int> first =
      parse_knuth(test::slurp(BEL_PYRAMID_TEST_DATA "/solutions/n4.txt"), "n4.txt").labels();
  std::vector<int> second = first;  // the labels renamed l -> L-1-l: another solution
  for (int& l : second) l = f.pyramid().labels() - 1 - l;
  for (const auto& start : {first, second}) {
    SolveLimits o;
    o.start = start;
    const SolveResult r = solve_with_cadical(f, o);
    ASSERT_EQ(r.status, SolveResult::Status::Sat);
    expect_valid(f, r);
    EXPECT_EQ(r.solution->labels(), start);
  }
  SolveLimits o;
  o.start = std::vector<int>(5, 0);
  const SolveResult r = solve_with_cadical(f, o);
  EXPECT_EQ(r.status, SolveResult::Status::Unknown);
  EXPECT_EQ(r.reason, "the starting state is for another number of levels");
}

TEST(Solvers, PortfolioProvesUnsatThroughCadical) {
  const Formulation f = formulation_with(3, {"XStep", "YStep"});
  const PortfolioResult r = solve_portfolio(f, default_racers(2, true, 0, nullptr), {});
  EXPECT_EQ(r.result.status, SolveResult::Status::Unsat);
  EXPECT_EQ(r.winner, "cadical");
}

TEST(Solvers, PortfolioFindsSolutions) {
  for (const bool refutes : {false, true})
    for (int levels = 1; levels <= 4; ++levels) {
      const Formulation f = formulation_with(levels, {});
      SolveLimits o;
      o.seed = static_cast<unsigned>(levels);
      const PortfolioResult r = solve_portfolio(
          f, default_racers(2, refutes, levels, [](const SolverEntry&) { return true; }), o);
      ASSERT_EQ(r.result.status, SolveResult::Status::Sat) << levels;
      expect_valid(f, r.result);
    }
}

TEST(Solvers, SeveralLocalSearchesRaceWithConsecutiveSeeds) {
  const Formulation f = formulation_with(4, {"YStep"});
  SolveLimits o;
  o.seed = 10;
  const PortfolioResult r = solve_portfolio(f, {"local", "local", "local"}, o);
  ASSERT_EQ(r.result.status, SolveResult::Status::Sat);
  expect_valid(f, r.result);
  EXPECT_EQ(r.winner, "local");
  EXPECT_GE(r.winner_seed, 10u);
  EXPECT_LE(r.winner_seed, 12u);
  // The winner's seed alone finds the same solution: the search is deterministic.
  SolveLimits alone;
  alone.seed = r.winner_seed;
  const SolveResult again = solve_local(f, alone);
  ASSERT_EQ(again.status, SolveResult::Status::Sat);
  EXPECT_EQ(again.solution->labels(), r.result.solution->labels());
}

TEST(Solvers, PortfolioWithSeveralLocalSearchesStillProvesUnsat) {
  const Formulation f = formulation_with(3, {"XStep", "YStep"});
  const PortfolioResult r = solve_portfolio(f, default_racers(3, true, 0, nullptr), {});
  EXPECT_EQ(r.result.status, SolveResult::Status::Unsat);
  EXPECT_EQ(r.winner, "cadical");
}

TEST(Solvers, PortfolioGivesUpAtItsTimeLimit) {
  const Formulation f(6, Domain::Int);
  SolveLimits o;
  o.timeout_seconds = 1;
  const PortfolioResult r = solve_portfolio(f, default_racers(2, true, 0, nullptr), o);
  EXPECT_EQ(r.result.status, SolveResult::Status::Unknown);
  EXPECT_TRUE(r.winner.empty());
  EXPECT_NE(r.result.reason.find("cadical: time limit reached"), std::string::npos)
      << r.result.reason;
}

}  // namespace
}  // namespace bel_pyramid
