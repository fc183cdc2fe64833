// XCC: Bel's Pyramid as exact cover with colours, searched by dancing links
// in the style of Knuth's Algorithm C (TAOCP 7.2.2.1), written from its
// description.
//
//   primary items    every position and every cube (each covered exactly once)
//   secondary items  every line (axis variable), coloured by its label
//   options          "position p carries the ordered triple (a, b, c)": covers
//                    p and the cube {a, b, c}, colours X = a, Y = b, Z = c
//
// A set of options covering every primary item exactly once with consistent
// colours is exactly a solution, so the search finds one, proves there is
// none, or enumerates them all (each labelling once). It branches on the
// primary item with the fewest options left (MRV).
//
// Propagation: each line keeps a domain, the labels that every position on it
// still supports with a live option; a label that loses its support at one
// position leaves the domain, and every option giving the line that label
// elsewhere goes too (and so on). A branch is cut when a label's lines exceed
// the face count (L+1)(L+2)/2 that every solution gives it, or when the lines
// that may still take the label can no longer reach it.
//
// Strategies: a constraint whose variables all pass through one position is
// applied by deleting the options of that position (and of every other such
// position) that violate it — fixed and bounded labels, BottomCenter012,
// TopCubeOrdering, ConstructiveTripleDiagonal, --part. Any other constraint is
// evaluated as soon as all its variables carry labels, and the branch is cut
// when it fails.
//
// Finding (solve_xcc, and count_xcc with max_solutions): randomised runs with
// restarts, since a fixed order has a heavy tail (at N=3 seed 0 found nothing
// in 30 s). Ties in the item choice and the first option tried are drawn from
// the seed; run k stops after luby(k) * 1000 nodes and the next begins at the
// root. Unless an item has a single option left, a finding run branches on a
// line instead of an item: the longest unlabelled line, its labels in the
// order of the options they leave (the sum of log(options) over the items),
// since MRV over items alone leaves the long lines' positions to the end and
// found no 4-level solution. The budgets grow without bound, so a run
// eventually searches the whole tree: Unsat is still a proof. A labelling
// found again after a restart is not counted twice. Exact counts (no
// max_solutions) and the estimator keep the fixed complete order over items,
// which a seed other than 0 shuffles.
#pragma once

#include "model/counting.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

[[nodiscard]] SolveResult solve_xcc(const Formulation& formulation, const SolveLimits& limits);

// Counts (and lists through options.on_solution) the solutions; with
// max_solutions it restarts (above) and lists distinct labellings only.
[[nodiscard]] CountResult count_xcc(const Formulation& formulation, const SolveLimits& limits,
                                    const CountOptions& options);

// Knuth's estimator of the search tree: `probes` random root-to-leaf paths,
// each choosing uniformly among the options of the branching item; the
// product of the branching degrees along a path is an unbiased estimate of
// the number of solutions (when the path ends in one) and of nodes.
struct XccEstimate {
  std::uint64_t probes = 0;
  double solutions = 0;       // mean estimate of the number of solutions
  double standard_error = 0;  // of that mean
  double nodes = 0;           // mean estimate of the search nodes of count_xcc
};
[[nodiscard]] XccEstimate estimate_xcc(const Formulation& formulation, const CountOptions& options,
                                       std::uint64_t probes, std::uint64_t seed);

// The count by the symmetry quotient (doc/counting.md, "The symmetry
// quotient"): the labellings of the quotient lines (symmetry.hpp) that are
// least in their orbit under the whole group, each with its orbit size, are
// the representatives; every solution's quotient lines lie in exactly one
// representative's orbit, and solutions in one orbit have equally many
// completions, so
//   labelled count = sum over representatives r of |orbit(r)| * completions(r),
// and the classes are the completions that are their own canonical form
// (their quotient lines read first, so exactly one per class, under its
// representative). Representatives are numbered in the walk's order; a part
// I/M takes those with number % M == I, and the parts' counts add up. With
// probes > 0 each representative of the part is estimated by Knuth's
// estimator instead. Each representative's classes are checked to have
// orbits adding up to |orbit(r)| * completions(r) (std::logic_error if
// not). No strategies (throws UserError). The walk tests its
// prefixes on bit sets of cubes; the completions are counted by XccBits
// (xcc_bits.hpp) up to N=3, by the dancing links beyond.
struct QuotientRepresentative {
  std::vector<int> labels;  // per variable: the quotient lines' labels, -1 elsewhere
  std::uint64_t orbit = 0;  // its orbit's size under the whole group
  std::uint64_t completions = 0, classes = 0;
};
struct QuotientOptions {
  int index = 0;  // the part: representatives numbered index mod count
  int count = 1;
  std::uint64_t probes = 0;
  std::uint64_t limit =
      0;  // stop after this many of the part (0: all); the counts then cover those
  std::function<void(const QuotientRepresentative&)> on_representative;  // each one counted
  // Counts only: the first resume.done representatives of the part are
  // taken as counted with resume's figures, which the counts start from.
  QuotientTally resume;
  std::function<void(const QuotientTally&)> on_tally;  // after each representative counted
  // Count the completions with the dancing links even where XccBits
  // (xcc_bits.hpp, N <= 3) would; the tests compare the two.
  bool dancing_links = false;
};
struct QuotientCount {
  std::uint64_t representatives = 0;  // in all parts
  std::uint64_t counted = 0;          // in this part
  std::uint64_t solutions = 0;        // labelled, of this part's orbits
  std::uint64_t classes = 0;
  std::uint64_t nodes = 0;  // XCC nodes of the completions
  // The orbit sizes of the classes, each from its own stabiliser, add up:
  // a check of `solutions`, which comes from the representatives' orbits.
  std::uint64_t class_orbits = 0;
  QuotientTally whole;   // the representatives counted whole (all of them when complete)
  bool complete = true;  // false: stopped by a limit (the counts are lower bounds)
  std::string reason;
  double estimated_solutions = 0, standard_error = 0, estimated_nodes = 0;  // with probes
};
[[nodiscard]] QuotientCount count_quotient_xcc(const Formulation& formulation,
                                               const SolveLimits& limits,
                                               const QuotientOptions& options);

}  // namespace bel_pyramid
