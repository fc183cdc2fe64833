// The primary variables of the native encoder and their DIMACS numbers
// (also in doc/cnf.md), with V axis variables, L labels and P placements:
//   1 .. V*L            label literal "axis variable v has label l":
//                       id = v*L + l + 1 (v in Pyramid's numbering, l < L)
//   V*L+1 .. V*L+P      placement Boolean "position pos carries the ordered
//                       triple (a,b,c)": id = V*L + 1 + (pos*L + a)*L^2 + b*L + c
//                       (pos in Pyramid::positions() order)
//   V*L+P+1 ..          auxiliaries (order ladders, counters, Tseitin
//                       variables), in creation order: not meaningful.
// A certificate decodes from the label literals alone. The numbering depends
// on N only, never on the strategies or the encoder options.
#pragma once

#include <string>

#include "model/pyramid.hpp"

namespace bel_pyramid {

[[nodiscard]] inline int label_literal(const Pyramid& p, int var, int label) {
  return var * p.labels() + label + 1;
}

[[nodiscard]] inline int placement_literal(const Pyramid& p, int pos, int a, int b, int c) {
  const int L = p.labels();
  return p.var_count() * L + 1 + (pos * L + a) * L * L + b * L + c;
}

// V*L + P: the label literals and the placements.
[[nodiscard]] int native_primary_count(const Pyramid& p);

// "X[1][0]=2" or "P(x=1,y=0,h=0)=(0,1,2)".
[[nodiscard]] std::string native_var_name(const Pyramid& p, int id);

}  // namespace bel_pyramid
