#include "app/version_string.hpp"

#include <fmt/format.h>

#include "solvers/z3_backend.hpp"

namespace bel_pyramid {

std::string version_string() {
  return fmt::format("bel_pyramid {} (Z3 {})", kVersion, z3_version());
}

}  // namespace bel_pyramid
