// The solver table: every entry answers through the one interface, racers'
// seeds count per name, and checkpoints read back (--help, --portfolio and
// long runs that checkpoint and resume: test_solver_table_cli.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/error.hpp"
#include "formats/checkpoint.hpp"
#include "formulation_with.hpp"
#include "markdown_table.hpp"
#include "model/strategy.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

using testing::formulation_with;

void expect_valid(const Formulation& f, const SolveResult& r) {
  ASSERT_EQ(r.status, SolveResult::Status::Sat) << r.reason;
  ASSERT_TRUE(r.solution.has_value());
  const Validation v = validate(f.pyramid(), *r.solution);
  EXPECT_TRUE(v.ok) << v.message;
  for (const Constraint& c : f.constraints()) EXPECT_TRUE(evaluate(c, r.solution->labels()));
}

// Z3 and xcc need minutes on N=4 (doc/solvers.md, doc/counting.md), so they stop at N=3.
int largest_test_levels(const SolverEntry& e) {
  const std::string name = e.name;
  return name == "z3" || name == "xcc" ? 3 : 4;
}

// Under YStep from N=3 on; the construction's shape contradicts YStep from
// N=4 on (its Y lines step from N-3), so it gets the bare puzzle.
TEST(SolverTable, EveryEntrySolvesSmallPyramidsWithSeveralSeeds) {
  for (const SolverEntry& e : solver_table())
    for (int levels = 1; levels <= largest_test_levels(e); ++levels)
      for (std::uint64_t seed : {1, 2}) {
        SCOPED_TRACE(fmt::format("{} N={} seed {}", e.name, levels, seed));
        const bool ystep = levels >= 3 && std::string_view(e.name) != "construct";
        const Formulation f = formulation_with(
            levels, ystep ? std::vector<std::string>{"YStep"} : std::vector<std::string>{});
        SolveLimits limits;
        limits.seed = seed;
        limits.seed_given = true;
        limits.timeout_seconds = 120;
        expect_valid(f, e.solve(f, limits));
      }
}

TEST(SolverTable, CompleteEntriesProveUnsatOthersGiveUp) {
  const Formulation f = formulation_with(3, {"XStep", "YStep"});
  for (const SolverEntry& e : solver_table()) {
    SCOPED_TRACE(e.name);
    SolveLimits limits;
    // Incomplete searches must give up at the limit; complete ones get time
    // to spare (the proof takes well under a second, but not under ASan on a
    // loaded machine).
    limits.timeout_seconds = e.complete ? 60 : 0.5;
    const SolveResult r = e.solve(f, limits);
    EXPECT_EQ(r.status, e.complete ? SolveResult::Status::Unsat : SolveResult::Status::Unknown);
  }
}

TEST(SolverTable, NamesAreUniqueAndFindable) {
  for (const SolverEntry& e : solver_table()) EXPECT_EQ(find_solver(e.name), &e);
  EXPECT_EQ(find_solver("minisat"), nullptr);
  EXPECT_EQ(solver_names_list(&SolverEntry::stateful), "local");
  EXPECT_EQ(solver_names_list(&SolverEntry::starts), "cadical, local");
}

// doc/solvers.md's row for an entry, as its columns say it.
std::string capability_row(const SolverEntry& e) {
  const auto yes = [](bool b) { return b ? "yes" : "–"; };
  const auto engine = [](const Counter* c) { return c ? std::string(c->name) : "–"; };
  return fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |", e.name,
                     yes(e.complete), yes(e.racer), yes(e.races_others), yes(e.stateful),
                     yes(e.starts), yes(e.runs_cadical), yes(e.traces_proofs), yes(e.runs_local),
                     yes(e.reads_tactic), engine(e.counts), yes(e.estimates), engine(e.samples));
}

