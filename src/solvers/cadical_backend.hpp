// CaDiCaL backend: the native CNF encoder (cnf/native_encoder.hpp) feeding libcadical
// in-process (cadical_driver.hpp). Complete: it answers Sat (with the decoded
// labels), Unsat, or Unknown when its time limit or stop flag ended the
// search. It reads --cnf-tune from the limits (SolveLimits::cnf_options), and
// takes a start state (--resume) as its decision phases. A formulation that
// leaves at most two free lines through each position (every X and Y line
// fixed, say) is solved as the exact cover of its free lines instead
// (completion.hpp), unless a proof, the encoder's --cnf-tune keys or a start
// state ask for the native CNF.
#pragma once

#include <string>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

[[nodiscard]] SolveResult solve_with_cadical(const Formulation& formulation,
                                             const SolveLimits& limits);

// The linked CaDiCaL's version ("1.5.3"), for --version.
[[nodiscard]] std::string cadical_version();

}  // namespace bel_pyramid
