// RunSummary: what one run found, in the form the machine-readable outputs
// need: --json (json_result.hpp, doc/json.md) and --svg (svg_picture.hpp).
// A solve, a certificate import and a --check all end in one summary, and
// publish_results() writes both outputs together (PublishBatch): either
// every requested file appears, or none does.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/options.hpp"
#include "bel_pyramid/solution.hpp"
#include "bel_pyramid/solve_result.hpp"

namespace bel_pyramid {

struct RunSummary {
  std::string source;  // "solve", "certificate" or "check"
  std::string input;   // the certificate or the checked file; empty for a solve
  std::vector<std::string> command_line;
  int levels = 0;
  Domain domain = Domain::Int;
  std::vector<StrategyRecord> strategies;
  std::string solver;                   // empty: no solver ran
  std::optional<std::uint64_t> seed;    // the solver's seed, when one ran
  std::optional<double> build_seconds;  // building the formulation
  std::optional<double> solve_seconds;  // the solver (or reading the input)
  std::string status;                   // "sat", "unsat", "unknown" or "interrupted"
  std::string reason;                   // why, for unknown and interrupted
  std::optional<Solution> solution;     // set, and already validated, when sat
};

// Starts a summary with what the options and the formulation say.
[[nodiscard]] RunSummary summarize(const Options& options, const Formulation& formulation,
                                   const std::string& source);

// Status, reason and solution of a search or a certificate; `interrupted`
// turns an Unknown into "interrupted". The caller has validated the solution.
void record_result(RunSummary& summary, const SolveResult& result, bool interrupted);

// Throws the UserError a bad --json/--svg target (or two outputs on stdout)
// would give, before any work is done.
void check_result_targets(const Options& options);

// True when --json or --svg writes to stdout: the human report then goes to stderr.
[[nodiscard]] bool results_to_stdout(const Options& options);

// Writes --json and --svg (those asked for) into the active PublishBatch;
// "-" writes to `out`.
void write_results(const Options& options, const RunSummary& summary, std::ostream& out);
// The same in a batch of their own: both appear, or neither.
void publish_results(const Options& options, const RunSummary& summary, std::ostream& out);

}  // namespace bel_pyramid
