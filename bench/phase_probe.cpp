// CaDiCaL from a stuck state (bench/RESULTS.md, "CaDiCaL from a stuck
// state"): the in-process CaDiCaL of `--solver cadical` on a checkpoint's
// formulation, its decision phases taken from the checkpoint's labels
// ("state", what --resume does), from a random labelling ("random", the
// control) or left to CaDiCaL ("none"), under a CPU cap. Every answer is
// validated before it counts.
//   phase_probe CKPT CAP SEED state|random|none [default|sat|unsat]
#include <fmt/format.h>

#include <atomic>
#include <ctime>
#include <random>
#include <string>

#include "checkpoint_formulation.hpp"
#include "model/checked_solution.hpp"
#include "solvers/cadical_driver.hpp"

using namespace bel_pyramid;

namespace {

double cpu_since(std::clock_t start) {
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5 || argc > 6) {
    fmt::print(stderr, "usage: phase_probe CKPT CAP SEED state|random|none [default|sat|unsat]\n");
    return 2;
  }
  const Checkpoint c = read_checkpoint(argv[1]);
  const double cap = std::stod(argv[2]);
  const unsigned seed = static_cast<unsigned>(std::stoul(argv[3]));
  const std::string phases = argv[4], config = argc == 6 ? argv[5] : "sat";
  const Formulation f = formulation_of(c);

  std::atomic<bool> stop{false};
  SolveLimits limits;
  limits.seed = seed;
  limits.seed_given = true;
  limits.stop = &stop;
  set_cnf_option(limits.cnf_options, "cadical-config=" + config);
  const std::clock_t start = std::clock();
  const StopCheck check = limits.started();
  CadicalDriver cadical(f, limits, check);
  std::vector<int> labels = c.labels;
  if (phases == "random") {
    std::mt19937 rng(seed);
    for (int& l : labels) l = static_cast<int>(rng() % f.pyramid().labels());
  }
  if (phases != "none") cadical.prefer(labels);
  const auto status = cadical.solve([&] {
    if (cpu_since(start) >= cap) stop = true;
  });
  int changed = 0;
  if (status == CadicalDriver::Status::Sat) {
    const std::vector<int> found = cadical.labels();
    if (!checked_solution(f, found)) {
      fmt::print("INVALID solution from {}\n", argv[1]);
      return 1;
    }
    for (std::size_t v = 0; v < found.size(); ++v) changed += found[v] != c.labels[v];
  }
  const char* answer = status == CadicalDriver::Status::Sat     ? "SAT    "
                       : status == CadicalDriver::Status::Unsat ? "UNSAT  "
                                                                : "unknown";
  fmt::print("{} phases {} config {} seed {} {} cpu {:.2f} changed {}\n", argv[1], phases, config,
             seed, answer, std::min(cpu_since(start), cap), changed);
}
