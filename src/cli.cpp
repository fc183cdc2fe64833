#include "bel_pyramid/cli.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

#include "bel_pyramid/cnf.hpp"
#include "bel_pyramid/error.hpp"
#include "bel_pyramid/interrupt.hpp"
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
  if (ec == std::errc::result_out_of_range && text[0] == '-')
    throw UserError(fmt::format("N must be at least 1, got {}", text));
  if (ec == std::errc::result_out_of_range || value > kMaxLevels)
    throw UserError(
        fmt::format("N={} is too large: the largest N this tool accepts is {}", text, kMaxLevels));
  if (value < 1) throw UserError(fmt::format("N must be at least 1, got {}", value));
  return static_cast<int>(value);
}

// --timeout: a finite number of seconds > 0 ("1.5", "300").
double parse_timeout(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc() || !std::isfinite(value) || value <= 0)
    throw UserError(
        fmt::format("--timeout must be a positive number of seconds, got \"{}\"", text));
  return value;
}

// --seed: a decimal unsigned 32-bit integer (Z3 takes no more).
unsigned parse_seed(const std::string& text) {
  unsigned value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc())
    throw UserError(fmt::format("--seed must be an integer from 0 to {}, got \"{}\"",
                                std::numeric_limits<unsigned>::max(), text));
  return value;
}

// --threads: 1..kMaxThreads; only the racing solvers use more than one.
inline constexpr int kMaxThreads = 256;
int parse_threads(const std::string& text, SolverKind solver) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc() || value < 1 || value > kMaxThreads)
    throw UserError(
        fmt::format("--threads must be an integer from 1 to {}, got \"{}\"", kMaxThreads, text));
  if (value > 1 && (solver == SolverKind::Cadical || solver == SolverKind::Z3))
    throw UserError(
        fmt::format("--threads {}: solver \"{}\" runs in one thread (use local or portfolio)",
                    value, to_string(solver)));
  if (value < 2 && solver == SolverKind::Portfolio)
    throw UserError(fmt::format(
        "--threads {}: the portfolio needs at least 2 (local search and CaDiCaL)", value));
  return value;
}

