// Two-level search (issue 11): local search over the X and Y lines only,
// with the Z lines following them.
//
// Given X and Y, the label of the vertical line Z[y][x] decides the cubes of
// its whole column, so the Z family is an exact cover over the columns
// (FamilyCover). The walk moves X/Y lines (relabels, aimed at duplicated
// cubes like the local search); after each move every free Z line of a
// column the move touched takes its best label given the rest (one pass of
// best responses). The cost of an X/Y state is therefore the duplicates left
// by a locally optimal Z completion, not by whatever Z labels were there.
// Moves are accepted by the Metropolis rule on that cost; a focused pick of
// a Z line at a duplicate is a best response alone (never worse). Every
// accepted state of cost <= exact_cost gets the exact Z completion
// (node-limited); Found is a solution. (The exact minimum of uncovered cubes
// over all Z is an optimisation problem far slower than a move, so the cost
// is the best-response bound and exactness is used as a decision at low
// cost; bench/RESULTS.md has the figures.)
//
// It cannot prove that no solution exists (Unknown when it stops); a Sat
// result passes validate() and every constraint of the formulation.
#pragma once

#include <cstdint>

#include "bel_pyramid/formulation.hpp"
#include "bel_pyramid/solve_result.hpp"
#include "bel_pyramid/solver.hpp"

namespace bel_pyramid {

struct TwoLevelTuning {
  double temperature = 0.3;          // Metropolis on the completed cost
  double focus_probability = 0.9;    // moves that start at a duplicated cube
  double aim_probability = 0.5;      // focused moves aimed at a missing cube
  int exact_cost = 2;                // exact Z completion at or below this cost
  std::uint64_t exact_nodes = 5000;  // node limit of one exact completion
};

[[nodiscard]] SolveResult solve_two_level(const Formulation& formulation,
                                          const SolveLimits& limits);
[[nodiscard]] SolveResult solve_two_level(const Formulation& formulation, const SolveLimits& limits,
                                          const TwoLevelTuning& tuning);

}  // namespace bel_pyramid
