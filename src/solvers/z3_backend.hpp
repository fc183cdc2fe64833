// Z3 backend: lowers a Formulation to Z3 terms with the original's names and
// shapes (SPEC §2), solves it with a chosen tactic, and writes SMT-LIB2.
//
// Names: label variables X_x_h, Y_y_h, Z_y_x; placement Booleans
// c{cube}_r{rotation}_x{x}_y{y}_h{h}. Under the enum domain the labels are the
// constants L0..L{L-1} of the sort "label", and orderings compare their
// indices. Z3 headers stay inside z3_backend.cpp.
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

enum class Tactic { Qffd, Qflia, Z3Default };

struct Z3Options {
  Tactic tactic = Tactic::Qffd;
  double timeout_seconds = 0;  // 0: none
  std::optional<unsigned> seed;
  const std::atomic<bool>* stop = nullptr;  // polled, also while the model is built
};

[[nodiscard]] SolveResult solve_with_z3(const Formulation& formulation, const Z3Options& options);
[[nodiscard]] std::string to_smt2(const Formulation& formulation);
[[nodiscard]] const char* to_string(Tactic tactic);  // "qffd", "qflia", "z3-default"
[[nodiscard]] std::string z3_version();

}  // namespace bel_pyramid
