// RunSummary: what one run found, in the form the machine-readable outputs
// need (--json, formats/json_result.hpp). A solve, a certificate import and a
// --check all end in one summary (app/results.hpp fills it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/formulation.hpp"
#include "model/solution.hpp"

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
  // --proof: the DRAT proof written for an unsat answer (empty: none), and
  // the symmetry breaking in the formula it proves (empty: the whole formula).
  std::string proof;
  std::vector<std::string> proof_symmetry_breaking;
};

}  // namespace bel_pyramid
