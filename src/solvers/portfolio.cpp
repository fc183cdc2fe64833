#include "solvers/portfolio.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string_view>
#include <thread>

#include "base/cpu_account.hpp"

namespace bel_pyramid {
namespace {

// Collects the racers' answers; the first definite one is kept. Under a
// conflict budget (--conflicts), the race is over when every racer that
// spends it has given up: the budget bounds the run, so a racer without one
// (a local search) does not go on alone.
class Race {
 public:
  Race(int racers, int budgeted) : racers_(racers), budgeted_(budgeted) {}

  void finish(const std::string& who, std::uint64_t seed, SolveResult result, bool definite,
              bool budgeted) {
    std::lock_guard lock(mutex_);
    ++finished_;
    budgeted_finished_ += budgeted ? 1 : 0;
    if (definite && winner_.empty()) {
      winner_ = who;
      winner_seed_ = seed;
      result_ = std::move(result);
      stop_all.store(true);
    } else if (winner_.empty() && !over_ && !result.reason.empty() &&
               reasons_.find(result.reason) == std::string::npos) {
      reasons_ += (reasons_.empty() ? "" : "; ") + who + ": " + result.reason;
    }
    changed_.notify_all();
  }

  // Waits until someone wins, all are done or the budget is spent,
  // forwarding an outside stop; the racers stopped then add no reason.
  void wait(const std::atomic<bool>* outside_stop) {
    std::unique_lock lock(mutex_);
    const auto spent = [this] { return budgeted_ > 0 && budgeted_finished_ == budgeted_; };
    while (winner_.empty() && finished_ < racers_ && !spent()) {
      changed_.wait_for(lock, std::chrono::milliseconds(50));
      if (outside_stop && outside_stop->load()) stop_all.store(true);
    }
    over_ = true;
  }

  PortfolioResult result() {
    std::lock_guard lock(mutex_);
    if (!winner_.empty()) return {std::move(result_), winner_, winner_seed_};
    return {{SolveResult::Status::Unknown, std::nullopt, reasons_}, {}, 0};
  }

  std::atomic<bool> stop_all{false};

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int racers_;
  int budgeted_;  // racers that spend the conflict budget
  int finished_ = 0;
  int budgeted_finished_ = 0;
  bool over_ = false;
  std::string winner_;
  std::uint64_t winner_seed_ = 0;
  SolveResult result_;
  std::string reasons_;
};

}  // namespace

std::uint64_t racer_seed(const std::vector<std::string>& racers, std::size_t i,
                         std::uint64_t seed) {
  std::uint64_t before = 0;
  for (std::size_t j = 0; j < i; ++j) before += racers[j] == racers[i] ? 1 : 0;
  return seed + before;
}

PortfolioResult race(const Formulation& formulation, const std::vector<Racer>& racers,
                     const SolveLimits& limits) {
  std::vector<std::string> names;
  for (const Racer& racer : racers) names.push_back(racer.name);
  const auto spends_budget = [&limits](const Racer& r) {
    return limits.conflicts > 0 && r.entry->runs_cadical;
  };
  Race standings(static_cast<int>(racers.size()),
                 static_cast<int>(std::count_if(racers.begin(), racers.end(), spends_budget)));
  std::mutex progress_mutex;  // reports from several threads reach one callback
  std::vector<std::thread> threads;
  bool proof_taken = false;
  for (std::size_t i = 0; i < racers.size(); ++i) {
    const SolverEntry* entry = racers[i].entry;
    SolveLimits own = limits;
    if (racers[i].cadical_config) own.cnf_options.cadical_config = racers[i].cadical_config;
    // One racer traces the proof: the first that can (the caller keeps the
    // proof only when that racer gave the answer).
    const bool traces = !proof_taken && entry->traces_proofs;
    own.proof = traces ? limits.proof : nullptr;
    proof_taken = proof_taken || traces;
    own.seed = racer_seed(names, i, limits.seed);
    own.seed_given = limits.seed_given || own.seed != limits.seed;
    own.stop = &standings.stop_all;
    if (limits.progress)
      own.progress = [&, i](const SearchProgress& p) {
        SearchProgress tagged = p;
        tagged.racer = static_cast<int>(i);
        const std::lock_guard lock(progress_mutex);
        limits.progress(tagged);
      };
    threads.emplace_back([&standings, &formulation, entry, &name = names[i], own = std::move(own),
                          budgeted = spends_budget(racers[i]), account = CpuCharge::current()] {
      const CpuCharge charge(account);  // a racer's CPU is its caller's (a sweep's member)
      SolveResult r = entry->solve(formulation, own);
      const bool definite = r.status == SolveResult::Status::Sat ||
                            (entry->complete && r.status == SolveResult::Status::Unsat);
      standings.finish(name, own.seed, std::move(r), definite, budgeted);
    });
  }
  standings.wait(limits.stop);
  standings.stop_all.store(true);
  for (std::thread& t : threads) t.join();
  return standings.result();
}

}  // namespace bel_pyramid
