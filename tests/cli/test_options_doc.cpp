// doc/options.md's options table is generated from the option table
// (options_markdown()); these tests fail when doc/options.md and the option
// table, or the option table and --help, disagree.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "app/cli.hpp"
#include "app/option_table.hpp"

namespace bel_pyramid {
namespace {

// The lines of the first table after "## Options" in doc/options.md.
std::string doc_options_table() {
  std::ifstream in(BEL_PYRAMID_OPTIONS_DOC);
  std::string line, table;
  bool in_section = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Options";
    if (!in_section) continue;
    if (line.rfind('|', 0) == 0)
      table += line + "\n";
    else if (!table.empty())
      break;
  }
  return table;
}

std::string help_text() {
  const char* argv[] = {"bel_pyramid", "--help"};
  std::ostringstream out, err;
  EXPECT_EQ(run_cli(2, argv, out, err), 0);
  return out.str();
}

// Every option name of the table: "--timeout", "--cert", ...
std::set<std::string> table_names() {
  std::set<std::string> names;
  for (const OptionRow& row : option_table()) {
    std::stringstream list{std::string(row.names)};
    for (std::string name; std::getline(list, name, ',');) names.insert(name);
  }
  return names;
}

TEST(OptionsDoc, TableIsGeneratedFromTheOptionTable) {
  EXPECT_EQ(doc_options_table(), options_markdown())
      << "doc/options.md's options table is out of date; replace it with:\n"
      << options_markdown();
}

TEST(OptionsDoc, HelpListsExactlyTheOptionTable) {
  const std::string help = help_text();
  std::set<std::string> in_help;
  const std::regex option(R"(^  (N |-))");  // an option's first line, not a continuation
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) {
    static const std::regex name(R"(--?[a-z][a-z0-9-]*|^  N\b)");
    if (!std::regex_search(line, option)) continue;
    const std::string head = line.substr(0, line.find("  ", 2));
    for (std::sregex_iterator it(head.begin(), head.end(), name), end; it != end; ++it) {
      std::string n = it->str();
      if (n.rfind("  ", 0) == 0) n = n.substr(2);
      in_help.insert(n);
    }
  }
  std::set<std::string> expected = table_names();
  expected.insert({"-h", "--help", "--version"});
  EXPECT_EQ(in_help, expected) << help;
}

}  // namespace
}  // namespace bel_pyramid
