#!/usr/bin/env python3
"""Is some solution its own image under a diagonal symmetry?

A solution fixed by a symmetry g of the puzzle, up to a renaming pi of the
labels, would halve the lines to search. doc/symmetry.md ("No symmetric
solutions") shows by counting that for N >= 3 the only candidates are, at
N=4, g = (the column and row pairs in A swapped) o transpose o top-cube
flip with pi of cycle type (2, 2, 1, 1, 1). This script states "the
solution is fixed by (g, pi)" as a hypothesis for every set A of pairs and
asks CaDiCaL, whose "unsat" is exact. Before that it checks its map of the
lines: the image of a solution under it must be a solution.

    python3 examples/diagonal_symmetry.py                 # N=4, pi = (0 1)(2 3)
    python3 examples/diagonal_symmetry.py --levels 3 --timeout 20
"""

import argparse
import itertools

import bel_pyramid as bp


def line_map(p, pairs):
    """(line, image) for every line under g = swaps of `pairs` o transpose o flip.

    g moves the place (x, y, h) to (s(y), s(x), h), s swapping i and
    base-1-i for the pairs i in `pairs`: the X line of column x becomes the
    Y line of row s(x), Z[y][x] becomes Z[s(x)][s(y)], and the flip puts the
    top cube's X and Y lines back in place.
    """
    def s(i):
        return p.base - 1 - i if min(i, p.base - 1 - i) in pairs else i

    top = (p.mid, p.levels - 1)
    out = []
    for x in range(p.base):
        for h in range(p.tri(x)):
            if (x, h) == top:
                out += [(p.X[x][h], p.X[x][h]), (p.Y[x][h], p.Y[x][h])]
            else:
                out += [(p.X[x][h], p.Y[s(x)][h]), (p.Y[x][h], p.X[s(x)][h])]
    out += [(p.Z[y][x], p.Z[s(x)][s(y)]) for y in range(p.base) for x in range(p.base)]
    return out


def image(solution, lines):
    """The solution moved by the map: each line's label goes to its image."""
    labels = list(solution.labels)
    moved = [None] * len(labels)
    for line, to in lines:
        moved[to.var] = labels[line.var]
    return bp.Solution(solution.levels, moved)


def fixed_by(p, lines, pi, name):
    """The hypothesis: every line's image carries pi of the line's label."""
    return bp.Hypothesis(name, [bp.any_(line != a, to == pi[a])
                                for line, to in lines for a in range(p.labels)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=120, help="seconds per set of pairs")
    args = parser.parse_args()
    p = bp.Pyramid(args.levels)
    pi = [1, 0, 3, 2] + list(range(4, p.labels))  # (0 1)(2 3), the other labels fixed
    sample = bp.solve(args.levels, solver="local", seed=1, timeout=args.timeout).solution
    for k in range(p.mid + 1):
        for pairs in itertools.combinations(range(p.mid), k):
            lines = line_map(p, set(pairs))
            assert image(sample, lines).is_valid(), "the map of the lines is not a symmetry"
            name = "FixedBy" + "".join(str(i) for i in pairs)
            r = bp.solve(args.levels, hypotheses=[fixed_by(p, lines, pi, name)],
                         solver="cadical", seed=1, timeout=args.timeout)
            print(f"N={args.levels} pairs {pairs}: {r.status} ({r.solve_seconds:.1f} s)",
                  flush=True)
            if r.status == "sat":
                assert r.solution.is_valid()
                print(r.solution.to_knuth())


if __name__ == "__main__":
    main()
