// --sweep (doc/families.md): the table of a family equals the answers of
// its members run alone, classes of members stand for one another only
// where a symmetry makes them equal, and a second run resumes:
// it searches only what is not decided and repeats no answer.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/exit_codes.hpp"
#include "cli_runner.hpp"
#include "formats/learned_file.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using testing::run_command;

const std::string kShift = BEL_PYRAMID_TEST_DATA "/hypotheses/shift_family.hyp";
const std::string kAffine = BEL_PYRAMID_DOC_DIR "/hypotheses/families/Affine.hyp";
const std::string kColumnStep = BEL_PYRAMID_DOC_DIR "/hypotheses/families/ColumnStepShift.hyp";

class Sweep : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / fmt::format("bel_pyramid_sweep_{}", ::getpid());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // member -> answer, from DIR/sweep.json.
  std::map<std::string, std::string> table(const fs::path& dir) const {
    std::ifstream in(dir / "sweep.json");
    const nlohmann::json doc = nlohmann::json::parse(in);
    std::map<std::string, std::string> out;
    for (const auto& row : doc["members"]) out[row["member"]] = row["answer"];
    return out;
  }
  // The members of the journals, with repeats.
  std::vector<std::string> journaled(const fs::path& dir) const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().filename().string().rfind("answers", 0) != 0) continue;
      std::ifstream in(e.path());
      std::string line;
      while (std::getline(in, line))
        if (line[0] != '#') out.push_back(line.substr(0, line.find('\t')));
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  static std::vector<std::string> fields(const std::string& row) {
    std::vector<std::string> out;
    std::stringstream in(row);
    for (std::string field; std::getline(in, field, '\t');) out.push_back(field);
    if (!row.empty() && row.back() == '\t') out.emplace_back();
    return out;
  }
  fs::path dir_;
};

TEST_F(Sweep, TheTableIsTheAnswerOfEachMemberAlone) {
  const auto r = run_command({"3", "--hypothesis", kShift, "--sweep", dir_.string(), "-q"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  const std::map<std::string, std::string> answers = table(dir_);
  ASSERT_EQ(answers.size(), 5U);
  for (int f = 0; f < 5; ++f) {
    const auto alone = run_command({"3", "--hypothesis", kShift, "--param", fmt::format("f={}", f),
                                    "--solver", "cadical", "--sat-exit-codes", "-q"});
    EXPECT_EQ(answers.at(fmt::format("f={}", f)), alone.exit_code == 10 ? "found" : "refuted");
    if (alone.exit_code != 10) continue;
    const fs::path solution = dir_ / "solutions" / fmt::format("f={}.txt", f);
    const auto check = run_command(
        {"--check", solution.string(), "--hypothesis", kShift, "--param", fmt::format("f={}", f)});
    EXPECT_EQ(check.exit_code, kExitOk) << check.err;
  }
  EXPECT_NE(r.out.find("found"), std::string::npos);
}

// At N=3 the affine family has 875 members in 153 classes (779 under renaming
// the labels alone, 153 with the mirrors and the transpose); searched one by
// one they give the same answers, and each solution a class lends is valid.
TEST_F(Sweep, ClassesStandForEveryMember) {
  const fs::path every = dir_ / "every", classes = dir_ / "classes";
  ASSERT_EQ(
      run_command({"3", "--hypothesis", kAffine, "--sweep", every.string(), "--every-member", "-q"})
          .exit_code,
      kExitOk);
  const auto r = run_command({"3", "--hypothesis", kAffine, "--sweep", classes.string()});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("875 members, 153 up to the symmetries"), std::string::npos) << r.out;
  EXPECT_EQ(table(classes), table(every));
  std::size_t lent = 0;
  for (const auto& e : fs::directory_iterator(classes / "solutions")) {
    const std::string member = e.path().stem().string();
    std::vector<std::string> args = {"--check", e.path().string(), "--hypothesis", kAffine};
    std::stringstream params(member);
    for (std::string p; std::getline(params, p, ',');) args.insert(args.end(), {"--param", p});
    EXPECT_EQ(run_command(args).exit_code, kExitOk) << member;
    ++lent;
  }
  EXPECT_EQ(lent, 320U);  // 320 members complete, each with its solution
}

// A class answered before through another member than its first (a journal
// written by --every-member, or before the classes were known) is not
// searched again: all members of `X[0,0] = a` are one class.
TEST_F(Sweep, AClassAnsweredThroughAnyMemberIsNotSearchedAgain) {
  const fs::path family = dir_ / "one_class.hyp";
  fs::create_directories(dir_);
  std::ofstream(family) << "param a in 0..L-1\nX[0,0] = a\n";
  const fs::path sweep = dir_ / "sweep";
  const std::vector<std::string> base = {"2", "--hypothesis", family.string(), "--sweep",
                                         sweep.string()};
  std::vector<std::string> second_only = base;
  second_only.insert(second_only.end(), {"--every-member", "--sweep-part", "2/2", "-q"});
  ASSERT_EQ(run_command(second_only).exit_code, kExitOk);
  EXPECT_EQ(journaled(sweep), (std::vector<std::string>{"a=1"}));
  const auto r = run_command(base);
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("0 to search (1 answered before)"), std::string::npos) << r.out;
  EXPECT_EQ(journaled(sweep), (std::vector<std::string>{"a=1"}));
  EXPECT_EQ(table(sweep), (std::map<std::string, std::string>{
                              {"a=0", "found"}, {"a=1", "found"}, {"a=2", "found"}}));
  // Each lent answer comes with a1's solution carried over, checked.
  for (const char* member : {"a=0", "a=2"}) {
    const fs::path solution = sweep / "solutions" / fmt::format("{}.txt", member);
    ASSERT_TRUE(fs::exists(solution)) << member;
    EXPECT_EQ(run_command({"--check", solution.string(), "--hypothesis", family.string(), "--param",
                           member})
                  .exit_code,
              kExitOk)
        << member;
  }
}

