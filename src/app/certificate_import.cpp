#include "app/certificate_import.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdlib>
#include <optional>

#include "app/cnf_export.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "cnf/numbering.hpp"
#include "formats/certificate.hpp"
#include "formats/dimacs.hpp"
#include "formats/knuth_format.hpp"
#include "solvers/z3_cnf_encoder.hpp"

namespace bel_pyramid {
namespace {

// `cover`: the run's completion CNF, encoded once, with --cnf-encoder completion.
int primary_count(const Formulation& f, const Options& options,
                  const std::optional<CompletionCnf>& cover) {
  switch (options.cnf_encoder) {
    case CnfEncoder::Native: return native_primary_count(f.pyramid());
    case CnfEncoder::Z3: return static_cast<int>(f.pyramid().placement_count());
    case CnfEncoder::Completion: return cover->cnf.primary_vars;
  }
  return 0;
}

// The completion's line Booleans: every free line takes exactly one label.
Solution decode_completion(const Pyramid& p, const CompletionCnf& cover, const Certificate& cert) {
  std::vector<bool> truth(static_cast<std::size_t>(cover.cnf.num_vars()) + 1, false);
  for (const int lit : cert.literals)
    if (lit > 0 && lit <= cover.cnf.num_vars()) truth[lit] = true;
  std::vector<int> labels = cover.decode([&truth](int b) { return truth[b]; });
  for (int v = 0; v < p.var_count(); ++v)
    if (labels[v] < 0)
      throw UserError(fmt::format("the certificate gives the free line {} no label or several; {}",
                                  p.var_name(v), mismatch_hint()));
  return Solution(p.levels(), std::move(labels));
}

std::string clause_text(const std::vector<int>& clause) {
  return fmt::format("{}{}0", fmt::join(clause, " "), clause.empty() ? "" : " ");
}

// Every clause must have a true literal; one whose literals are all false
// is reported. Clauses a partial assignment leaves undecided are counted.
void check_against_cnf(const Certificate& cert, const std::string& cert_path,
                       const std::string& cnf_path, std::ostream& report) {
  const DimacsFile cnf = parse_dimacs(read_input(cnf_path), cnf_path);
  check_literal_range(cert, cnf.vars, cert_path);
  std::vector<signed char> value(static_cast<std::size_t>(cnf.vars) + 1, 0);
  for (int lit : cert.literals) value[std::abs(lit)] = lit > 0 ? 1 : -1;
  std::size_t undecided = 0;
  for (std::size_t i = 0; i < cnf.clauses.size(); ++i) {
    bool sat = false, open = false;
    for (int lit : cnf.clauses[i]) {
      const signed char v = value[std::abs(lit)];
      if (v == 0) open = true;
      if ((lit > 0 && v > 0) || (lit < 0 && v < 0)) sat = true;
    }
    if (sat) continue;
    if (open) {
      ++undecided;
      continue;
    }
    throw UserError(fmt::format(
        "the certificate \"{}\" falsifies clause {} of \"{}\" (line {}): {}; {}", cert_path, i + 1,
        cnf_path, cnf.lines[i], clause_text(cnf.clauses[i]), mismatch_hint()));
  }
  if (undecided == 0)
    fmt::print(report, "Certificate satisfies all {} clause(s) of \"{}\".\n", cnf.clauses.size(),
               cnf_path);
  else
    fmt::print(report,
               "Certificate falsifies none of the {} clause(s) of \"{}\"; {} are undecided by its "
               "partial assignment.\n",
               cnf.clauses.size(), cnf_path, undecided);
}

Solution decode(const Formulation& f, const Options& options,
                const std::optional<CompletionCnf>& cover, const Certificate& cert) {
  switch (options.cnf_encoder) {
    case CnfEncoder::Native: return decode_native_labels(f.pyramid(), cert);
    case CnfEncoder::Z3: break;
    case CnfEncoder::Completion: return decode_completion(f.pyramid(), *cover, cert);
  }
  return decode_placements(f.pyramid(), cert, z3_placement_order(f.pyramid()));
}

// The solution is printed only if it is a valid pyramid and satisfies every
// strategy constraint of this run.
void check_solution(const Formulation& f, const Solution& s) {
  const Validation v = validate(f.pyramid(), s);
  if (!v.ok)
    throw UserError(fmt::format("the certificate's solution is not valid ({}); {}", v.message,
                                mismatch_hint()));
  for (std::size_t i = 0; i < f.constraints().size(); ++i)
    if (!evaluate(f.constraints()[i], s.labels()))
      throw UserError(fmt::format("the certificate's solution violates strategy constraint {}; {}",
                                  i + 1, mismatch_hint()));
}

}  // namespace

SolveResult import_certificate(const Formulation& f, const Options& options, std::ostream& report,
                               std::ostream& answer) {
  const std::string& path = options.certificate_path;
  fmt::print(report, "Importing certificate from file \"{}\".\n", path);
  const Certificate cert = parse_certificate(read_input(path), path);
  if (cert.status == Certificate::Status::Unsat) {
    fmt::print(answer, "Certificate indicates problem is UNSAT.\n");
    return {SolveResult::Status::Unsat, std::nullopt, {}};
  }
  std::optional<CompletionCnf> cover;
  if (options.cnf_encoder == CnfEncoder::Completion) cover = encode_completion(f, options);
  if (options.cnf_path.empty() && options.cnf_encoder != CnfEncoder::Z3)
    check_literal_range(cert, cover ? cover->cnf.num_vars() : encode_cnf(f, options).num_vars(),
                        path);
  const int applied = count_primary(cert, primary_count(f, options, cover));
  if (applied == 0) {
    fmt::print(answer, "No assertions found in certificate. Skipping solver.\n");
    return {SolveResult::Status::Unknown, std::nullopt, "no assertions in the certificate"};
  }
  fmt::print(report, "Certificate applied {} assertion(s).\n", applied);
  if (!options.cnf_path.empty()) check_against_cnf(cert, path, options.cnf_path, report);
  const Solution solution = decode(f, options, cover, cert);
  check_solution(f, solution);
  fmt::print(answer, "\nSolution:\n{}", format_knuth(f.pyramid(), solution));
  return {SolveResult::Status::Sat, solution, {}};
}

}  // namespace bel_pyramid
