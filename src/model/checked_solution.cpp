#include "model/checked_solution.hpp"

#include <fmt/format.h>

namespace bel_pyramid {

std::optional<Solution> checked_solution(const Formulation& formulation,
                                         const std::vector<int>& labels) {
  const Pyramid& p = formulation.pyramid();
  if (labels.size() != static_cast<std::size_t>(p.var_count())) return std::nullopt;
  Solution s(p.levels(), labels);
  if (!validate(p, s).ok) return std::nullopt;
  for (const Constraint& c : formulation.constraints())
    if (!evaluate(c, labels)) return std::nullopt;
  return s;
}

SolveResult checked_result(const Formulation& formulation, const std::vector<int>& labels,
                           const char* who) {
  if (auto s = checked_solution(formulation, labels))
    return {SolveResult::Status::Sat, std::move(s), {}};
  return {SolveResult::Status::Unknown, std::nullopt,
          fmt::format("internal error: {} produced labels that are not a solution", who)};
}

}  // namespace bel_pyramid