// A larger budget searches only the undecided; decided members are never
// searched twice, and parts of a sweep add up to the whole.
TEST_F(Sweep, ResumesWithoutRepeatingAnAnswer) {
  const std::vector<std::string> base = {"4",       "--hypothesis", kShift,
                                         "--sweep", dir_.string(),  "-q"};
  auto args = base;
  args.insert(args.end(), {"--sweep-part", "1/3", "--conflicts", "1"});
  ASSERT_NE(run_command(args).exit_code, kExitError);
  const std::vector<std::string> first = journaled(dir_);
  ASSERT_FALSE(first.empty());
  ASSERT_LT(first.size(), 7U);
  args = base;
  args.insert(args.end(), {"--conflicts", "1"});
  (void)run_command(args);
  const std::map<std::string, std::string> small = table(dir_);
  ASSERT_EQ(small.size(), 7U);
  for (const auto& [member, answer] : small) EXPECT_NE(answer, "not run") << member;
  const auto full = run_command(base);
  ASSERT_EQ(full.exit_code, kExitOk) << full.err;
  for (const auto& [member, answer] : table(dir_)) EXPECT_EQ(answer, "found") << member;
  // Each member journaled once, except the ones undecided within 1 conflict,
  // once more; a fourth run searches nothing.
  std::vector<std::string> all = journaled(dir_);
  std::size_t undecided = 0;
  for (const auto& [member, answer] : small) undecided += answer == "undecided";
  EXPECT_EQ(all.size(), 7U + undecided);
  const auto again = run_command({"4", "--hypothesis", kShift, "--sweep", dir_.string()});
  EXPECT_NE(again.out.find("0 to search (7 answered before)"), std::string::npos) << again.out;
  EXPECT_EQ(journaled(dir_), all);
}

