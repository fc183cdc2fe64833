// Portfolio: any list of solver-table entries race in threads (one per
// core). The k-th racer of a given name runs with seed + k, so a run won by
// any racer can be repeated alone with `--solver NAME --seed S`; a racer
// named `cadical:unsat` is CaDiCaL under that configuration (`--solver cadical
// --cnf-tune cadical-config=unsat` alone), so that racers of one search can
// differ by more than their seeds. The first
// definite answer wins and stops the others: Sat from anyone, Unsat only from
// a complete entry. When nobody answers before the time limit or the stop
// flag, the result is Unknown and its reason joins the racers' reasons.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solvers/solver.hpp"

namespace bel_pyramid {

struct PortfolioResult {
  SolveResult result;
  std::string winner;  // the winning entry's name; empty when nobody answered
  std::uint64_t winner_seed = 0;
};

// One racer: a racer entry of the solver table, under its full name
// ("cadical:unsat") and with the CaDiCaL configuration the name gives.
struct Racer {
  const SolverEntry* entry;
  std::string name;
  std::optional<std::string> cadical_config;
};

// Races the racers. Progress reports of every racer reach limits.progress,
// tagged with SearchProgress::racer.
[[nodiscard]] PortfolioResult race(const Formulation& formulation, const std::vector<Racer>& racers,
                                   const SolveLimits& limits);

// The k-th racer of its name runs with seed + k: racer i's seed.
[[nodiscard]] std::uint64_t racer_seed(const std::vector<std::string>& racers, std::size_t i,
                                       std::uint64_t seed);

}  // namespace bel_pyramid
