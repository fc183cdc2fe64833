// CaDiCaL backend: the native CNF encoder (cnf.hpp) feeding libcadical
// in-process. Complete: it answers Sat (with the decoded labels), Unsat, or
// Unknown when its time limit or stop flag ended the search.
//
// CaDiCaL has no wall-clock limit of its own, so a Terminator polls the
// deadline and the stop flag (CaDiCaL calls it often, every few conflicts).
// The library stays quiet so our stdout stays ours.
#pragma once

#include <atomic>
#include <optional>

#include "base/stop_check.hpp"
#include "cnf/cnf_options.hpp"
#include "model/counting.hpp"
#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

struct CadicalOptions {
  double timeout_seconds = 0;  // 0: none
  std::optional<unsigned> seed;
  const std::atomic<bool>* stop = nullptr;  // set from elsewhere to stop the search
  CnfOptions cnf;
};

[[nodiscard]] SolveResult solve_with_cadical(const Formulation& formulation,
                                             const CadicalOptions& options);

// Counts (and lists) the solutions, independently of the XCC engine: after
// each model, a clause over the label literals blocks that labelling
// (src/cadical_count.cpp). Progress reports solutions per second.
[[nodiscard]] CountResult count_with_cadical(const Formulation& formulation,
                                             const CadicalOptions& options,
                                             const CountOptions& count);

}  // namespace bel_pyramid
