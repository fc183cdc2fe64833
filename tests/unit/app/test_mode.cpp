// The run's mode: one per run, from the options, and the words a refusal
// uses for a set of modes.
#include <gtest/gtest.h>

#include "app/mode.hpp"
#include "app/options.hpp"

namespace bel_pyramid {
namespace {

TEST(Mode, EachOptionThatChangesWhatARunDoesGivesItsMode) {
  Options o;
  EXPECT_EQ(mode_of(o), Mode::Solve);
  o.count = true;
  EXPECT_EQ(mode_of(o), Mode::Count);
  o.sample = 3;  // refused together later (option_checks); the sample wins here
  EXPECT_EQ(mode_of(o), Mode::Sample);
  o.skip_solver = true;
  EXPECT_EQ(mode_of(o), Mode::Export);
  o.split_cubes = 4;
  EXPECT_EQ(mode_of(o), Mode::Split);
  o.certificate_path = "c.txt";
  EXPECT_EQ(mode_of(o), Mode::Certificate);
  o.list_centre_patterns = true;
  EXPECT_EQ(mode_of(o), Mode::ListCentrePatterns);
  o.check_path = "s.txt";
  EXPECT_EQ(mode_of(o), Mode::Check);
  Options all;
  all.list_all = true;
  EXPECT_EQ(mode_of(all), Mode::Count);
}

TEST(Mode, DescriptionsNameTheModesAndWhatLeavesThem) {
  EXPECT_EQ(describe_modes(bit(Mode::Count)), "a count (--count, --all)");
  EXPECT_EQ(
      describe_modes(bit(Mode::Solve)),
      "a solve (not with --count, --all, --sample, --sweep, --cert, --split, --skip-solver or "
      "--list-centre-patterns)");
  EXPECT_EQ(describe_modes(kSearchModes),
            "a solve, a count, a sample or a sweep (not with --cert, --split, --skip-solver or "
            "--list-centre-patterns)");
  EXPECT_EQ(describe_modes(bit(Mode::Split) | bit(Mode::Certificate)),
            "a certificate import or a split (--cert or --split)");
}

}  // namespace
}  // namespace bel_pyramid
