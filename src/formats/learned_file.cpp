#include "formats/learned_file.hpp"

#include <fmt/format.h>

#include <charconv>

#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "cnf/cnf.hpp"
#include "formats/dimacs.hpp"

namespace bel_pyramid {
namespace {

constexpr std::string_view kMagic = "c bel_pyramid learned clauses";
constexpr std::string_view kFingerprint = "c fingerprint ";

// The line that starts at `pos` (without its newline); `pos` moves past it.
std::string_view next_line(std::string_view text, std::size_t& pos) {
  const std::size_t end = std::min(text.find('\n', pos), text.size());
  const std::string_view line = text.substr(pos, end - pos);
  pos = end + 1;
  return line;
}

std::uint64_t parse_fingerprint(std::string_view line, const std::string& path) {
  if (!line.starts_with(kFingerprint)) throw ParseError(path, 2, "missing 'c fingerprint HEX'");
  const std::string_view hex = line.substr(kFingerprint.size());
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), value, 16);
  if (hex.empty() || ptr != hex.data() + hex.size() || ec != std::errc())
    throw ParseError(path, 2, fmt::format("bad fingerprint '{}'", hex));
  return value;
}

}  // namespace

void write_learned_file(const LearnedFile& file, const std::string& path) {
  Cnf cnf;
  cnf.reserve_vars(file.vars);
  for (const std::vector<int>& clause : file.clauses) cnf.add_clause(clause);
  write_dimacs(
      cnf, {std::string(kMagic.substr(2)), fmt::format("fingerprint {:016x}", file.fingerprint)},
      path, Publish::Now);
}

LearnedFile read_learned_file(const std::string& path) {
  const std::string text = read_input(path);
  std::size_t pos = 0;
  if (next_line(text, pos) != kMagic)
    throw ParseError(path, 1, fmt::format("not a file of learned clauses (no '{}')", kMagic));
  LearnedFile file;
  file.fingerprint = parse_fingerprint(next_line(text, pos), path);
  DimacsFile dimacs = parse_dimacs(text, path);
  file.vars = dimacs.vars;
  file.clauses = std::move(dimacs.clauses);
  return file;
}

}  // namespace bel_pyramid
