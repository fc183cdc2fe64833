// SolveResult: what any backend answers. A Sat result always carries the
// decoded labels; the caller validates them before reporting anything.
#pragma once

#include <optional>
#include <string>

#include "model/solution.hpp"

namespace bel_pyramid {

struct SolveResult {
  enum class Status { Sat, Unsat, Unknown };
  Status status = Status::Unknown;
  std::optional<Solution> solution;  // set when Sat
  std::string reason;                // why, when Unknown (timeout, interrupted, ...)
};

}  // namespace bel_pyramid
