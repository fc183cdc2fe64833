// Tactic: how the z3 entry solves (--tactic), a setting of SolveLimits that
// only that entry reads; the Z3 backend itself is z3_backend.hpp.
#pragma once

namespace bel_pyramid {

enum class Tactic { Qffd, Qflia, Z3Default };

// "qffd", "qflia", "z3-default".
[[nodiscard]] inline const char* to_string(Tactic tactic) {
  switch (tactic) {
    case Tactic::Qffd: return "qffd";
    case Tactic::Qflia: return "qflia";
    case Tactic::Z3Default: return "z3-default";
  }
  return "?";
}

}  // namespace bel_pyramid
