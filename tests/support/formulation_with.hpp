// Formulations for tests: N levels with the named built-in strategies added
// in order, as `--strategy` adds them.
#pragma once

#include <string>
#include <vector>

#include "model/formulation.hpp"
#include "model/strategy.hpp"

namespace bel_pyramid::testing {

inline Formulation formulation_with(int levels, const std::vector<std::string>& names = {},
                                    Domain domain = Domain::Int) {
  Formulation f(levels, domain);
  for (const std::string& name : names)
    f.add_strategy(name, find_strategy(name)->build(f.pyramid()));
  return f;
}

}  // namespace bel_pyramid::testing
