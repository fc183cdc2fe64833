// Order ladders: for an axis variable v, the literals [v >= k] (k = 1..L-1)
// channelled to its one-hot label literals with 4 clauses per step, so that
// the ladder is exactly the order encoding of v's label. A ladder is created
// the first time one of its literals is asked for; ordering constraints
// (<, <=, lex, precedence) are written on the ladders.
#pragma once

#include <vector>

#include "cnf/cnf.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

class OrderLadders {
 public:
  OrderLadders(Cnf& cnf, const Pyramid& p) : cnf_(cnf), p_(p), ladders_(p.var_count()) {}

  // [v >= k]: kTrue for k <= 0, kFalse for k >= L.
  int geq(int v, int k);
  // The ladders of every axis variable, in variable order.
  void build_all();

 private:
  void build(int v, std::vector<int>& ladder);

  Cnf& cnf_;
  const Pyramid& p_;
  std::vector<std::vector<int>> ladders_;  // per variable; empty until first use
};

}  // namespace bel_pyramid
