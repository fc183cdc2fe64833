#!/usr/bin/env python3
"""Does an (N-1)-level solution extend to an N-level one?

A construction for every N could grow a solution one level at a time: keep
an (N-1)-level solution on the labels 0..L-3 as the core and give the two
new labels to a shell one cube thick (doc/hypotheses/ShellStep.hyp) or to a
new bottom level (BottomStep.hyp). This script takes (N-1)-level solutions
from independent seeds, embeds each one as that core, and asks CaDiCaL
whether the rest can be completed: every answer is exact (sat or unsat).

    python3 examples/extend_core.py                      # N=4, 20 cores, both ways
    python3 examples/extend_core.py --levels 5 --cores 30 --steps ShellStep
"""

import argparse
import os

import bel_pyramid as bp

HYPOTHESES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "doc", "hypotheses")


def embedded(p, core, step):
    """Constraints that put `core` (an (N-1)-level Solution) inside pyramid p.

    The core's column i is the pyramid's column i+1 (its base is two
    narrower); under ShellStep it keeps its heights, under BottomStep it
    sits one level up.
    """
    lift = 1 if step == "BottomStep" else 0
    inner = bp.Pyramid(p.levels - 1)
    width = inner.base
    cs = []
    for i in range(width):
        for h in range(inner.tri(i)):
            cs.append(p.X[i + 1][h + lift] == core.x[i][h])
            cs.append(p.Y[i + 1][h + lift] == core.y[i][h])
    for y in range(width):
        for x in range(width):
            cs.append(p.Z[y + 1][x + 1] == core.z[y][x])
    return cs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, default=4, help="N, the pyramid to extend to (>= 2)")
    ap.add_argument("--cores", type=int, default=20, help="(N-1)-level solutions to try")
    ap.add_argument("--steps", nargs="+", default=["ShellStep", "BottomStep"],
                    choices=["ShellStep", "BottomStep"])
    ap.add_argument("--timeout", type=float, default=60, help="seconds per CaDiCaL call")
    a = ap.parse_args()
    n = a.levels
    p = bp.Pyramid(n)
    steps = {s: bp.Hypothesis.load(os.path.join(HYPOTHESES, s + ".hyp"), n) for s in a.steps}
    tally = {s: {"sat": 0, "unsat": 0, "unknown": 0} for s in a.steps}
    seen = set()
    for seed in range(1, a.cores + 1):
        core = bp.solve(n - 1, solver="local", seed=seed, timeout=a.timeout).solution
        if core is None or core.labels in seen:
            continue
        seen.add(core.labels)
        for step, hypothesis in steps.items():
            fixed = bp.Hypothesis("Core", embedded(p, core, step), p)
            r = bp.solve(n, hypotheses=[hypothesis, fixed], solver="cadical", timeout=a.timeout)
            if r.solution:
                assert r.solution.is_valid()
            tally[step][r.status] += 1
            if r.status == "sat":
                print(f"seed {seed}: the core extends under {step}:\n{r.solution.to_knuth()}")
    print(f"N={n}: {len(seen)} distinct {n - 1}-level cores from seeds 1..{a.cores}")
    for step, t in tally.items():
        print(f"  {step}: {t['sat']} extend, {t['unsat']} cannot, {t['unknown']} undecided")


if __name__ == "__main__":
    main()
