// The CNF export steps of the pipeline: --cnf with the encoder --cnf-encoder
// names, and --var-map. The export prints its progress lines to the report
// stream it is given; the import of a solver's answer is certificate_import.hpp.
#pragma once

#include <ostream>

#include "app/options.hpp"
#include "cnf/cnf.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

[[nodiscard]] Cnf encode_cnf(const Formulation& f, const Options& options);
[[nodiscard]] const char* to_string(CnfEncoder encoder);  // "native" / "z3"

// Writes options.cnf_path ("Exporting ... / CNF exported in S seconds.");
// returns S.
double export_cnf(const Formulation& f, const Options& options, std::ostream& report);
// Writes options.var_map_path: "id name" per primary variable.
void export_var_map(const Formulation& f, const Options& options);

}  // namespace bel_pyramid
