// Internal: access to the Z3 lowering of z3_backend.cpp for the Z3-tactic
// CNF encoder. Not installed; includes Z3 headers.
#pragma once

#include <z3++.h>

#include <functional>

#include "base/stop_check.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

struct Z3LoweringOptions {
  // Lower weighted "sum == k" as "sum <= k and sum >= k": card2bv turns a
  // pbeq into a fake atom with the default pb.solver (see ECOSYSTEM.md).
  bool split_pb_equalities = false;
  // Polled while the assertions are built; once it fires the lowering stops
  // early, incomplete (the caller must test it again). nullptr: never.
  const StopCheck* stop = nullptr;
};

// Builds the formulation's assertions in a fresh context and hands them to use().
void with_z3_assertions(const Formulation& f, const Z3LoweringOptions& options,
                        const std::function<void(z3::context&, const z3::expr_vector&)>& use);

}  // namespace bel_pyramid
