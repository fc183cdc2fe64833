// Tuning driver for the local search: runs the solver table's "local" entry,
// with the tuning given, over a range of seeds
// and prints seconds and moves per run, so parameter settings can be compared
// without the CLI's formulation printout.
//   tune_local N SEEDS TIMEOUT T SWAP FOCUS RESTART [STRATEGY...]
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "base/stopwatch.hpp"
#include "model/strategy.hpp"
#include "solvers/solver_table.hpp"

using namespace bel_pyramid;

int main(int argc, char** argv) {
  if (argc < 8) {
    fmt::print(stderr, "usage: tune_local N SEEDS TIMEOUT T SWAP FOCUS RESTART [STRATEGY...]\n");
    return 2;
  }
  Formulation f(std::atoi(argv[1]), Domain::Int);
  for (int i = 8; i < argc; ++i) {
    const Strategy* s = find_strategy(argv[i]);
    if (!s) return 2;
    f.add_strategy(std::string(s->name), s->build(f.pyramid()));
  }
  SolveLimits o;
  o.timeout_seconds = std::atof(argv[3]);
  // T may be "TMIN:TMAX:K" for K replicas (replica exchange); "-" keeps
  // the library's defaults for T, SWAP, FOCUS and RESTART.
  if (std::string(argv[4]) != "-") {
    double tmax = 0.4;
    int replicas = 1;
    std::sscanf(argv[4], "%*f:%lf:%d", &tmax, &replicas);
    o.local_tuning.temperature = std::atof(argv[4]);
    o.local_tuning.max_temperature = tmax;
    o.local_tuning.replicas = replicas;
    o.local_tuning.swap_probability = std::atof(argv[5]);
    o.local_tuning.focus_probability = std::atof(argv[6]);
    o.local_tuning.restart_after = std::strtoull(argv[7], nullptr, 10);
  }
  if (const char* aim = std::getenv("AIM")) o.local_tuning.aim_probability = std::atof(aim);
  if (const char* every = std::getenv("EXCHANGE_EVERY"))
    o.local_tuning.exchange_every = std::atoi(every);
  std::uint64_t moves = 0;
  int restarts = 0, best = 0;
  o.progress = [&](const SearchProgress& p) {
    moves = p.steps;
    restarts = p.restarts;
    best = p.best_cost;
  };
  const int first = std::getenv("FIRST_SEED") ? std::atoi(std::getenv("FIRST_SEED")) : 1;
  for (int seed = first; seed < first + std::atoi(argv[2]); ++seed) {
    o.seed = seed;
    const Stopwatch watch;
    const SolveResult r = find_solver("local")->solve(f, o);
    const double s = watch.seconds();
    fmt::print("seed {} {} {:.3f} s  {:.2f} Mmoves/s restarts {} best {} {}\n", seed,
               r.status == SolveResult::Status::Sat ? "SAT" : "unknown", s,
               moves / std::max(s, 1e-9) / 1e6, restarts, best, r.reason);
    std::fflush(stdout);
  }
}
