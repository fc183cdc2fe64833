#include "model/line_shift.hpp"

#include <vector>

namespace bel_pyramid {

Constraint shifted_equal(int a, int b, long shift, int labels) {
  const long k = ((shift % labels) + labels) % labels;
  if (a == b) return k == 0 ? all_of({}) : any_of({});
  std::vector<Constraint> cases;
  for (int l = 0; l < labels; ++l)
    cases.push_back(any_of({compare(var(b), Rel::Ne, label(l)),
                            compare(var(a), Rel::Eq, label(static_cast<int>((l + k) % labels)))}));
  return all_of(std::move(cases));
}

}  // namespace bel_pyramid
