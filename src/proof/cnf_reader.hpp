// DIMACS CNF for the proof checker: "p cnf V C", then C clauses of literals
// in -V..V, each ended by 0; lines starting with 'c' are comments. Anything
// else (no header, a literal over V, a clause count other than C, a last
// clause without its 0) is a ParseError naming the line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "proof/clause_store.hpp"

namespace bel_pyramid::proof {

// Appends the clauses to `store` and returns V.
std::uint32_t read_cnf(std::string_view text, const std::string& path, ClauseStore& store);

}  // namespace bel_pyramid::proof
