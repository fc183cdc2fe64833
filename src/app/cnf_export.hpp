// The CNF export steps of the pipeline: --cnf with the encoder --cnf-encoder
// names, and --var-map. The export prints its progress lines to the report
// stream it is given; the import of a solver's answer is certificate_import.hpp.
#pragma once

#include <ostream>
#include <string>

#include "app/options.hpp"
#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "model/formulation.hpp"
#include "solvers/completion.hpp"

namespace bel_pyramid {

[[nodiscard]] Cnf encode_cnf(const Formulation& f, const Options& options);
// The completion's CNF of a shape (--cnf-encoder completion); a UserError
// when the completion does not take the formulation.
[[nodiscard]] CompletionCnf encode_completion(const Formulation& f, const Options& options);
// "completion-amo=pairwise", and "cube-matching=off" when it is off: the
// --cnf-tune keys the completion reads.
[[nodiscard]] std::string completion_tune(const CnfOptions& options);
[[nodiscard]] const char* to_string(CnfEncoder encoder);  // "native" / "z3" / "completion"

// Writes options.cnf_path ("Exporting ... / CNF exported in S seconds.");
// returns S.
double export_cnf(const Formulation& f, const Options& options, std::ostream& report);
// Writes options.var_map_path: "id name" per primary variable.
void export_var_map(const Formulation& f, const Options& options);

}  // namespace bel_pyramid
