#include "app/split_export.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdlib>
#include <filesystem>

#include "app/cnf_export.hpp"
#include "app/hypothesis_files.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "base/stopwatch.hpp"
#include "cnf/cube_split.hpp"
#include "cnf/native_encoder.hpp"
#include "formats/dimacs.hpp"

namespace bel_pyramid {

std::vector<std::string> formulation_args(const Options& options) {
  std::vector<std::string> args{std::to_string(options.levels)};
  for (const std::string& s : options.strategies) {
    args.emplace_back("--strategy");
    args.push_back(s);
  }
  for (std::string& a : hypothesis_args(options)) args.push_back(std::move(a));
  args.emplace_back("--finite-domain");
  args.emplace_back(to_string(options.domain));
  // Always explicit: the default differs between --split and other runs, and
  // a re-split (--split-under) must rebuild exactly this formula.
  args.emplace_back("--symmetry-breaking");
  args.emplace_back(to_string(options.symmetry_breaking));
  if (options.cnf_encoder == CnfEncoder::Completion) {
    args.emplace_back("--cnf-encoder");
    args.emplace_back(to_string(options.cnf_encoder));
  }
  // The keys that shape the clauses (and the others, which change nothing
  // in a split's CNF): a re-split must write exactly this formula.
  for (std::string& key : changed_keys(options.cnf_options)) {
    args.emplace_back("--cnf-tune");
    args.push_back(std::move(key));
  }
  return args;
}

namespace {

void make_directory(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw UserError(fmt::format("--split: \"{}\" exists and is not a directory", dir));
  fs::create_directories(dir, ec);
  if (ec) throw UserError(fmt::format("--split: cannot create \"{}\": {}", dir, ec.message()));
}

}  // namespace

void export_split(const Formulation& f, const Options& options, std::ostream& report) {
  const std::string& dir = options.split_dir;
  // A member's completion splits best on its columns' labels (bench/RESULTS.md,
  // "Splitting on whole lines"); the native CNF as well on single literals.
  const SplitBy by = options.split_by.value_or(
      options.cnf_encoder == CnfEncoder::Completion ? SplitBy::Line : SplitBy::Literal);
  fmt::print(report, "Splitting the CNF into {}{} cube(s) in directory \"{}\"{}.\n",
             by == SplitBy::Line ? "at least " : "", options.split_cubes, dir,
             by == SplitBy::Line ? ", by whole lines" : "");
  report.flush();
  const Stopwatch watch;
  // The completion's free lines, longest first, or the native label literals.
  SplitLines choices;
  Cnf cnf;
  if (options.cnf_encoder == CnfEncoder::Completion) {
    CompletionCnf cover = encode_completion(f, options);
    choices = split_lines(f.pyramid(), [&cover](int v) { return cover.literals[v]; });
    cnf = std::move(cover.cnf);
  } else {
    cnf = encode_native(f);
    choices = native_split_lines(f.pyramid());
  }
  CubeSplitOptions split;
  split.cubes = options.split_cubes;
  split.by = by;
  for (int lit : options.split_under)
    if (std::abs(static_cast<long>(lit)) > cnf.num_vars())
      throw UserError(fmt::format("--split-under: literal {} is beyond the CNF's {} variables", lit,
                                  cnf.num_vars()));
  split.root = options.split_under;
  make_directory(dir);
  const auto cubes = split_cubes(cnf, choices, split);

  const std::vector<std::string> args = formulation_args(options);
  std::vector<std::string> quoted;
  for (const std::string& a : args) quoted.push_back(shell_quote(a));
  write_dimacs(
      cnf,
      {fmt::format("cube and conquer base formula of bel_pyramid {}", fmt::join(quoted, " ")),
       fmt::format("primary variables: {}", cnf.primary_vars)},
      dir + "/formula.cnf");
  std::string lines;
  for (const auto& cube : cubes) {  // "a 0" for the empty cube of --split 1
    lines += "a";
    for (int lit : cube) lines += fmt::format(" {}", lit);
    lines += " 0\n";
  }
  write_output_file(dir + "/cubes", lines);
  write_output_file(dir + "/args", fmt::format("{}\n", fmt::join(args, "\n")));
  const double seconds = watch.seconds();
  fmt::print(report, "Wrote formula.cnf (p cnf {} {}), {} cube(s) and args in {:.2f} seconds.\n",
             cnf.num_vars(), cnf.num_clauses(), cubes.size(), seconds);
}

}  // namespace bel_pyramid
