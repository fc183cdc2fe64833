#include "app/version_string.hpp"

#include <fmt/format.h>

#include "solvers/cadical_backend.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {

std::string version_string() {
  return fmt::format("bel_pyramid {} (CaDiCaL {}, Z3 {})", kVersion, cadical_version(),
                     z3_version());
}

}  // namespace bel_pyramid