// A --param list searches only the members with its values; the table
// still holds the whole family, and a later run of the whole family
// searches only the rest.
TEST_F(Sweep, AParameterListSearchesItsSliceOnly) {
  const std::vector<std::string> base = {"4", "--hypothesis", kShift, "--sweep", dir_.string()};
  auto args = base;
  args.insert(args.end(), {"--param", "f=0,5..6"});
  const auto slice = run_command(args);
  ASSERT_EQ(slice.exit_code, kExitOk) << slice.err;
  EXPECT_NE(slice.out.find("7 members, 7 up to the symmetries; the slice f=0,5,6 holds 3."),
            std::string::npos)
      << slice.out;
  EXPECT_EQ(journaled(dir_), (std::vector<std::string>{"f=0", "f=5", "f=6"}));
  const std::map<std::string, std::string> part = table(dir_);
  ASSERT_EQ(part.size(), 7U);
  for (const auto& [member, answer] : part)
    EXPECT_EQ(answer == "not run", member != "f=0" && member != "f=5" && member != "f=6") << member;
  const auto rest = run_command({"4", "--hypothesis", kShift, "--sweep", dir_.string()});
  ASSERT_EQ(rest.exit_code, kExitOk) << rest.err;
  EXPECT_NE(rest.out.find("4 to search (3 answered before)"), std::string::npos) << rest.out;
  EXPECT_EQ(journaled(dir_).size(), 7U);
}

// A member of the slice whose class's first member is outside it gets the
// answer of that member's search, and its solution carried over.
TEST_F(Sweep, ASliceMemberIsAnsweredThroughItsClass) {
  const fs::path family = dir_ / "one_class.hyp";
  fs::create_directories(dir_);
  std::ofstream(family) << "param a in 0..L-1\nX[0,0] = a\n";
  const fs::path sweep = dir_ / "sweep";
  const auto r = run_command(
      {"2", "--hypothesis", family.string(), "--sweep", sweep.string(), "--param", "a=2..2"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("1 to search"), std::string::npos) << r.out;
  EXPECT_EQ(table(sweep).at("a=2"), "found");
  const fs::path solution = sweep / "solutions" / "a=2.txt";
  EXPECT_EQ(
      run_command({"--check", solution.string(), "--hypothesis", family.string(), "--param", "a=2"})
          .exit_code,
      kExitOk);
}

// The journals are read in the order of their names: an answer journaled by
// one part (answers.1-of-1.tsv) stands against the "undecided" of an
// earlier whole run (answers.tsv, read after it), and nothing is searched
// again.
TEST_F(Sweep, ADecidedAnswerStandsWhateverJournalHoldsIt) {
  const std::vector<std::string> base = {"4",       "--hypothesis", kShift,
                                         "--sweep", dir_.string(),  "-q"};
  auto args = base;
  args.insert(args.end(), {"--conflicts", "1"});
  (void)run_command(args);
  std::size_t undecided = 0;
  for (const auto& [member, answer] : table(dir_)) undecided += answer == "undecided";
  ASSERT_GT(undecided, 0U) << "every member decided within one conflict: make it harder";
  args = base;
  args.insert(args.end(), {"--sweep-part", "1/1"});
  ASSERT_EQ(run_command(args).exit_code, kExitOk);
  const std::vector<std::string> all = journaled(dir_);
  const auto merge = run_command({"4", "--hypothesis", kShift, "--sweep", dir_.string()});
  ASSERT_EQ(merge.exit_code, kExitOk) << merge.out << merge.err;
  EXPECT_NE(merge.out.find("0 to search (7 answered before)"), std::string::npos) << merge.out;
  for (const auto& [member, answer] : table(dir_)) EXPECT_EQ(answer, "found") << member;
  EXPECT_EQ(journaled(dir_), all);
}

// An undecided answer stands for its own --seed only: the same budget under
// another seed searches the undecided members again, and nothing else; a
// journal row that names no seed (cube-and-conquer's, an older journal's)
// stands for every seed.
TEST_F(Sweep, AnotherSeedSearchesTheUndecidedAgain) {
  const auto sweep = [&](const char* seed) {
    return run_command({"4", "--hypothesis", kShift, "--sweep", dir_.string(), "--conflicts", "1",
                        "--solver", "cadical", "--seed", seed});
  };
  (void)sweep("1");
  std::size_t undecided = 0;
  for (const auto& [member, answer] : table(dir_)) undecided += answer == "undecided";
  ASSERT_GT(undecided, 0U) << "every member decided within one conflict: make it harder";
  EXPECT_NE(sweep("1").out.find("0 to search (7 answered before)"), std::string::npos);
  const auto other = sweep("2");
  EXPECT_NE(other.out.find(fmt::format("{} to search (7 answered before)", undecided)),
            std::string::npos)
      << other.out;
  // The seed-2 rows, made seedless (their first seven fields, as
  // cube-and-conquer writes them), stand for seed 3.
  const fs::path journal = dir_ / "answers.tsv";
  std::ifstream in(journal);
  std::string text, line;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = fields(line);
    if (f.size() == 9 && f[7] == "2") {
      line = f[0];
      for (std::size_t i = 1; i < 7; ++i) line += "\t" + f[i];
    }
    text += line + "\n";
  }
  in.close();
  std::ofstream(journal) << text;
  EXPECT_NE(sweep("3").out.find("0 to search (7 answered before)"), std::string::npos);
}

