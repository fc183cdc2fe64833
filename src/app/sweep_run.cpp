#include "app/sweep_run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "app/exit_codes.hpp"
#include "app/hypothesis_files.hpp"
#include "app/report.hpp"
#include "app/run_formulation.hpp"
#include "app/split_export.hpp"
#include "app/sweep_learned.hpp"
#include "app/sweep_table.hpp"
#include "base/compressed_stream.hpp"
#include "base/cpu_account.hpp"
#include "base/error.hpp"
#include "base/file_lock.hpp"
#include "base/interrupt.hpp"
#include "base/output_file.hpp"
#include "base/progress_pacer.hpp"
#include "base/stopwatch.hpp"
#include "formats/knuth_format.hpp"
#include "model/checked_solution.hpp"
#include "model/hypothesis.hpp"
#include "model/shape_class.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;

// The members, and which member's search answers each.
struct Plan {
  std::size_t family = 0;  // the source (options.hypothesis_sources) with free parameters
  std::vector<ParamValues> bindings;
  std::vector<SweepMember> members;
  std::vector<std::size_t> searched_by;            // i itself for a member that is searched
  std::vector<std::size_t> first;                  // the first member of each member's class
  std::vector<std::optional<ShapeClass>> classes;  // set when classes apply
  std::vector<bool> in_slice;  // the binding takes one of the values of each --param list
  bool classes_apply = false;
};

// Whether `source` leaves a parameter free.
bool is_family(const HypothesisSource& source, const Options& options, const Pyramid& p) {
  if (source.given) return false;
  struct Free {};  // stops the listing at the first member that shows it
  std::size_t members = 0;
  try {
    for_each_member(source.text, source.path, p, options.params,
                    [&](const ParamValues& binding, Hypothesis&&) {
                      if (binding != options.params || ++members > 1) throw Free{};
                    });
  } catch (const Free&) {
    return true;
  }
  return members == 0;  // no member at all: a family whose domains are empty
}

// The one --hypothesis file that leaves parameters free.
std::size_t find_family(const Options& options, const Pyramid& p) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < options.hypothesis_sources.size(); ++i) {
    if (!is_family(options.hypothesis_sources[i], options, p)) continue;
    if (found)
      throw UserError(
          fmt::format("--sweep: both {} and {} leave parameters free; fix those of "
                      "one with --param NAME=VALUE",
                      options.hypothesis_sources[*found].path, options.hypothesis_sources[i].path));
    found = i;
  }
  if (!found)
    throw UserError(
        "--sweep: no --hypothesis file has a parameter left free (a family declares 'param NAME "
        "in ...')");
  return *found;
}

// A symmetry maps a member onto another only when nothing else constrains
// the labels or the lines: the bare puzzle and this one family.
bool classes_may_apply(const Options& options) {
  return !options.every_member && options.strategies.empty() && options.given.empty() &&
         options.hypotheses.size() == 1 && options.built_hypotheses.empty() &&
         options.symmetry_breaking == SymmetryBreakingMode::None;
}

// Whether a limit `old` was at least `now` (0: no limit, above every other).
bool at_least(double old, double now) { return old == 0 || (now != 0 && old >= now); }

// An earlier answer stands unless it is undecided and none of the member's
// undecided tries had this run's budget (--timeout, --conflicts) or more
// under this run's --seed: a randomized search may answer under one seed
// what it left open under another. A try that names no seed stands for
// every seed.
bool decided(const MemberAnswer& a, const Options& options) {
  const auto covers = [&](const UndecidedTry& t) {
    return at_least(t.timeout, options.timeout_seconds) &&
           at_least(static_cast<double>(t.conflicts), static_cast<double>(options.conflicts)) &&
           (!t.seed || *t.seed == options.seed.value_or(0));
  };
  return a.answer != "undecided" || std::any_of(a.tried.begin(), a.tried.end(), covers);
}

// Whether `binding` takes one of the values of each --param list.
bool in_slices(const ParamValues& binding, const Options& options) {
  for (const auto& [name, values] : options.param_slices) {
    const auto it = binding.find(name);
    if (it == binding.end() || !std::binary_search(values.begin(), values.end(), it->second))
      return false;
  }
  return true;
}

