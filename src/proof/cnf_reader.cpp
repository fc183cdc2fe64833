#include "proof/cnf_reader.hpp"

#include <string>

#include "proof/clause_builder.hpp"
#include "proof/text_scanner.hpp"

namespace bel_pyramid::proof {
namespace {

// Literal codes must fit 32 bits: 2V + 1 < 2^32.
constexpr std::int64_t kMaxVariables = (std::int64_t{1} << 31) - 1;

struct Header {
  std::uint32_t variables;
  std::int64_t clauses;
};

Header read_header(TextScanner& in) {
  if (!in.skip_blanks_and_comments() || !in.consume("p"))
    in.fail("expected the header \"p cnf VARIABLES CLAUSES\"");
  in.skip_blanks_and_comments();
  if (!in.consume("cnf")) in.fail("expected \"cnf\" in the header");
  in.skip_blanks_and_comments();
  const std::int64_t variables = in.integer("the variable count");
  in.skip_blanks_and_comments();
  const std::int64_t clauses = in.integer("the clause count");
  if (variables < 0 || variables > kMaxVariables) in.fail("the variable count is out of range");
  if (clauses < 0 || clauses >= std::int64_t{kNoClause})
    in.fail("the clause count is out of range");
  return {static_cast<std::uint32_t>(variables), clauses};
}

}  // namespace

std::uint32_t read_cnf(std::string_view text, const std::string& path, ClauseStore& store) {
  TextScanner in(text, path);
  const Header header = read_header(in);
  ClauseBuilder clause;
  std::int64_t read = 0;
  bool open = false;  // literals read since the last 0
  while (in.skip_blanks_and_comments()) {
    const std::int64_t literal = in.integer("a literal");
    if (literal == 0) {
      if (++read > header.clauses)
        in.fail("more clauses than the header's " + std::to_string(header.clauses));
      clause.finish(store);
      open = false;
      continue;
    }
    if (std::llabs(literal) > header.variables)
      in.fail("literal " + std::to_string(literal) + " is over the header's " +
              std::to_string(header.variables) + " variables");
    clause.push(from_dimacs(literal));
    open = true;
  }
  if (open) in.fail("the last clause has no terminating 0");
  if (read != header.clauses)
    in.fail(std::to_string(read) + " clauses, the header says " + std::to_string(header.clauses));
  return header.variables;
}

}  // namespace bel_pyramid::proof