// A member keeps every budget and seed it was left undecided under, not
// only its last: after passes under seeds 1 and 2, seed 1 again at the same
// budget has nothing to search.
TEST_F(Sweep, AnUndecidedMemberIsNotSearchedAgainUnderAnEarlierSeed) {
  const auto sweep = [&](const char* seed) {
    return run_command({"4", "--hypothesis", kShift, "--sweep", dir_.string(), "--conflicts", "1",
                        "--solver", "cadical", "--seed", seed});
  };
  (void)sweep("1");
  (void)sweep("2");
  std::size_t undecided = 0;
  for (const auto& [member, answer] : table(dir_)) undecided += answer == "undecided";
  ASSERT_GT(undecided, 0U) << "every member decided within one conflict: make it harder";
  const auto again = sweep("1");
  EXPECT_NE(again.out.find("0 to search (7 answered before)"), std::string::npos) << again.out;
}

// A long member shows in the progress lines: the sweep names the member it
// has been searching longest (ColumnStep's f=6 at N=8 runs past a second
// within 50000 conflicts).
TEST_F(Sweep, ProgressNamesTheLongestRunningMember) {
  const auto r =
      run_command({"8", "--hypothesis", kColumnStep, "--param", "f=6..6", "--sweep", dir_.string(),
                   "--solver", "cadical", "--conflicts", "50000", "--progress-every", "1"});
  ASSERT_EQ(r.exit_code, kExitUnknown) << r.out << r.err;
  EXPECT_NE(r.err.find("undecided, 1 s, longest running: f=6 ("), std::string::npos) << r.err;
}

// With --solver portfolio each member races as a run of it alone would (on
// a shape the completion takes, CaDiCaL's "sat" and "unsat" configurations;
// with --portfolio, the user's racers), and the table names the racer that
// answered. ColumnStep's f=9 at N=8 is refuted within 5000 conflicts (the
// whole family takes about 6 s a run; most members stay undecided).
TEST_F(Sweep, APortfolioMemberRacesAsARunOfItAlone) {
  const auto solver_of = [](const fs::path& dir, const std::string& member) {
    std::ifstream in(dir / "sweep.json");
    const nlohmann::json doc = nlohmann::json::parse(in);
    for (const auto& row : doc["members"])
      if (row["member"] == member) return std::make_pair(row["answer"], row["solver"]);
    return std::make_pair(nlohmann::json(), nlohmann::json());
  };
  const auto r =
      run_command({"8", "--hypothesis", kColumnStep, "--sweep", (dir_ / "d").string(), "--solver",
                   "portfolio", "--threads", "1", "--conflicts", "5000", "-q"});
  ASSERT_EQ(r.exit_code, kExitUnknown) << r.out << r.err;
  const auto [answer, solver] = solver_of(dir_ / "d", "f=9");
  EXPECT_EQ(answer, "refuted");
  EXPECT_TRUE(solver == "cadical:sat" || solver == "cadical:unsat") << solver;
  const auto own =
      run_command({"8", "--hypothesis", kColumnStep, "--sweep", (dir_ / "own").string(),
                   "--portfolio", "cadical:unsat", "--threads", "1", "--conflicts", "5000", "-q"});
  ASSERT_EQ(own.exit_code, kExitUnknown) << own.out << own.err;
  EXPECT_EQ(solver_of(dir_ / "own", "f=9"),
            std::make_pair(nlohmann::json("refuted"), nlohmann::json("cadical:unsat")));
}

