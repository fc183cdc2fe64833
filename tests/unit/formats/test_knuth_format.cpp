#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <sstream>

#include "base/error.hpp"
#include "formats/knuth_format.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;

std::string strip_trailing_spaces(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::vector<fs::path> published_solutions() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(BEL_PYRAMID_TEST_DATA) / "solutions"))
    files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(KnuthFormat, PublishedSolutionsParseValidateAndPrintBack) {
  const auto files = published_solutions();
  ASSERT_EQ(files.size(), 8u);
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    const std::string text = test::slurp(file);
    const Solution s = parse_knuth(text, file.string());
    const Pyramid p(s.levels());
    const Validation v = validate(p, s);
    EXPECT_TRUE(v.ok) << v.message;
    EXPECT_EQ(format_knuth(p, s), strip_trailing_spaces(text));
  }
}

// The 6- and 7-level solutions this tool found, in results/solutions/: each
// parses, validates, prints back the same, and its cubes, counted here apart
// from validate(), are every multiset of 3 of the L labels once.
TEST(KnuthFormat, TheSolutionsFoundByThisToolAreValid) {
  const std::pair<const char*, int> files[] = {
      {"solutions/n6.txt", 6}, {"solutions/n6-seed-1.txt", 6}, {"solutions/n7.txt", 7}};
  for (const auto& [name, levels] : files) {
    const fs::path file = fs::path(BEL_PYRAMID_RESULTS_DIR) / name;
    const std::string text = test::slurp(file);
    const Solution s = parse_knuth(text, file.string());
    ASSERT_EQ(s.levels(), levels) << name;
    const Pyramid p(levels);
    const Validation v = validate(p, s);
    EXPECT_TRUE(v.ok) << name << ": " << v.message;
    EXPECT_EQ(format_knuth(p, s), strip_trailing_spaces(text)) << name;
    std::map<std::array<int, 3>, int> uses;
    for (int x = 0; x < p.base(); ++x)
      for (int y = 0; y < p.base(); ++y)
        for (int h = 0; h < std::min(p.tri(x), p.tri(y)); ++h) {
          std::array<int, 3> cube{s.x(p, x, h), s.y(p, y, h), s.z(p, y, x)};
          std::sort(cube.begin(), cube.end());
          ++uses[cube];
        }
    const int L = 2 * levels - 1;
    EXPECT_EQ(static_cast<int>(uses.size()), (L + 2) * (L + 1) * L / 6) << name;  // C(L+2, 3)
    for (const auto& [cube, n] : uses) {
      EXPECT_EQ(n, 1) << name;
      EXPECT_LT(cube[2], L) << name;
    }
  }
}

TEST(KnuthFormat, ReadsTheLabelsIntoTheRightVariables) {
  const Solution s =
      parse_knuth(test::slurp(fs::path(BEL_PYRAMID_TEST_DATA) / "solutions/n2.txt"), "n2");
  const Pyramid p(2);
  EXPECT_EQ(s.z(p, 0, 1), 2);  // row 0: 1 2 1
  EXPECT_EQ(s.y(p, 1, 1), 0);  // row 1: | 0 0
  EXPECT_EQ(s.y(p, 2, 0), 2);
  EXPECT_EQ(s.x(p, 1, 1), 0);  // second X line
  EXPECT_EQ(s.x(p, 2, 0), 0);
}

TEST(KnuthFormat, MutatedSolutionsFailValidationNamingTheDuplicatedCube) {
  for (const fs::path& file : published_solutions()) {
    const Solution s = parse_knuth(test::slurp(file), file.string());
    const Pyramid p(s.levels());
    if (p.labels() < 2) continue;
    for (int v = 0; v < p.var_count(); v += 3) {
      std::vector<int> labels = s.labels();
      labels[v] = (labels[v] + 1) % p.labels();
      const Validation result = validate(p, Solution(p.levels(), labels));
      ASSERT_FALSE(result.ok) << file << " " << p.var_name(v);
      EXPECT_NE(result.message.find("is used 2 times"), std::string::npos) << result.message;
      EXPECT_NE(result.message.find("is missing"), std::string::npos) << result.message;
    }
  }
}

TEST(KnuthFormat, ValidationRejectsOutOfRangeLabels) {
  const Pyramid p(2);
  std::vector<int> labels(p.var_count(), 0);
  labels[p.z_var(1, 1)] = 3;
  const Validation v = validate(p, Solution(2, labels));
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("Z[1][1] has label 3"), std::string::npos) << v.message;
}

TEST(KnuthFormat, TwoDigitLabelsKeepTheirColumns) {
  const Pyramid p(6);
  std::vector<int> labels(p.var_count());
  for (int v = 0; v < p.var_count(); ++v) labels[v] = v % p.labels();
  const Solution s(6, labels);
  const std::string text = format_knuth(p, s);
  EXPECT_NE(text.find(" 10"), std::string::npos);
  EXPECT_EQ(parse_knuth(text, "n6"), s);
}

struct Malformed {
  const char* name;
  std::string_view text;
  const char* error;
};

TEST(KnuthFormat, MalformedTextGivesAParseErrorWithTheLine) {
  using namespace std::literals;
  const Malformed cases[] = {
      {"empty", ""sv, "t:1: parse error: unexpected end of file"},
      {"no frame", "hello\n"sv, "t:1: parse error: expected a frame line"},
      {"even base", "+-------------+\n"sv, "t:1: parse error: frame width gives an even base"},
      {"short row", "+----+\n|  0\n"sv, "t:2: parse error: row 0 must look like"},
      {"letter", "+----+\n|  a |  0\n+----+\n   0\n"sv, "t:2: parse error: 'a' is not a label"},
      {"missing Y", "+----+\n|  0 |\n+----+\n   0\n"sv, "t:2: parse error: expected 1 Y labels"},
      {"bad bottom", "+----+\n|  0 |  0\n+---+\n   0\n"sv,
       "t:3: parse error: expected the bottom frame"},
      {"truncated", "+----+\n|  0 |  0\n+----+\n"sv, "t:4: parse error: unexpected end of file"},
      {"trailing", "+----+\n|  0 |  0\n+----+\n   0\nmore\n"sv,
       "t:5: parse error: unexpected text"},
      {"blank X", "+----+\n|  0 |  0\n+----+\n\n"sv,
       "t:4: parse error: column 0 at height 0 must be a label"},
      {"binary", "+----+\n|  0 |\0 0\n"sv, "t:2: parse error: unexpected control character"},
  };
  for (const Malformed& m : cases) {
    SCOPED_TRACE(m.name);
    try {
      (void)parse_knuth(m.text, "t");
      ADD_FAILURE() << "no error";
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(m.error), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace bel_pyramid
