// The formulation a run works on: the puzzle for N levels, then the
// --strategy entries in command-line order, the --hypothesis and --given
// files (hypothesis_files.hpp) and last --symmetry-breaking. Solving,
// counting, every export and --check build it here, so all honour the same
// options. Errors: UserError for an unknown strategy.
#pragma once

#include "app/options.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

[[nodiscard]] Formulation run_formulation(const Options& options, int levels);

}  // namespace bel_pyramid
