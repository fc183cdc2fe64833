// The sweep that found the construction (doc/searches.md, "A construction"):
// X and Y lines by affine formulas mod L, the Z lines by CaDiCaL.
//   X[x][h] = (a x + b h) mod L,   Y[y][h] = (d y + e h + f) mod L
// A label translation makes X's constant 0, and a unit scaling of the
// labels makes (a, b) the least of its class, so those are skipped. For
// each formula pair the Z lines are an exact cover: every column takes one
// label, every cube type comes out once. Each pair that completes is
// printed with the solution checked by validate().
//   affine_sweep N CONFLICTS    (CONFLICTS: CaDiCaL's limit per pair)
// ONLY_A/ONLY_B, ONLY_D/ONLY_E and ONLY_F restrict the sweep; VERBOSE=1
// prints every pair's answer (sat, unsat, undecided).
#include <fmt/format.h>

#include <algorithm>
#include <cadical.hpp>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <vector>

#include "model/pyramid.hpp"
#include "model/solution.hpp"

using namespace bel_pyramid;

namespace {

std::optional<int> env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::optional<int>(std::atoi(v)) : std::nullopt;
}

// Whether `value` passes the restriction the environment variable sets.
bool wanted(const char* name, int value) {
  const std::optional<int> want = env(name);
  return !want || *want == value;
}

// Fills the Z labels of `labels` (X and Y set) so that every cube comes out
// once: 10 sat, 20 unsat, 0 undecided within `conflicts`.
int complete_z(const Pyramid& p, std::vector<int>& labels, int conflicts) {
  const int L = p.labels(), base = p.base(), columns = base * base;
  std::vector<std::vector<int>> of_item(columns + p.cubes().size());  // item -> options (1-based)
  std::vector<std::pair<int, int>> meaning;                           // option -> (column, z)
  for (int y = 0; y < base; ++y)
    for (int x = 0; x < base; ++x)
      for (int z = 0; z < L; ++z) {
        std::vector<int> items{y * base + x};
        for (int h = 0; h < p.height(x, y); ++h) {
          Cube c{labels[p.x_var(x, h)], labels[p.y_var(y, h)], z};
          std::sort(c.begin(), c.end());
          items.push_back(columns + p.cube_index(c));
        }
        std::sort(items.begin() + 1, items.end());
        if (std::adjacent_find(items.begin() + 1, items.end()) != items.end()) continue;
        meaning.emplace_back(y * base + x, z);
        for (int i : items) of_item[i].push_back(static_cast<int>(meaning.size()));
      }
  CaDiCaL::Solver s;
  for (const std::vector<int>& options : of_item) {  // exactly one option per item
    if (options.empty()) return 20;
    for (int o : options) s.add(o);
    s.add(0);
    for (std::size_t i = 0; i < options.size(); ++i)
      for (std::size_t j = i + 1; j < options.size(); ++j) {
        s.add(-options[i]);
        s.add(-options[j]);
        s.add(0);
      }
  }
  s.limit("conflicts", conflicts);
  const int r = s.solve();
  if (r == 10)
    for (std::size_t o = 0; o < meaning.size(); ++o)
      if (s.val(static_cast<int>(o) + 1) > 0)
        labels[p.z_var(meaning[o].first / base, meaning[o].first % base)] = meaning[o].second;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: affine_sweep N CONFLICTS\n");
    return 2;
  }
  const Pyramid p(std::atoi(argv[1]));
  const int conflicts = std::atoi(argv[2]);
  const int L = p.labels();
  std::vector<int> units;
  for (int u = 1; u < L; ++u)
    if (std::gcd(u, L) == 1) units.push_back(u);
  auto canonical = [&](int a, int b) {
    return std::none_of(units.begin(), units.end(), [&](int u) {
      return std::make_pair(u * a % L, u * b % L) < std::make_pair(a, b);
    });
  };
  std::int64_t tried = 0, found = 0, undecided = 0;
  for (int a = 0; a < L; ++a)
    for (int b = 0; b < L; ++b) {
      if (!canonical(a, b) || !wanted("ONLY_A", a) || !wanted("ONLY_B", b)) continue;
      for (int d = 0; d < L; ++d)
        for (int e = 0; e < L; ++e) {
          if (!wanted("ONLY_D", d) || !wanted("ONLY_E", e)) continue;
          for (int f = 0; f < L; ++f) {
            if (!wanted("ONLY_F", f)) continue;
            ++tried;
            std::vector<int> labels(p.var_count(), 0);
            for (int i = 0; i < p.base(); ++i)
              for (int h = 0; h < p.tri(i); ++h) {
                labels[p.x_var(i, h)] = (a * i + b * h) % L;
                labels[p.y_var(i, h)] = (d * i + e * h + f) % L;
              }
            const int r = complete_z(p, labels, conflicts);
            undecided += r == 0 ? 1 : 0;
            if (env("VERBOSE"))
              fmt::print("pair a={} b={} d={} e={} f={} {}\n", a, b, d, e, f,
                         r == 10   ? "sat"
                         : r == 20 ? "unsat"
                                   : "undecided");
            if (r != 10) continue;
            ++found;
            const bool valid = validate(p, Solution(p.levels(), labels)).ok;
            fmt::print("found a={} b={} d={} e={} f={} {}\n", a, b, d, e, f,
                       valid ? "valid" : "INVALID");
            std::fflush(stdout);
          }
        }
    }
  fmt::print("N={} pairs {} found {} undecided {}\n", p.levels(), tried, found, undecided);
}
