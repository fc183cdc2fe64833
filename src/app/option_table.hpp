// The command-line options, one row each, in --help order. Everything about an
// option comes from its row: the CLI11 registration and help text (cli.cpp),
// the refusal next to --check, the refusal of an empty value, what it is
// used with (its `modes`, and `needs`: an option the run would ignore is
// refused), the parse step into Options, and the options table of
// doc/options.md (options_markdown(), compared by a test). Adding an option
// is one row here plus its member in Options and its use; its `modes` and
// `needs` say which modes and solvers read it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/mode.hpp"
#include "app/options.hpp"

namespace bel_pyramid {

enum class ValueKind {
  Flag,  // no value
  One,   // one value
  List,  // repeatable, one value each time
  Pair,  // two values (--split K DIR)
};

using OptionValues = std::vector<std::string>;

struct OptionRow {
  std::string_view names{};  // CLI11's spelling: "N", "--timeout", "--certificate,--cert"
  ValueKind kind = ValueKind::One;
  std::string_view value{};            // the value's name in --help ("SECONDS"); empty: CLI11's own
  std::string help{};                  // as --help prints it, defaults included
  std::vector<std::string> choices{};  // the accepted values (any case); empty: any
  bool refused_with_check = false;     // solves or exports: meaningless when --check reads
  bool refuses_empty = false;          // an empty value would read as "not given"
  // Where the option is read: the modes (mode.hpp) it serves, and what else
  // it needs in them: `needs_met(options)` (a capability of the run's
  // searches, or another option), which `needs` names. When the option is
  // given (or, for callers other than the command line, used(options)
  // holds) outside its modes, or without what it needs, the run is refused:
  // "<name> is used only with <the modes, or needs>" (exit 2). An option the
  // run would ignore is never silently dropped.
  Modes modes = kAllModes;
  std::string needs{};
  bool (*used)(const Options&) = nullptr;
  bool (*needs_met)(const Options&) = nullptr;
  // The parse step, run when the option is given, in table order: a plain
  // store into one member, or a function.
  std::string Options::*text = nullptr;
  std::vector<std::string> Options::*texts = nullptr;
  bool Options::*flag = nullptr;
  void (*parse)(const OptionValues& values, Options& options) = nullptr;

  // The spelling that messages use: the last of `names` ("--cert").
  [[nodiscard]] std::string_view name() const;
  // Stores or parses the values of a given option into `options`.
  void apply(const OptionValues& values, Options& options) const;
  // Throws "<name> is used only with ..." unless options.mode is one of
  // `modes` and needs_met(options).
  void check_used(const Options& options) const;
};

[[nodiscard]] const std::vector<OptionRow>& option_table();

// doc/options.md's options table: one line per row (and CLI11's --help, --version).
[[nodiscard]] std::string options_markdown();

}  // namespace bel_pyramid
