// libFuzzer target: the certificate reader must either throw ParseError or
// return a Certificate that keeps its documented invariants — one line per
// literal, no zero, no variable twice, nothing set with an UNSAT status — and
// check_literal_range must agree with the largest variable it holds.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "formats/certificate.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

void check_consistent(const bel_pyramid::Certificate& cert) {
  using bel_pyramid::Certificate;
  require(cert.literals.size() == cert.lines.size());
  require(cert.status != Certificate::Status::Unsat || cert.literals.empty());
  std::vector<bool> seen;
  int max_var = 0;
  long previous_line = 0;
  for (std::size_t i = 0; i < cert.literals.size(); ++i) {
    const int lit = cert.literals[i];
    require(lit != 0);
    const auto var = static_cast<std::size_t>(std::abs(lit));
    if (seen.size() <= var) seen.resize(var + 1, false);
    require(!seen[var]);
    seen[var] = true;
    max_var = std::max(max_var, static_cast<int>(var));
    require(cert.lines[i] >= 1 && cert.lines[i] >= previous_line);  // file order
    previous_line = cert.lines[i];
  }
  bel_pyramid::check_literal_range(cert, max_var, "fuzz");  // must not throw
  if (max_var > 0) {
    try {
      bel_pyramid::check_literal_range(cert, max_var - 1, "fuzz");
      std::abort();  // the largest variable is out of range and must be reported
    } catch (const bel_pyramid::ParseError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    check_consistent(bel_pyramid::parse_certificate(text, "fuzz"));
  } catch (const bel_pyramid::ParseError&) {
  }
  return 0;
}
