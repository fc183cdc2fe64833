// --svg on the command line: a well-formed file from the executable, and the
// picture alone on stdout (the picture itself: test_svg_picture.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/exit_codes.hpp"
#include "cli_runner.hpp"
#include "formats/svg_picture.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;
using test::slurp;
using test::TempDir;

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(SvgPicture, WellFormedXmlFromTheCommandLine) {
  if (!test::have_program("xmllint")) GTEST_SKIP() << "xmllint (libxml2-utils) is not installed";
  const TempDir tmp;
  const fs::path svg = tmp.path() / "p.svg";
  const auto r =
      test::run_command(fmt::format("'{}' 3 --strategy YStep --svg '{}' && xmllint --noout '{}'",
                                    test::kBinary, svg.string(), svg.string()),
                        tmp.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count(slurp(svg), "<polygon "), visible_faces(Pyramid(3)).size());
  // No solution: still a picture, saying so.
  const auto none = test::run_command(
      fmt::format("'{}' 3 --strategy XStep --strategy YStep --solver cadical --svg '{}' && "
                  "xmllint --noout '{}'",
                  test::kBinary, svg.string(), svg.string()),
      tmp.path());
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_NE(slurp(svg).find("No solution exists for 3 levels."), std::string::npos);
  EXPECT_EQ(count(slurp(svg), "<polygon "), 0u);
}

TEST(SvgPicture, SvgOnStdoutIsTheOnlyOutput) {
  const auto r =
      testing::run_command({"--check", BEL_PYRAMID_TEST_DATA "/solutions/n2.txt", "--svg", "-"});
  ASSERT_EQ(r.exit_code, kExitOk) << r.err;
  EXPECT_EQ(r.out.rfind("<?xml", 0), 0u);
  EXPECT_EQ(r.out.substr(r.out.size() - 7), "</svg>\n");
  EXPECT_NE(r.err.find("is a valid 2-level solution"), std::string::npos);
}

}  // namespace
}  // namespace bel_pyramid
