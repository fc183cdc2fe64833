// checked_solution: the last step of every search that builds its own
// labelling. It turns labels into a Sat result only if validate() and every
// constraint of the formulation accept them, so no search reports a solution
// on its own word.
#pragma once

#include <optional>
#include <vector>

#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

// The labels as a Solution, or nullopt when they are not one.
[[nodiscard]] std::optional<Solution> checked_solution(const Formulation& formulation,
                                                       const std::vector<int>& labels);

// Sat with the solution, or Unknown "internal error: <who> ..." otherwise.
[[nodiscard]] SolveResult checked_result(const Formulation& formulation,
                                         const std::vector<int>& labels, const char* who);

}  // namespace bel_pyramid
