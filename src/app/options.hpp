// Options: everything the command line can ask for, as plain values. The CLI
// layer fills it; the run pipeline (run.hpp) reads it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/mode.hpp"
#include "cnf/cnf_options.hpp"
#include "cnf/cube_split.hpp"
#include "model/formulation.hpp"
#include "model/hypothesis.hpp"
#include "model/symmetry_breaking.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {

struct RunSummary;  // formats/run_summary.hpp

// Native: the whole formulation (cnf/native_encoder.hpp); Z3: the original's
// tactics; Completion: the exact cover of the lines a shape leaves free
// (solvers/completion.hpp).
enum class CnfEncoder { Native, Z3, Completion };

// A --hypothesis or --given file as read once at the start of a run
// (load_hypothesis_files, hypothesis_files.hpp).
struct HypothesisSource {
  std::string path;
  bool given = false;  // a --given partial drawing, else a --hypothesis file
  std::string text;
};

struct Options {
  // What the run does: mode_of() of the other fields, set by the command
  // line's reader and again by run() (for options built in code).
  Mode mode = Mode::Solve;
  int levels = 0;
  std::vector<std::string> strategies;  // canonical names, in command-line order
  std::vector<std::string> hypotheses;  // --hypothesis files, added after the strategies
  std::vector<std::string> given;       // --given partial drawings, after the hypotheses
  ParamValues params;                   // --param NAME=VALUE: one member of a family
  // --param NAME=V1,V2 or NAME=A..B (with --sweep): the values of a
  // parameter whose members the sweep searches, sorted, each once.
  ParamSlices param_slices;
  // Their texts, read once by run(): the formulation, --json and the
  // checkpoints see the same bytes even when a file is a pipe.
  std::vector<HypothesisSource> hypothesis_sources;
  Domain domain = Domain::Int;
  Tactic tactic = Tactic::Qffd;
  std::string smt2_path;  // empty: no export
  bool skip_solver = false;
  std::string solver = default_solver().name;  // an entry of solver_table()
  std::vector<std::string> portfolio;          // --portfolio racers; empty: default_racers(threads)
  double timeout_seconds = 0;                  // wall clock; 0: none
  std::optional<unsigned> seed;                // local search uses 0 when unset
  int threads = 0;  // racing threads of a racer entry or the portfolio; 0: 1, or 2 for portfolio
  // Long runs: progress log (appended), best state saved every
  // checkpoint_seconds (and at the end), and a state to start from.
  std::string log_path;
  std::string checkpoint_path;
  double checkpoint_seconds = 300;
  std::string resume_path;
  int perturb = 0;  // --perturb K: K random line relabels of the resumed state; 0: none
  // Set asynchronously (SIGINT) to stop a search that polls it (local search).
  const std::atomic<bool>* stop = nullptr;
  std::string cnf_path;  // empty: no export ("-": stdout)
  CnfEncoder cnf_encoder = CnfEncoder::Native;
  CnfOptions cnf_options;                 // --cnf-tune: the native encoder's options
  LocalSearchTuning local_tuning;         // --local-tune: the local search's settings
  std::string var_map_path;               // empty: none
  std::string certificate_path;           // empty: none ("-": stdin)
  std::vector<std::string> command_line;  // argv, echoed in the CNF's first comment
  // --symmetry-breaking: lex-leader / value-precedence constraints for the
  // symmetries the strategies preserve (symmetry_breaking.hpp).
  SymmetryBreakingMode symmetry_breaking = SymmetryBreakingMode::None;
  // --split K DIR: write the CNF and K cubes for cube-and-conquer, then stop.
  int split_cubes = 0;  // 0: no split
  std::string split_dir;
  std::vector<int> split_under;  // --split-under CUBE: split only this cube (its literals)
  // --split-by: a label literal or a whole line a step; unset: by lines for
  // the completion's CNF, by literals for the native one (split_export.cpp).
  std::optional<SplitBy> split_by;
  // Counting and listing (count_run.hpp): --count, --all, --max-solutions,
  // --up-to-symmetry, --part I/M (part_count 0: the whole count),
  // --centre-pattern P.
  bool count = false;
  bool list_all = false;
  std::uint64_t max_solutions = 0;  // 0: no limit
  bool up_to_symmetry = false;
  int part_index = 0, part_count = 0;
  std::vector<int> centre_pattern;    // --centre-pattern; empty: none
  std::uint64_t centre_weight = 1;    // its number of relabellings
  std::uint64_t estimate_probes = 0;  // --estimate: Knuth's estimator instead of the count
  std::uint64_t sample = 0;           // --sample K: K solutions from independent seeds; 0: none
  // --quotient I/M: the count by the symmetry quotient, part I of M (quotient_count 0: off).
  int quotient_index = 0, quotient_count = 0;

