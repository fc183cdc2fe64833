// Cube splitting for cube-and-conquer (--split K DIR, scripts/conquer.sh).
//
// split_cubes() grows a binary tree over a CNF: each step takes the
// shallowest leaf (a cube: a list of literals) and splits it on the label
// literal "line v has label l" that a lookahead finds most constraining —
// the one whose two branches, unit-propagated from the leaf, assign the
// most variables (score (a+1)(b+1), as march's lookahead) — among the label
// literals of the first lines not yet decided (the longest lines: the
// native CNF's label literals, or the completion's free lines). The two
// children are the leaf plus the literal and the leaf plus its negation.
//
// A literal whose branch propagation refutes (a failed literal) is not
// split on: its negation joins the leaf, which the leaf implies. A leaf that
// the lookahead refutes (propagation, or a literal failed both ways) stays a
// cube, for its solver run to refute with a proof: dropping it would leave
// a region that unit propagation alone cannot show empty.
// Split by lines (SplitBy::Line), a step instead takes a whole line: one
// child per label the line can still take (failed labels join the leaf
// negated), the line with the fewest such labels among the first lines not
// yet decided, ties going to the one whose labels propagate most in all.
// No child repeats its parent's hardness less one label, as the branch of
// a negated literal does; the split stops once it has K or more leaves.
// Invariants: the leaves are disjoint and every model of the formula that
// extends the root cube extends exactly one leaf, so the root is
// satisfiable iff some leaf is, and model counts add up over the leaves
// (tested on N=2: 2112); and the leaves cover the root up to regions that
// unit propagation refutes, the failed literals' branches, which is what
// scripts/split_cover.py checks (a `narrow` filter that drops leaves also
// removes regions without models that only it shows). A root other than the
// empty cube re-splits one cube that took too long (scripts/conquer.sh
// --resplit).
#pragma once

#include <functional>
#include <vector>

#include "base/stop_check.hpp"
#include "cnf/cnf.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

// How a leaf is split: on one label literal (two children) or on one line
// (a child per label it can take).
enum class SplitBy { Literal, Line };

struct CubeSplitOptions {
  int cubes = 1;                    // leaves wanted; fewer only when no leaf can be split further
  SplitBy by = SplitBy::Literal;    // what a step splits on
  int candidates = 12;              // lines whose literals the lookahead tries at each split
  std::vector<int> root;            // the tree's root cube (--split-under); every leaf extends it
  const StopCheck* stop = nullptr;  // polled between lookaheads (throws Stopped)
  // Applied to the root and to every new leaf: it may append literals the
  // formula and the leaf imply, and returns false for a leaf without a
  // model, which is dropped but counts among the K (the completion's
  // matching, doc/cube-and-conquer.md).
  std::function<bool(std::vector<int>&)> narrow;
};

// The lines a split may decide, in the order it tries them: per line its
// label literals in the CNF (0 where the line cannot take the label).
using SplitLines = std::vector<std::vector<int>>;

// The lines of the axis variables, longest first: `literals(v)`, the label
// literals of axis variable v in the CNF (empty when v is no choice).
[[nodiscard]] SplitLines split_lines(const Pyramid& p,
                                     const std::function<std::vector<int>(int)>& literals);
// The native encoder's lines: every axis variable's label literals.
[[nodiscard]] SplitLines native_split_lines(const Pyramid& p);

// The cubes (literal lists, the CNF's numbering).
[[nodiscard]] std::vector<std::vector<int>> split_cubes(const Cnf& cnf, const SplitLines& lines,
                                                        const CubeSplitOptions& options);
// The native CNF's cubes: split_cubes(cnf, native_split_lines(p), options).
[[nodiscard]] std::vector<std::vector<int>> split_cubes(const Cnf& cnf, const Pyramid& p,
                                                        const CubeSplitOptions& options);

}  // namespace bel_pyramid
