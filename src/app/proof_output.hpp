// The --proof file: CaDiCaL's binary DRAT proof that the native CNF has no
// solution, for exactly the CNF that --cnf writes for the same arguments
// (drat-trim checks it against that file; doc/proofs.md says how). It is written to
// a temporary while the solver runs and published, with the run's other
// outputs, only after an Unsat answer: a SAT or unknown answer leaves no
// file. When the formula holds symmetry breaking, the proof is of that reduced
// formula, and the report and the JSON say so.
#pragma once

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>

#include "app/options.hpp"
#include "formats/run_summary.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

class OutputFile;

// Throws the UserError for a --proof that cannot be honoured: a search other
// than cadical or a portfolio with exactly one CaDiCaL racer, another mode,
// several CaDiCaL threads, the z3 encoder, stdout, a compressed name.
void check_proof_options(const Options& options);

class ProofOutput {
 public:
  explicit ProofOutput(const Options& options);  // opens the temporary when --proof is given
  ~ProofOutput();
  ProofOutput(const ProofOutput&) = delete;
  ProofOutput& operator=(const ProofOutput&) = delete;

  // The stream CaDiCaL traces into (SolveLimits::proof); nullptr without --proof.
  [[nodiscard]] std::FILE* stream() const;
  // After the search: on Unsat from a search that traces proofs
  // (`summary.answered_by`, a portfolio's winner), records the proof in
  // `summary`; otherwise the temporary is dropped. Prints one line on what
  // became of the proof.
  void record(const Formulation& f, const SolveResult& result, RunSummary& summary,
              std::ostream& report);
  // Commits the recorded proof into the active PublishBatch (publish_results).
  void publish();

 private:
  std::unique_ptr<OutputFile> file_;
  bool proved_ = false;
};

}  // namespace bel_pyramid
