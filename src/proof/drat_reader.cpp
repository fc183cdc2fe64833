#include "proof/drat_reader.hpp"

#include <algorithm>
#include <string>

#include "base/error.hpp"
#include "proof/clause_builder.hpp"
#include "proof/text_scanner.hpp"

namespace bel_pyramid::proof {
namespace {

// A proof may add variables (extended resolution, a solver's own
// definitions: kissat's proofs of the tool's formulas do), each named in at
// least one byte of it; a literal over the CNF's count plus the proof's size
// is malformed, and refusing it keeps the checker's memory bounded by its
// input.
std::uint64_t variable_limit(std::uint32_t variables, std::string_view proof) {
  constexpr std::uint64_t kLargestVariable = (std::uint64_t{1} << 31) - 1;  // 2v + 1 fits a Lit
  return std::min(std::uint64_t{variables} + proof.size(), kLargestVariable);
}

std::string over_limit(std::int64_t literal, std::uint32_t variables) {
  return "literal " + std::to_string(literal) + " is far over the CNF's " +
         std::to_string(variables) + " variables (a proof adds at most one per byte)";
}

class BinaryReader {
 public:
  BinaryReader(std::string_view bytes, const std::string& path, std::uint32_t variables)
      : bytes_(bytes),
        path_(path),
        variables_(variables),
        limit_(variable_limit(variables, bytes)) {}

  std::vector<Step> read(ClauseStore& store) {
    std::vector<Step> steps;
    while (at_ < bytes_.size()) {
      const char kind = bytes_[at_++];
      if (kind != 'a' && kind != 'd') fail("a step must start with 'a' or 'd'");
      while (const Lit lit = literal()) clause_.push(lit);
      steps.push_back({clause_.finish(store), kind == 'd'});
    }
    return steps;
  }

 private:
  // The next literal's code, 0 at the clause's end.
  Lit literal() {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      if (at_ >= bytes_.size()) fail("the proof ends inside a clause");
      if (shift > 35) fail("a literal is too long");
      const auto byte = static_cast<unsigned char>(bytes_[at_++]);
      value |= std::uint64_t{byte & 0x7fu} << shift;
      if ((byte & 0x80) == 0) break;
    }
    if (value == 1) fail("literal code 1 names variable 0");
    if (value / 2 > limit_) {
      const auto var = static_cast<std::int64_t>(value / 2);
      fail(over_limit(value & 1 ? -var : var, variables_));
    }
    return static_cast<Lit>(value);
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw ParseError(path_, "byte " + std::to_string(at_) + ": " + what);
  }

  std::string_view bytes_;
  const std::string& path_;
  std::uint32_t variables_;
  std::uint64_t limit_;
  ClauseBuilder clause_;
  std::size_t at_ = 0;
};

std::vector<Step> read_text(std::string_view text, const std::string& path, std::uint32_t variables,
                            ClauseStore& store) {
  TextScanner in(text, path);
  const std::uint64_t limit = variable_limit(variables, text);
  ClauseBuilder clause;
  std::vector<Step> steps;
  bool deletion = false, open = false;
  while (in.skip_blanks_and_comments()) {
    if (!open && in.peek() == 'd') {
      in.advance();
      deletion = open = true;
      continue;
    }
    const std::int64_t literal = in.integer("a literal");
    if (literal == 0) {
      steps.push_back({clause.finish(store), deletion});
      deletion = open = false;
      continue;
    }
    if (static_cast<std::uint64_t>(std::llabs(literal)) > limit)
      in.fail(over_limit(literal, variables));
    clause.push(from_dimacs(literal));
    open = true;
  }
  if (open) in.fail("the proof ends inside a clause (no terminating 0)");
  return steps;
}

}  // namespace

// drat-trim's test: the first 12 bytes; after a leading "c " (a comment)
// letters are text too.
bool looks_binary(std::string_view bytes) {
  const bool comment = bytes.substr(0, 2) == "c ";
  for (const char c : bytes.substr(0, 12)) {
    const bool text = (c >= '0' && c <= '9') || c == '-' || c == ' ' || c == 'c' || c == 'd' ||
                      c == '\n' || c == '\r' || (comment && c >= 'A' && c <= 'z');
    if (!text) return true;
  }
  return false;
}

std::vector<Step> read_drat(std::string_view bytes, const std::string& path,
                            std::uint32_t variables, ClauseStore& store) {
  if (looks_binary(bytes)) return BinaryReader(bytes, path, variables).read(store);
  return read_text(bytes, path, variables, store);
}

}  // namespace bel_pyramid::proof
