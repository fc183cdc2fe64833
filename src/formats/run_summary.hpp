// RunSummary: what one run found, in the form the machine-readable outputs
// need (--json, formats/json_result.hpp). A solve, a certificate import and a
// --check all end in one summary (app/results.hpp fills it).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/formulation.hpp"
#include "model/solution.hpp"

namespace bel_pyramid {

// A hypothesis file of the run (--hypothesis, --given).
struct HypothesisRecord {
  std::string name;    // as the Strategies: block shows it
  std::string path;    // as given on the command line; empty for "built"
  std::string kind;    // "hypothesis", "given" or "built" (by a library caller)
  std::string sha256;  // of the file's bytes, lowercase hex
};

// What a count (--count, --all) or an estimate (--estimate) found.
struct CountSummary {
  bool estimate = false;                 // Knuth's estimator: `solutions` is a mean
  double solutions = 0;                  // labelled solutions (exact unless estimate)
  std::optional<double> classes;         // --up-to-symmetry
  std::optional<double> standard_error;  // of an estimate
  std::optional<double> class_orbits;    // --quotient: the sum of the classes' own orbit sizes
  bool complete = false;                 // every solution counted (or --max-solutions reached)
  double nodes = 0;                      // the search's steps (an estimate: their estimated number)
  std::string node_unit;                 // what `nodes` counts: "nodes", "solver calls", "searches"
};

struct RunSummary {
  std::string source;  // "solve", "certificate", "check", "count", "estimate" or "sample"
  std::string input;   // the certificate or the checked file; empty for a solve
  std::vector<std::string> command_line;
  int levels = 0;
  Domain domain = Domain::Int;
  std::vector<StrategyRecord> strategies;
  std::vector<HypothesisRecord> hypotheses;
  std::map<std::string, long> params;  // --param: the family member the hypotheses were read as
  std::string solver;                  // empty: no solver ran
  std::optional<std::uint64_t> seed;   // the solver's seed, when one ran
  // The search that gave the answer: a portfolio's winning racer (with its
  // seed when racers share its name), else `solver`; empty: no answer.
  std::string answered_by;
  std::optional<std::uint64_t> answered_by_seed;
  std::optional<double> build_seconds;   // building the formulation
  std::optional<double> solve_seconds;   // the solver (or reading the input)
  std::optional<double> export_seconds;  // writing --cnf
  std::string status;                    // "sat", "unsat", "unknown", "interrupted", or "counted"
  std::string reason;                    // why, for unknown and interrupted
  std::optional<Solution> solution;      // set, and already validated, when sat
  std::optional<CountSummary> count;     // set for a count or an estimate
  // --proof: the DRAT proof written for an unsat answer (empty: none), and
  // the symmetry breaking in the formula it proves (empty: the whole formula).
  std::string proof;
  std::vector<std::string> proof_symmetry_breaking;
  // --unsat-core: the fixed lines that alone leave no solution (as the
  // hypothesis language writes them), of how many, and whether minimal.
  struct Core {
    std::vector<std::string> lines;
    std::size_t fixed = 0;
    std::size_t undecided = 0;  // lines kept without a proof that they are needed
    bool stopped = false;       // the run's limits stopped the shrinking
    std::string axis;           // only this axis's fixed lines were blamed ("": all)
    std::size_t kept = 0;       // fixed lines kept as given (those of the other axes)
  };
  std::optional<Core> unsat_core;
};

}  // namespace bel_pyramid
