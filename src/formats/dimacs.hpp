// DIMACS CNF: writing a Cnf (exact "p cnf V C" header, one clause per line,
// comment lines first, deterministic bytes; compression by suffix through
// CompressedOutput) and reading one back, for checking a certificate
// against the file it was solved from.
#pragma once

#include <string>
#include <vector>

#include "base/output_file.hpp"
#include "cnf/cnf.hpp"

namespace bel_pyramid {

// Comment lines (without the leading "c ") must not contain a '-' outside
// single quotes: CaDiCaL reads "--option" from comments before the header.
// `when` as for OutputFile.
void write_dimacs(const Cnf& cnf, const std::vector<std::string>& comments, const std::string& path,
                  Publish when = Publish::WithRun);

// Quotes one argument for the command-line comment: 'arg', with ' as '\''.
[[nodiscard]] std::string shell_quote(const std::string& arg);

struct DimacsFile {
  int vars = 0;
  std::vector<std::vector<int>> clauses;
  std::vector<long> lines;  // line number of each clause's first literal
};

// Parses DIMACS text; throws ParseError(path, line, ...) on malformed input
// (bad header, literal out of range, clause count mismatch).
[[nodiscard]] DimacsFile parse_dimacs(const std::string& text, const std::string& path);

}  // namespace bel_pyramid
