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
#include "bel_pyramid/counting.hpp"
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
  if (value > 1 &&
      (solver == SolverKind::Cadical || solver == SolverKind::Z3 || solver == SolverKind::Xcc))
    throw UserError(
        fmt::format("--threads {}: solver \"{}\" runs in one thread (use local or portfolio)",
                    value, to_string(solver)));
  if (value < 2 && solver == SolverKind::Portfolio)
    throw UserError(fmt::format(
        "--threads {}: the portfolio needs at least 2 (local search and CaDiCaL)", value));
  return value;
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
  std::string timeout, seed, threads;         // parsed after CLI11, for one clear error line
  std::string max_solutions, part, estimate;  // likewise
  std::string centre_pattern;
  bool list_centre_patterns = false;
  Options options;
  std::string domain = "int";
  std::string tactic = "qffd";
  std::string solver = to_string(Options{}.solver);
  std::string cnf_encoder = "native";
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
    app.add_option("--certificate,--cert", options.certificate_path,
                   "import a SAT solver's output ('-': stdin) and print/validate its solution")
        ->type_name("FILE");
    add_count_options();
  }

  void add_count_options() {
    app.add_flag("--count", options.count,
                 "count the solutions (xcc engine; with --solver cadical: blocking clauses)");
    app.add_flag("--all", options.list_all, "print every solution as it is found, then the count");
    app.add_option("--max-solutions", max_solutions, "with --count/--all: stop after K solutions")
        ->type_name("K");
    app.add_flag("--up-to-symmetry", options.up_to_symmetry,
                 "with --count/--all: one solution per symmetry class (doc/symmetry.md)");
    app.add_option("--part", part,
                   "with --count/--all: only the part I of M (bottom-centre triple index % M == "
                   "I); the parts' counts sum to the whole")
        ->type_name("I/M");
    app.add_option("--estimate", estimate,
                   "with --count: estimate the count from K random search paths instead "
                   "(Knuth's estimator, xcc)")
        ->type_name("K");
    app.add_option("--centre-pattern", centre_pattern,
                   "with --count/--all: fix the centre column's lines to this restricted-growth "
                   "pattern (see --list-centre-patterns; doc/counting.md)")
        ->type_name("P");
    app.add_flag("--list-centre-patterns", list_centre_patterns,
                 "print every centre pattern of N with its weight, and exit (N <= 5)");
  }
};

// --max-solutions, --estimate: a positive integer.
std::uint64_t parse_positive(const char* option, const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc() || value == 0)
    throw UserError(fmt::format("{} must be a positive integer, got \"{}\"", option, text));
  return value;
}

// --part I/M: 0 <= I < M, M at most the number of bottom-centre triples.
void parse_part(const std::string& text, Options& options) {
  const std::size_t slash = text.find('/');
  const long long labels = 2LL * options.levels - 1;
  const long long triples = labels * labels * labels;
  int index = -1, count = 0;
  const char* end = text.data() + text.size();
  bool ok = slash != std::string::npos;
  if (ok) {
    auto [p1, e1] = std::from_chars(text.data(), text.data() + slash, index);
    auto [p2, e2] = std::from_chars(text.data() + slash + 1, end, count);
    ok = e1 == std::errc() && e2 == std::errc() && p1 == text.data() + slash && p2 == end &&
         slash > 0 && count >= 1 && index >= 0 && index < count;
  }
  if (!ok) throw UserError(fmt::format("--part must be I/M with 0 <= I < M, got \"{}\"", text));
  if (count > triples)
    throw UserError(
        fmt::format("--part {}: at most {} parts for N={}", text, triples, options.levels));
  options.part_index = index;
  options.part_count = count;
}

// Centre patterns (counting.hpp), kept to N <= 5: N=6 has tens of millions.
void check_centre_levels(int levels) {
  if (levels > 5)
    throw UserError(fmt::format("centre patterns are supported up to N=5, got N={}", levels));
}

int list_centre_patterns(int levels, std::ostream& out) {
  check_centre_levels(levels);
  for (const CentrePattern& p : centre_patterns(Pyramid(levels)))
    fmt::print(out, "{} {}\n", to_string(p), p.weight);
  return kExitOk;
}

void set_centre_pattern(const std::string& text, Options& options) {
  check_centre_levels(options.levels);
  const CentrePattern pattern = parse_centre_pattern(Pyramid(options.levels), text);
  options.centre_pattern = pattern.labels;
  options.centre_weight = pattern.weight;
}

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
    // An empty value would otherwise read as "option not given".
    for (const char* name :
         {"--timeout", "--seed", "--threads", "--smt2", "--cnf", "--var-map", "--cert"})
      if (cli.app.count(name) > 0 && cli.app.get_option(name)->as<std::string>().empty())
        throw UserError(fmt::format("{} needs a value, got an empty string", name));
    if (!cli.timeout.empty()) cli.options.timeout_seconds = parse_timeout(cli.timeout);
    if (!cli.seed.empty()) cli.options.seed = parse_seed(cli.seed);
    if (!cli.threads.empty()) cli.options.threads = parse_threads(cli.threads, cli.options.solver);
    if (cli.app.count("--max-solutions") > 0)
      cli.options.max_solutions = parse_positive("--max-solutions", cli.max_solutions);
    if (cli.app.count("--estimate") > 0)
      cli.options.estimate_probes = parse_positive("--estimate", cli.estimate);
    if (cli.app.count("--part") > 0) parse_part(cli.part, cli.options);
    if (cli.list_centre_patterns) return list_centre_patterns(cli.options.levels, out);
    if (cli.app.count("--centre-pattern") > 0) set_centre_pattern(cli.centre_pattern, cli.options);
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
