// Large-neighbourhood search with in-process, incremental CaDiCaL (issue 11).
//
// One CaDiCaL instance holds the whole native CNF (cnf.hpp) for the run. The
// local search (local_search.hpp) brings a state down to a low cost; then
// rounds of LNS keep most lines of the best state as assumptions (the label
// literal of each kept line) and let CaDiCaL solve the full CNF for the rest,
// under a conflict limit. The freed neighbourhood is built from structured
// pieces: the lines through duplicated cubes, then whole cake slices (the X
// and Z lines of a column, or the Y and Z lines of a row), levels (the X and
// Y lines of one height) and all lines of one label, until it holds the
// target number of lines. Sat is a full solution (the CNF is the whole
// problem); Unsat under the assumptions grows the target, a spent conflict
// limit shrinks it. After a few rounds the local search resumes from its best
// state for a longer burst, and so on until a solution or the limits.
//
// Incomplete: answers Sat (checked by validate() and every constraint) or
// Unknown.
#pragma once

#include <cstdint>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/solve_result.hpp"
#include "bel_pyramid/solver.hpp"

namespace bel_pyramid {

struct LnsTuning {
  double first_burst_seconds = 1.0;  // local search before the first LNS rounds
  double burst_growth = 1.5;         // each later burst is this much longer
  int rounds = 20;                   // LNS rounds per burst
  int conflicts = 2000;              // CaDiCaL conflict limit per round
  double free_share = 0.3;           // first target: this share of the free lines
};

[[nodiscard]] SolveResult solve_lns(const Formulation& formulation, const SolveLimits& limits);
[[nodiscard]] SolveResult solve_lns(const Formulation& formulation, const SolveLimits& limits,
                                    const LnsTuning& tuning);

}  // namespace bel_pyramid
