#!/usr/bin/env python3
"""Where do the triples {l, l, l} sit? Samples many N=4 solutions (local
search from independent seeds), and counts, over the places (x, y, h), how
often a cube with three equal labels sits there; prints the counts as a map
per height and, if matplotlib is installed, plots the bottom level.

    python3 examples/triple_positions.py                 # 40 solutions
    python3 examples/triple_positions.py --samples 4 --plot /tmp/triples.png
"""

import argparse
import collections

import bel_pyramid as bp


def triples(solution):
    p = solution.pyramid
    return [(x, y, h) for (x, y, h) in p.positions if len(set(solution.cube(x, y, h))) == 1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, default=4)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--timeout", type=float, default=30, help="seconds per sample")
    ap.add_argument("--plot", help="PNG to write (needs matplotlib)")
    a = ap.parse_args()
    p = bp.Pyramid(a.levels)
    where, found = collections.Counter(), set()
    for seed in range(1, a.samples + 1):
        r = bp.solve(a.levels, solver="local", seed=seed, timeout=a.timeout)
        if r.solution and r.solution not in found:
            assert r.solution.is_valid()
            found.add(r.solution)
            where.update(triples(r.solution))
    k = len(found)
    print(f"{k} distinct {a.levels}-level solutions from {a.samples} seeds; "
          f"{p.labels} triples each")
    diagonal = sum(c for (x, y, h), c in where.items() if x == y or x + y == p.base - 1)
    print(f"on a diagonal of its level: {diagonal / max(1, k * p.labels):.0%} of the triples")
    for h in range(p.levels):
        print(f"height {h} (per cent of solutions with a triple there):")
        for y in reversed(range(h, p.base - h)):
            print("  " + " ".join(f"{100 * where[(x, y, h)] / max(1, k):4.0f}"
                                  for x in range(h, p.base - h)))
    if a.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("matplotlib is not installed: no plot")
            return
        grid = [[where[(x, y, 0)] / max(1, k) for x in range(p.base)] for y in range(p.base)]
        plt.imshow(grid, origin="lower", cmap="viridis")
        plt.colorbar(label="share of solutions with a triple here")
        plt.title(f"N={a.levels}: triples on the bottom level ({k} solutions)")
        plt.xlabel("x")
        plt.ylabel("y")
        plt.savefig(a.plot)
        print(f"plot written to {a.plot}")


if __name__ == "__main__":
    main()
