// doc/strategies.md and the registry must agree: same names, same order,
// same kinds.
#include <gtest/gtest.h>

#include <fstream>

#include "model/strategy.hpp"

namespace bel_pyramid {
namespace {

TEST(StrategyDoc, AgreesWithTheRegistry) {
  std::ifstream in(BEL_PYRAMID_DOC_DIR "/strategies.md");
  ASSERT_TRUE(in) << "doc/strategies.md not found";
  std::vector<std::pair<std::string, std::string>> entries;  // name, kind
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) entries.push_back({line.substr(3), ""});
    if (line.rfind("Kind: ", 0) == 0 && !entries.empty()) entries.back().second = line.substr(6);
  }
  ASSERT_EQ(entries.size(), strategies().size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(entries[i].first, strategies()[i].name);
    EXPECT_EQ(entries[i].second, to_string(strategies()[i].kind)) << entries[i].first;
  }
}

}  // namespace
}  // namespace bel_pyramid
