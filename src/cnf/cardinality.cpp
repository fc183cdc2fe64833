#include "cnf/cardinality.hpp"

#include <cmath>
#include <utility>

namespace bel_pyramid {
namespace {

void pairwise_amo(Cnf& cnf, const std::vector<int>& lits) {
  for (std::size_t i = 0; i < lits.size(); ++i)
    for (std::size_t j = i + 1; j < lits.size(); ++j) cnf.add_clause({-lits[i], -lits[j]});
}

// s_i = "one of lits[0..i] is true"; lits[i] may be true only while s_{i-1} is not.
void sequential_amo(Cnf& cnf, const std::vector<int>& lits) {
  const std::size_t n = lits.size();
  int prev = cnf.new_var();
  cnf.add_clause({-lits[0], prev});
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const int s = cnf.new_var();
    cnf.add_clause({-lits[i], s});
    cnf.add_clause({-prev, s});
    cnf.add_clause({-lits[i], -prev});
    prev = s;
  }
  cnf.add_clause({-lits[n - 1], -prev});
}

// lits[k] selects row k / cols and column k % cols; at most one row and one column.
void product_amo(Cnf& cnf, const std::vector<int>& lits) {
  const std::size_t n = lits.size();
  const auto rows = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(n))));
  const std::size_t cols = (n + rows - 1) / rows;
  std::vector<int> r(rows), c(cols);
  for (int& v : r) v = cnf.new_var();
  for (int& v : c) v = cnf.new_var();
  for (std::size_t k = 0; k < n; ++k) {
    cnf.add_clause({-lits[k], r[k / cols]});
    cnf.add_clause({-lits[k], c[k % cols]});
  }
  at_most_one(cnf, r, AmoEncoding::Product);
  at_most_one(cnf, c, AmoEncoding::Product);
}

// One step of the counter: the literal for "the sum so far reaches j", given
// `without` (reached before this term) and `with` (reached j - w before it).
int counter_cell(Cnf& cnf, int lit, int without, int with, CounterDirections d) {
  if (without == kFalse && with == kTrue) return lit;
  if (with == kFalse) return without;
  const int s = cnf.new_var();
  if (d.up) {
    cnf.add_clause({-without, s});
    cnf.add_clause({-lit, -with, s});
  }
  if (d.down) {
    cnf.add_clause({-s, without, lit});
    cnf.add_clause({-s, without, with});
  }
  return s;
}

}  // namespace

void at_most_one(Cnf& cnf, const std::vector<int>& lits, AmoEncoding encoding) {
  if (lits.size() <= 1) return;
  if (encoding == AmoEncoding::Pairwise || lits.size() <= 5) return pairwise_amo(cnf, lits);
  if (encoding == AmoEncoding::Sequential) return sequential_amo(cnf, lits);
  product_amo(cnf, lits);
}

std::vector<int> partial_sum_counter(Cnf& cnf, const std::vector<WeightedLiteral>& terms, long cap,
                                     CounterDirections directions) {
  std::vector<int> prev(cap + 1, kFalse), cur(cap + 1);
  if (cap >= 0) prev[0] = kTrue;
  long reach = 0;
  for (const auto& [lit, w] : terms) {
    reach += w;
    cur[0] = kTrue;
    for (long j = 1; j <= cap; ++j) {
      const int with = j - w <= 0 ? kTrue : prev[j - w];
      cur[j] = j > reach ? kFalse : counter_cell(cnf, lit, prev[j], with, directions);
    }
    std::swap(prev, cur);
  }
  return prev;
}

void exactly(Cnf& cnf, const std::vector<int>& lits, long k) {
  std::vector<WeightedLiteral> terms;
  for (int lit : lits) terms.push_back({lit, 1});
  const std::vector<int> s = partial_sum_counter(cnf, terms, k + 1, {});
  cnf.add_clause({s[k]});
  cnf.add_clause({-s[k + 1]});
}

}  // namespace bel_pyramid
