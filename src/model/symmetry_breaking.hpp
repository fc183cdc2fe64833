// Symmetry breaking: the puzzle's symmetries (doc/model.md, Symmetries), which of them the active
// constraints preserve, and sound lex-leader / value-precedence constraints
// for that subgroup (--symmetry-breaking; doc/symmetry-breaking.md).
//
// A Symmetry maps a labelling A to g(A) with g(A)[var_image[v]] =
// label_image[A[v]]. Generators: each mirror-image column pair swap, each
// row pair swap, the transpose, the top-cube flip, and every label
// transposition (a b). Each maps every solution of the puzzle to a solution.
//
// preserves() applies the symmetry to every constraint of the formulation
// and checks that the set of (normalised) constraints maps onto itself —
// a sufficient condition, so a symmetry it accepts maps the solutions of the
// constrained instance onto themselves. Order relations (<, lex, value
// precedence) have no image under a label permutation other than the
// identity, so those are refused.
//
// Soundness of the breaking constraints: every one of them is a lex-leader
// constraint A <=lex g(A) for some g of the accepted group, all under one
// variable order (Pyramid's numbering) and the integer order of labels —
// value precedence over a class of interchangeable labels is exactly the
// lex-leader constraint for all permutations of that class. The lex-least
// labelling of each orbit satisfies all of them, so every class of
// equivalent solutions keeps a representative.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/formulation.hpp"

namespace bel_pyramid {

struct Symmetry {
  std::string name;              // "columns 0<->4", "transpose", "labels 1<->2"
  std::vector<int> var_image;    // a permutation of the variables
  std::vector<int> label_image;  // a permutation of the labels
};

// The generators above, geometric ones first.
[[nodiscard]] std::vector<Symmetry> puzzle_symmetries(const Pyramid& p);
// g(labels).
[[nodiscard]] std::vector<int> apply(const Symmetry& g, const std::vector<int>& labels);
// Whether g maps the formulation's constraints onto themselves.
[[nodiscard]] bool preserves(const Symmetry& g, const Formulation& f);

// --symmetry-breaking: which of the constraints below are added. Any subset
// is sound (all are lex-leader constraints under one order); `labels` and
// `geometry` exist to measure which half pays (doc/symmetry-breaking.md).
enum class SymmetryBreakingMode {
  None,      // nothing
  Auto,      // value precedence and the geometric lex-leader constraints
  Labels,    // value precedence over the interchangeable labels only
  Geometry,  // the lex-leader constraints of the kept geometric generators only
};
[[nodiscard]] std::string_view to_string(SymmetryBreakingMode mode);
[[nodiscard]] std::vector<std::string> symmetry_breaking_names();  // none, auto, labels, geometry
// nullopt for a name that is not a mode.
[[nodiscard]] std::optional<SymmetryBreakingMode> parse_symmetry_breaking(std::string_view name);

struct SymmetryBreaking {
  std::vector<Symmetry> kept;                   // the accepted generators
  std::vector<std::vector<int>> label_classes;  // interchangeable labels (size >= 2)
  std::vector<Constraint> constraints;          // the breaking constraints
};
[[nodiscard]] SymmetryBreaking break_symmetries(
    const Formulation& f, SymmetryBreakingMode mode = SymmetryBreakingMode::Auto);

}  // namespace bel_pyramid
