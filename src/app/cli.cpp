#include "app/cli.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli_messages.hpp"
#include "app/exit_codes.hpp"
#include "app/option_checks.hpp"
#include "app/option_table.hpp"
#include "app/option_values.hpp"
#include "app/results.hpp"
#include "app/run.hpp"
#include "app/version_string.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "formats/json_result.hpp"
#include "model/strategy.hpp"
#include "solvers/solver_table.hpp"

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

// --help's "Solvers:" section, which help2man turns into a section of the man page.
std::string solver_section() {
  std::string out = "Solvers:\n";
  for (const SolverEntry& s : solver_table())
    out += wrap_help(fmt::format("  {:<10} {}", s.name, s.summary), kHelpWidth) + "\n";
  return out;
}

struct Cli {
  CLI::App app{"Searches for solutions of Bel's Pyramid with SAT.", "bel_pyramid"};
  std::vector<RawValue> raw = std::vector<RawValue>(option_table().size());

  Cli() {
    app.set_version_flag("--version", version_string());
    app.footer(
        solver_section() + "\n" +
        wrap_help(fmt::format("Exit codes: {} done, {} error, {} usage error, {} solver gave "
                              "up (--timeout), {} interrupted (Ctrl-C; {} for SIGTERM); "
                              "--sat-exit-codes: 10 solution, 20 none exists, 0 unknown.",
                              kExitOk, kExitError, kExitUsage, kExitUnknown, kExitInterrupted,
                              kExitTerminated),
                  kHelpWidth));
    for (std::size_t i = 0; i < option_table().size(); ++i) add(option_table()[i], raw[i]);
  }

  void add(const OptionRow& row, RawValue& value) {
    const std::string names(row.names);
    const std::string help = wrap_help(row.help, kHelpWidth - kHelpNameColumn);
    if (row.kind == ValueKind::Flag) {
      app.add_flag(names, value.flag, help);
      return;
    }
    CLI::Option* option = row.kind == ValueKind::One ? app.add_option(names, value.one, help)
                                                     : app.add_option(names, value.many, help);
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

  // Checks and stores every given option in table order (an empty value
  // would otherwise read as "option not given"), then refuses a given option
  // that this run would not use.
  void read(Options& options) const {
    for (std::size_t i = 0; i < option_table().size(); ++i) {
      const OptionRow& row = option_table()[i];
      if (!given(row)) continue;
      const OptionValues value = values(i);
      if (row.refuses_empty && std::find(value.begin(), value.end(), "") != value.end())
        throw UserError(fmt::format("{} needs a value, got an empty string", row.name()));
      row.apply(value, options);
    }
    options.mode = mode_of(options);
    if (options.mode == Mode::Sweep && !given("--solver") && !given("--portfolio"))
      options.solver = default_sweep_solver().name;
    for (const OptionRow& row : option_table())
      if (given(row)) row.check_used(options);
  }

  [[nodiscard]] bool given(std::string_view name) const { return app.count(std::string(name)) > 0; }
};

// The command line read into Options and every combination checked; a
// UsageError names the first thing wrong.
Options read_options(const Cli& cli) {
  const bool checking = cli.given("--check");
  try {
    if (checking) cli.check_alone();
    if (cli.raw.front().one.empty() && !checking)
      throw UserError("missing N, the number of levels (see --help)");
    Options options;
    cli.read(options);
    check_option_combinations(options);
    return options;
  } catch (const UserError& e) {
    throw UsageError(e.what());
  }
}

// --list-strategies, alone (text) or with --json PATH; any other option
// would be ignored, so it is refused.
int list_strategies(const Cli& cli, std::ostream& out) {
  std::string json_path;
  for (std::size_t i = 0; i < option_table().size(); ++i) {
    const OptionRow& row = option_table()[i];
    if (!cli.given(row) || row.name() == "--list-strategies") continue;
    if (i == 0) throw UsageError("--list-strategies lists the strategies and exits; it takes no N");
    if (row.name() != "--json")
      throw UsageError(fmt::format(
          "--list-strategies lists the strategies and exits; {} cannot be used with it (only "
          "--json)",
          row.name()));
    json_path = cli.values(i).front();
  }
  if (json_path.empty())
    out << strategy_list();
  else
    write_output(json_path, strategies_json(), out);
  return kExitOk;
}

void print_error(std::ostream& err, std::string_view line) {
  fmt::print(err, "{}\n", printable_line(line));
}

}  // namespace

Options read_command_line(const std::vector<std::string>& args) {
  std::vector<const char*> argv{"bel_pyramid"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  const int argc = static_cast<int>(argv.size());
  Cli cli;
  try {
    cli.app.parse(argc, argv.data());
  } catch (const CLI::ParseError& e) {  // --help and --version too: no run to read
    throw UsageError(parse_error_message(e, cli.app, argc, argv.data()));
  }
  Options options = read_options(cli);
  options.command_line.assign(argv.begin(), argv.end());
  return options;
}

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
    print_error(err, "bel_pyramid: error: " + parse_error_message(e, cli.app, argc, argv));
    return kExitUsage;
  }
  try {
    if (cli.given("--list-strategies")) return list_strategies(cli, out);
    Options options = read_options(cli);
    const InterruptGuard interrupts;
    options.stop = stop_flag();
    options.command_line.assign(argv, argv + argc);
    return run(options, out, err);
  } catch (const ParseError& e) {
    print_error(err, e.what());
  } catch (const UsageError& e) {
    print_error(err, fmt::format("bel_pyramid: error: {}", e.what()));
    return kExitUsage;
  } catch (const UserError& e) {
    print_error(err, fmt::format("bel_pyramid: error: {}", e.what()));
  } catch (const std::bad_alloc&) {
    print_error(err, "bel_pyramid: error: out of memory");
  }
  return kExitError;
}

}  // namespace bel_pyramid
