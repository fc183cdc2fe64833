#!/usr/bin/env python3
"""A new hypothesis written in Python and tested at N=4..6.

The idea: the X lines of the middle column carry the labels 0, 1, ..., N-1
upwards ("the centre is a staircase"), and the cube {L-1, L-1, L-1} sits at
a corner of the bottom level. It is stated for each N from the geometry,
saved as a .hyp file the command line reads, and searched with a short cap.

    python3 examples/new_hypothesis.py                       # N=4..6, 20 s each
    python3 examples/new_hypothesis.py --levels 4 --timeout 2 --save /tmp/centre.hyp
"""

import argparse

import bel_pyramid as bp


def centre_staircase(p):
    """The hypothesis for one pyramid, as a list of constraints."""
    m, top = p.mid, p.labels - 1
    steps = [p.X[m][h] == h for h in range(p.levels)]
    corner = bp.any_(p.cube_at(x, y, 0) == (top, top, top)
                     for x in (0, p.base - 1) for y in (0, p.base - 1))
    return steps + [corner]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, nargs="+", default=[4, 5, 6])
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", help="also write the hypothesis for the first N to this .hyp")
    a = ap.parse_args()
    for n in a.levels:
        p = bp.Pyramid(n)
        h = bp.Hypothesis("CentreStaircase", centre_staircase(p), p)
        if a.save and n == a.levels[0]:
            h.save(a.save)
            print(f"saved for N={n} to {a.save}: bel_pyramid {n} --hypothesis {a.save}")
        r = bp.solve(n, hypotheses=[h], seed=a.seed, timeout=a.timeout)
        line = f"N={n}: {len(h)} constraints, {r.status} in {r.seconds:.2f} s"
        if r.solution:
            assert r.solution.is_valid() and all(e.holds(r.solution) for e in h.expressions)
            line += f" (answer from {r.answered_by})"
        elif r.status == "unknown":
            line += f" ({r.reason})"
        print(line, flush=True)


if __name__ == "__main__":
    main()
