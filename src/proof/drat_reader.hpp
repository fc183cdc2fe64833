// DRAT proofs, binary and text, as drat-trim reads them:
//   binary  per step 'a' (0x61, add) or 'd' (0x64, delete), then each literal
//           as 2v + sign in 7-bit groups, low first, high bit set on all but
//           the last, and a 0 byte ending the clause;
//   text    per step an optional "d", then DIMACS literals ended by 0;
//           lines starting with 'c' are comments.
// The format is detected like drat-trim does: binary when one of the first
// 12 bytes is neither a digit, '-', ' ', 'c', 'd' nor a line end (letters
// too after a leading "c ", a comment).
// A proof may add variables over the CNF's count (kissat's do), up to one
// per byte of the proof; a literal beyond that, or a step cut short, is a
// ParseError.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proof/clause_store.hpp"

namespace bel_pyramid::proof {

struct Step {
  ClauseId clause;  // the lemma, or the literals a deletion names
  bool deletion;
};

[[nodiscard]] bool looks_binary(std::string_view bytes);

// Appends every step's clause to `store`; `variables` is the CNF's count.
std::vector<Step> read_drat(std::string_view bytes, const std::string& path,
                            std::uint32_t variables, ClauseStore& store);

}  // namespace bel_pyramid::proof