// Each value of a --param list is one some member takes: a value outside
// the parameter's domain, or a name the family does not declare, is a
// mistake, not an empty slice.
void check_slices(const Plan& plan, const Options& options, const Pyramid& p) {
  std::map<std::string, std::set<long>, std::less<>> taken;  // a parameter's values in members
  for (const ParamValues& binding : plan.bindings)
    for (const auto& [name, value] : binding) taken[name].insert(value);
  const std::string family = hypothesis_name(options.hypothesis_sources[plan.family].path);
  for (const auto& [name, values] : options.param_slices) {
    const auto it = taken.find(name);
    if (it == taken.end())
      throw UserError(
          fmt::format("--param {}=...: {} declares no parameter '{}'", name, family, name));
    for (long v : values)
      if (!it->second.count(v))
        throw UserError(fmt::format("--param {}=...: no member of {} at N={} has {}={}", name,
                                    family, p.levels(), name, v));
  }
}

// The members and their classes, each class searched through its first
// member.
Plan plan_sweep(const Options& options) {
  const Pyramid p(options.levels);
  Plan plan;
  plan.family = find_family(options, p);
  const HypothesisSource& family = options.hypothesis_sources[plan.family];
  plan.classes_apply = classes_may_apply(options);
  const std::vector<std::vector<int>> symmetries =
      plan.classes_apply ? square_symmetries(p) : std::vector<std::vector<int>>{};
  std::map<std::vector<int>, std::size_t> first_of_class;
  for_each_member(
      family.text, family.path, p, options.params, [&](const ParamValues& binding, Hypothesis&& h) {
        const std::size_t i = plan.bindings.size();
        plan.bindings.push_back(binding);
        plan.members.push_back({h.params, member_name(h.params)});
        plan.in_slice.push_back(in_slices(binding, options));
        plan.searched_by.push_back(i);
        plan.classes.push_back(
            plan.classes_apply ? shape_class(h.constraints, p.labels(), symmetries) : std::nullopt);
        if (!plan.classes.back()) {
          plan.classes_apply = false;
          return;
        }
        plan.searched_by[i] = first_of_class.emplace(plan.classes.back()->key, i).first->second;
      });
  if (!plan.classes_apply) {  // one member breaks the invariance: none is skipped
    for (std::size_t i = 0; i < plan.searched_by.size(); ++i) plan.searched_by[i] = i;
    plan.classes.assign(plan.classes.size(), std::nullopt);
  }
  plan.first = plan.searched_by;
  check_slices(plan, options, p);
  return plan;
}

// A class that an earlier run decided through another member than its
// first (a journal written before the classes were known, or under fewer
// symmetries) is answered by that member, not searched again.
void prefer_decided(Plan& plan, const std::map<std::string, MemberAnswer>& earlier,
                    const Options& options) {
  const auto decided_before = [&](std::size_t i) {
    const auto it = earlier.find(plan.members[i].name);
    return it != earlier.end() && decided(it->second, options);
  };
  std::map<std::size_t, std::size_t> chosen;  // first member of a class -> its searched member
  for (std::size_t i = 0; i < plan.members.size(); ++i)
    if (decided_before(i) && !decided_before(plan.searched_by[i]))
      chosen.emplace(plan.searched_by[i], i);
  for (std::size_t& searched : plan.searched_by)
    if (const auto it = chosen.find(searched); it != chosen.end()) searched = it->second;
}

// What makes two sweeps the same question: N, the files' bytes, the
// parameters fixed, the strategies and the symmetry breaking.
std::string question_of(const Options& options) {
  return fmt::format(
      "N={} strategies={} hypotheses={} symmetry-breaking={}", options.levels,
      options.strategies.empty() ? "none" : fmt::to_string(fmt::join(options.strategies, ",")),
      fmt::join(hypothesis_digests(options), ","), to_string(options.symmetry_breaking));
}

// The members this run searches: one per class, of the --param lists'
// slice (a class with a member in it), of its part, not decided before. A
// part is every M-th class of the slice (in the order of their first
// members, whichever member answers them), so parts started at different
// times never overlap.
std::vector<std::size_t> to_search(const Plan& plan, const Options& options,
                                   const std::map<std::string, MemberAnswer>& earlier) {
  std::vector<bool> class_in_slice(plan.members.size());
  for (std::size_t i = 0; i < plan.members.size(); ++i)
    if (plan.in_slice[i]) class_in_slice[plan.first[i]] = true;
  std::vector<std::size_t> open;
  std::size_t k = 0;  // classes so far
  for (std::size_t i = 0; i < plan.members.size(); ++i) {
    if (plan.first[i] != i || !class_in_slice[i]) continue;
    const bool ours = options.sweep_parts == 0 ||
                      static_cast<int>(k++ % options.sweep_parts) == options.sweep_part - 1;
    const std::size_t searched = plan.searched_by[i];
    const auto it = earlier.find(plan.members[searched].name);
    if (ours && (it == earlier.end() || !decided(it->second, options))) open.push_back(searched);
  }
  return open;
}

