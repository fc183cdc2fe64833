#include "cnf/order_ladder.hpp"

#include "cnf/numbering.hpp"

namespace bel_pyramid {

int OrderLadders::geq(int v, int k) {
  if (k <= 0) return kTrue;
  if (k >= p_.labels()) return kFalse;
  std::vector<int>& ladder = ladders_[v];
  if (ladder.empty()) build(v, ladder);
  return ladder[k];
}

void OrderLadders::build_all() {
  for (int v = 0; v < p_.var_count(); ++v) geq(v, 1);
}

// o[k] = [v >= k], with o[0] = kTrue and o[L] = kFalse as sentinels.
void OrderLadders::build(int v, std::vector<int>& o) {
  const int L = p_.labels();
  o.assign(L + 1, kFalse);
  o[0] = kTrue;
  for (int k = 1; k < L; ++k) o[k] = cnf_.new_var();
  for (int k = 1; k < L; ++k) {
    cnf_.add_clause({-o[k + 1], o[k]});
    cnf_.add_clause({-label_literal(p_, v, k), o[k]});
    cnf_.add_clause({-label_literal(p_, v, k - 1), -o[k]});
    cnf_.add_clause({-o[k], label_literal(p_, v, k), o[k + 1]});
  }
  cnf_.add_clause({o[1], label_literal(p_, v, 0)});
}

}  // namespace bel_pyramid
