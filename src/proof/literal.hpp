// Literals as the binary DRAT format writes them: variable v >= 1 is code 2v,
// its negation 2v + 1, so a literal's negation is code ^ 1 and code / 2 is
// its variable. Codes 0 and 1 (variable 0) never name a literal.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace bel_pyramid::proof {

using Lit = std::uint32_t;

[[nodiscard]] inline Lit from_dimacs(std::int64_t value) {
  return static_cast<Lit>(2 * std::llabs(value) + (value < 0 ? 1 : 0));
}
[[nodiscard]] inline std::int64_t to_dimacs(Lit lit) {
  const auto var = static_cast<std::int64_t>(lit / 2);
  return lit & 1 ? -var : var;
}
[[nodiscard]] inline std::uint32_t var_of(Lit lit) { return lit / 2; }

}  // namespace bel_pyramid::proof
