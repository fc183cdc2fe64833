#include "app/hypothesis_files.hpp"

#include <fmt/format.h>
#include <nettle/sha2.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "base/error.hpp"
#include "formats/knuth_format.hpp"
#include "model/hypothesis.hpp"

namespace bel_pyramid {
namespace {

std::string read_file(const std::string& path, const char* option) {
  if (path.empty()) throw UserError(fmt::format("{} needs a value, got an empty string", option));
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in || in.bad() || std::filesystem::is_directory(path))
    throw UserError(fmt::format("{}: cannot read \"{}\"", option, path));
  return text.str();
}

std::string sha256(const std::string& text) {
  sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, text.size(), reinterpret_cast<const std::uint8_t*>(text.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
  std::string hex;
  for (std::uint8_t b : digest) hex += fmt::format("{:02x}", b);
  return hex;
}

// A partial drawing: one equality per label given; the drawing must be of
// the run's N and its labels below L.
std::vector<Constraint> given_constraints(const std::string& text, const std::string& path,
                                          const Pyramid& p) {
  const PartialDrawing d = parse_partial_knuth(text, path);
  if (d.levels != p.levels())
    throw ParseError(path, fmt::format("a {}-level drawing, but N={}", d.levels, p.levels()));
  std::vector<Constraint> out;
  for (int v = 0; v < p.var_count(); ++v) {
    if (d.labels[v] == kFreeLabel) continue;
    if (d.labels[v] >= p.labels())
      throw ParseError(
          path, fmt::format("{} = {}: label >= 2N-1 = {}", p.var_name(v), d.labels[v], p.labels()));
    out.push_back(compare(var(v), Rel::Eq, label(d.labels[v])));
  }
  return out;
}

}  // namespace

std::string built_text(const Options& options, const Hypothesis& h) {
  return print_hypothesis(h.constraints, Pyramid(options.levels));
}

void load_hypothesis_files(Options& options) {
  options.hypothesis_sources.clear();
  std::map<std::string, std::string> seen;  // canonical path -> as given
  for (const bool given : {false, true})
    for (const std::string& path : given ? options.given : options.hypotheses) {
      const char* option = given ? "--given" : "--hypothesis";
      std::string text = read_file(path, option);
      std::error_code ec;
      const std::string canonical = std::filesystem::weakly_canonical(path, ec).string();
      const auto [it, fresh] = seen.emplace(ec ? path : canonical, path);
      if (!fresh)
        throw UserError(
            fmt::format("{} \"{}\": the file \"{}\" is given twice (its constraints "
                        "would be applied twice)",
                        option, path, it->second));
      options.hypothesis_sources.push_back({path, given, std::move(text)});
    }
}

void add_hypotheses(const Options& options, Formulation& f) {
  if (options.hypothesis_sources.size() != options.hypotheses.size() + options.given.size())
    throw std::logic_error("add_hypotheses: the hypothesis files were not loaded");
  std::set<std::string, std::less<>> declared;
  for (const HypothesisSource& source : options.hypothesis_sources) {
    if (source.given) {
      f.add_strategy(hypothesis_name(source.path),
                     given_constraints(source.text, source.path, f.pyramid()));
      continue;
    }
    Hypothesis h = parse_hypothesis(source.text, source.path, f.pyramid(), options.params);
    for (const auto& param : h.params) declared.insert(param.first);
    f.add_strategy(h.name, std::move(h.constraints));
  }
  for (const auto& param : options.params)
    if (!declared.count(param.first))
      throw UserError(fmt::format("--param {}={}: no --hypothesis file declares a parameter '{}'",
                                  param.first, param.second, param.first));
  for (const Hypothesis& h : options.built_hypotheses) f.add_strategy(h.name, h.constraints);
}

std::vector<HypothesisRecord> hypothesis_records(const Options& options) {
  std::vector<HypothesisRecord> out;
  for (const HypothesisSource& source : options.hypothesis_sources)
    out.push_back({hypothesis_name(source.path), source.path, source.given ? "given" : "hypothesis",
                   sha256(source.text)});
  for (const Hypothesis& h : options.built_hypotheses)
    out.push_back({h.name, "", "built", sha256(built_text(options, h))});
  return out;
}

std::vector<std::string> hypothesis_digests(const Options& options) {
  std::vector<std::string> digests;
  for (const HypothesisSource& source : options.hypothesis_sources)
    digests.push_back(sha256(source.text));
  for (const Hypothesis& h : options.built_hypotheses)
    digests.push_back(sha256(built_text(options, h)));
  // A member of a family is another formulation: its binding joins the record.
  for (const auto& [name, value] : options.params)
    digests.push_back(fmt::format("param:{}={}", name, value));
  return digests;
}

std::vector<std::string> hypothesis_args(const Options& options) {
  std::vector<std::string> args;
  for (const auto* paths : {&options.hypotheses, &options.given})
    for (const std::string& path : *paths) {
      args.emplace_back(paths == &options.given ? "--given" : "--hypothesis");
      args.push_back(std::filesystem::absolute(path).string());
    }
  for (const auto& [name, value] : options.params) {
    args.emplace_back("--param");
    args.push_back(fmt::format("{}={}", name, value));
  }
  return args;
}

}  // namespace bel_pyramid
