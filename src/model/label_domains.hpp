// LabelDomains: how a backend without constraint propagation (local search)
// honours the formulation's constraints generically, from the AST alone.
//
// Unary constraints — a Compare between one variable and a constant, possibly
// nested inside All, after negations are pushed to the leaves — shrink that variable's domain (a
// bit mask of allowed labels); YStep, XStep, ZRing, ConstructiveTripleDiagonal and the
// Constructive* bounds all end up here. Every other constraint (orderings,
// lex, precedence, label counts, Any) is kept whole as a "penalty" that the
// search must drive to true. split_constraints() never looks at names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/formulation.hpp"

namespace bel_pyramid {

using LabelMask = std::uint64_t;  // bit l set: label l allowed (L <= 64)

struct LabelDomains {
  std::vector<LabelMask> masks;       // per variable
  std::vector<Constraint> penalties;  // non-unary constraints, evaluated whole
  // Set when some variable has no label left: the constraints contradict
  // each other on their own (the message names the variable).
  std::optional<std::string> contradiction;
};

// When c is unary, narrows `masks` (one per variable) to the labels c allows
// and returns true; otherwise leaves them and returns false.
bool apply_unary(const Constraint& c, int labels, std::vector<LabelMask>& masks);

[[nodiscard]] LabelDomains split_constraints(const Formulation& formulation);

}  // namespace bel_pyramid
