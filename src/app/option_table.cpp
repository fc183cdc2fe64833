#include "app/option_table.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

#include "app/cnf_export.hpp"
#include "app/count_run.hpp"
#include "app/option_values.hpp"
#include "app/parse_number.hpp"
#include "app/perturbation.hpp"
#include "app/solve_mode.hpp"
#include "base/error.hpp"
#include "cnf/cnf_options.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/local_search_tuning.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

std::vector<std::string> strategy_choices() {
  std::vector<std::string> names;
  for (const Strategy& s : strategies()) names.emplace_back(s.name);
  return names;
}

std::vector<std::string> solver_choices() {
  std::vector<std::string> names;
  for (const SolverEntry& s : solver_table()) names.emplace_back(s.name);
  return names;
}

// The names only: --help's "Solvers:" section (a man page section of its own)
// and doc/solvers.md's solver table describe them.
std::string solver_help() {
  return fmt::format("the search: {} (default {}; see Solvers)", fmt::join(solver_choices(), ", "),
                     Options{}.solver);
}

// Parsed here, once, so that a typo is never ignored.
void parse_cnf_tune(const OptionValues& values, Options& options) {
  options.cnf_options = cnf_options_from(values);
}

// Parsed here, once, with the checks that span keys.
void parse_local_tune(const OptionValues& values, Options& options) {
  options.local_tuning = local_tuning_from(values);
}

// A strategy given twice would be applied twice: refused, named.
void parse_strategies(const OptionValues& values, Options& options) {
  for (auto it = values.begin(); it != values.end(); ++it)
    if (std::find(values.begin(), it, *it) != it)
      throw UserError(fmt::format("--strategy {} is given twice", *it));
  options.strategies = values;
}

// One value of --param: an integer with |value| <= 10^9.
long param_number(std::string_view text, const std::string& option) {
  return parse_number<long>(
      text, -1'000'000'000, 1'000'000'000,
      fmt::format("--param {}: the value must be an integer (|value| <= 10^9)", option));
}

