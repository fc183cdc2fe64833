#include "app/cli.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>

#include "app/memory_guard.hpp"
#include "app/run.hpp"
#include "app/version_string.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "cnf/cnf_options.hpp"
#include "model/counting.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/solver_table.hpp"

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

// --timeout, --checkpoint-every: a finite number of seconds > 0 ("1.5", "300").
double parse_timeout(const std::string& text, const char* option) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc() || !std::isfinite(value) || value <= 0)
    throw UserError(
        fmt::format("{} must be a positive number of seconds, got \"{}\"", option, text));
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

// --threads: 1..kMaxThreads; only racer entries and the portfolio use more than one.
inline constexpr int kMaxThreads = 256;
int parse_threads(const std::string& text, const Options& options) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end || ec != std::errc() || value < 1 || value > kMaxThreads)
    throw UserError(
        fmt::format("--threads must be an integer from 1 to {}, got \"{}\"", kMaxThreads, text));
  const bool portfolio = options.solver == "portfolio";
  if (value > 1 && !portfolio && !find_solver(options.solver)->racer)
    throw UserError(fmt::format("--threads {}: solver \"{}\" runs in one thread (racers: {})",
                                value, options.solver, solver_names_list(&SolverEntry::racer)));
  if (portfolio && !options.portfolio.empty() &&
      value != static_cast<int>(options.portfolio.size()))
    throw UserError(fmt::format("--threads {} does not match the {} racers of --portfolio", value,
                                options.portfolio.size()));
  if (portfolio && options.portfolio.empty() && value < 2)
    throw UserError(fmt::format(
        "--threads {}: the portfolio needs at least 2 (local search and CaDiCaL)", value));
  return value;
}

// --portfolio: comma-separated racer names, e.g. "local,local,cadical".
std::vector<std::string> parse_portfolio(const std::string& text) {
  std::vector<std::string> racers;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string name = text.substr(pos, comma - pos);
    const SolverEntry* entry = find_solver(name);
    if (!entry || !entry->racer)
      throw UserError(fmt::format("--portfolio: \"{}\" is not a racer (racers: {})", name,
                                  solver_names_list(&SolverEntry::racer)));
    racers.push_back(name);
    pos = comma + 1;
  }
  if (racers.size() > static_cast<std::size_t>(kMaxThreads))
    throw UserError(fmt::format("--portfolio: at most {} racers", kMaxThreads));
  return racers;
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

