// The file of a search's learned clauses (solvers/learned_clauses.hpp): a
// DIMACS CNF of the clauses, opened by two comment lines that say what it is
// and which CNF the clauses were learned on,
//
//   c bel_pyramid learned clauses
//   c fingerprint 9f0c2a5e1b7d3c44    Cnf::fingerprint() of the searched CNF
//   p cnf 3659 28293
//   -12 40 0
//   ...
//
// so that a user can also append them to that CNF for another solver.
// .gz/.xz compress; written at once and atomically (a stop while writing
// keeps the old file).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bel_pyramid {

struct LearnedFile {
  std::uint64_t fingerprint = 0;
  int vars = 0;
  std::vector<std::vector<int>> clauses;
};

void write_learned_file(const LearnedFile& file, const std::string& path);
// Throws UserError when the file cannot be read, ParseError
// ("<path>:<line>: parse error: ...") when it is not such a file.
[[nodiscard]] LearnedFile read_learned_file(const std::string& path);

}  // namespace bel_pyramid