// A member's CPU seconds count its racers' threads: with two CaDiCaL
// racers on one member at a time, the members' CPU adds up to the run's
// (the racers' own CPU uncounted, it would be the formulations' alone).
TEST_F(Sweep, AMembersCpuSecondsCountItsRacers) {
  const auto r =
      run_command({"8", "--hypothesis", kColumnStep, "--param", "f=5..6", "--sweep", dir_.string(),
                   "--portfolio", "cadical,cadical", "--threads", "1", "--conflicts", "20000"});
  ASSERT_EQ(r.exit_code, kExitUnknown) << r.out << r.err;
  double run_cpu = 0;
  ASSERT_EQ(std::sscanf(r.out.substr(r.out.find(" s, ") + 4).c_str(), "%lf CPU s", &run_cpu), 1)
      << r.out;
  std::ifstream in(dir_ / "sweep.json");
  const nlohmann::json doc = nlohmann::json::parse(in);
  double members_cpu = 0;
  for (const auto& row : doc["members"])
    if (row["answer"] != "not run") members_cpu += row["cpu_seconds"].get<double>();
  EXPECT_GE(members_cpu, 0.8 * run_cpu) << r.out;
  EXPECT_LE(members_cpu, run_cpu + 0.01) << r.out;
  // The journal's ninth field; the table's column after the wall seconds.
  std::ifstream journal(dir_ / "answers.tsv");
  std::string line;
  std::getline(journal, line);
  std::getline(journal, line);
  EXPECT_EQ(fields(line).size(), 9U) << line;
  std::ifstream tsv(dir_ / "sweep.tsv");
  std::getline(tsv, line);
  EXPECT_EQ(line.rfind("f\tanswer\tseconds\tcpu_seconds\t", 0), 0U) << line;
}

// A journal's row with a CPU field that is no number is one error line
// naming the file and row.
TEST_F(Sweep, AJournalRowWithABrokenCpuFieldIsAnError) {
  ASSERT_EQ(run_command({"3", "--hypothesis", kShift, "--sweep", dir_.string(), "-q"}).exit_code,
            kExitOk);
  std::ofstream(dir_ / "answers.tsv", std::ios::app)
      << "f=0\trefuted\t0.1\t0\t0\tcadical\t\t1\tx\n";
  const auto r = run_command({"3", "--hypothesis", kShift, "--sweep", dir_.string(), "-q"});
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.err.find("expected a number of seconds, found \"x\""), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(Sweep, RefusesADirectoryOfAnotherQuestion) {
  ASSERT_EQ(run_command({"3", "--hypothesis", kShift, "--sweep", dir_.string(), "-q"}).exit_code,
            kExitOk);
  const auto r = run_command({"4", "--hypothesis", kShift, "--sweep", dir_.string(), "-q"});
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.err.find("holds a sweep of another question (N=3"), std::string::npos) << r.err;
}

// --keep-learned: a member left undecided keeps its learned clauses, the
// next search of it starts from them, and a decided member's file goes.
// ColumnStep's shift 1 at N=6 has no completion; 2000 conflicts do not say so.
class KeptLearned : public Sweep {
 protected:
  testing::CliResult sweep(const char* conflicts) const {
    return run_command({"6", "--hypothesis", kColumnStep, "--param", "f=1..1", "--sweep",
                        dir_.string(), "--conflicts", conflicts, "--keep-learned", "--solver",
                        "cadical", "--seed", "1", "-q"});
  }
  fs::path file() const { return dir_ / "learned" / "f=1.cnf.xz"; }
};

TEST_F(KeptLearned, AnUndecidedMemberStartsAgainFromItsClauses) {
  ASSERT_EQ(sweep("2000").exit_code, kExitUnknown);
  ASSERT_TRUE(fs::exists(file()));
  const LearnedFile first = read_learned_file(file().string());
  EXPECT_FALSE(first.clauses.empty());
  ASSERT_EQ(sweep("4000").exit_code, kExitUnknown);  // a larger budget: searched again
  const LearnedFile second = read_learned_file(file().string());
  EXPECT_EQ(second.fingerprint, first.fingerprint);
  for (const std::vector<int>& clause : first.clauses)  // it started from them
    EXPECT_NE(std::find(second.clauses.begin(), second.clauses.end(), clause),
              second.clauses.end());
  const auto decided = sweep("1000000");
  ASSERT_EQ(decided.exit_code, kExitOk) << decided.err;
  EXPECT_EQ(table(dir_).at("f=1"), "refuted");
  EXPECT_FALSE(fs::exists(file()));
}

