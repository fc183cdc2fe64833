#include "cnf/numbering.hpp"

#include <fmt/format.h>

namespace bel_pyramid {

int native_primary_count(const Pyramid& p) {
  return p.var_count() * p.labels() + static_cast<int>(p.placement_count());
}

std::string native_var_name(const Pyramid& p, int id) {
  const int L = p.labels();
  const int k = id - 1;
  if (k < p.var_count() * L) return fmt::format("{}={}", p.var_name(k / L), k % L);
  const int q = k - p.var_count() * L;
  const int pos = q / (L * L * L), a = (q / (L * L)) % L, b = (q / L) % L, c = q % L;
  return fmt::format("P{}=({},{},{})", to_string(p.positions()[pos]), a, b, c);
}

}  // namespace bel_pyramid
