// The puzzle itself as clauses over the primary variables (numbering.hpp),
// before any strategy: every axis variable carries exactly one label; a
// placement "position pos carries (a,b,c)" is true exactly when the three
// lines through pos carry a, b and c; every cube sits at exactly one position
// in one of its rotations. As there are as many cubes as positions, this
// covers every position, and its models, read on the label literals, are
// exactly the puzzle's solutions.
// The redundant layers that CnfOptions can add keep that set of models.
#pragma once

#include <span>

#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "model/label_domains.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

// Exactly one label per axis variable (the at-least-one half only with label-alo).
void encode_labels(Cnf& cnf, const Pyramid& p, const CnfOptions& options);

// Placements linked to the labels, cube uniqueness, then the optional
// position cardinalities and the encoding-study layers.
void encode_placements(Cnf& cnf, const Pyramid& p, const CnfOptions& options);

// One unit clause "false" for each placement of a cube at a position that the
// line domains allow but no perfect matching of positions to cubes uses
// (model/cube_matching.hpp). Nothing when no perfect matching exists.
void exclude_unmatched_placements(Cnf& cnf, const Pyramid& p, std::span<const LabelMask> masks);

}  // namespace bel_pyramid
