// Options: everything the command line can ask for, as plain values. The CLI
// layer fills it; the run pipeline (run.hpp) reads it.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/z3_backend.hpp"

namespace bel_pyramid {

// Which backend searches. New backends add an entry here and one line to the
// CLI's --solver table.
enum class SolverKind { Z3, Local, Cadical, Portfolio, Xcc };
enum class CnfEncoder { Native, Z3 };

struct Options {
  int levels = 0;
  std::vector<std::string> strategies;  // canonical names, in command-line order
  Domain domain = Domain::Int;
  Tactic tactic = Tactic::Qffd;
  std::string smt2_path;  // empty: no export
  bool skip_solver = false;
  SolverKind solver = SolverKind::Portfolio;  // fastest measured (README)
  double timeout_seconds = 0;                 // wall clock; 0: none
  std::optional<unsigned> seed;               // local search uses 0 when unset
  int threads = 0;  // racing threads of local/portfolio; 0: their default (1 and 2)
  // Set asynchronously (SIGINT) to stop a search that polls it (local search).
  const std::atomic<bool>* stop = nullptr;
  std::string cnf_path;  // empty: no export ("-": stdout)
  CnfEncoder cnf_encoder = CnfEncoder::Native;
  std::vector<std::string> cnf_tune;      // native encoder options, KEY=VALUE
  std::string var_map_path;               // empty: none
  std::string certificate_path;           // empty: none ("-": stdin)
  std::vector<std::string> command_line;  // argv, echoed in the CNF's first comment
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
};

struct SolverName {
  const char* name;
  SolverKind kind;
  const char* summary;
};
// The --solver table: names, kinds and one-line summaries for --help.
[[nodiscard]] const std::vector<SolverName>& solver_names();
[[nodiscard]] const char* to_string(SolverKind solver);  // its name in solver_names()

}  // namespace bel_pyramid
