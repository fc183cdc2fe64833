// Certificates: a SAT solver's answer to an exported CNF, read back and
// decoded into a Solution.
//
// Accepted formats (detected from the content; gzip/xz by magic bytes, see
// compressed_stream.hpp):
//   * kissat / CaDiCaL standard output: "c ..." comments, at most one status
//     line "s SATISFIABLE" | "s UNSATISFIABLE" | "s UNKNOWN" ("c UNKNOWN" and
//     no status line at all are read as unknown), "v lit ... 0" lines of any
//     width; the final 0 may be missing; the assignment may be partial.
//   * minisat's result file: "SAT" then literal line(s), "UNSAT" or "INDET".
// Anything else is a ParseError "path:line: parse error: ...": unknown line
// kinds, tokens that are not integers, a literal set both ways, values after
// the terminating 0, values with an UNSAT status, binary data, empty input.
#pragma once

#include <string>
#include <vector>

#include "model/solution.hpp"

namespace bel_pyramid {

struct Certificate {
  enum class Status { Sat, Unsat, Unknown };
  Status status = Status::Unknown;
  std::vector<int> literals;  // in file order, no duplicates
  std::vector<long> lines;    // line of each literal
};

[[nodiscard]] Certificate parse_certificate(const std::string& text, const std::string& path);

// Throws ParseError at the first literal whose variable exceeds max_var.
void check_literal_range(const Certificate& cert, int max_var, const std::string& path);

// Number of literals on variables 1..primary ("assertions applied").
[[nodiscard]] int count_primary(const Certificate& cert, int primary);

// Decodes the native encoder's label literals (cnf/numbering.hpp numbering). Throws
// UserError when some axis variable gets no label or several.
[[nodiscard]] Solution decode_native_labels(const Pyramid& p, const Certificate& cert);

// Decodes placement Booleans: id k (1-based) is placement_at[k-1], the
// position index and ordered label triple it stands for.
struct PlacementRef {
  int position = 0;
  Cube triple{};
};
[[nodiscard]] Solution decode_placements(const Pyramid& p, const Certificate& cert,
                                         const std::vector<PlacementRef>& placement_at);

// The one message for a certificate that decodes but does not fit.
[[nodiscard]] std::string mismatch_hint();

}  // namespace bel_pyramid
