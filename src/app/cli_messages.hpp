// The words of the command line: --help wrapped to 80 columns, CLI11's parse
// errors in our own wording, and every error line made printable (one line,
// control characters escaped, long values cut) before it reaches stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>
#include <string_view>

namespace bel_pyramid {

inline constexpr std::size_t kHelpWidth = 80;       // columns of --help
inline constexpr std::size_t kHelpNameColumn = 30;  // CLI11's column of the help texts

// Breaks each line of `text` at spaces so that it fits `width` columns; the
// continuation of an indented table line ("  name   text") keeps its column.
[[nodiscard]] std::string wrap_help(std::string_view text, std::size_t width);

// CLI11's message for a command line it refused, reworded where CLI11's is
// odd: the first unexpected argument in the order given, an option given
// twice, a wrong number of values.
[[nodiscard]] std::string parse_error_message(const CLI::ParseError& error, const CLI::App& app,
                                              int argc, const char* const* argv);

// One printable line: control characters escaped (\n, \x1b), a word longer
// than 256 bytes cut with its length noted, the line cut after about 1 KB.
[[nodiscard]] std::string printable_line(std::string_view line);

}  // namespace bel_pyramid
