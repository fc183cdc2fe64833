// The tool's version, in every output that records what made it (--version,
// the CNF's first comment, --json).
#pragma once

namespace bel_pyramid {

inline constexpr const char* kVersion = "0.1.0";

}  // namespace bel_pyramid
