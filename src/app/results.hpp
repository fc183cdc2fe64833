// The machine-readable results of a run: --json (formats/json_result.hpp,
// doc/json.md) and --svg (formats/svg_picture.hpp). A solve, a certificate
// import and a --check all end in one RunSummary, and write_results()
// writes both outputs into the run's PublishBatch (run.hpp): either every
// output of the run appears, or none does. An in-process caller (the Python
// module) receives the summary there too, through Options::summary.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "app/options.hpp"
#include "formats/run_summary.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

// Starts a summary with what the options and the formulation say.
[[nodiscard]] RunSummary summarize(const Options& options, const Formulation& formulation,
                                   const std::string& source);

// Status, reason and solution of a search or a certificate; `interrupted`
// turns an Unknown into "interrupted". The caller has validated the solution.
void record_result(RunSummary& summary, const SolveResult& result, bool interrupted);

// Throws the UserError a bad --json/--svg target would give, before any work
// is done (option_checks.hpp allows only one output on stdout).
void check_result_targets(const Options& options);

// True when --json or --svg writes to stdout: the human report then goes to stderr.
[[nodiscard]] bool results_to_stdout(const Options& options);

// One result text to `path`: "-" goes to `out`, the stream the CLI was given
// (tests capture it); a file is published with the run's other outputs (at
// once when no run is under way); an empty path writes nothing.
void write_output(const std::string& path, const std::string& text, std::ostream& out);

// Writes --json and --svg (those asked for) into the active PublishBatch;
// "-" writes to `out`. Hands the summary to options.summary when it is set.
void write_results(const Options& options, const RunSummary& summary, std::ostream& out);

}  // namespace bel_pyramid
