// Cardinality encodings over a Cnf: at most one of a list of literals, exactly
// k of them, and the order-encoded partial-sum counter of a weighted sum that
// both the label counts and exactly-k are built on. Every auxiliary variable
// they create is defined so that the intended values always satisfy its
// clauses: the encodings add no solutions and remove none.
#pragma once

#include <vector>

#include "cnf/cnf.hpp"

namespace bel_pyramid {

enum class AmoEncoding {
  Pairwise,    // n(n-1)/2 binary clauses, no auxiliaries
  Sequential,  // the sequential counter (Sinz 2005): 3n clauses, n-1 auxiliaries
  Product,     // the product encoding (Chen 2010): a sqrt(n) grid, AMO on each axis
};

// At most one of lits; lists of up to 5 literals are always pairwise.
void at_most_one(Cnf& cnf, const std::vector<int>& lits, AmoEncoding encoding);

struct WeightedLiteral {
  int lit = 0;
  long weight = 1;  // > 0
};

// Which directions of the counter's definition to emit: `up` makes
// s[j] true whenever the sum reaches j (enough to bound the sum from above
// with -s[j]), `down` makes s[j] true only then (enough for a lower bound).
struct CounterDirections {
  bool up = true;
  bool down = true;
};

// s[j] = [sum of the weights of the true terms >= j] for 0 <= j <= cap
// (cap >= 0): s[0] is kTrue, s[j] is kFalse beyond the total weight.
[[nodiscard]] std::vector<int> partial_sum_counter(Cnf& cnf,
                                                   const std::vector<WeightedLiteral>& terms,
                                                   long cap, CounterDirections directions);

// Exactly k of lits are true, by the unit-weight counter.
void exactly(Cnf& cnf, const std::vector<int>& lits, long k);

}  // namespace bel_pyramid
