// Portfolio: local searches and CaDiCaL race in threads (one per core; by
// default one local search and CaDiCaL). Local search i runs with seed
// seed + i, so a run found by any racer can be repeated alone with
// `--solver local --seed S`. The first definite answer wins and stops the
// others: Sat from anyone, Unsat only from CaDiCaL (local search cannot prove
// it). When nobody answers before the time limit or the stop flag, the result
// is Unknown.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/local_search.hpp"
#include "bel_pyramid/solve_result.hpp"

namespace bel_pyramid {

struct PortfolioOptions {
  double timeout_seconds = 0;  // 0: none
  std::uint64_t seed = 0;
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const LocalSearchProgress&)> progress;  // the first local search's
  int local_searches = 1;                                    // >= 0
  bool cadical = true;
};

struct PortfolioResult {
  SolveResult result;
  std::string winner;  // "local" or "cadical"; empty when nobody answered
  std::uint64_t winner_seed = 0;
};

[[nodiscard]] PortfolioResult solve_portfolio(const Formulation& formulation,
                                              const PortfolioOptions& options);

}  // namespace bel_pyramid