  // Showing and exchanging solutions (check.hpp, results.hpp); empty: not asked.
  std::string svg_path;               // isometric picture of the result ("-": stdout)
  std::string json_path;              // the run as JSON, doc/json.md ("-": stdout)
  std::string check_path;             // a solution to check instead of solving ("-": stdin)
  bool list_centre_patterns = false;  // --list-centre-patterns: list them and exit

  // --sweep DIR: every member of the family a --hypothesis file declares,
  // answered into DIR (sweep_run.hpp); --sweep-part K/M: the members K
  // (1-based) of every M; --every-member: no classes of equivalent members;
  // --keep-learned: an undecided member's learned clauses, to start from.
  std::string sweep_dir;
  std::uint64_t conflicts = 0;  // --conflicts: CaDiCaL's budget per search; 0: none
  bool unsat_core = false;      // --unsat-core: after "no solution", the fixed lines to blame
  int sweep_part = 0;
  int sweep_parts = 0;  // 0: the whole sweep
  bool every_member = false;
  bool keep_learned = false;

  // Batch use: only the result lines (--quiet), periodic status lines on a
  // stderr that is not a terminal (0: none), the SAT competition's exit codes.
  bool quiet = false;
  double progress_seconds = 0;
  bool sat_exit_codes = false;

  // --proof FILE: CaDiCaL's binary DRAT proof when it answers Unsat (proof_output.hpp).
  std::string proof_path;  // empty: none

  // Front ends other than the command line (the Python module): hypotheses
  // built in code for this N, added after the files (hypothesis_files.hpp),
  // and a progress sink called with every report a search or a count makes,
  // on the searching thread, besides the run's own monitor; `summary`, when
  // set, receives the RunSummary of a run that makes one (write_results,
  // results.hpp).
  std::vector<Hypothesis> built_hypotheses;
  std::function<void(const SearchProgress&)> progress;
  RunSummary* summary = nullptr;
};

// The run's mode: the first of --check, --list-centre-patterns, --cert,
// --split, --skip-solver, --sweep, --sample, --count/--all that is given,
// else Solve.
[[nodiscard]] Mode mode_of(const Options& options);
// The limits every search of this run gets (seed, time, stop flag, tactic,
// --cnf-tune); progress and start are the caller's.
[[nodiscard]] SolveLimits solve_limits(const Options& options);
// The run's progress sink after `own` (the run's monitor): either may be empty.
[[nodiscard]] std::function<void(const SearchProgress&)> with_progress(
    const Options& options, std::function<void(const SearchProgress&)> own);
// Whether the run's stop flag (Ctrl-C) is set.
[[nodiscard]] bool interrupted(const Options& options);

// The --solver entry of the run (the default one for an unknown name, which
// the command line refuses before a run).
[[nodiscard]] const SolverEntry& chosen_solver(const Options& options);
// The racers of a run: --portfolio, the default portfolio for --threads, or
// --threads copies of one racer entry; empty when one search runs alone.
// The default portfolio races CaDiCaL only when the run may_refute, two
// CaDiCaL configurations when the completion also takes its formulation
// with only Z lines free (`completes`, known once it is built:
// default_racers), and keeps a local search when --log, --checkpoint or
// --resume asks for a state.
[[nodiscard]] std::vector<std::string> racers_of(const Options& options, bool completes = false);
// racers_of for the built formulation `f` under `limits`, which says whether
// the completion takes it with only Z lines free (looked at only when the
// default race could use it): what a run and a sweep's member race.
[[nodiscard]] std::vector<std::string> racers_for(const Options& options, const Formulation& f,
                                                  const SolveLimits& limits);
// Whether the run may have to answer "no solution": it states a hypothesis
// (--strategy, --hypothesis, --given, or one built in Python) or asks for
// a proof.
[[nodiscard]] bool may_refute(const Options& options);

}  // namespace bel_pyramid