struct Tally {
  std::atomic<long> found{0}, refuted{0}, undecided{0}, searched{0};
};

class Sweeper {
 public:
  Sweeper(const Options& options, const Plan& plan, SweepJournal& journal, std::ostream& err)
      : options_(options),
        plan_(plan),
        journal_(journal),
        entry_(chosen_solver(options)),
        pyramid_(options.levels) {
    if (options.keep_learned)
      learned_.emplace(options.sweep_dir, options.checkpoint_seconds, options.quiet, err);
  }

  // Searches `members` on `threads` threads; rethrows the first error.
  void run(const std::vector<std::size_t>& members, int threads, std::ostream& err) {
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&] {
        for (std::size_t k; !stopping() && (k = next++) < members.size();) guarded(members[k]);
      });
    watch(members.size(), err);
    for (std::thread& w : workers) w.join();
    if (error_) std::rethrow_exception(error_);
  }
  [[nodiscard]] const Tally& tally() const { return tally_; }

  // A member whose class was found through another member in an earlier run
  // (or before a stop) gets that member's solution carried over, checked.
  void lend_solutions() {
    for (std::size_t j = 0; j < plan_.members.size(); ++j) {
      const std::size_t i = plan_.searched_by[j];
      const std::string from = journal_.solution_path(plan_.members[i].name);
      if (i == j || fs::exists(journal_.solution_path(plan_.members[j].name)) || !fs::exists(from))
        continue;
      const Solution s = parse_knuth(read_input(from), from);
      save(j, formulation(j), carried(s.labels(), *plan_.classes[i], *plan_.classes[j]));
    }
  }

 private:
  [[nodiscard]] bool stopping() const {
    return failed_ || (options_.stop && options_.stop->load());
  }
  void guarded(std::size_t i) {
    {
      const std::lock_guard lock(running_mutex_);
      running_.emplace(i, Stopwatch::Clock::now());
    }
    try {
      search(i);
    } catch (...) {
      const std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
      failed_ = true;
    }
    const std::lock_guard lock(running_mutex_);
    running_.erase(i);
  }

  Formulation formulation(std::size_t i) const {
    Options o = options_;
    o.params = plan_.bindings[i];
    o.threads = 0;
    return run_formulation(o, o.levels);
  }

  // A member is searched as a run of it alone would be: a portfolio races
  // the user's racers (--portfolio), else the default ones for its shape
  // (racers_for), on two cores: --threads counts the members searched at once.
  // The journal names the racer that answered (as "cadical:unsat").
  PortfolioResult solve(const Formulation& f, LearnedClauses* learned) const {
    SolveLimits limits = solve_limits(options_);
    limits.learned = learned;
    if (!entry_.races_others) return {entry_.solve(f, limits), entry_.name};
    Options own = options_;
    own.threads = 0;
    PortfolioResult raced = solve_portfolio(f, racers_for(own, f, limits), limits);
    if (raced.winner.empty()) raced.winner = entry_.name;
    return raced;
  }

  void search(std::size_t i) {
    CpuAccount cpu;  // the member's formulation and search, on every racer's thread
    std::optional<CpuCharge> charge(&cpu);
    const Formulation f = formulation(i);
    const std::string& name = plan_.members[i].name;
    LearnedClauses* learned = learned_ ? &learned_->open(name) : nullptr;
    const Stopwatch watch;
    const PortfolioResult raced = solve(f, learned);
    charge.reset();
    const SolveResult& r = raced.result;
    if (learned_) learned_->close(name, r.status != SolveResult::Status::Unknown);
    if (r.status == SolveResult::Status::Unknown && stopping()) return;  // not an answer
    MemberAnswer a{"undecided",
                   watch.seconds(),
                   options_.timeout_seconds,
                   options_.conflicts,
                   raced.winner,
                   "",
                   options_.seed.value_or(0),
                   cpu.seconds(),
                   {}};
    ++tally_.searched;
    if (r.status == SolveResult::Status::Sat) {
      a.answer = "found";
      save(i, f, r.solution->labels());
    } else if (r.status == SolveResult::Status::Unsat) {
      a.answer = "refuted";
    }
    record(i, a);
    if (a.answer == "undecided") return;
    for (std::size_t j = 0; j < plan_.members.size(); ++j)
      if (j != i && plan_.searched_by[j] == i) answer_by_class(j, i, a, r);
  }

  // j is an image of i under a symmetry: its answer, and its solution carried over, are i's.
  void answer_by_class(std::size_t j, std::size_t i, MemberAnswer a, const SolveResult& r) {
    a.seconds = 0;
    a.cpu_seconds = 0;
    a.by = plan_.members[i].name;
    if (r.solution) {
      save(j, formulation(j), carried(r.solution->labels(), *plan_.classes[i], *plan_.classes[j]));
    }
    record(j, a);
  }

  // Checked by validate() and every constraint of the member before it is kept.
  void save(std::size_t i, const Formulation& f, const std::vector<int>& labels) {
    const std::optional<Solution> s = checked_solution(f, labels);
    if (!s)
      throw std::logic_error(fmt::format("internal error: the solution of member {} is not one",
                                         plan_.members[i].name));
    OutputFile file(journal_.solution_path(plan_.members[i].name), Publish::Now);
    file.write(format_knuth(pyramid_, *s));
    file.commit();
  }

  void record(std::size_t i, const MemberAnswer& a) {
    journal_.append(plan_.members[i].name, a);
    (a.answer == "found"     ? tally_.found
     : a.answer == "refuted" ? tally_.refuted
                             : tally_.undecided)++;
  }

  // Progress while the workers run: a line on a terminal, or every
  // --progress-every seconds.
  void watch(std::size_t total, std::ostream& err) {
    const bool terminal = ::isatty(STDERR_FILENO) == 1 && !options_.quiet;
    const double every = terminal ? 0 : options_.progress_seconds;
    const Stopwatch clock;
    ProgressPacer pacer(clock.started());
    double last_line = 0;
    while (static_cast<std::size_t>(tally_.searched.load()) < total && !stopping()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (!pacer.due(Stopwatch::Clock::now())) continue;
      if (learned_) learned_->save_due();
      const double seconds = clock.seconds();
      const std::string line =
          fmt::format("sweep: {} of {} searched, {} found, {} refuted, {} undecided, {:.0f} s{}",
                      tally_.searched.load(), total, tally_.found.load(), tally_.refuted.load(),
                      tally_.undecided.load(), seconds, longest_running());
      if (terminal) {
        fmt::print(err, "\r{} ", line);
        err.flush();
      } else if (every > 0 && seconds - last_line >= every) {
        fmt::print(err, "c {}\n", line);
        err.flush();
        last_line = seconds;
      }
    }
    if (terminal) fmt::print(err, "\r{:78}\r", "");
  }

  // ", longest running: MEMBER (S s)", or nothing: which member a long
  // sweep is spending its time on.
  std::string longest_running() {
    const std::lock_guard lock(running_mutex_);
    const auto oldest =
        std::min_element(running_.begin(), running_.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    if (oldest == running_.end()) return "";
    const std::chrono::duration<double> took = Stopwatch::Clock::now() - oldest->second;
    return fmt::format(", longest running: {} ({:.0f} s)", plan_.members[oldest->first].name,
                       took.count());
  }

  const Options& options_;
  const Plan& plan_;
  SweepJournal& journal_;
  const SolverEntry& entry_;
  const Pyramid pyramid_;
  std::optional<SweepLearned> learned_;  // --keep-learned
  Tally tally_;
  std::atomic<bool> failed_{false};
  std::mutex error_mutex_;
  std::mutex running_mutex_;
  std::map<std::size_t, Stopwatch::Clock::time_point> running_;  // member: when it started
  std::exception_ptr error_;
};

