#include "app/split_export.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>

#include "app/cnf_export.hpp"
#include "app/hypothesis_files.hpp"
#include "base/compressed_stream.hpp"
#include "base/error.hpp"
#include "base/stopwatch.hpp"
#include "cnf/cube_split.hpp"
#include "cnf/native_encoder.hpp"
#include "formats/dimacs.hpp"
#include "solvers/completion.hpp"

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

// The cubes as --split writes them, one per line: "a LIT... 0" ("a 0" for
// the empty cube of --split 1).
std::string cube_lines(const std::vector<std::vector<int>>& cubes) {
  std::string lines;
  for (const auto& cube : cubes) {
    lines += "a";
    for (int lit : cube) lines += fmt::format(" {}", lit);
    lines += " 0\n";
  }
  return lines;
}

// The split's leaf filter for a completion: narrow_cube, keeping the
// leaves it refutes (dropped from the split) in `refuted`.
std::function<bool(std::vector<int>&)> narrowing(const Pyramid& p, const CompletionCnf& cover,
                                                 std::vector<std::vector<int>>& refuted) {
  return [&p, &cover, &refuted](std::vector<int>& leaf) {
    if (narrow_cube(p, cover, leaf)) return true;
    refuted.push_back(leaf);
    return false;
  };
}

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
  std::optional<CompletionCnf> cover;
  Cnf native;
  if (options.cnf_encoder == CnfEncoder::Completion) {
    cover = encode_completion(f, options);
    choices = split_lines(f.pyramid(), [&cover](int v) { return cover->literals[v]; });
  } else {
    native = encode_native(f);
    choices = native_split_lines(f.pyramid());
  }
  const Cnf& cnf = cover ? cover->cnf : native;
  CubeSplitOptions split;
  split.cubes = options.split_cubes;
  split.by = by;
  for (int lit : options.split_under)
    if (std::abs(static_cast<long>(lit)) > cnf.num_vars())
      throw UserError(fmt::format("--split-under: literal {} is beyond the CNF's {} variables", lit,
                                  cnf.num_vars()));
  split.root = options.split_under;
  make_directory(dir);
  std::vector<std::vector<int>> refuted;  // by the matching
  if (cover && options.cnf_options.cube_matching)
    split.narrow = narrowing(f.pyramid(), *cover, refuted);
  const std::vector<std::vector<int>> cubes = split_cubes(cnf, choices, split);

  const std::vector<std::string> args = formulation_args(options);
  std::vector<std::string> quoted;
  for (const std::string& a : args) quoted.push_back(shell_quote(a));
  write_dimacs(
      cnf,
      {fmt::format("cube and conquer base formula of bel_pyramid {}", fmt::join(quoted, " ")),
       fmt::format("primary variables: {}", cnf.primary_vars)},
      dir + "/formula.cnf");
  write_output_file(dir + "/cubes", cube_lines(cubes));
  // What the matching refuted, for the record (no solver run answers them).
  const std::string refuted_path = dir + "/refuted";
  if (refuted.empty()) {
    std::error_code ec;
    std::filesystem::remove(refuted_path, ec);
  } else {
    write_output_file(refuted_path, cube_lines(refuted));
  }
  write_output_file(dir + "/args", fmt::format("{}\n", fmt::join(args, "\n")));
  const double seconds = watch.seconds();
  fmt::print(report, "Wrote formula.cnf (p cnf {} {}), {} cube(s) and args in {:.2f} seconds.\n",
             cnf.num_vars(), cnf.num_clauses(), cubes.size(), seconds);
  if (!refuted.empty())
    fmt::print(report,
               "The matching of positions to cubes refuted {} more, left out (in refuted).\n",
               refuted.size());
}

}  // namespace bel_pyramid
