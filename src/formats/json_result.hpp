// The run as one JSON object (--json), and reading a solution back from it
// (--check). The schema is documented in doc/json.md; its `schema_version`
// changes only when a field changes meaning or disappears.
#pragma once

#include <string>
#include <string_view>

#include "formats/run_summary.hpp"

namespace bel_pyramid {

inline constexpr int kJsonSchemaVersion = 1;

// Pretty-printed, with short arrays and each cube on one line; ends in "\n".
[[nodiscard]] std::string to_json(const RunSummary& summary);

// --list-strategies --json: {"schema_version", "tool", "strategies": [{"name",
// "kind", "summary"}, ...]}, the table --list-strategies prints.
[[nodiscard]] std::string strategies_json();

// Reads the solution of a document written by to_json(). Throws ParseError
// ("path:line: parse error: ..." for malformed JSON, "path: parse error: ..."
// for a wrong shape, or a "cubes" entry that does not match the labels). The
// result is not validated: call validate() on it.
[[nodiscard]] Solution solution_from_json(std::string_view text, const std::string& path);

}  // namespace bel_pyramid