int threads_of(const Options& options) {
  if (options.threads > 0) return options.threads;
  return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

std::string budget_text(const Options& options) {
  std::vector<std::string> limits;
  if (options.timeout_seconds > 0) limits.push_back(fmt::format("{} s", options.timeout_seconds));
  if (options.conflicts > 0) limits.push_back(fmt::format("{} conflicts", options.conflicts));
  return limits.empty() ? "no limit" : fmt::format("at most {} each", fmt::join(limits, " and "));
}

void print_plan(const Plan& plan, const Options& options, std::size_t searching, std::size_t before,
                std::ostream& out) {
  const HypothesisSource& family = options.hypothesis_sources[plan.family];
  std::size_t classes = 0;
  for (std::size_t i = 0; i < plan.searched_by.size(); ++i) classes += plan.searched_by[i] == i;
  fmt::print(out, "Sweeping the family {} at N={}: {} members", hypothesis_name(family.path),
             options.levels, plan.members.size());
  if (plan.classes_apply) fmt::print(out, ", {} up to the symmetries", classes);
  if (!options.param_slices.empty()) {
    std::vector<std::string> lists;
    for (const auto& [name, values] : options.param_slices)
      lists.push_back(fmt::format("{}={}", name, fmt::join(values, ",")));
    fmt::print(out, "; the slice {} holds {}", fmt::join(lists, " "),
               std::count(plan.in_slice.begin(), plan.in_slice.end(), true));
  }
  fmt::print(out, ".\n{} to search ({} answered before), {} at a time with {}, {}.\n\n", searching,
             before,
             std::min<std::size_t>(threads_of(options), std::max<std::size_t>(searching, 1)),
             options.solver, budget_text(options));
}

// Each member's answer: its own, or that of the member searched for its
// class while it is undecided ("not run": neither searched yet).
std::vector<MemberAnswer> answers_of(const Plan& plan, const SweepJournal& journal) {
  const std::map<std::string, MemberAnswer> journaled = journal.read_answers();
  std::vector<MemberAnswer> out;
  for (std::size_t i = 0; i < plan.members.size(); ++i) {
    const std::string& searched = plan.members[plan.searched_by[i]].name;
    if (const auto own = journaled.find(plan.members[i].name); own != journaled.end()) {
      out.push_back(own->second);
    } else if (const auto rep = journaled.find(searched); rep != journaled.end()) {
      out.push_back({rep->second.answer,
                     0,
                     rep->second.timeout,
                     rep->second.conflicts,
                     rep->second.solver,
                     searched,
                     rep->second.seed,
                     0.0,
                     {}});
    } else {
      out.push_back({"not run", 0, 0, 0, "", "", std::nullopt, std::nullopt, {}});
    }
  }
  return out;
}

// The table's totals and where it is.
void print_summary(const Plan& plan, const std::vector<MemberAnswer>& answers,
                   const Options& options, double seconds, double cpu, std::ostream& out) {
  std::map<std::string, long> totals;
  for (const MemberAnswer& a : answers) ++totals[a.answer];
  fmt::print(out, "Sweep of {} at N={} ({:.2f} s, {:.2f} CPU s):\n",
             hypothesis_name(options.hypothesis_sources[plan.family].path), options.levels, seconds,
             cpu);
  for (const char* answer : {"found", "refuted", "undecided", "not run"})
    fmt::print(out, "  {:<10} {:>8}\n", answer, totals[answer]);
  fmt::print(out, "Table: {0}/sweep.tsv and {0}/sweep.json; solutions in {0}/solutions/.\n",
             options.sweep_dir);
}

// Each member's formulation as a command line (its parameters bound), for
// whatever rebuilds one member alone: scripts/sweep_proofs.sh, a user.
std::vector<std::vector<std::string>> member_args(const Plan& plan, const Options& options) {
  std::vector<std::vector<std::string>> out;
  Options member = options;
  for (const ParamValues& binding : plan.bindings) {
    member.params = binding;
    out.push_back(formulation_args(member));
  }
  return out;
}

}  // namespace

