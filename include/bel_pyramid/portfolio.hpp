// Portfolio: local search and CaDiCaL race in two threads (one per core).
// The first definite answer wins and stops the other: Sat from either, Unsat
// only from CaDiCaL (local search cannot prove it). When neither answers
// before the time limit or the stop flag, the result is Unknown.
#pragma once

#include <atomic>
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
  std::function<void(const LocalSearchProgress&)> progress;  // local search's
};

struct PortfolioResult {
  SolveResult result;
  std::string winner;  // "local" or "cadical"; empty when nobody answered
};

[[nodiscard]] PortfolioResult solve_portfolio(const Formulation& formulation,
                                              const PortfolioOptions& options);

}  // namespace bel_pyramid
