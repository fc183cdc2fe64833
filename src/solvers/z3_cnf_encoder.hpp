// The original's CNF export, kept as --cnf-encoder z3: the Z3 lowering
// (z3_backend.cpp) run through the tactics lia2card -> dt2bv -> card2bv
// (totalizer) -> bit-blast -> tseitin-cnf, every resulting formula checked
// to be a clause, a literal or false.
//
// Numbering (as the original): the placement Booleans c{cube}_r{rot}_x_y_h
// are variables 1..P in the order of their names sorted as strings; every
// other atom the tactics leave gets the next id in order of first
// appearance. A certificate decodes from the placements alone.
#pragma once

#include <string>
#include <vector>

#include "cnf/cnf.hpp"
#include "formats/certificate.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

// Placement k (1-based id) of the Z3 numbering; names[k-1] if names given.
[[nodiscard]] std::vector<PlacementRef> z3_placement_order(
    const Pyramid& p, std::vector<std::string>* names = nullptr);

// names (optional) receives the name of every variable, index id-1.
[[nodiscard]] Cnf encode_with_z3_tactics(const Formulation& formulation,
                                         std::vector<std::string>* names = nullptr);

}  // namespace bel_pyramid