// --split-under CUBE: a line of DIR/cubes ("a LIT ... 0"; the "a" and the 0
// may be left out), nonzero literals. Their range is checked against the CNF.
std::vector<int> parse_cube(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words{std::istream_iterator<std::string>(in), {}};
  if (!words.empty() && words.front() == "a") words.erase(words.begin());
  if (!words.empty() && words.back() == "0") words.pop_back();
  std::vector<int> cube;
  for (const std::string& w : words) {
    int lit = 0;
    auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), lit);
    if (ptr != w.data() + w.size() || ec != std::errc() || lit == 0)
      throw UserError(fmt::format(
          "--split-under: \"{}\" is not a nonzero literal (expected a cube line \"a LIT ... 0\")",
          w));
    cube.push_back(lit);
  }
  return cube;
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
  // Parsed after CLI11, for one clear error line.
  std::string timeout, seed, threads, portfolio, checkpoint_every;
  std::vector<std::string> split;  // --split K DIR
  std::string split_under;
  std::string max_solutions, part, estimate;  // likewise
  std::string centre_pattern;
  bool list_centre_patterns = false;
  Options options;
  std::string domain = "int";
  std::string tactic = "qffd";
  std::string solver = Options{}.solver;
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
    for (const SolverEntry& s : solver_table()) {
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
                   "racing threads: copies of the solver with seeds N, N+1, ... (default 1; "
                   "portfolio: default 2, CaDiCaL and the rest local searches)")
        ->type_name("K");
    app.add_option("--portfolio", portfolio,
                   "race these solvers (comma-separated, e.g. local,local,cadical); implies "
                   "--solver portfolio")
        ->type_name("LIST");
    app.add_option(
           "--log", options.log_path,
           "append 'seconds total_seconds best_cost total_cpu_seconds' lines while searching")
        ->type_name("FILE");
    app.add_option("--checkpoint", options.checkpoint_path,
                   "save the best state to FILE every --checkpoint-every seconds and at the end")
        ->type_name("FILE");
    app.add_option("--checkpoint-every", checkpoint_every,
                   "seconds between two checkpoints (default 300)")
        ->type_name("SECONDS");
    app.add_option("--resume", options.resume_path,
                   "start the search from a checkpoint's state (same N)")
        ->type_name("FILE");
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
                   "that the strategies preserve (doc/symmetry-breaking.md); labels or geometry: "
                   "only the value-precedence or only the lex-leader half; none (default)")
        ->type_name("auto|labels|geometry|none")
        ->transform(CLI::IsMember(symmetry_breaking_names(), CLI::ignore_case).description(""));
    app.add_option("--split", split,
                   "cube-and-conquer: write DIR/formula.cnf and K cubes (DIR/cubes), then stop; "
                   "solve them with scripts/conquer.sh DIR")
        ->type_name("K DIR")
        ->expected(2)
        ->allow_extra_args(false);
    app.add_option("--split-under", split_under,
                   "with --split: split only this cube, a line 'a LIT ... 0' of an earlier "
                   "DIR/cubes (scripts/conquer.sh --resplit)")
        ->type_name("CUBE");
    app.add_option("--certificate,--cert", options.certificate_path,
                   "import a SAT solver's output ('-': stdin) and print/validate its solution")
        ->type_name("FILE");
    add_result_options();
    add_count_options();
  }

  // Showing and exchanging solutions: --check replaces the solve.
  void add_result_options() {
    app.add_option("--check", options.check_path,
                   "check a solution in Knuth's format or our JSON ('-': stdin) instead of "
                   "solving; N is read from it")
        ->type_name("FILE");
    app.add_option("--json", options.json_path,
                   "write the run and its solution as JSON, doc/json.md ('-': stdout, the report "
                   "then goes to stderr)")
        ->type_name("FILE");
    app.add_option("--svg", options.svg_path,
                   "draw the solution as an isometric SVG picture ('-': stdout)")
        ->type_name("FILE");
  }

  // Options that solve or export: meaningless when --check reads a solution.
  void check_alone() const {
    for (const char* name :
         {"--cert",        "--cnf",      "--smt2",          "--var-map",
          "--skip-solver", "--solver",   "--timeout",       "--seed",
          "--threads",     "--tactic",   "--cnf-encoder",   "--cnf-tune",
          "--portfolio",   "--log",      "--checkpoint",    "--checkpoint-every",
          "--resume",      "--split",    "--split-under",   "--symmetry-breaking",
          "--count",       "--all",      "--max-solutions", "--up-to-symmetry",
          "--part",        "--estimate", "--centre-pattern"})
      if (app.count(name) > 0)
        throw UserError(fmt::format("--check reads a solution; {} cannot be used with it", name));
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
    const bool checking = cli.app.count("--check") > 0;
    if (checking) cli.check_alone();
    if (cli.levels.empty() && !checking)
      throw UserError("missing N, the number of levels (see --help)");
    if (!cli.levels.empty()) cli.options.levels = parse_levels(cli.levels);
    cli.options.strategies = cli.strategy_names;
    cli.options.domain = cli.domain == "enum" ? Domain::Enum : Domain::Int;
    cli.options.tactic = cli.tactic == "qflia"        ? Tactic::Qflia
                         : cli.tactic == "z3-default" ? Tactic::Z3Default
                                                      : Tactic::Qffd;
    cli.options.solver = cli.solver;
    cli.options.cnf_encoder = cli.cnf_encoder == "z3" ? CnfEncoder::Z3 : CnfEncoder::Native;
    cli.options.symmetry_breaking = *parse_symmetry_breaking(cli.symmetry_breaking);
    // An empty value would otherwise read as "option not given".
    for (const char* name : {"--timeout", "--seed", "--threads", "--smt2", "--cnf", "--var-map",
                             "--cert", "--check", "--json", "--svg", "--portfolio", "--log",
                             "--checkpoint", "--checkpoint-every", "--resume"})
      if (cli.app.count(name) > 0 && cli.app.get_option(name)->as<std::string>().empty())
        throw UserError(fmt::format("{} needs a value, got an empty string", name));
    if (!cli.timeout.empty()) cli.options.timeout_seconds = parse_timeout(cli.timeout, "--timeout");
    if (!cli.checkpoint_every.empty())
      cli.options.checkpoint_seconds = parse_timeout(cli.checkpoint_every, "--checkpoint-every");
    if (!cli.seed.empty()) cli.options.seed = parse_seed(cli.seed);
    if (cli.app.count("--portfolio") > 0) {
      if (cli.app.count("--solver") > 0 && cli.solver != "portfolio")
        throw UserError(fmt::format(
            "--portfolio races solvers: it needs --solver portfolio, not {}", cli.solver));
      cli.options.solver = "portfolio";
      cli.options.portfolio = parse_portfolio(cli.portfolio);
    }
    if (!cli.threads.empty()) cli.options.threads = parse_threads(cli.threads, cli.options);
    if (!cli.split.empty()) parse_split(cli.split, cli.options);
    if (cli.app.count("--split-under") > 0) {
      if (cli.split.empty()) throw UserError("--split-under needs --split K DIR");
      cli.options.split_under = parse_cube(cli.split_under);
    }
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
