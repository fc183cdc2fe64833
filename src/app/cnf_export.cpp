#include "app/cnf_export.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <sstream>

#include "app/hypothesis_files.hpp"
#include "app/version_string.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "base/stopwatch.hpp"
#include "cnf/cnf_options.hpp"
#include "cnf/native_encoder.hpp"
#include "cnf/numbering.hpp"
#include "formats/dimacs.hpp"
#include "model/hypothesis.hpp"
#include "solvers/z3_backend.hpp"
#include "solvers/z3_cnf_encoder.hpp"

namespace bel_pyramid {
namespace {

std::string dash_free(std::string s) {
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// A hypothesis built in Python is in no file the command line names: the
// header quotes it whole, so that the CNF still says what it encodes.
void append_built_hypotheses(const Options& options, std::vector<std::string>& out) {
  for (const Hypothesis& h : options.built_hypotheses) {
    out.push_back(
        fmt::format("hypothesis {} (built by a library caller, not in the command):", h.name));
    std::istringstream text(built_text(options, h));
    for (std::string line; std::getline(text, line);) out.push_back("  " + line);
  }
}

std::vector<std::string> comments(const Formulation& f, const Options& options, const Cnf& cnf) {
  std::vector<std::string> quoted;
  for (const std::string& arg : options.command_line) quoted.push_back(shell_quote(arg));
  const Pyramid& p = f.pyramid();
  std::vector<std::string> names = options.strategies;
  const std::vector<HypothesisRecord> records = hypothesis_records(options);
  for (const HypothesisRecord& r : records) names.push_back(r.name);
  const std::string strategies = names.empty() ? "none" : fmt::format("{}", fmt::join(names, " "));
  std::vector<std::string> out{
      fmt::format("{}", fmt::join(quoted, " ")),
      fmt::format("generator: bel_pyramid {} with Z3 {}", kVersion, z3_version()),
      fmt::format("N: {}  domain: {}  encoder: {}", p.levels(), to_string(f.domain()),
                  to_string(options.cnf_encoder)),
      fmt::format("strategies: {}", strategies),
      fmt::format("primary variables: {}", cnf.primary_vars)};
  if (!options.params.empty())
    out.push_back(
        fmt::format("params: {}", member_name({options.params.begin(), options.params.end()})));
  append_built_hypotheses(options, out);
  if (options.cnf_encoder == CnfEncoder::Completion) {
    out.push_back(fmt::format(
        "numbering: 1..{} \"free line takes label\" by line, then label (--var-map names them)",
        cnf.primary_vars));
    out.push_back("completion options: " + dash_free(completion_tune(options.cnf_options)));
  } else if (options.cnf_encoder == CnfEncoder::Native) {
    out.push_back(fmt::format(
        "numbering: label l of axis variable v is v*{}+l+1 (1..{}); placements {}..{}", p.labels(),
        p.var_count() * p.labels(), p.var_count() * p.labels() + 1, cnf.primary_vars));
    out.push_back("native options: " + dash_free(describe(options.cnf_options)));
  } else {
    out.push_back(
        fmt::format("numbering: placement Booleans sorted by name are 1..{}", cnf.primary_vars));
  }
  return out;
}

}  // namespace

std::string completion_tune(const CnfOptions& options) {
  std::string out;
  for (const CnfTuneKey& key : cnf_tune_keys()) {
    const std::string_view name = key.name;
    if (name == "completion-amo" || (name == "cube-matching" && !options.cube_matching))
      out += fmt::format("{}{}={}", out.empty() ? "" : " ", key.name, key.values[key.get(options)]);
  }
  return out;
}

const char* to_string(CnfEncoder encoder) {
  switch (encoder) {
    case CnfEncoder::Native: return "native";
    case CnfEncoder::Z3: return "z3";
    case CnfEncoder::Completion: return "completion";
  }
  return "?";
}

CompletionCnf encode_completion(const Formulation& f, const Options& options) {
  if (!completes(f, options.cnf_options))
    throw UserError(
        "--cnf-encoder completion: the completion does not take this formulation (it needs a "
        "shape that fixes its lines but for at most two through each position and at most one "
        "level's worth of X and Y lines, and no other constraint; doc/families.md)");
  return completion_cnf(f, options.cnf_options);
}

Cnf encode_cnf(const Formulation& f, const Options& options) {
  switch (options.cnf_encoder) {
    case CnfEncoder::Z3: return encode_with_z3_tactics(f);
    case CnfEncoder::Completion: return encode_completion(f, options).cnf;
    case CnfEncoder::Native: break;
  }
  return encode_native(f, options.cnf_options);
}

double export_cnf(const Formulation& f, const Options& options, std::ostream& report) {
  fmt::print(report, "Exporting formulation to CNF file \"{}\".\n", options.cnf_path);
  report.flush();
  const Stopwatch watch;
  const Cnf cnf = encode_cnf(f, options);
  write_dimacs(cnf, comments(f, options, cnf), options.cnf_path);
  const double seconds = watch.seconds();
  fmt::print(report, "CNF exported in {:.2f} seconds.\n\n", seconds);
  return seconds;
}

void export_var_map(const Formulation& f, const Options& options) {
  const Pyramid& p = f.pyramid();
  fmt::memory_buffer buf;
  if (options.cnf_encoder == CnfEncoder::Completion) {
    const std::vector<std::string> names = encode_completion(f, options).names(p);
    for (std::size_t i = 0; i < names.size(); ++i)
      fmt::format_to(std::back_inserter(buf), "{} {}\n", i + 1, names[i]);
  } else if (options.cnf_encoder == CnfEncoder::Native) {
    const int n = native_primary_count(p);
    for (int id = 1; id <= n; ++id)
      fmt::format_to(std::back_inserter(buf), "{} {}\n", id, native_var_name(p, id));
  } else {
    std::vector<std::string> names;
    (void)z3_placement_order(p, &names);
    for (std::size_t i = 0; i < names.size(); ++i)
      fmt::format_to(std::back_inserter(buf), "{} {}\n", i + 1, names[i]);
  }
  CompressedOutput out(options.var_map_path);
  out.write(std::string_view(buf.data(), buf.size()));
  out.commit();
}

}  // namespace bel_pyramid
