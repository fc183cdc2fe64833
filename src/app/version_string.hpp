// The --version line: the tool's version with those of the solvers it links.
#pragma once

#include <string>

#include "base/version.hpp"

namespace bel_pyramid {

[[nodiscard]] std::string version_string();  // "bel_pyramid 0.1.0 (Z3 4.8.12)"

}  // namespace bel_pyramid
