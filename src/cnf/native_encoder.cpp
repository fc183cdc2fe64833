#include "cnf/native_encoder.hpp"

#include "cnf/base_model.hpp"
#include "cnf/constraint_lowering.hpp"
#include "cnf/numbering.hpp"
#include "cnf/order_ladder.hpp"
#include "model/label_domains.hpp"

namespace bel_pyramid {
namespace {

enum class Scope { Everything, ConstraintsOnly };

// The order of the steps fixes the auxiliary variables' numbers.
Cnf encode(const Formulation& f, const CnfOptions& options, const StopCheck* stop, Scope scope) {
  const Pyramid& p = f.pyramid();
  Cnf cnf;
  cnf.primary_vars = native_primary_count(p);
  cnf.reserve_vars(cnf.primary_vars);
  cnf.set_stop_check(stop);
  encode_labels(cnf, p, options);
  if (scope == Scope::Everything) encode_placements(cnf, p, options);
  if (scope == Scope::Everything && options.cube_matching)
    exclude_unmatched_placements(cnf, p, split_constraints(f).masks);
  OrderLadders ladders(cnf, p);
  if (options.order_ladder) ladders.build_all();
  lower_constraints(cnf, p, ladders, f.constraints());
  cnf.set_stop_check(nullptr);
  return cnf;
}

}  // namespace

Cnf encode_native(const Formulation& formulation, const CnfOptions& options,
                  const StopCheck* stop) {
  return encode(formulation, options, stop, Scope::Everything);
}

Cnf encode_constraints_only(const Formulation& formulation) {
  return encode(formulation, CnfOptions{}, nullptr, Scope::ConstraintsOnly);
}

}  // namespace bel_pyramid
