// Z3 backend: lowers a Formulation to Z3 terms with the original's names and
// shapes (doc/model.md, The formulation), solves it with a chosen tactic, and writes SMT-LIB2.
//
// Names: label variables X_x_h, Y_y_h, Z_y_x; placement Booleans
// c{cube}_r{rotation}_x{x}_y{y}_h{h}. Under the enum domain the labels are the
// constants L0..L{L-1} of the sort "label", and orderings compare their
// indices. Z3 headers stay inside z3_backend.cpp.
#pragma once

#include <string>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/solver.hpp"
#include "solvers/z3_tactic.hpp"

namespace bel_pyramid {

// Peak memory per placement Boolean of the Z3 lowering (solving, --smt2,
// --cnf-encoder z3), for the memory guard: 3.8-5.7 KB measured with
// /usr/bin/time -v (peak RSS), rounded up.
inline constexpr double kZ3BytesPerPlacement = 8192;

// Solves with limits.tactic; the limits are polled while the model is built too.
[[nodiscard]] SolveResult solve_with_z3(const Formulation& formulation, const SolveLimits& limits);
[[nodiscard]] std::string to_smt2(const Formulation& formulation);
[[nodiscard]] std::string z3_version();

}  // namespace bel_pyramid
