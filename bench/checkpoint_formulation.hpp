// The formulation a checkpoint was searched under (its N and its recorded
// strategies), for the bench drivers that start from stuck states.
#pragma once

#include <string>
#include <vector>

#include "formats/checkpoint.hpp"
#include "model/formulation.hpp"
#include "model/strategy.hpp"

namespace bel_pyramid {

inline Formulation formulation_of(const Checkpoint& c) {
  Formulation f(c.levels, Domain::Int);
  for (const std::string& name : c.strategies.value_or(std::vector<std::string>{}))
    f.add_strategy(name, find_strategy(name)->build(f.pyramid()));
  return f;
}

}  // namespace bel_pyramid
