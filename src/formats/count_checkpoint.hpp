// CountCheckpoint: the state of a stopped part of the quotient count
// (--count --quotient I/M --checkpoint FILE), so that --resume FILE counts
// only the representatives it had not finished. A few "c key value" lines:
//
//   c bel_pyramid count checkpoint
//   c levels 3
//   c part 5/1000              the part I/M
//   c done 5120                representatives of the part counted whole
//   c solutions 1734105600     their labelled solutions
//   c classes 321813           their classes
//   c class_orbits 1734105600  the sum of those classes' orbit sizes
//   c nodes 61234567           the search nodes they took
//   c seconds 3.5              wall seconds of every run that led here
//   c cpu_seconds 3.4          their CPU seconds
#pragma once

#include <string>
#include <string_view>

#include "model/counting.hpp"

namespace bel_pyramid {

struct CountCheckpoint {
  int levels = 0;
  int part_index = 0, part_count = 1;
  QuotientTally tally;
  double seconds = 0, cpu_seconds = 0;
};

[[nodiscard]] std::string format_count_checkpoint(const CountCheckpoint& checkpoint);
// Throws ParseError("<path>:<line>: parse error: ...") on malformed text or a
// missing key.
[[nodiscard]] CountCheckpoint parse_count_checkpoint(std::string_view text,
                                                     const std::string& path);
// Reads a file; throws UserError when it cannot be read.
[[nodiscard]] CountCheckpoint read_count_checkpoint(const std::string& path);
// Writes atomically and at once, as write_checkpoint (checkpoint.hpp) does.
void write_count_checkpoint(const CountCheckpoint& checkpoint, const std::string& path);

}  // namespace bel_pyramid
