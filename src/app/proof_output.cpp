#include "app/proof_output.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/count_run.hpp"
#include "base/error.hpp"
#include "base/output_file.hpp"
#include "model/strategy.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The strategies of the formula that remove solutions by symmetry
// (--symmetry-breaking adds the record "SymmetryBreaking").
std::vector<std::string> symmetry_breaking_in(const Formulation& f) {
  std::vector<std::string> names;
  for (const StrategyRecord& record : f.strategies()) {
    const Strategy* s = find_strategy(record.name);
    if (record.name == "SymmetryBreaking" || (s && s->kind == StrategyKind::SymmetryBreaking))
      names.push_back(record.name);
  }
  return names;
}

// Whether the entry of that name writes DRAT proofs.
bool traces_proofs(const std::string& name) {
  const auto racer = find_racer(name);  // a racer's name may carry a configuration
  const SolverEntry* entry = racer ? racer->entry : find_solver(name);
  return entry && entry->traces_proofs;
}

std::string why_no_proof(const SolveResult& result, const std::string& answered_by) {
  switch (result.status) {
    case SolveResult::Status::Sat: return "a solution exists";
    case SolveResult::Status::Unknown: return "the solver gave no answer";
    case SolveResult::Status::Unsat: break;
  }
  return "the answer came from " + answered_by + ", not CaDiCaL";
}

}  // namespace

void check_proof_options(const Options& options) {
  if (options.proof_path.empty()) return;
  const std::string& path = options.proof_path;
  if (path == "-") throw UserError("--proof needs a file name (a binary proof is not for stdout)");
  for (const char* suffix : {".gz", ".xz", ".bz2", ".zst"})
    if (ends_with(path, suffix))
      throw UserError(
          fmt::format("--proof {}: drat-trim reads only uncompressed proofs; drop the {} suffix",
                      path, suffix));
  if (chosen_solver(options).races_others) {
    const std::vector<std::string> racers = racers_of(options);
    if (std::count_if(racers.begin(), racers.end(), traces_proofs) != 1)
      throw UserError("--proof with --solver portfolio needs exactly one cadical racer");
  } else if (!traces_proofs(options.solver)) {
    throw UserError(
        fmt::format("--proof needs --solver cadical (the solver that writes DRAT proofs), not {}",
                    options.solver));
  } else if (options.threads > 1) {
    throw UserError("--proof needs one CaDiCaL thread (--threads)");
  }
  if (options.cnf_encoder != CnfEncoder::Native)
    throw UserError("--proof proves the native CNF: it needs --cnf-encoder native");
  if (options.mode != Mode::Solve)
    throw UserError(
        "--proof needs a search (not --count, --all, --sample, --split, --cert or --skip-solver)");
}

ProofOutput::ProofOutput(const Options& options) {
  if (!options.proof_path.empty()) file_ = std::make_unique<OutputFile>(options.proof_path);
}

ProofOutput::~ProofOutput() = default;

std::FILE* ProofOutput::stream() const { return file_ ? file_->stream() : nullptr; }

void ProofOutput::record(const Formulation& f, const SolveResult& result, RunSummary& summary,
                         std::ostream& report) {
  if (!file_) return;
  if (result.status != SolveResult::Status::Unsat || !traces_proofs(summary.answered_by)) {
    fmt::print(report, "No proof written to \"{}\": {}.\n", file_->path(),
               why_no_proof(result, summary.answered_by));
    return;
  }
  proved_ = true;
  summary.proof = file_->path();
  summary.proof_symmetry_breaking = symmetry_breaking_in(f);
  fmt::print(report,
             "Proof written to \"{}\" (binary DRAT; check it with drat-trim against the CNF "
             "that --cnf writes for the same arguments).\n",
             file_->path());
  if (!summary.proof_symmetry_breaking.empty())
    fmt::print(report,
               "The proof is of the formula reduced by symmetry breaking ({}): it shows that no "
               "solution exists only together with the soundness of that reduction.\n",
               fmt::join(summary.proof_symmetry_breaking, ", "));
}

void ProofOutput::publish() {
  if (proved_) file_->commit();
}

}  // namespace bel_pyramid
