#include "solvers/construction.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "model/checked_solution.hpp"
#include "solvers/cadical_backend.hpp"
#include "solvers/shape_table.hpp"

namespace bel_pyramid {

bool has_construction(int levels) { return !shapes_for(levels).empty(); }

SolveResult solve_construction(const Formulation& formulation, const SolveLimits& limits) {
  const std::vector<const ShapeRow*> rows = shapes_for(formulation.pyramid().levels());
  if (rows.empty())
    return {SolveResult::Status::Unknown, std::nullopt,
            fmt::format("no shape is known to complete at N={} (the shape table, "
                        "doc/hypotheses/shapes.tsv)",
                        formulation.pyramid().levels())};
  // A shape is a different question: no start state, no proof of it.
  SolveLimits own = limits;
  own.start.reset();
  own.proof = nullptr;
  std::vector<std::string> refuted;
  for (const ShapeRow* row : rows) {
    Hypothesis shape = shape_hypothesis(*row, formulation.pyramid());
    Formulation shaped = formulation;
    shaped.add_strategy(shape.name, std::move(shape.constraints));
    // When the shape fixes every X and Y line and nothing else remains,
    // CaDiCaL solves only the Z lines' exact cover (completion.hpp).
    SolveResult r = solve_with_cadical(shaped, own);
    if (r.status == SolveResult::Status::Sat)
      return checked_result(formulation, r.solution->labels(), "construct");
    if (r.status != SolveResult::Status::Unsat) return r;  // a limit: the next would not run
    refuted.push_back(shape.name);
  }
  return {SolveResult::Status::Unknown, std::nullopt,
          fmt::format("no solution has the shape {}", fmt::join(refuted, " or "))};
}

}  // namespace bel_pyramid
