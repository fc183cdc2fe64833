#!/usr/bin/env python3
"""A strategy sweep: every strategy (and none) at N=3..5, a few seeds each,
the median time and how many runs found a solution, as a results table.

    python3 examples/strategy_sweep.py                 # N=3..5, seeds 1-3, 20 s caps
    python3 examples/strategy_sweep.py --levels 3 --seeds 1 --timeout 2 --solver local
"""

import argparse
import statistics

import bel_pyramid as bp


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", type=int, nargs="+", default=[3, 4, 5])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--timeout", type=float, default=20, help="seconds per run")
    ap.add_argument("--solver", default="portfolio")
    ap.add_argument("--strategies", nargs="*", help="default: all of them, and none")
    a = ap.parse_args()
    names = a.strategies if a.strategies is not None else \
        [None] + [s["name"] for s in bp.strategies()]
    print(f"{'N':>2}  {'strategy':<28} {'sat':>5} {'unsat':>5} {'unknown':>7} {'median s':>9}")
    for n in a.levels:
        for name in names:
            results = [bp.solve(n, strategies=[name] if name else [], solver=a.solver,
                                seed=seed, timeout=a.timeout) for seed in a.seeds]
            assert all(r.solution.is_valid() for r in results if r.solution)
            tally = {s: sum(r.status == s for r in results) for s in ("sat", "unsat", "unknown")}
            median = statistics.median(r.seconds for r in results)
            print(f"{n:>2}  {name or '(none)':<28} {tally['sat']:>5} {tally['unsat']:>5} "
                  f"{tally['unknown']:>7} {median:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
