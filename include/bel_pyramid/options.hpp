// Options: everything the command line can ask for, as plain values. The CLI
// layer fills it; the run pipeline (run.hpp) reads it.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/z3_backend.hpp"

namespace bel_pyramid {

// Which backend searches. New backends add an entry here and one line to the
// CLI's --solver table.
enum class SolverKind { Z3, Local };

struct Options {
  int levels = 0;
  std::vector<std::string> strategies;  // canonical names, in command-line order
  Domain domain = Domain::Int;
  Tactic tactic = Tactic::Qffd;
  std::string smt2_path;  // empty: no export
  bool skip_solver = false;
  SolverKind solver = SolverKind::Z3;
  double timeout_seconds = 0;    // wall clock; 0: none
  std::optional<unsigned> seed;  // local search uses 0 when unset
  // Set asynchronously (SIGINT) to stop a search that polls it (local search).
  const std::atomic<bool>* stop = nullptr;
};

[[nodiscard]] const char* to_string(SolverKind solver);  // "z3", "local"

}  // namespace bel_pyramid
