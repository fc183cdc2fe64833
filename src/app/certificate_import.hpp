// --cert: reads a SAT solver's answer to an exported CNF, optionally checks
// it against the --cnf file it was solved from, decodes, validates and prints
// the solution. Only a valid pyramid that satisfies every strategy
// constraint of this run is printed.
#pragma once

#include <ostream>

#include "app/options.hpp"
#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

// Reads options.certificate_path, prints and validates its solution. With
// options.cnf_path set, the assignment is first checked against that file.
// Returns what the certificate says: Sat (with the validated solution),
// Unsat, or Unknown when it asserts nothing (s UNKNOWN: its solver gave up).
// The verdict goes to `answer`, the rest to `report`.
SolveResult import_certificate(const Formulation& f, const Options& options, std::ostream& report,
                               std::ostream& answer);

}  // namespace bel_pyramid
