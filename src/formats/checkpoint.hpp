// Checkpoint: the best state of a long search, saved so that a stopped run
// can be resumed (--resume) and a campaign's search time adds up across runs
// and machines. The file is a few "c key value" lines, then Knuth's drawing
// of the labelling (knuth_format.hpp; any labelling, not only a solution):
//
//   c bel_pyramid checkpoint
//   c levels 6
//   c cost 3           duplicated cubes (plus penalties) of the state below
//   c seconds 3600.5   search time (wall clock) of every run that led here
//   c cpu_seconds 7150.2  their CPU time (all threads)
//   c solver local
//   c seed 7
//   c strategies YStep ConstructiveTripleDiagonal
//   c hypotheses 70dac9d9...   SHA-256 of each --hypothesis and --given file
//   +-----...
//
// Small (a few KB at N=6), readable, and diff-able in a research log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bel_pyramid {

struct Checkpoint {
  int levels = 0;
  int cost = 0;
  double seconds = 0;
  double cpu_seconds = 0;
  std::string solver;
  std::uint64_t seed = 0;
  // How many runs of the chain that led to this state were resumed from a
  // checkpoint (0: written by a run that started from scratch). A run resumed
  // from it searches with that random stream of its seed and writes one more,
  // so legs resumed again and again from one stuck state each search anew
  // instead of replaying the last leg (SolveLimits::stream).
  std::uint64_t resumes = 0;
  // The strategies the state was searched under; nullopt for a checkpoint
  // written before they were recorded.
  std::optional<std::vector<std::string>> strategies = std::vector<std::string>{};
  // The SHA-256 digests (lowercase hex) of the --hypothesis and --given files,
  // in command-line order; nullopt for a checkpoint written before they were
  // recorded.
  std::optional<std::vector<std::string>> hypotheses = std::vector<std::string>{};
  std::vector<int> labels;  // Pyramid's axis-variable numbering
};

[[nodiscard]] std::string format_checkpoint(const Checkpoint& checkpoint);
// Throws ParseError("<path>:<line>: parse error: ...") on malformed text: a
// missing or unknown shape, a negative cost or time, a label out of range.
[[nodiscard]] Checkpoint parse_checkpoint(std::string_view text, const std::string& path);
// Reads a file; throws UserError when it cannot be read.
[[nodiscard]] Checkpoint read_checkpoint(const std::string& path);
// Writes atomically and at once (Publish::Now, whatever the run publishes
// later): a stop while writing keeps the old file; .gz/.xz compress.
void write_checkpoint(const Checkpoint& checkpoint, const std::string& path);

}  // namespace bel_pyramid
