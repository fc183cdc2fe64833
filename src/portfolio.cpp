#include "bel_pyramid/portfolio.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "bel_pyramid/cadical_backend.hpp"

namespace bel_pyramid {
namespace {

// Collects the racers' answers; the first definite one is kept.
class Race {
 public:
  explicit Race(int racers) : racers_(racers) {}

  void finish(const char* who, std::uint64_t seed, SolveResult result, bool definite) {
    std::lock_guard lock(mutex_);
    ++finished_;
    if (definite && winner_.empty()) {
      winner_ = who;
      winner_seed_ = seed;
      result_ = std::move(result);
      stop_all.store(true);
    } else if (winner_.empty() && !result.reason.empty() &&
               reasons_.find(result.reason) == std::string::npos) {
      reasons_ += (reasons_.empty() ? "" : "; ") + std::string(who) + ": " + result.reason;
    }
    changed_.notify_all();
  }

  // Waits until someone wins or all are done, forwarding an outside stop.
  void wait(const std::atomic<bool>* outside_stop) {
    std::unique_lock lock(mutex_);
    while (winner_.empty() && finished_ < racers_) {
      changed_.wait_for(lock, std::chrono::milliseconds(50));
      if (outside_stop && outside_stop->load()) stop_all.store(true);
    }
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
  int finished_ = 0;
  std::string winner_;
  std::uint64_t winner_seed_ = 0;
  SolveResult result_;
  std::string reasons_;
};

}  // namespace

PortfolioResult solve_portfolio(const Formulation& formulation, const PortfolioOptions& options) {
  Race race(options.local_searches + (options.cadical ? 1 : 0));
  std::vector<std::thread> racers;
  for (int i = 0; i < options.local_searches; ++i)
    racers.emplace_back([&, i] {
      LocalSearchOptions o;
      o.seed = options.seed + static_cast<std::uint64_t>(i);
      o.timeout_seconds = options.timeout_seconds;
      o.stop = &race.stop_all;
      if (i == 0) o.progress = options.progress;
      SolveResult r = solve_local(formulation, o);
      const bool definite = r.status == SolveResult::Status::Sat;
      race.finish("local", o.seed, std::move(r), definite);
    });
  if (options.cadical)
    racers.emplace_back([&] {
      CadicalOptions o;
      o.timeout_seconds = options.timeout_seconds;
      o.seed = static_cast<unsigned>(options.seed);
      o.stop = &race.stop_all;
      SolveResult r = solve_with_cadical(formulation, o);
      const bool definite = r.status != SolveResult::Status::Unknown;
      race.finish("cadical", options.seed, std::move(r), definite);
    });
  race.wait(options.stop);
  race.stop_all.store(true);
  for (std::thread& t : racers) t.join();
  return race.result();
}

}  // namespace bel_pyramid
