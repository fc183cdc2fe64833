#include "solvers/construction.hpp"

#include "model/checked_solution.hpp"
#include "solvers/cadical_backend.hpp"

namespace bel_pyramid {

std::vector<Constraint> column_step(const Pyramid& p) {
  const int L = p.labels();
  // (y + h + N - 3) mod L, kept non-negative for N < 3.
  return column_step(p, ((p.levels() - 3) % L + L) % L);
}

std::vector<Constraint> column_step(const Pyramid& p, int shift) {
  const int L = p.labels();
  std::vector<Constraint> out;
  for (int x = 0; x < p.base(); ++x)
    for (int h = 0; h < p.tri(x); ++h)
      out.push_back(compare(var(p.x_var(x, h)), Rel::Eq, label(x)));
  for (int y = 0; y < p.base(); ++y)
    for (int h = 0; h < p.tri(y); ++h)
      out.push_back(compare(var(p.y_var(y, h)), Rel::Eq, label((y + h + shift) % L)));
  return out;
}

SolveResult solve_construction(const Formulation& formulation, const SolveLimits& limits) {
  Formulation shaped = formulation;
  shaped.add_strategy("ColumnStep", column_step(formulation.pyramid()));
  // The shape is a different question: no start state, no proof of it.
  SolveLimits own = limits;
  own.start.reset();
  own.proof = nullptr;
  // The shape fixes every X and Y line: unless other constraints remain,
  // CaDiCaL solves only the Z lines' exact cover (completion.hpp).
  SolveResult r = solve_with_cadical(shaped, own);
  if (r.status == SolveResult::Status::Sat)
    return checked_result(formulation, r.solution->labels(), "construct");
  if (r.status == SolveResult::Status::Unsat)
    return {SolveResult::Status::Unknown, std::nullopt,
            "no solution has the ColumnStep shape (X[x,h] = x, Y[y,h] = y + h + N - 3 mod L)"};
  return r;
}

}  // namespace bel_pyramid