// A slice's values: items V or A..B, separated by commas.
std::vector<long> param_list(std::string_view text, const std::string& option) {
  constexpr long kMaxValues = 1'000'000;
  std::vector<long> values;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const std::size_t dots = item.find("..");
    const long from = param_number(item.substr(0, dots), option);
    const long to =
        dots == std::string_view::npos ? from : param_number(item.substr(dots + 2), option);
    if (to < from || to - from >= kMaxValues)
      throw UserError(fmt::format("--param {}: a range A..B needs A <= B, at most {} values",
                                  option, kMaxValues));
    for (long v = from; v <= to; ++v) values.push_back(v);
    if (values.size() > static_cast<std::size_t>(kMaxValues))
      throw UserError(fmt::format("--param {}: more than {} values", option, kMaxValues));
    start = comma + 1;
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

// NAME=VALUE (one member), or NAME=V1,V2,... / NAME=A..B (a sweep's
// slice); each name once.
void parse_params(const OptionValues& values, Options& options) {
  for (const std::string& v : values) {
    const std::size_t eq = v.find('=');
    const std::string name = v.substr(0, eq);
    if (eq == std::string::npos || name.empty())
      throw UserError(fmt::format("--param {}: expected NAME=VALUE or NAME=V1,V2,...", v));
    const std::string_view value = std::string_view(v).substr(eq + 1);
    if (options.params.count(name) || options.param_slices.count(name))
      throw UserError(fmt::format("--param {} is given twice", name));
    if (value.find_first_of(",.") == std::string_view::npos)
      options.params.emplace(name, param_number(value, v));
    else
      options.param_slices.emplace(name, param_list(value, v));
  }
}

// What the solvers of a run can do: the `needs_met` of the rows below, and
// the "(--solver a or b, or a portfolio racing one)" that names them.
bool searches_with_state(const Options& o) { return some_search_has(o, &SolverEntry::stateful); }
bool searches_from_start(const Options& o) { return some_search_has(o, &SolverEntry::starts); }
bool runs_local(const Options& o) { return some_search_has(o, &SolverEntry::runs_local); }
bool runs_cadical(const Options& o) {
  if (o.mode == Mode::Count)
    return chosen_solver(o).counts && chosen_solver(o).counts->runs_cadical;
  return has(kSearchModes, o.mode) && some_search_has(o, &SolverEntry::runs_cadical);
}
bool builds_cnf(const Options& o) {
  return !o.cnf_path.empty() || !o.var_map_path.empty() ||
         has(bit(Mode::Certificate) | bit(Mode::Split), o.mode) || runs_cadical(o);
}
// The completion reads one key too (completion-amo, option_checks.cpp).
bool reads_cnf_tune(const Options& o) { return o.cnf_encoder != CnfEncoder::Z3 && builds_cnf(o); }
bool checkpoints(const Options& o) { return !o.checkpoint_path.empty(); }
// A count's only state is that of a --quotient part (doc/counting.md).
bool counts_parts(const Options& o) { return o.quotient_count > 0 && o.estimate_probes == 0; }
bool keeps_state(const Options& o) {
  return o.mode == Mode::Count ? counts_parts(o) : searches_with_state(o);
}
bool starts_from_state(const Options& o) {
  return o.mode == Mode::Count ? counts_parts(o) : searches_from_start(o);
}

std::string searches_that(const char* what, bool SolverEntry::*flag) {
  std::string names = solver_names_list(flag);
  if (const std::size_t comma = names.rfind(", "); comma != std::string::npos)
    names.replace(comma, 2, " or ");
  return fmt::format("a search that {} (--solver {}, or a portfolio racing one)", what, names);
}

std::string cnf_needs(const char* what) {
  return fmt::format("{} (--cnf, --var-map, --cert, --split, or {})", what,
                     searches_that("runs CaDiCaL", &SolverEntry::runs_cadical));
}

// Options that solve or export: meaningless when --check reads a solution.
constexpr bool kSolves = true;
constexpr bool kNotEmpty = true;
// The modes of the options that steer a search (kSearchModes: any search).
constexpr Modes kOneSearch = bit(Mode::Solve) | bit(Mode::Sample);
constexpr Modes kCounts = bit(Mode::Count);
// A sweep writes its own table (sweep_run.hpp).
constexpr Modes kResults =
    kAllModes & ~bit(Mode::Split) & ~bit(Mode::ListCentrePatterns) & ~bit(Mode::Sweep);

std::vector<OptionRow> make_table() {
  using V = const OptionValues&;
  return {
      {.names = "N",
       .help = "number of levels of the pyramid (N >= 1)",
       .parse =
           [](V v, Options& o) {
             if (!v[0].empty()) o.levels = parse_levels(v[0]);
           }},
      {.names = "--strategy",
       .kind = ValueKind::List,
       .value = "NAME",
       .help = "apply a strategy (repeatable, in order); see --list-strategies",
       .choices = strategy_choices(),
       .parse = parse_strategies},
      {.names = "--list-strategies",
       .kind = ValueKind::Flag,
       .help = "list the strategies and exit (with --json PATH: as JSON; no other option)"},
      {.names = "--hypothesis",
       .kind = ValueKind::List,
       .value = "FILE",
       .help = "add the constraints of a hypothesis file (repeatable; doc/hypotheses.md)",
       .refuses_empty = kNotEmpty,
       .texts = &Options::hypotheses},
      {.names = "--param",
       .kind = ValueKind::List,
       .value = "NAME=VALUE",
       .help = "give a parameter of a family (a 'param' of a --hypothesis file) its value "
               "(repeatable); with --sweep, NAME=V1,V2,... or NAME=A..B (one value: V..V) "
               "searches only the members that take those values",
       .refuses_empty = kNotEmpty,
       .needs = "--hypothesis",
       .needs_met = [](const Options& o) { return !o.hypotheses.empty(); },
       .parse = parse_params},
      {.names = "--sweep",
       .value = "DIR",
       .help = "answer every member of the family a --hypothesis file declares (found, refuted "
               "or undecided within --timeout each), into DIR/sweep.tsv and DIR/sweep.json; run "
               "again to resume (doc/families.md)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .needs = "--hypothesis",
       .needs_met = [](const Options& o) { return !o.hypotheses.empty(); },
       .text = &Options::sweep_dir},
      {.names = "--sweep-part",
       .value = "K/M",
       .help = "with --sweep: only the members K, K+M, K+2M, ... of the members to search (1 <= "
               "K <= M), for spreading a sweep over machines (scripts/sweep.sh)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = bit(Mode::Sweep),
       .used = [](const Options& o) { return o.sweep_parts > 0; },
       .parse = [](V v, Options& o) { parse_sweep_part(v[0], o); }},
      {.names = "--every-member",
       .kind = ValueKind::Flag,
       .help = "with --sweep: search every member, also those a symmetry (mirrors of the base, "
               "renaming the labels) makes equal to one searched before",
       .refused_with_check = kSolves,
       .modes = bit(Mode::Sweep),
       .used = [](const Options& o) { return o.every_member; },
       .flag = &Options::every_member},
      {.names = "--keep-learned",
       .kind = ValueKind::Flag,
       .help = "with --sweep: keep the short clauses CaDiCaL learns on a member it leaves "
               "undecided (DIR/learned/MEMBER.cnf.xz, saved every --checkpoint-every seconds "
               "too) and start that member's next search from them",
       .refused_with_check = kSolves,
       .modes = bit(Mode::Sweep),
       .needs = searches_that("runs CaDiCaL", &SolverEntry::runs_cadical),
       .used = [](const Options& o) { return o.keep_learned; },
       .needs_met = runs_cadical,
       .flag = &Options::keep_learned},
      {.names = "--given",
       .kind = ValueKind::List,
       .value = "FILE",
       .help = "keep the labels of a partial drawing in Knuth's format, '.' for a free label "
               "(repeatable)",
       .refuses_empty = kNotEmpty,
       .texts = &Options::given},
      {.names = "--finite-domain",
       .value = "int|enum",
       .help = "label encoding: int (default) or enum",
       .choices = {"int", "enum"},
       .parse = [](V v, Options& o) { o.domain = v[0] == "enum" ? Domain::Enum : Domain::Int; }},
      {.names = "--tactic",
       .value = "NAME",
       .help = "Z3 tactic: qffd (default), qflia or z3-default",
       .choices = {"qffd", "qflia", "z3-default"},
       .refused_with_check = kSolves,
       .modes = bit(Mode::Solve),
       .needs = "--solver " + solver_names_list(&SolverEntry::reads_tactic),
       .needs_met = [](const Options& o) { return chosen_solver(o).reads_tactic; },
       .parse =
           [](V v, Options& o) {
             o.tactic = v[0] == "qflia"        ? Tactic::Qflia
                        : v[0] == "z3-default" ? Tactic::Z3Default
                                               : Tactic::Qffd;
           }},
      {.names = "--solver",
       .value = "NAME",
       .help = solver_help(),
       .choices = solver_choices(),
       .refused_with_check = kSolves,
       .modes = kSearchModes,
       .text = &Options::solver},
      {.names = "--timeout",
       .value = "SECONDS",
       .help = "give up after this many seconds of solving (wall clock, > 0)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kSearchModes,
       .parse = [](V v, Options& o) { o.timeout_seconds = parse_seconds(v[0], "--timeout"); }},
      {.names = "--conflicts",
       .value = "K",
       .help = "give up after K conflicts of CaDiCaL (per member with --sweep): a budget that, "
               "unlike --timeout, gives the same answer on every machine; a race ends when its "
               "CaDiCaL racers have spent it",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = bit(Mode::Solve) | bit(Mode::Sweep),
       .needs = searches_that("runs CaDiCaL", &SolverEntry::runs_cadical),
       .used = [](const Options& o) { return o.conflicts > 0; },
       .needs_met = runs_cadical,
       .parse =
           [](V v, Options& o) {
             o.conflicts = parse_number<std::uint64_t>(
                 v[0], 1, std::numeric_limits<int>::max(),
                 fmt::format("--conflicts {}: expected an integer from 1 to {}", v[0],
                             std::numeric_limits<int>::max()));
           }},
      {.names = "--unsat-core",
       .kind = ValueKind::Flag,
       .help = "when no solution exists, name a minimal set of the lines the strategies and "
               "hypotheses fix that already leaves none (freeing one of them is needed; on the "
               "completion, the lines of one axis with the others kept; doc/families.md)",
       .refused_with_check = kSolves,
       .modes = bit(Mode::Solve),
       .needs = "a complete search (--solver " + solver_names_list(&SolverEntry::complete) + ")",
       .used = [](const Options& o) { return o.unsat_core; },
       .needs_met = [](const Options& o) { return chosen_solver(o).complete; },
       .flag = &Options::unsat_core},
      {.names = "--seed",
       .value = "N",
       .help = "random seed of the solver (unsigned, default 0); with --sweep, members left "
               "undecided under another seed are searched again",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kSearchModes,
       .parse = [](V v, Options& o) { o.seed = parse_seed(v[0]); }},
      {.names = "--threads",
       .value = "K",
       .help = "racing threads: copies of the solver with seeds N, N+1, ... (default 1; "
               "portfolio: default 2: the construction on the bare puzzle where a shape is "
               "known, else local searches, one of them CaDiCaL under a hypothesis, or "
               "CaDiCaL's sat and unsat configurations where the shape fixes every X and Y "
               "line); with --sweep: members searched at a time (default: one per core)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kSearchModes,
       .parse = [](V v, Options& o) { o.threads = parse_threads(v[0]); }},
      {.names = "--portfolio",
       .value = "LIST",
       .help = "race these solvers (comma-separated, e.g. local,local,cadical; "
               "cadical:unsat is CaDiCaL in its unsat configuration); implies --solver "
               "portfolio; with --sweep, each member's race",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kSearchModes,
       .parse = [](V v, Options& o) { o.portfolio = parse_portfolio(v[0]); }},
      {.names = "--log",
       .value = "FILE",
       .help = "append 'seconds total_seconds best_cost total_cpu_seconds' lines while searching "
               "('-': stdout)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kOneSearch,
       .needs = searches_that("keeps a state", &SolverEntry::stateful),
       .used = [](const Options& o) { return !o.log_path.empty(); },
       .needs_met = searches_with_state,
       .text = &Options::log_path},
      {.names = "--checkpoint",
       .value = "FILE",
       .help = "save the best state (a --quotient part: its progress) to FILE every "
               "--checkpoint-every seconds and at the end",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kOneSearch | kCounts,
       .needs = searches_that("keeps a state", &SolverEntry::stateful) +
                " or a --count --quotient without --estimate",
       .used = checkpoints,
       .needs_met = keeps_state,
       .text = &Options::checkpoint_path},
      {.names = "--checkpoint-every",
       .value = "SECONDS",
       .help = "seconds between two checkpoints (default 300); with --keep-learned, between two "
               "saves of the learned clauses",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .needs = "--checkpoint or --keep-learned",
       .needs_met = [](const Options& o) { return checkpoints(o) || o.keep_learned; },
       .parse =
           [](V v, Options& o) {
             o.checkpoint_seconds = parse_seconds(v[0], "--checkpoint-every");
           }},
      {.names = "--resume",
       .value = "FILE",
       .help = "start the search from a checkpoint's state (same N): local search's replicas, "
               "CaDiCaL's decision phases; a --quotient part: the representatives not yet counted",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kOneSearch | kCounts,
       .needs = searches_that("starts from a state", &SolverEntry::starts) +
                " or a --count --quotient without --estimate",
       .used = [](const Options& o) { return !o.resume_path.empty(); },
       .needs_met = starts_from_state,
       .text = &Options::resume_path},
      {.names = "--perturb",
       .value = "K",
       .help = "with --resume: start after K random line relabels of the checkpoint's state (a "
               "new start near it; the hunt's pool, doc/hunt.md)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .needs = "--resume",
       .needs_met = [](const Options& o) { return !o.resume_path.empty(); },
       .parse = [](V v, Options& o) { o.perturb = parse_perturb(v[0]); }},
      {.names = "--smt2",
       .value = "FILE",
       .help = "export the formulation as SMT-LIB2 ('-': stdout)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .text = &Options::smt2_path},
      {.names = "--skip-solver",
       .kind = ValueKind::Flag,
       .help = "stop before solving",
       .refused_with_check = kSolves,
       .flag = &Options::skip_solver},
      {.names = "--cnf",
       .value = "FILE",
       .help = "export the formulation as DIMACS CNF (.gz/.xz compress; '-': stdout); with "
               "--cert, read this CNF and check the certificate against it",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .text = &Options::cnf_path},
      {.names = "--cnf-encoder",
       .value = "native|z3|completion",
       .help = "CNF encoder: native (default), z3 (the original's tactics) or completion (the "
               "exact cover of what a shape leaves free, doc/families.md)",
       .choices = {"native", "z3", "completion"},
       .refused_with_check = kSolves,
       .needs = cnf_needs("a CNF"),
       .used = [](const Options& o) { return o.cnf_encoder != CnfEncoder::Native; },
       .needs_met = builds_cnf,
       .parse =
           [](V v, Options& o) {
             for (const CnfEncoder e : {CnfEncoder::Native, CnfEncoder::Z3, CnfEncoder::Completion})
               if (v[0] == to_string(e)) o.cnf_encoder = e;
           }},
      {.names = "--cnf-tune",
       .kind = ValueKind::List,
       .value = "KEY=VALUE",
       .help = "native encoder option KEY=VALUE, for experiments (see doc/cnf.md)",
       .refused_with_check = kSolves,
       .needs = cnf_needs("the native CNF encoder"),
       .used = [](const Options& o) { return o.cnf_options != CnfOptions{}; },
       .needs_met = reads_cnf_tune,
       .parse = parse_cnf_tune},
      {.names = "--local-tune",
       .kind = ValueKind::List,
       .value = "KEY=VALUE",
       .help = "local search setting KEY=VALUE (repeatable): the ladder (replicas, tmin, tmax, "
               "exchange-every) and the move shares (swap, aim); see doc/searches.md",
       .refused_with_check = kSolves,
       .modes = kOneSearch,
       .needs = searches_that("runs the local search", &SolverEntry::runs_local),
       .used = [](const Options& o) { return o.local_tuning != LocalSearchTuning{}; },
       .needs_met = runs_local,
       .parse = parse_local_tune},
      {.names = "--var-map",
       .value = "FILE",
       .help = "write 'id name' for every primary CNF variable",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .text = &Options::var_map_path},
      {.names = "--symmetry-breaking",
       .value = "auto|labels|geometry|none",
       .help = "auto: add lex-leader / value-precedence constraints for the puzzle symmetries "
               "that the strategies preserve (doc/symmetry-breaking.md); labels or geometry: "
               "only the value-precedence or only the lex-leader half; none (default)",
       .choices = symmetry_breaking_names(),
       .refused_with_check = kSolves,
       .parse = [](V v, Options& o) { o.symmetry_breaking = *parse_symmetry_breaking(v[0]); }},
      {.names = "--split",
       .kind = ValueKind::Pair,
       .value = "K DIR",
       .help = "cube-and-conquer: write DIR/formula.cnf and K cubes (DIR/cubes), then stop; "
               "solve them with scripts/conquer.sh DIR",
       .refused_with_check = kSolves,
       .parse = parse_split},
      // No `used`: an empty cube would not show that it was given.
      {.names = "--split-under",
       .value = "CUBE",
       .help = "with --split: split only this cube, a line 'a LIT ... 0' of an earlier "
               "DIR/cubes (scripts/conquer.sh --resplit)",
       .refused_with_check = kSolves,
       .needs = "--split K DIR",
       .needs_met = [](const Options& o) { return o.split_cubes > 0; },
       .parse = [](V v, Options& o) { o.split_under = parse_cube(v[0]); }},
      {.names = "--split-by",
       .value = "literal|line",
       .help = "with --split: split a cube on one label literal, two cubes a step (literal; "
               "the default for the native CNF), or on a whole line, a cube per label it can "
               "take (line; K or more cubes; the default for --cnf-encoder completion)",
       .choices = {"literal", "line"},
       .refused_with_check = kSolves,
       .needs = "--split K DIR",
       .used = [](const Options& o) { return o.split_by.has_value(); },
       .needs_met = [](const Options& o) { return o.split_cubes > 0; },
       .parse = [](V v,
                   Options& o) { o.split_by = v[0] == "line" ? SplitBy::Line : SplitBy::Literal; }},
      {.names = "--certificate,--cert",
       .value = "FILE",
       .help = "import a SAT solver's output ('-': stdin) and print/validate its solution",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .text = &Options::certificate_path},
      {.names = "--check",
       .value = "FILE",
       .help = "check a solution in Knuth's format or our JSON ('-': stdin) instead of solving; "
               "N is read from it",
       .refuses_empty = kNotEmpty,
       .text = &Options::check_path},
      {.names = "--json",
       .value = "FILE",
       .help = "write the run and its solution as JSON, doc/json.md ('-': stdout, the report "
               "then goes to stderr)",
       .refuses_empty = kNotEmpty,
       .modes = kResults,
       .used = [](const Options& o) { return !o.json_path.empty(); },
       .text = &Options::json_path},
      {.names = "--svg",
       .value = "FILE",
       .help = "draw the solution as an isometric SVG picture ('-': stdout)",
       .refuses_empty = kNotEmpty,
       .modes = kResults & ~bit(Mode::Count) & ~bit(Mode::Sample),
       .used = [](const Options& o) { return !o.svg_path.empty(); },
       .text = &Options::svg_path},
      {.names = "--count",
       .kind = ValueKind::Flag,
       .help = "count the solutions (xcc engine; with --solver cadical: blocking clauses)",
       .refused_with_check = kSolves,
       .flag = &Options::count},
      {.names = "--all",
       .kind = ValueKind::Flag,
       .help = "print every solution as it is found, then the count",
       .refused_with_check = kSolves,
       .flag = &Options::list_all},
      {.names = "--max-solutions",
       .value = "K",
       .help = "with --count/--all: stop after K solutions",
       .refused_with_check = kSolves,
       .modes = kCounts,
       .used = [](const Options& o) { return o.max_solutions > 0; },
       .parse = [](V v, Options& o) { o.max_solutions = parse_positive("--max-solutions", v[0]); }},
      {.names = "--up-to-symmetry",
       .kind = ValueKind::Flag,
       .help = "with --count/--all: one solution per symmetry class (doc/symmetry.md)",
       .refused_with_check = kSolves,
       .modes = kCounts,
       .used = [](const Options& o) { return o.up_to_symmetry; },
       .flag = &Options::up_to_symmetry},
      {.names = "--part",
       .value = "I/M",
       .help = "with --count/--all: only the part I of M (bottom-centre triple index % M == I); "
               "the parts' counts sum to the whole",
       .refused_with_check = kSolves,
       .modes = kCounts,
       .used = [](const Options& o) { return o.part_count > 0; },
       .parse = [](V v, Options& o) { parse_part(v[0], o); }},
      {.names = "--estimate",
       .value = "K",
       .help = "with --count: estimate the count from K random search paths instead (Knuth's "
               "estimator, xcc)",
       .refused_with_check = kSolves,
       .modes = kCounts,
       .used = [](const Options& o) { return o.estimate_probes > 0; },
       // --all alone: "goes with --count alone" (option_checks)
       .parse = [](V v, Options& o) { o.estimate_probes = parse_positive("--estimate", v[0]); }},
      {.names = "--centre-pattern",
       .value = "P",
       .help = "with --count/--all: fix the centre column's lines to this restricted-growth "
               "pattern (see --list-centre-patterns; doc/counting.md)",
       .refused_with_check = kSolves,
       .modes = kCounts,
       .used = [](const Options& o) { return !o.centre_pattern.empty(); },
       .parse = [](V v, Options& o) { set_centre_pattern(v[0], o); }},
      {.names = "--sample",
       .value = "K",
       .help = "K distinct solutions from independent seeds (local search; with --solver xcc: "
               "xcc with restarts), and the number of symmetry classes among them",
       .refused_with_check = kSolves,
       .parse = [](V v, Options& o) { o.sample = parse_positive("--sample", v[0]); }},
      // The count by the symmetry quotient.
      {.names = "--quotient",
       .value = "I/M",
       .help = "with --count: count by the symmetry quotient (orbit representatives of the "
               "quotient lines; doc/counting.md), only representatives numbered I mod M",
       .refused_with_check = kSolves,
       .modes = kCounts,
       .used = [](const Options& o) { return o.quotient_count > 0; },
       .parse = [](V v, Options& o) { parse_quotient(v[0], o); }},
      {.names = "--list-centre-patterns",
       .kind = ValueKind::Flag,
       .help = "print every centre pattern of N with its weight, and exit (N <= 5)",
       .flag = &Options::list_centre_patterns},
      // Batch use.
      {.names = "-q,--quiet",
       .kind = ValueKind::Flag,
       .help = "print only the result line(s) and errors",
       .flag = &Options::quiet},
      {.names = "--progress-every",
       .value = "SECONDS",
       .help = "when stderr is not a terminal, print a 'c' status line there every SECONDS "
               "while searching or counting (default: none)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .modes = kSearchModes,
       .parse = [](V v,
                   Options& o) { o.progress_seconds = parse_seconds(v[0], "--progress-every"); }},
      {.names = "--sat-exit-codes",
       .kind = ValueKind::Flag,
       .help = "exit as SAT solvers do: 10 solution (also a valid --check), 20 none exists, 0 "
               "unknown or gave up",
       .flag = &Options::sat_exit_codes},
      // Proofs (proof_output.hpp).
      {.names = "--proof",
       .value = "FILE",
       .help = "with --solver cadical (or a portfolio with one cadical racer): when CaDiCaL "
               "answers \"no solution\", write its binary DRAT proof for the CNF that --cnf "
               "writes (check it with drat-trim; no file otherwise)",
       .refused_with_check = kSolves,
       .refuses_empty = kNotEmpty,
       .text = &Options::proof_path},
  };
}

// A help text as one Markdown table cell: its lines joined by <br>, '|' escaped.
std::string markdown_cell(std::string_view text) {
  std::string cell;
  bool line_start = false;  // a continuation line's indentation is dropped
  for (const char c : text) {
    if (c == '\n') cell += "<br>";
    line_start = c == '\n' || (line_start && c == ' ');
    if (line_start) continue;
    if (c == '|') cell += '\\';
    cell += c;
  }
  return cell;
}

// "`--certificate FILE`, `--cert FILE`".
std::string markdown_names(const OptionRow& row) {
  std::string out;
  std::string_view names = row.names;
  while (!names.empty()) {
    const std::size_t comma = std::min(names.find(','), names.size());
    const std::string_view name = names.substr(0, comma);
    if (!out.empty()) out += ", ";
    out += fmt::format("`{}{}{}`", name, row.value.empty() ? "" : " ", row.value);
    names.remove_prefix(std::min(comma + 1, names.size()));
  }
  return markdown_cell(out);
}

}  // namespace

std::string_view OptionRow::name() const {
  const std::size_t comma = names.rfind(',');
  return comma == std::string_view::npos ? names : names.substr(comma + 1);
}

void OptionRow::apply(const OptionValues& values, Options& options) const {
  if (text) options.*text = values.at(0);
  if (texts) options.*texts = values;
  if (flag) options.*flag = true;
  if (parse) parse(values, options);
}

void OptionRow::check_used(const Options& options) const {
  if (!has(modes, options.mode))
    throw UserError(fmt::format("{} is used only with {}", name(), describe_modes(modes)));
  if (needs_met && !needs_met(options))
    throw UserError(fmt::format("{} is used only with {}", name(), needs));
}

const std::vector<OptionRow>& option_table() {
  static const std::vector<OptionRow> table = make_table();
  return table;
}

std::string options_markdown() {
  std::string out = "| option | meaning |\n| --- | --- |\n";
  for (const OptionRow& row : option_table())
    out += fmt::format("| {} | {} |\n", markdown_names(row), markdown_cell(row.help));
  out += "| `-h`, `--help` | Print this help message and exit |\n";
  out += "| `--version` | Display program version information and exit |\n";
  return out;
}

}  // namespace bel_pyramid
