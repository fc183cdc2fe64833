// Benchmark driver for the searches of issue 11: runs one method over a range
// of seeds and prints one line per run (status, wall seconds, best cost), so
// bench/frontier.sh can compare methods without the CLI's printout. Every Sat
// answer is re-checked here with validate() and the strategy constraints.
//   search_driver METHOD N SEEDS TIMEOUT [STRATEGY...]    (FIRST_SEED=1; TIMEOUT 0: none)
// METHOD: local (new searches plug in here; issue 11's lost and were removed)
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/local_search.hpp"
#include "solvers/solver.hpp"

using namespace bel_pyramid;

namespace {

double env(const char* name, double fallback) {
  const char* v = std::getenv(name);
  return v ? std::atof(v) : fallback;
}

// Today's local search behind the SolveLimits interface; LS_CYCLE sets the
// share of 3-cycle moves.
SolveResult solve_local_limits(const Formulation& f, const SolveLimits& limits) {
  LocalSearchOptions o;
  o.tuning.cycle_probability = env("LS_CYCLE", 0);
  o.seed = limits.seed;
  o.timeout_seconds = limits.timeout_seconds;
  o.stop = limits.stop;
  o.start = limits.start;
  if (limits.progress)
    o.progress = [&](const LocalSearchProgress& p) {
      limits.progress({p.elapsed_seconds, p.cost, p.best_cost, p.moves_per_second, "moves", {}});
    };
  return solve_local(f, o);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    fmt::print(stderr, "usage: search_driver local N SEEDS TIMEOUT [STRATEGY...]\n");
    return 2;
  }
  const std::string method = argv[1];
  using SolveFn = SolveResult (*)(const Formulation&, const SolveLimits&);
  SolveFn solve = nullptr;
  if (method == "local") solve = solve_local_limits;
  if (!solve) return 2;
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
    int best = -1;
    double rate = 0;
    limits.progress = [&](const SearchProgress& p) {
      best = p.best_cost;
      rate = p.rate;
    };
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    const SolveResult r = solve(f, limits);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const bool sat = r.status == SolveResult::Status::Sat && r.solution &&
                     checked_solution(f, r.solution->labels());
    if (r.status == SolveResult::Status::Sat && !sat) {
      fmt::print("seed {} INVALID {:.3f} s\n", seed, s);
      return 1;
    }
    const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    fmt::print("seed {} {} {:.3f} s cpu {:.3f} s best {} rate {:.0f} {}\n", seed,
               sat ? "SAT" : "unknown", s, cpu, sat ? 0 : best, rate, r.reason);
    std::fflush(stdout);
  }
}
