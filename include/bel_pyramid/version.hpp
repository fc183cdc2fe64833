// The tool's version line, with the versions of the solvers it links.
#pragma once

#include <string>

namespace bel_pyramid {

inline constexpr const char* kVersion = "0.1.0";
[[nodiscard]] std::string version_string();  // "bel_pyramid 0.1.0 (Z3 4.8.12)"

}  // namespace bel_pyramid
