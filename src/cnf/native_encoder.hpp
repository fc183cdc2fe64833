// The native encoder: a Formulation straight to clauses (no Z3), composing
// the base model (base_model.hpp), the order ladders (order_ladder.hpp) and
// the lowering of the strategies' constraints (constraint_lowering.hpp) over
// the numbering of numbering.hpp. The clauses depend only on the formulation
// and the options: identical arguments give identical bytes.
#pragma once

#include "base/stop_check.hpp"
#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

// Lowers the base model and every constraint of the formulation.
// With `stop`, the encoding polls it and throws Stopped when it fires.
[[nodiscard]] Cnf encode_native(const Formulation& formulation, const CnfOptions& options = {},
                                const StopCheck* stop = nullptr);

// Only "every axis variable has exactly one label" and the formulation's
// constraints (no placements, no cube uniqueness; placement ids stay
// reserved): for testing each constraint kind against evaluate().
[[nodiscard]] Cnf encode_constraints_only(const Formulation& formulation);

}  // namespace bel_pyramid