int run_sweep(const Options& options, std::ostream& out, std::ostream& err) {
  std::ostream& report = options.quiet ? null_stream() : out;
  const Stopwatch clock;
  const double cpu_at_start = process_cpu_seconds();
  Plan plan = plan_sweep(options);
  SweepJournal journal(options.sweep_dir, question_of(options), options.sweep_part,
                       options.sweep_parts);
  prefer_decided(plan, journal.earlier(), options);
  const std::vector<std::size_t> members = to_search(plan, options, journal.earlier());
  print_plan(plan, options, members.size(), journal.earlier().size(), report);
  Sweeper sweeper(options, plan, journal, err);
  sweeper.run(members, threads_of(options), err);
  if (!(options.stop && options.stop->load())) sweeper.lend_solutions();
  // Runs on one DIR (slices, parts) each write the table from every journal:
  // one at a time, so that the last table holds both runs' answers. Stopped
  // while waiting, the table is left to the next run (the journals hold it).
  const std::string lock_path = (fs::path(options.sweep_dir) / "sweep.lock").string();
  const FileLock lock(lock_path, options.stop, [&] {
    fmt::print(err, "c sweep: waiting for {}: another run on this directory is writing its table\n",
               lock_path);
  });
  const std::vector<MemberAnswer> answers = answers_of(plan, journal);
  if (lock.held())
    journal.write_table(
        plan.members, answers, member_args(plan, options),
        {options.hypothesis_sources[plan.family].path, options.levels, options.param_slices});
  print_summary(plan, answers, options, clock.seconds(), process_cpu_seconds() - cpu_at_start, out);
  if (options.stop && options.stop->load()) return stopped_exit_code();
  return sweeper.tally().undecided > 0 ? kExitUnknown : kExitOk;
}

}  // namespace bel_pyramid
