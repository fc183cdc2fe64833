// count_by_backtracking(): the number of solutions of a small formulation,
// by plain backtracking over positions (labels of the lines through each
// position, no cube twice), strategies filtered by evaluate() on each full
// labelling. The independent check of the CNF encoder and of both counting
// engines; slow beyond N=2.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

#include "model/formulation.hpp"
#include "model/solution.hpp"

namespace bel_pyramid::testing {

// Calls visit(labels) for every solution of f, in backtracking order.
inline void for_each_solution_by_backtracking(
    const Formulation& f, const std::function<void(const std::vector<int>&)>& visit) {
  const Pyramid& p = f.pyramid();
  std::vector<int> labels(p.var_count(), -1);
  std::vector<bool> used(p.cubes().size(), false);
  std::function<void(std::size_t)> place = [&](std::size_t k) {
    if (k == p.positions().size()) {
      if (!validate(p, Solution(p.levels(), labels)).ok) return;
      for (const Constraint& c : f.constraints())
        if (!evaluate(c, labels)) return;
      visit(labels);
      return;
    }
    const auto vars = p.vars_at(p.positions()[k]);
    std::vector<int> fresh;
    for (int v : vars)
      if (labels[v] < 0 && std::find(fresh.begin(), fresh.end(), v) == fresh.end())
        fresh.push_back(v);
    const int L = p.labels();
    int combos = 1;
    for (std::size_t i = 0; i < fresh.size(); ++i) combos *= L;
    for (int code = 0; code < combos; ++code) {
      int rest = code;
      for (int v : fresh) {
        labels[v] = rest % L;
        rest /= L;
      }
      Cube c{labels[vars[0]], labels[vars[1]], labels[vars[2]]};
      std::sort(c.begin(), c.end());
      const int idx = p.cube_index(c);
      if (!used[idx]) {
        used[idx] = true;
        place(k + 1);
        used[idx] = false;
      }
    }
    for (int v : fresh) labels[v] = -1;
  };
  place(0);
}

inline long count_by_backtracking(const Formulation& f) {
  long count = 0;
  for_each_solution_by_backtracking(f, [&](const std::vector<int>&) { ++count; });
  return count;
}

}  // namespace bel_pyramid::testing
