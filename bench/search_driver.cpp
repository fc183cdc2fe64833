// Benchmark driver for the searches of doc/searches.md: runs one method over a range
// of seeds and prints one line per run (status, wall seconds, best cost), so
// bench/frontier.sh can compare methods without the CLI's printout. Every Sat
// answer is re-checked here with validate() and the strategy constraints.
//   search_driver METHOD N SEEDS TIMEOUT [STRATEGY...]    (FIRST_SEED=1; TIMEOUT 0: none)
// METHOD: an entry of the solver table (local, cadical, ...). For the local
// search, LS_REPLICAS, LS_TMIN, LS_TMAX and LS_EVERY set its temperature
// ladder, LS_SWAP and LS_AIM its move shares (local_search_tuning.hpp);
// LS_CPU_CAP a CPU limit.
#include <fmt/format.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "base/stopwatch.hpp"
#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/solver_table.hpp"

using namespace bel_pyramid;

namespace {

double env(const char* name, double fallback) {
  const char* v = std::getenv(name);
  return v ? std::atof(v) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    fmt::print(stderr, "usage: search_driver METHOD N SEEDS TIMEOUT [STRATEGY...]\n");
    return 2;
  }
  const SolverEntry* entry = find_solver(argv[1]);
  if (!entry) return 2;
  Formulation f(std::atoi(argv[2]), Domain::Int);
  for (int i = 5; i < argc; ++i) {
    const Strategy* s = find_strategy(argv[i]);
    if (!s) return 2;
    f.add_strategy(std::string(s->name), s->build(f.pyramid()));
  }
  const int first = std::getenv("FIRST_SEED") ? std::atoi(std::getenv("FIRST_SEED")) : 1;
  for (int seed = first; seed < first + std::atoi(argv[3]); ++seed) {
    SolveLimits limits;
    limits.seed = static_cast<std::uint64_t>(seed);
    limits.seed_given = true;
    limits.timeout_seconds = std::atof(argv[4]);
    LocalSearchTuning& ladder = limits.local_tuning;
    ladder.replicas = static_cast<int>(env("LS_REPLICAS", ladder.replicas));
    ladder.temperature = env("LS_TMIN", ladder.temperature);
    ladder.max_temperature = env("LS_TMAX", ladder.max_temperature);
    ladder.exchange_every =
        static_cast<std::uint64_t>(env("LS_EVERY", static_cast<double>(ladder.exchange_every)));
    ladder.swap_probability = env("LS_SWAP", ladder.swap_probability);
    ladder.aim_probability = env("LS_AIM", ladder.aim_probability);
    int best = -1;
    double rate = 0;
    // LS_CPU_CAP: stop after that many CPU seconds and still print the best
    // cost (ulimit -t would kill the driver before it prints).
    const double cpu_cap = env("LS_CPU_CAP", 0);
    std::atomic<bool> stop{false};
    limits.stop = &stop;
    const std::clock_t cpu_start = std::clock();
    auto cpu = [&] { return static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC; };
    limits.progress = [&](const SearchProgress& p) {
      best = p.best_cost;
      rate = p.rate;
      if (cpu_cap > 0 && cpu() >= cpu_cap) stop = true;
    };
    const Stopwatch watch;
    const SolveResult r = entry->solve(f, limits);
    const double s = watch.seconds();
    const bool sat = r.status == SolveResult::Status::Sat && r.solution &&
                     checked_solution(f, r.solution->labels());
    if (r.status == SolveResult::Status::Sat && !sat) {
      fmt::print("seed {} INVALID {:.3f} s\n", seed, s);
      return 1;
    }
    fmt::print("seed {} {} {:.3f} s cpu {:.3f} s best {} rate {:.0f} {}\n", seed,
               sat ? "SAT" : "unknown", s, cpu(), sat ? 0 : best, rate, r.reason);
    std::fflush(stdout);
  }
}
