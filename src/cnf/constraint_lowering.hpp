// Lowers the Constraint IR (model/constraint.hpp) to clauses over the label
// literals, so that a full labelling extends to a model of the clauses exactly
// when evaluate() holds for every constraint.
//
// Constraints nested under Any are lowered under a guard: a list of literals
// appended to every clause they emit, so "selector -> child" costs no extra
// variables (Plaisted-Greenbaum: a Not is first pushed down to the leaves by
// model/negation.hpp, so one direction suffices). Auxiliary definitions (order ladders, counters)
// are unguarded and always satisfiable by the intended values.
#pragma once

#include <vector>

#include "cnf/cnf.hpp"
#include "cnf/order_ladder.hpp"
#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

// Ordering constraints use (and create) the ladders of `ladders`, which must
// write into the same `cnf`.
void lower_constraints(Cnf& cnf, const Pyramid& p, OrderLadders& ladders,
                       const std::vector<Constraint>& constraints);

}  // namespace bel_pyramid
