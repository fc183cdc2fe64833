// The answers of a sweep (--sweep DIR, sweep_run.hpp), kept so that a
// stopped or killed sweep loses none and a later run resumes it:
//   DIR/answers.tsv (answers.K-of-M.tsv for --sweep-part K/M): a journal, one
//     line appended and flushed per answer (MEMBER ANSWER SECONDS TIMEOUT
//     CONFLICTS SOLVER BY [SEED [CPU_SECONDS]]), after a header naming the
//     question (N, the family's digest, the other constraints); a later run
//     reads every journal of DIR and keeps the last answer of each member
//     (with every budget and seed it was left undecided under);
//   DIR/sweep.tsv and DIR/sweep.json: the table, one row per member in
//     order, rewritten whole (and atomically) when a run ends;
//   DIR/solutions/MEMBER.txt: each solution found, in Knuth's format;
//   DIR/sweep.lock: locked (flock) while a run reads the journals and writes
//     the table, so that runs sharing DIR write it one at a time.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "model/hypothesis.hpp"

namespace bel_pyramid {

// A budget and seed a member was left undecided under.
struct UndecidedTry {
  double timeout = 0;            // 0: none
  std::uint64_t conflicts = 0;   // 0: none
  std::optional<unsigned> seed;  // none: stands for every seed
};

// One member's answer.
struct MemberAnswer {
  std::string answer;           // "found", "refuted" or "undecided"
  double seconds = 0;           // wall seconds of its search; 0 when `by` answered it
  double timeout = 0;           // the --timeout it ran under; 0: none
  std::uint64_t conflicts = 0;  // the --conflicts it ran under; 0: none
  std::string solver;
  std::string by;  // the member whose search decided it (equivalent labels); empty: itself
  std::optional<unsigned> seed;  // the --seed it ran under; none: a journal that did not say
  // CPU seconds of its search, its racers' included; 0 when `by` answered
  // it (a conquered member: its whole tree's); none: an older journal.
  std::optional<double> cpu_seconds;
  // As read from the journals: every undecided row of the member, this one
  // included, so that a pass under an earlier seed is not searched again.
  std::vector<UndecidedTry> tried;
};

// A member as the table shows it: its parameters in order of declaration.
struct SweepMember {
  std::vector<std::pair<std::string, long>> params;
  std::string name;  // "d=1,e=1,f=3"
};

class SweepJournal {
 public:
  // Opens DIR (creating it and DIR/solutions), reads the answers of every
  // journal there and opens this run's journal for appending. Throws
  // UserError when DIR holds a sweep of another question than `question`.
  SweepJournal(std::string dir, std::string question, int part, int parts);
  ~SweepJournal();
  SweepJournal(const SweepJournal&) = delete;
  SweepJournal& operator=(const SweepJournal&) = delete;

  // The last answer of each member, by name, as read at the start.
  [[nodiscard]] const std::map<std::string, MemberAnswer>& earlier() const { return earlier_; }
  // Appends (thread-safe) and flushes one answer.
  void append(const std::string& member, const MemberAnswer& answer);
  [[nodiscard]] std::string solution_path(const std::string& member) const;

  // What the table says of the sweep beside its rows.
  struct Heading {
    std::string family;  // the family's path
    int levels = 0;
    ParamSlices slice;  // the --param lists of the run that writes it; empty: the whole family
  };
  // Writes DIR/sweep.tsv and DIR/sweep.json: one row per member, in order;
  // the JSON gives each member's formulation as arguments (`args`) and the
  // heading (`family`, `levels`, `slice`).
  void write_table(const std::vector<SweepMember>& members,
                   const std::vector<MemberAnswer>& answers,
                   const std::vector<std::vector<std::string>>& args, const Heading& heading) const;
  // Every journal's answers, the last one per member.
  [[nodiscard]] std::map<std::string, MemberAnswer> read_answers() const;

 private:
  std::string dir_;
  std::string question_;
  std::map<std::string, MemberAnswer> earlier_;
  std::FILE* journal_ = nullptr;
  std::mutex mutex_;
};

}  // namespace bel_pyramid
