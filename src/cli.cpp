#include "bel_pyramid/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <charconv>
#include <map>

#include "bel_pyramid/error.hpp"
#include "bel_pyramid/run.hpp"
#include "bel_pyramid/strategy.hpp"
#include "bel_pyramid/version.hpp"

namespace bel_pyramid {
namespace {

// N as typed: a positive decimal integer, refused before anything is built.
int parse_levels(const std::string& text) {
  long long value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
    throw UserError(fmt::format("N must be a positive integer, got \"{}\"", text));
  if (ec == std::errc::result_out_of_range || value > (1LL << 20)) check_fits_in_memory(1LL << 40);
  if (value < 1) throw UserError(fmt::format("N must be at least 1, got {}", value));
  check_fits_in_memory(value);
  return static_cast<int>(value);
}

std::string strategy_list() {
  std::string out;
  for (const Strategy& s : strategies())
    out += fmt::format("{:<28} {:<18} {}\n", s.name, to_string(s.kind), s.summary);
  return out;
}

struct Cli {
  CLI::App app{"Searches for solutions of Bel's Pyramid with SAT.", "bel_pyramid"};
  std::string levels;
  std::vector<std::string> strategy_names;
  Options options;
  bool list_strategies = false;

  Cli() {
    app.set_version_flag("--version", version_string());
    app.add_option("N", levels, "number of levels of the pyramid (N >= 1)");
    std::vector<std::string> names;
    for (const Strategy& s : strategies()) names.emplace_back(s.name);
    app.add_option("--strategy", strategy_names, "apply a strategy (repeatable, in order); see --list-strategies")
        ->type_name("NAME")
        ->allow_extra_args(false)
        ->transform(CLI::IsMember(names, CLI::ignore_case).description(""));
    app.add_flag("--list-strategies", list_strategies, "list the strategies and exit");
    app.add_option("--finite-domain", options.domain, "label encoding: int (default) or enum")
        ->type_name("int|enum")
        ->transform(CLI::CheckedTransformer(std::map<std::string, Domain>{{"int", Domain::Int}, {"enum", Domain::Enum}},
                                            CLI::ignore_case)
                        .description(""));
    app.add_option("--tactic", options.tactic, "Z3 tactic: qffd (default), qflia or z3-default")
        ->type_name("NAME")
        ->transform(CLI::CheckedTransformer(
                        std::map<std::string, Tactic>{
                            {"qffd", Tactic::Qffd}, {"qflia", Tactic::Qflia}, {"z3-default", Tactic::Z3Default}},
                        CLI::ignore_case)
                        .description(""));
    app.add_option("--smt2", options.smt2_path, "export the formulation as SMT-LIB2 ('-': stdout)")->type_name("FILE");
    app.add_flag("--skip-solver", options.skip_solver, "stop before solving");
    app.add_option("--cnf", options.cnf_path,
                   "export the formulation as DIMACS CNF (.gz/.xz compress; '-': stdout); with --cert, "
                   "read this CNF and check the certificate against it")
        ->type_name("FILE");
    app.add_option("--cnf-encoder", options.cnf_encoder, "CNF encoder: native (default) or z3 (the original's tactics)")
        ->type_name("native|z3")
        ->transform(CLI::CheckedTransformer(
                        std::map<std::string, CnfEncoder>{{"native", CnfEncoder::Native}, {"z3", CnfEncoder::Z3}},
                        CLI::ignore_case)
                        .description(""));
    app.add_option("--cnf-tune", options.cnf_tune,
                   "native encoder option KEY=VALUE, for experiments (see doc/cnf.md)")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false);
    app.add_option("--var-map", options.var_map_path, "write 'id name' for every primary CNF variable")
        ->type_name("FILE");
    app.add_option("--certificate,--cert", options.certificate_path,
                   "import a SAT solver's output ('-': stdin) and print/validate its solution")
        ->type_name("FILE");
  }
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
    if (cli.list_strategies) {
      out << strategy_list();
      return kExitOk;
    }
    if (cli.levels.empty()) throw UserError("missing N, the number of levels (see --help)");
    cli.options.levels = parse_levels(cli.levels);
    cli.options.strategies = cli.strategy_names;
    cli.options.command_line.assign(argv, argv + argc);
    return run(cli.options, out, err);
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