// --split K DIR: 1 <= K <= kMaxCubes, a directory name, native CNF only.
inline constexpr int kMaxCubes = 1 << 20;
void parse_split(const std::vector<std::string>& values, Options& options) {
  const std::string& k = values.at(0);
  int cubes = 0;
  auto [ptr, ec] = std::from_chars(k.data(), k.data() + k.size(), cubes);
  if (k.empty() || ptr != k.data() + k.size() || ec != std::errc() || cubes < 1 ||
      cubes > kMaxCubes)
    throw UserError(
        fmt::format("--split: K must be an integer from 1 to {}, got \"{}\"", kMaxCubes, k));
  if (values.at(1).empty()) throw UserError("--split: DIR must not be empty");
  if (!options.certificate_path.empty())
    throw UserError("--split and --cert cannot be combined (import with the args in DIR/args)");
  if (options.cnf_encoder != CnfEncoder::Native)
    throw UserError("--split needs --cnf-encoder native (the cubes use its numbering)");
  options.split_cubes = cubes;
  options.split_dir = values.at(1);
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
  std::string timeout, seed, threads;  // parsed after CLI11, for one clear error line
  std::vector<std::string> split;      // --split K DIR
  Options options;
  std::string domain = "int";
  std::string tactic = "qffd";
  std::string solver = to_string(Options{}.solver);
  std::string cnf_encoder = "native";
  std::string symmetry_breaking = "none";
  bool list_strategies = false;

  Cli() {
    app.set_version_flag("--version", version_string());
    app.footer(
        fmt::format("Exit codes: {} done, {} error, {} usage error, {} solver gave up "
                    "(--timeout), {} interrupted (Ctrl-C).",
                    kExitOk, kExitError, kExitUsage, kExitUnknown, kExitInterrupted));
    app.add_option("N", levels, "number of levels of the pyramid (N >= 1)");
    std::vector<std::string> names;
    for (const Strategy& s : strategies()) names.emplace_back(s.name);
    app.add_option("--strategy", strategy_names,
                   "apply a strategy (repeatable, in order); see --list-strategies")
        ->type_name("NAME")
        ->allow_extra_args(false)
        ->transform(CLI::IsMember(names, CLI::ignore_case).description(""));
    app.add_flag("--list-strategies", list_strategies, "list the strategies and exit");
    app.add_option("--finite-domain", domain, "label encoding: int (default) or enum")
        ->type_name("int|enum")
        ->transform(CLI::IsMember({"int", "enum"}, CLI::ignore_case).description(""));
    app.add_option("--tactic", tactic, "Z3 tactic: qffd (default), qflia or z3-default")
        ->type_name("NAME")
        ->transform(
            CLI::IsMember({"qffd", "qflia", "z3-default"}, CLI::ignore_case).description(""));
    std::vector<std::string> solvers;
    std::string solver_help = "the search:";
    for (const SolverName& s : solver_names()) {
      solvers.emplace_back(s.name);
      solver_help += fmt::format("\n  {:<10} {}", s.name, s.summary);
    }
    app.add_option("--solver", solver, solver_help + fmt::format("\n(default {})", solver))
        ->type_name("NAME")
        ->transform(CLI::IsMember(solvers, CLI::ignore_case).description(""));
    app.add_option("--timeout", timeout,
                   "give up after this many seconds of solving (wall clock, > 0)")
        ->type_name("SECONDS");
    app.add_option("--seed", seed, "random seed of the solver (unsigned, default 0)")
        ->type_name("N");
    app.add_option("--threads", threads,
                   "racing threads: local searches with seeds N, N+1, ... (local: default 1; "
                   "portfolio: default 2, CaDiCaL and the rest local searches)")
        ->type_name("K");
    app.add_option("--smt2", options.smt2_path, "export the formulation as SMT-LIB2 ('-': stdout)")
        ->type_name("FILE");
    app.add_flag("--skip-solver", options.skip_solver, "stop before solving");
    app.add_option(
           "--cnf", options.cnf_path,
           "export the formulation as DIMACS CNF (.gz/.xz compress; '-': stdout); with --cert, "
           "read this CNF and check the certificate against it")
        ->type_name("FILE");
    // IsMember, not CheckedTransformer: the latter also accepts 0 and 1 and
    // prints "{native->0,z3->1} OR {0,1}" on a bad name.
    app.add_option("--cnf-encoder", cnf_encoder,
                   "CNF encoder: native (default) or z3 (the original's tactics)")
        ->type_name("native|z3")
        ->transform(CLI::IsMember({"native", "z3"}, CLI::ignore_case).description(""));
    app.add_option("--cnf-tune", options.cnf_tune,
                   "native encoder option KEY=VALUE, for experiments (see doc/cnf.md)")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false);
    app.add_option("--var-map", options.var_map_path,
                   "write 'id name' for every primary CNF variable")
        ->type_name("FILE");
    app.add_option("--symmetry-breaking", symmetry_breaking,
                   "auto: add lex-leader / value-precedence constraints for the puzzle symmetries "
                   "that the strategies preserve (doc/symmetry-breaking.md); none (default)")
        ->type_name("auto|none")
        ->transform(CLI::IsMember({"auto", "none"}, CLI::ignore_case).description(""));
    app.add_option("--split", split,
                   "cube-and-conquer: write DIR/formula.cnf and K cubes (DIR/cubes), then stop; "
                   "solve them with scripts/conquer.sh DIR")
        ->type_name("K DIR")
        ->expected(2)
        ->allow_extra_args(false);
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
    cli.options.domain = cli.domain == "enum" ? Domain::Enum : Domain::Int;
    cli.options.tactic = cli.tactic == "qflia"        ? Tactic::Qflia
                         : cli.tactic == "z3-default" ? Tactic::Z3Default
                                                      : Tactic::Qffd;
    for (const SolverName& s : solver_names())
      if (cli.solver == s.name) cli.options.solver = s.kind;
    cli.options.cnf_encoder = cli.cnf_encoder == "z3" ? CnfEncoder::Z3 : CnfEncoder::Native;
    cli.options.symmetry_breaking = cli.symmetry_breaking == "auto";
    // An empty value would otherwise read as "option not given".
    for (const char* name :
         {"--timeout", "--seed", "--threads", "--smt2", "--cnf", "--var-map", "--cert"})
      if (cli.app.count(name) > 0 && cli.app.get_option(name)->as<std::string>().empty())
        throw UserError(fmt::format("{} needs a value, got an empty string", name));
    if (!cli.timeout.empty()) cli.options.timeout_seconds = parse_timeout(cli.timeout);
    if (!cli.seed.empty()) cli.options.seed = parse_seed(cli.seed);
    if (!cli.threads.empty()) cli.options.threads = parse_threads(cli.threads, cli.options.solver);
    if (!cli.split.empty()) parse_split(cli.split, cli.options);
    // Checked here, not only when a CNF is exported, so that a typo is never ignored.
    CnfOptions tune;
    for (const std::string& assignment : cli.options.cnf_tune) set_cnf_option(tune, assignment);
    const InterruptGuard interrupts;
    cli.options.stop = stop_flag();
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