TEST_F(KeptLearned, ClausesOfAnotherCnfAreReplacedWithAWarning) {
  fs::create_directories(file().parent_path());
  write_learned_file({0x1234, 5, {{1, -2}}}, file().string());
  const auto r = sweep("2000");
  ASSERT_EQ(r.exit_code, kExitUnknown) << r.err;
  EXPECT_NE(r.err.find("learned on another CNF of this member"), std::string::npos) << r.err;
  EXPECT_NE(read_learned_file(file().string()).fingerprint, 0x1234U);
}

TEST_F(KeptLearned, ABrokenFileIsOneErrorLine) {
  fs::create_directories(file().parent_path());
  std::ofstream(dir_ / "learned" / "f=1.cnf.xz") << "not xz\n";
  const auto r = sweep("2000");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.err.find("f=1.cnf.xz"), std::string::npos) << r.err;
}

// --unsat-core: the report and --json name the same lines, a core of the file's.
TEST(UnsatCoreCli, TheReportAndTheJsonNameTheCore) {
  const std::string file = BEL_PYRAMID_TEST_DATA "/hypotheses/two_zero_cubes.hyp";
  const auto r = run_command({"2", "--hypothesis", file, "--solver", "cadical", "--unsat-core",
                              "--json", "-", "--sat-exit-codes"});
  ASSERT_EQ(r.exit_code, 20) << r.err;
  const nlohmann::json core = nlohmann::json::parse(r.out)["unsat_core"];
  EXPECT_EQ(core["fixed"], 7);
  EXPECT_EQ(core["undecided"], 0);
  EXPECT_FALSE(core["stopped"]);
  ASSERT_FALSE(core["lines"].empty());
  EXPECT_LT(core["lines"].size(), 7U);
  for (const auto& line : core["lines"])
    EXPECT_NE(r.err.find("  " + line.get<std::string>() + "\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(minimal: freeing any one of them is needed)"), std::string::npos);
}

// On the completion the core blames the Y lines and keeps the X lines; with
// the completion off, every fixed line is assumed (doc/families.md).
TEST(UnsatCoreCli, OnTheCompletionOneAxisIsBlamed) {
  const std::vector<std::string> member = {"3",
                                           "--hypothesis",
                                           kAffine,
                                           "--param",
                                           "a=1",
                                           "--param",
                                           "b=0",
                                           "--param",
                                           "d=1",
                                           "--param",
                                           "e=0",
                                           "--param",
                                           "f=0",
                                           "--solver",
                                           "cadical",
                                           "--unsat-core",
                                           "--json",
                                           "-",
                                           "--sat-exit-codes"};
  const auto r = run_command(member);
  ASSERT_EQ(r.exit_code, 20) << r.err;
  const nlohmann::json core = nlohmann::json::parse(r.out)["unsat_core"];
  EXPECT_EQ(core["axis"], "Y");
  EXPECT_EQ(core["kept"], 9);
  EXPECT_EQ(core["lines"], nlohmann::json({"Y[3,0] = 3", "Y[3,1] = 3"}));
  EXPECT_NE(r.err.find("Unsat core: 2 of the 9 fixed Y lines already leave no solution with the "
                       "other 9 fixed lines as they are (minimal"),
            std::string::npos)
      << r.err;
  std::vector<std::string> whole = member;
  whole.insert(whole.end(), {"--cnf-tune", "completion=off"});
  const auto w = run_command(whole);
  ASSERT_EQ(w.exit_code, 20) << w.err;
  const nlohmann::json all = nlohmann::json::parse(w.out)["unsat_core"];
  EXPECT_TRUE(all["axis"].is_null());
  EXPECT_EQ(all["kept"], 0);
  EXPECT_EQ(all["lines"].size(), 4U);
}

}  // namespace
}  // namespace bel_pyramid
