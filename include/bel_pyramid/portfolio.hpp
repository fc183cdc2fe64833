// Portfolio: any list of solver-table entries race in threads (one per
// core). The k-th racer of a given name runs with seed + k, so a run won by
// any racer can be repeated alone with `--solver NAME --seed S`. The first
// definite answer wins and stops the others: Sat from anyone, Unsat only from
// a complete entry. When nobody answers before the time limit or the stop
// flag, the result is Unknown and its reason joins the racers' reasons.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bel_pyramid/solver.hpp"

namespace bel_pyramid {

struct PortfolioResult {
  SolveResult result;
  std::string winner;  // the winning entry's name; empty when nobody answered
  std::uint64_t winner_seed = 0;
};

// The default racers for `threads` cores: CaDiCaL and threads-1 local
// searches (measured: README, "Solvers").
[[nodiscard]] std::vector<std::string> default_racers(int threads);

// Races `racers` (names of racer entries of solver_table()). Progress reports
// of every racer reach limits.progress, tagged with SearchProgress::racer.
[[nodiscard]] PortfolioResult solve_portfolio(const Formulation& formulation,
                                              const std::vector<std::string>& racers,
                                              const SolveLimits& limits);

// The k-th racer of its name runs with seed + k: racer i's seed.
[[nodiscard]] std::uint64_t racer_seed(const std::vector<std::string>& racers, std::size_t i,
                                       std::uint64_t seed);

}  // namespace bel_pyramid