TEST(SolverTable, DocListsEveryCapability) {
  const std::vector<std::string> rows =
      test::markdown_table_rows(BEL_PYRAMID_DOC_DIR "/solvers.md", "| solver | complete |");
  std::vector<std::string> expected;
  for (const SolverEntry& e : solver_table()) expected.push_back(capability_row(e));
  EXPECT_EQ(rows, expected) << "doc/solvers.md's table of capabilities is out of date";
}

TEST(SolverTable, RacerSeedsCountPerName) {
  const std::vector<std::string> racers = {"local", "cadical", "local", "local"};
  EXPECT_EQ(racer_seed(racers, 0, 7), 7u);
  EXPECT_EQ(racer_seed(racers, 1, 7), 7u);
  EXPECT_EQ(racer_seed(racers, 2, 7), 8u);
  EXPECT_EQ(racer_seed(racers, 3, 7), 9u);
}

TEST(SolverTable, ACadicalRacerMayNameItsConfiguration) {
  const auto unsat = find_racer("cadical:unsat");
  ASSERT_TRUE(unsat);
  EXPECT_STREQ(unsat->entry->name, "cadical");
  EXPECT_EQ(unsat->name, "cadical:unsat");
  EXPECT_EQ(unsat->cadical_config, "unsat");
  const auto local = find_racer("local");
  ASSERT_TRUE(local);
  EXPECT_FALSE(local->cadical_config);
  EXPECT_TRUE(find_racer("construct:sat"));
  for (const char* name : {"local:sat", "cadical:fast", "cadical:", "z3", "portfolio", ":sat"})
    EXPECT_FALSE(find_racer(name)) << name;
}

TEST(SolverTable, AShapeTheCompletionTakesRacesBothConfigurations) {
  const auto fits = [](const SolverEntry&) { return true; };
  using Names = std::vector<std::string>;
  EXPECT_EQ(default_racers(2, true, 5, fits, true), (Names{"cadical:sat", "cadical:unsat"}));
  EXPECT_EQ(default_racers(3, true, 5, fits, true),
            (Names{"cadical:sat", "cadical:unsat", "cadical:sat"}));
  EXPECT_EQ(default_racers(2, true, 5, fits, false), (Names{"local", "cadical"}));
  EXPECT_EQ(default_racers(2, false, 5, fits, true), (Names{"construct", "construct"}));
}

TEST(Checkpoint, FormatAndParseRoundTrip) {
  Checkpoint c;
  c.levels = 6;
  c.cost = 3;
  c.seconds = 3600.5;
  c.cpu_seconds = 7100.25;
  c.solver = "local";
  c.seed = 7;
  c.resumes = 4;
  c.strategies = {"YStep", "ZRing"};
  const Pyramid p(6);
  for (int v = 0; v < p.var_count(); ++v) c.labels.push_back((v * 7) % p.labels());
  const Checkpoint back = parse_checkpoint(format_checkpoint(c), "x");
  EXPECT_EQ(back.levels, 6);
  EXPECT_EQ(back.cost, 3);
  EXPECT_DOUBLE_EQ(back.seconds, 3600.5);
  EXPECT_NEAR(back.cpu_seconds, 7100.25, 0.1);
  EXPECT_EQ(back.solver, "local");
  EXPECT_EQ(back.seed, 7u);
  EXPECT_EQ(back.resumes, 4u);
  // Written before 'c resumes' existed: none. A negative count is refused.
  const std::string text = format_checkpoint(c);
  const std::size_t at = text.find("c resumes 4\n");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(parse_checkpoint(std::string(text).erase(at, 12), "x").resumes, 0u);
  EXPECT_THROW((void)parse_checkpoint(std::string(text).replace(at, 11, "c resumes -1"), "x"),
               ParseError);
  EXPECT_EQ(back.strategies, c.strategies);
  EXPECT_EQ(back.labels, c.labels);
  EXPECT_THROW((void)parse_checkpoint("c bel_pyramid checkpoint\nc cost 1\n", "x"), ParseError);
}

}  // namespace
}  // namespace bel_pyramid
