// Formulation: the solver-neutral model for one pyramid (doc/model.md, The formulation).
//
// The base model is fixed by the geometry and the label domain, so it is
// implicit here and every backend lowers it the same way:
//   * one label variable per axis variable (Pyramid's numbering), domain 0..L-1
//     (int: bounded integers with one bound constraint each; enum: an
//     enumeration sort named "label", no bounds);
//   * one placement Boolean per (position, ordered label triple) — see
//     Pyramid::placement_count — equivalent to its three label equalities;
//   * for every cube, exactly one of its placement Booleans is true.
// Strategies add explicit constraints (constraint.hpp) on top, in order, and
// record how many each added, for the "Strategies:" block.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

enum class Domain { Int, Enum };

struct StrategyRecord {
  std::string name;
  int constraints = 0;
};

class Formulation {
 public:
  Formulation(int levels, Domain domain) : pyramid_(levels), domain_(domain) {}

  [[nodiscard]] const Pyramid& pyramid() const { return pyramid_; }
  [[nodiscard]] Domain domain() const { return domain_; }

  [[nodiscard]] int axis_label_bounds() const {
    return domain_ == Domain::Int ? pyramid_.var_count() : 0;
  }
  [[nodiscard]] std::int64_t placement_equalities() const { return pyramid_.placement_count(); }
  [[nodiscard]] int cube_uniqueness_constraints() const {
    return static_cast<int>(pyramid_.cubes().size());
  }

  // Appends a strategy's constraints and records them under its name.
  void add_strategy(const std::string& name, std::vector<Constraint> constraints);

  [[nodiscard]] const std::vector<Constraint>& constraints() const { return constraints_; }
  [[nodiscard]] const std::vector<StrategyRecord>& strategies() const { return strategies_; }

 private:
  Pyramid pyramid_;
  Domain domain_;
  std::vector<Constraint> constraints_;
  std::vector<StrategyRecord> strategies_;
};

[[nodiscard]] const char* to_string(Domain domain);  // "int" / "enum"

}  // namespace bel_pyramid
