// The CNF steps of the pipeline: --cnf (export), --var-map, and --cert
// (certificate import, optionally checked against the --cnf file). Each
// prints the SPEC §3 lines to the report stream it is given.
#pragma once

#include <ostream>

#include "app/options.hpp"
#include "cnf/cnf.hpp"
#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

[[nodiscard]] Cnf encode_cnf(const Formulation& f, const Options& options);
[[nodiscard]] const char* to_string(CnfEncoder encoder);  // "native" / "z3"

// Writes options.cnf_path ("Exporting ... / CNF exported in S seconds.").
void export_cnf(const Formulation& f, const Options& options, std::ostream& report);
// Writes options.var_map_path: "id name" per primary variable.
void export_var_map(const Formulation& f, const Options& options);
// Reads options.certificate_path, prints and validates its solution. With
// options.cnf_path set, the assignment is first checked against that file.
// Returns what the certificate says: Sat (with the validated solution),
// Unsat, or Unknown when it asserts nothing.
SolveResult import_certificate(const Formulation& f, const Options& options, std::ostream& report);

}  // namespace bel_pyramid
