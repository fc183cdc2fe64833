// Counting with CaDiCaL and blocking clauses: the second, independent
// counting engine (the first is count_xcc, xcc.hpp). After each model a
// clause over the label literals blocks that labelling, so each labelling is
// counted once whatever the auxiliaries do. CountResult::nodes counts the
// solver calls; progress reports solutions per second.
#pragma once

#include "model/counting.hpp"
#include "model/formulation.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

[[nodiscard]] CountResult count_with_cadical(const Formulation& formulation,
                                             const SolveLimits& limits,
                                             const CountOptions& options);

}  // namespace bel_pyramid
