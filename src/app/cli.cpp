#include "app/cli.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "app/exit_codes.hpp"
#include "app/option_table.hpp"
#include "app/option_values.hpp"
#include "app/run.hpp"
#include "app/version_string.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "model/strategy.hpp"

namespace bel_pyramid {
namespace {

std::string strategy_list() {
  std::string out;
  for (const Strategy& s : strategies())
    out += fmt::format("{:<28} {:<18} {}\n", s.name, to_string(s.kind), s.summary);
  return out;
}

// What CLI11 read for one row of the option table.
struct RawValue {
  std::string one;
  std::vector<std::string> many;
  bool flag = false;
};

struct Cli {
  CLI::App app{"Searches for solutions of Bel's Pyramid with SAT.", "bel_pyramid"};
  std::vector<RawValue> raw = std::vector<RawValue>(option_table().size());

  Cli() {
    app.set_version_flag("--version", version_string());
    app.footer(fmt::format(
        "Exit codes: {} done, {} error, {} usage error, {} solver gave up "
        "(--timeout), {} interrupted (Ctrl-C; {} for SIGTERM).",
        kExitOk, kExitError, kExitUsage, kExitUnknown, kExitInterrupted, kExitTerminated));
    for (std::size_t i = 0; i < option_table().size(); ++i) add(option_table()[i], raw[i]);
  }

  void add(const OptionRow& row, RawValue& value) {
    const std::string names(row.names);
    if (row.kind == ValueKind::Flag) {
      app.add_flag(names, value.flag, row.help);
      return;
    }
    CLI::Option* option = row.kind == ValueKind::One ? app.add_option(names, value.one, row.help)
                                                     : app.add_option(names, value.many, row.help);
    if (!row.value.empty()) option->type_name(std::string(row.value));
    if (row.kind == ValueKind::Pair) option->expected(2);
    if (row.kind != ValueKind::One) option->allow_extra_args(false);
    // IsMember, not CheckedTransformer: the latter also accepts 0 and 1 and
    // prints "{native->0,z3->1} OR {0,1}" on a bad name.
    if (!row.choices.empty())
      option->transform(CLI::IsMember(row.choices, CLI::ignore_case).description(""));
  }

  [[nodiscard]] bool given(const OptionRow& row) const {
    return app.count(std::string(row.name())) > 0;
  }

  [[nodiscard]] OptionValues values(std::size_t i) const {
    switch (option_table()[i].kind) {
      case ValueKind::Flag: return {};
      case ValueKind::One: return {raw[i].one};
      default: return raw[i].many;
    }
  }

  void check_alone() const {
    for (const OptionRow& row : option_table())
      if (row.refused_with_check && given(row))
        throw UserError(
            fmt::format("--check reads a solution; {} cannot be used with it", row.name()));
  }

  // Checks and stores every given option in table order; an empty value
  // would otherwise read as "option not given".
  void read(Options& options) const {
    for (std::size_t i = 0; i < option_table().size(); ++i) {
      const OptionRow& row = option_table()[i];
      if (!given(row)) continue;
      if (row.refuses_empty && raw[i].one.empty())
        throw UserError(fmt::format("{} needs a value, got an empty string", row.name()));
      row.apply(values(i), options);
    }
  }

  [[nodiscard]] bool given(std::string_view name) const { return app.count(std::string(name)) > 0; }
};

}  // namespace

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Cli cli;
  try {
    cli.app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << cli.app.help();
    return kExitOk;
  } catch (const CLI::CallForVersion&) {
    out << version_string() << "\n";
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    fmt::print(err, "bel_pyramid: error: {}\n", e.what());
    return kExitUsage;
  }
  try {
    if (cli.given("--list-strategies")) {
      out << strategy_list();
      return kExitOk;
    }
    const bool checking = cli.given("--check");
    if (checking) cli.check_alone();
    if (cli.raw.front().one.empty() && !checking)
      throw UserError("missing N, the number of levels (see --help)");
    Options options;
    cli.read(options);
    if (cli.given("--list-centre-patterns")) return list_centre_patterns(options.levels, out);
    const InterruptGuard interrupts;
    options.stop = stop_flag();
    options.command_line.assign(argv, argv + argc);
    return run(options, out, err);
  } catch (const ParseError& e) {
    fmt::print(err, "{}\n", e.what());
  } catch (const UserError& e) {
    fmt::print(err, "bel_pyramid: error: {}\n", e.what());
  } catch (const std::bad_alloc&) {
    fmt::print(err, "bel_pyramid: error: out of memory\n");
  }
  return kExitError;
}

}  // namespace bel_pyramid
