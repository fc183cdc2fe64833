// --local-tune: the table of keys against doc/searches.md, each key against
// its knob, and the settings reaching the search's limits.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/options.hpp"
#include "base/error.hpp"
#include "markdown_table.hpp"
#include "solvers/local_search_tuning.hpp"

namespace bel_pyramid {
namespace {

std::string doc_row(const LocalTuneKey& key) {
  return fmt::format("| `{}` | {}{:g}-{:g} | {:g} | {} |", key.name, key.whole ? "integer " : "",
                     key.min, key.max, key.get(LocalSearchTuning{}), key.meaning);
}

TEST(LocalTune, DocListsEveryKeyOfTheTable) {
  const std::vector<std::string> rows = test::markdown_table_rows(
      BEL_PYRAMID_DOC_DIR "/searches.md", "| key | range | default | meaning |");
  std::vector<std::string> expected;
  for (const LocalTuneKey& key : local_tune_keys()) expected.push_back(doc_row(key));
  EXPECT_EQ(rows, expected) << "doc/searches.md's --local-tune table is out of date";
}

// Each key sets its own knob, to the value given, and no other key's.
TEST(LocalTune, EveryKeySetsItsKnobOnly) {
  for (const LocalTuneKey& key : local_tune_keys()) {
    const double value = key.max;  // differs from every default
    LocalSearchTuning t;
    set_local_option(t, fmt::format("{}={:.17g}", key.name, value));
    EXPECT_EQ(key.get(t), value) << key.name;
    for (const LocalTuneKey& other : local_tune_keys())
      if (&other != &key) EXPECT_EQ(other.get(t), other.get(LocalSearchTuning{})) << key.name;
  }
}

TEST(LocalTune, RangesAndTheLadderAreChecked) {
  LocalSearchTuning t;
  EXPECT_THROW(set_local_option(t, "replicas=65"), UserError);
  EXPECT_THROW(set_local_option(t, "swap=-0.1"), UserError);
  EXPECT_THROW(set_local_option(t, "aim=inf"), UserError);
  EXPECT_THROW((void)local_tuning_from({"tmax=0.1"}), UserError);  // below the default tmin
  EXPECT_NO_THROW((void)local_tuning_from({"tmax=0.1", "tmin=0.05"}));
}

// What the command line gives is what the search gets.
TEST(LocalTune, SettingsReachTheSolveLimits) {
  const Options o =
      read_command_line({"3", "--solver", "local", "--local-tune", "replicas=12", "--local-tune",
                         "tmin=0.1", "--local-tune", "exchange-every=256"});
  const LocalSearchTuning t = solve_limits(o).local_tuning;
  EXPECT_EQ(t.replicas, 12);
  EXPECT_DOUBLE_EQ(t.temperature, 0.1);
  EXPECT_EQ(t.exchange_every, 256u);
  EXPECT_DOUBLE_EQ(t.max_temperature, LocalSearchTuning{}.max_temperature);
}

}  // namespace
}  // namespace bel_pyramid
