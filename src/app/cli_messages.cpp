#include "app/cli_messages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <vector>

namespace bel_pyramid {
namespace {

// Paths stay whole; a pasted file or a runaway value does not flood the terminal.
constexpr std::size_t kLongestWord = 256;
constexpr std::size_t kLongestLine = 1024;

// Where the text of an indented table line starts ("  cadical    CaDiCaL ..."
// -> the column of "CaDiCaL"); 0 for a plain line.
std::size_t hanging_indent(std::string_view line) {
  if (line.empty() || line[0] != ' ') return 0;
  const std::size_t name = line.find_first_not_of(' ');
  const std::size_t gap = line.find("  ", name);
  if (name == std::string_view::npos || gap == std::string_view::npos) return name;
  return std::min(line.find_first_not_of(' ', gap), line.size());
}

std::string wrap_line(std::string_view line, std::size_t width) {
  const std::string indent(hanging_indent(line), ' ');
  std::string out;
  std::size_t column = 0;
  while (!line.empty()) {
    std::size_t end = line.size();
    if (column + line.size() > width) {  // break at the last space that fits
      const std::size_t room = width > column ? width - column : 0;
      const std::size_t space = line.rfind(' ', room);
      end = space == std::string_view::npos || space == 0 ? line.find(' ') : space;
      end = std::min(end, line.size());
    }
    out += line.substr(0, end);
    line.remove_prefix(end);
    while (!line.empty() && line[0] == ' ') line.remove_prefix(1);
    if (!line.empty()) {
      out += "\n" + indent;
      column = indent.size();
    }
  }
  return out;
}

std::string escaped(unsigned char c) {
  switch (c) {
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default: return fmt::format("\\x{:02x}", c);
  }
}

// The first argument CLI11 left over, in the order the user typed them.
std::string first_extra(const CLI::App& app, int argc, const char* const* argv) {
  const std::vector<std::string> extras = app.remaining();
  for (int i = 1; i < argc; ++i)
    if (std::find(extras.begin(), extras.end(), argv[i]) != extras.end()) return argv[i];
  return extras.empty() ? std::string() : extras.front();
}

std::string unexpected(const CLI::App& app, int argc, const char* const* argv) {
  const std::string arg = first_extra(app, argc, argv);
  std::string message = fmt::format("unexpected argument \"{}\"", arg);
  if (arg.size() > 2 && arg[0] == '-' && arg[1] != '-') {
    const std::string long_name = "-" + arg;
    for (const CLI::Option* option : app.get_options())
      if (option->check_lname(long_name.substr(2)))
        return message + fmt::format(" (long options take two dashes: {})", long_name);
  }
  if (!arg.empty() && arg[0] != '-') message += " (N is given once; options start with --)";
  return message;
}

}  // namespace

std::string wrap_help(std::string_view text, std::size_t width) {
  std::string out;
  while (true) {
    const std::size_t newline = std::min(text.find('\n'), text.size());
    out += wrap_line(text.substr(0, newline), width);
    if (newline == text.size()) return out;
    out += '\n';
    text.remove_prefix(newline + 1);
  }
}

std::string parse_error_message(const CLI::ParseError& error, const CLI::App& app, int argc,
                                const char* const* argv) {
  if (dynamic_cast<const CLI::ExtrasError*>(&error)) return unexpected(app, argc, argv);
  const std::string what = error.what();
  std::smatch m;
  static const std::regex at_most(R"(^(\S+): At Most 1 required but received (\d+)$)");
  static const std::regex at_least(R"(^(\S+): At least (\d+) required but received (\d+)$)");
  if (std::regex_match(what, m, at_most))
    return fmt::format("{} takes one value, got {} (give it once)", m[1].str(), m[2].str());
  if (std::regex_match(what, m, at_least))
    return fmt::format("{} takes {} values, got {}", m[1].str(), m[2].str(), m[3].str());
  return what;
}

std::string printable_line(std::string_view line) {
  std::string out;
  while (!line.empty()) {
    const std::size_t end = std::min(line.find(' '), line.size());
    const std::string_view word = line.substr(0, end);
    const std::string_view kept =
        word.size() > kLongestWord ? word.substr(0, kLongestWord / 2) : word;
    for (const char c : kept) {
      const auto u = static_cast<unsigned char>(c);
      out += u < 0x20 || u == 0x7f ? escaped(u) : std::string(1, c);
    }
    if (kept.size() < word.size()) out += fmt::format("...({} bytes)", word.size());
    line.remove_prefix(end);
    if (!line.empty()) {
      out += ' ';
      line.remove_prefix(1);
    }
    if (out.size() > kLongestLine) return out + fmt::format("...({} more bytes)", line.size());
  }
  return out;
}

}  // namespace bel_pyramid
