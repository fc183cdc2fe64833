// The quotient count's checkpoint file: written and read back unchanged,
// and every malformed file refused with its line.
#include <gtest/gtest.h>

#include <string>

#include "base/error.hpp"
#include "formats/count_checkpoint.hpp"

namespace bel_pyramid {
namespace {

CountCheckpoint sample() {
  CountCheckpoint c;
  c.levels = 3;
  c.part_index = 5;
  c.part_count = 1000;
  c.tally = {.done = 5120,
             .solutions = 1734105600,
             .classes = 321813,
             .nodes = 61234567,
             .class_orbits = 1734105600};
  c.seconds = 3.5;
  c.cpu_seconds = 3.25;
  return c;
}

std::string error_of(const std::string& text) {
  try {
    (void)parse_count_checkpoint(text, "p.ckpt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(CountCheckpoint, ReadsBackWhatItWrites) {
  const std::string text = format_count_checkpoint(sample());
  const CountCheckpoint c = parse_count_checkpoint(text, "p.ckpt");
  EXPECT_EQ(c.levels, 3);
  EXPECT_EQ(c.part_index, 5);
  EXPECT_EQ(c.part_count, 1000);
  EXPECT_EQ(c.tally, sample().tally);
  EXPECT_DOUBLE_EQ(c.seconds, 3.5);
  EXPECT_DOUBLE_EQ(c.cpu_seconds, 3.25);
  EXPECT_EQ(format_count_checkpoint(c), text);
}

TEST(CountCheckpoint, RefusesMalformedFiles) {
  const std::string good = format_count_checkpoint(sample());
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  EXPECT_EQ(error_of(""), "p.ckpt:1: parse error: expected 'c bel_pyramid count checkpoint'");
  EXPECT_EQ(error_of("c bel_pyramid checkpoint\nc levels 3\n"),
            "p.ckpt:1: parse error: expected 'c bel_pyramid count checkpoint'");
  EXPECT_EQ(error_of(replaced("c part 5/1000", "c part 5")),
            "p.ckpt:3: parse error: bad value '5' for part (expected I/M)");
  EXPECT_EQ(error_of(replaced("c part 5/1000", "c part 1000/1000")),
            "p.ckpt:3: parse error: bad value '1000/1000' for part (expected I/M)");
  EXPECT_EQ(error_of(replaced("c done 5120", "c done -1")),
            "p.ckpt:4: parse error: bad value '-1' for done");
  EXPECT_EQ(error_of(replaced("c seconds 3.50", "c seconds nan")),
            "p.ckpt:9: parse error: bad value 'nan' for seconds");
  EXPECT_EQ(error_of(replaced("c classes 321813\n", "")),
            "p.ckpt:9: parse error: missing 'c classes'");
  EXPECT_EQ(error_of(good + "+---+\n"),
            "p.ckpt:11: parse error: expected only 'c key value' lines");
  EXPECT_EQ(error_of(good + "c later_key 1\n"), "accepted");  // keys of later versions
}

}  // namespace
}  // namespace bel_pyramid
