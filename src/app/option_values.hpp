// The values of the command-line options, read from their text into Options.
// Each function checks one option's value alone and throws UserError with the
// message the user sees; how options combine is option_checks.hpp's job.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/options.hpp"

namespace bel_pyramid {

// N as typed: a positive decimal integer, refused before anything is built.
[[nodiscard]] int parse_levels(const std::string& text);
// --timeout, --checkpoint-every: a finite number of seconds > 0 ("1.5", "300").
[[nodiscard]] double parse_seconds(const std::string& text, const char* option);
// --seed: a decimal unsigned 32-bit integer (Z3 takes no more).
[[nodiscard]] unsigned parse_seed(const std::string& text);
// --threads: 1..256; which solvers may race is checked with the other options.
[[nodiscard]] int parse_threads(const std::string& text);
// --portfolio: comma-separated racer names, e.g. "local,local,cadical".
[[nodiscard]] std::vector<std::string> parse_portfolio(const std::string& text);
// --split K DIR: 1 <= K <= 2^20 cubes, a directory name.
void parse_split(const std::vector<std::string>& values, Options& options);
// --split-under CUBE: a line of DIR/cubes ("a LIT ... 0"; the "a" and the 0
// may be left out), nonzero literals. Their range is checked against the CNF.
[[nodiscard]] std::vector<int> parse_cube(const std::string& text);
// --max-solutions, --estimate: a positive integer.
[[nodiscard]] std::uint64_t parse_positive(const char* option, const std::string& text);
// --part I/M: 0 <= I < M, M at most the number of bottom-centre triples of N.
void parse_part(const std::string& text, Options& options);
// --quotient I/M.
void parse_quotient(const std::string& text, Options& options);
// --sweep-part K/M: 1 <= K <= M <= 10^6.
void parse_sweep_part(const std::string& text, Options& options);
// --centre-pattern P: a centre pattern of N (N <= 5) and its weight.
void set_centre_pattern(const std::string& text, Options& options);
// --list-centre-patterns: every centre pattern of N with its weight (N <= 5).
int list_centre_patterns(int levels, std::ostream& out);

}  // namespace bel_pyramid
