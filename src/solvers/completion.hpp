// Completion: the lines a shape leaves free, solved as what they are, an
// exact cover. With every X and Y line fixed, every column (y, x) takes one
// label l, which puts the cubes {X[x,h], Y[y,h], l} at its heights h; every
// cube must be put exactly once. The CNF has one Boolean per free line and
// label (exactly one per line), and exactly one maker per cube: a position
// with one free line makes its cube by that line's label, one with two free
// lines by a Boolean per pair of labels (their conjunction). At N=8 with the
// X and Y lines fixed that is about 3,400 variables where the native
// encoding of the whole formulation has millions (doc/searches.md,
// "Completions").
//
// It applies when the unary constraints leave at most two free lines
// through each position (partial shapes, or a strategy that fixes every Y
// line), and every other constraint ties a free line to another
// (`A = (B + k) % L`, line_shift.hpp: a tied line has its class's
// Booleans, rotated by its offset); the free lines' own unary constraints
// drop labels. A solution is checked
// against the whole formulation (checked_solution.hpp) before it is
// returned.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cnf/cardinality.hpp"
#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "model/formulation.hpp"
#include "model/solve_result.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

// Whether solve_completion() applies to the formulation. The completion
// reads two --cnf-tune keys: completion-amo, and cube-matching (the line
// domains narrowed by the matching of positions to cubes first,
// model/cube_matching.hpp), which can fix more lines.
[[nodiscard]] bool completes(const Formulation& formulation, const CnfOptions& options = {});

// `options` with the --cnf-tune keys the completion reads (completion-amo,
// cube-matching) at their defaults: what is left must be default for the
// completion to be the encoding.
[[nodiscard]] CnfOptions without_completion_keys(CnfOptions options);

// Whether a CaDiCaL search takes the completion: it applies, and nothing
// asks for the native CNF (--cnf-tune completion=off or another encoder key
// than the completion's own, a proof of it, a start state's decision phases).
[[nodiscard]] bool takes_completion(const Formulation& formulation, const SolveLimits& limits);
// Whether it takes it with only Z lines free (every X and Y line fixed, as
// in ColumnStep's family): one label per column.
[[nodiscard]] bool takes_column_completion(const Formulation& formulation,
                                           const SolveLimits& limits);

// The exact-cover CNF solve_completion() gives CaDiCaL (also what
// --cnf-encoder completion writes and reads) and what its variables mean.
struct CompletionCnf {
  // The line Booleans "free line v takes label l" are 1..cnf.primary_vars,
  // by axis variable and then label; the pair Booleans and the at-most-one
  // auxiliaries follow.
  Cnf cnf;
  std::vector<int> labels;  // every axis variable: its fixed label, or -1 while free
  // Per free axis variable and label: its line Boolean (a tied line's is
  // that of its class's first line), 0 where the domain excludes the label;
  // empty for a fixed line.
  std::vector<std::vector<int>> literals;

  // The labels of every line in a model (`value(b)`: line Boolean b is
  // true); a free line with no true Boolean or more than one keeps -1.
  [[nodiscard]] std::vector<int> decode(const std::function<bool(int)>& value) const;
  // "Z[3][4]=7": the name of each line Boolean, 1..cnf.primary_vars.
  [[nodiscard]] std::vector<std::string> names(const Pyramid& p) const;
};

// Narrows a cube of the completion's CNF (line literals, as --split writes
// them) by the matching of positions to cubes: each line's domain in the
// CNF, cut by the cube, narrowed as narrow_by_matching() does. Clause
// learning finds such counting facts slowly: a hard cube of a ColumnStep
// shift at N=8 that CaDiCaL took minutes over has no perfect matching.
// False when no perfect matching exists (the cube has no model); otherwise
// appends to `cube` the negation of every line Boolean the narrowing rules
// out (implied by the CNF and the cube: the cube keeps its models).
[[nodiscard]] bool narrow_cube(const Pyramid& p, const CompletionCnf& cover,
                               std::vector<int>& cube);

// Precondition: completes(formulation, options).
[[nodiscard]] CompletionCnf completion_cnf(const Formulation& formulation,
                                           const CnfOptions& options);

// Solves the free lines with CaDiCaL on the exact-cover CNF, in CaDiCaL's
// "sat" configuration unless --cnf-tune names one (cadical-phase and the
// seed apply too; the clauses are this encoding's, so no proof is traced).
// Precondition: completes(formulation).
[[nodiscard]] SolveResult solve_completion(const Formulation& formulation,
                                           const SolveLimits& limits);

}  // namespace bel_pyramid
