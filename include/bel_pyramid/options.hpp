// Options: everything the command line can ask for, as plain values. The CLI
// layer fills it; the run pipeline (run.hpp) reads it.
#pragma once

#include <string>
#include <vector>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/z3_backend.hpp"

namespace bel_pyramid {

struct Options {
  int levels = 0;
  std::vector<std::string> strategies;  // canonical names, in command-line order
  Domain domain = Domain::Int;
  Tactic tactic = Tactic::Qffd;
  std::string smt2_path;  // empty: no export
  bool skip_solver = false;
};

}  // namespace bel_pyramid
