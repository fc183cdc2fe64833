// The --cnf-tune table (cnf/cnf_options.hpp) against doc/cnf.md: every key
// documented, every value read back and described.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/error.hpp"
#include "cnf/cnf_options.hpp"
#include "markdown_table.hpp"

namespace bel_pyramid {
namespace {

// doc/cnf.md's row for a key, as the table says it.
std::string doc_row(const CnfTuneKey& key) {
  std::vector<std::string> values;
  for (const char* v : key.values) values.push_back(fmt::format("`{}`", v));
  const int fallback = key.get(CnfOptions{});
  return fmt::format("| `{}` | {} | {} | {} | {} |", key.name, fmt::join(values, ", "),
                     fallback < 0 ? "–" : values[fallback],
                     key.always_described ? "always" : "when changed", key.meaning);
}

TEST(CnfTune, DocListsEveryKeyOfTheTable) {
  const std::vector<std::string> rows = test::markdown_table_rows(
      BEL_PYRAMID_DOC_DIR "/cnf.md", "| key | values | default | in the CNF header | meaning |");
  std::vector<std::string> expected;
  for (const CnfTuneKey& key : cnf_tune_keys()) expected.push_back(doc_row(key));
  EXPECT_EQ(rows, expected) << "doc/cnf.md's --cnf-tune table is out of date";
}

TEST(CnfTune, EveryValueIsReadBackAndDescribed) {
  for (const CnfTuneKey& key : cnf_tune_keys())
    for (std::size_t i = 0; i < key.values.size(); ++i) {
      const std::string assignment = fmt::format("{}={}", key.name, key.values[i]);
      CnfOptions o;
      set_cnf_option(o, assignment);
      EXPECT_EQ(key.get(o), static_cast<int>(i)) << assignment;
      const bool listed = describe(o).find(assignment) != std::string::npos;
      EXPECT_EQ(listed, key.always_described || key.get(o) != key.get(CnfOptions{})) << assignment;
    }
}

TEST(CnfTune, FlagsAcceptTheirOtherSpellings) {
  for (const char* on : {"on", "1", "true"}) {
    CnfOptions o;
    set_cnf_option(o, fmt::format("order-ladder={}", on));
    EXPECT_TRUE(o.order_ladder) << on;
  }
  for (const char* off : {"off", "0", "false"}) {
    CnfOptions o;
    set_cnf_option(o, fmt::format("label-alo={}", off));
    EXPECT_FALSE(o.label_alo) << off;
  }
  CnfOptions o;
  EXPECT_THROW(set_cnf_option(o, "cadical-phase=true"), UserError);
}

}  // namespace
}  // namespace bel_pyramid
