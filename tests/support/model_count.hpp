// Models of a CNF under a cube, counted by CaDiCaL with blocking clauses
// over the variables 1..project (the ones a model is told apart by).
#pragma once

#include <cadical.hpp>
#include <vector>

#include "cnf/cnf.hpp"

namespace bel_pyramid::testing {

inline long count_models(const Cnf& cnf, const std::vector<int>& cube, int project) {
  CaDiCaL::Solver solver;
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (int lit : cnf.clause(i)) solver.add(lit);
    solver.add(0);
  }
  for (int lit : cube) {
    solver.add(lit);
    solver.add(0);
  }
  long models = 0;
  while (solver.solve() == 10) {
    ++models;
    std::vector<int> block;  // read the whole model before adding to the solver
    for (int id = 1; id <= project; ++id)
      if (solver.val(id) > 0) block.push_back(-id);
    for (int lit : block) solver.add(lit);
    solver.add(0);
  }
  return models;
}

}  // namespace bel_pyramid::testing
