#!/usr/bin/env python3
"""What calling through Python costs: `solve(N)` in the bel_pyramid package
against the same search by the CLI (`build/bel_pyramid N --solver S --seed s`),
seed by seed, CPU seconds (the machine is shared), medians and their ratio.

    PYTHONPATH=build/python /usr/bin/python3 bench/python.py [-n 4 5] [-r 1 2 3] [-s local] [-t 120]

The local search is deterministic for a seed, so both sides do the same work;
a run that reaches the cap (-t) counts as the cap (marked *). CPU seconds of
the CLI are its process's (getrusage of the child); of Python, the process
time of the call (all threads, without importing the module)."""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

import bel_pyramid as bp

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def cli_run(n, solver, seed, cap):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    p = subprocess.run([os.path.join(ROOT, "build", "bel_pyramid"), str(n), "--solver", solver,
                        "--seed", str(seed), "--timeout", str(cap), "-q"],
                       capture_output=True, text=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, wall, p.returncode == 0 and "Solution:" in p.stdout


def python_run(n, solver, seed, cap):
    r = bp.solve(n, solver=solver, seed=seed, timeout=cap)
    return r.cpu_seconds, r.seconds, r.status == "sat"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, nargs="+", default=[4, 5])
    ap.add_argument("-r", type=int, nargs="+", default=[1, 2, 3], help="seeds")
    ap.add_argument("-s", default="local", help="solver")
    ap.add_argument("-t", type=float, default=120, help="cap in seconds")
    a = ap.parse_args()
    print(f"solver {a.s}, seeds {a.r}, cap {a.t:g} s, CPU seconds (wall in brackets)\n")
    print("| N | CLI runs | Python runs | CLI median | Python median | Python / CLI |")
    print("|---|---|---|---:|---:|---:|")
    for n in a.n:
        rows = {"cli": [], "py": []}
        for seed in a.r:  # alternate, so that a change in the machine's load hits both
            for side, run in (("cli", cli_run), ("py", python_run)):
                rows[side].append(run(n, a.s, seed, a.t))
        text = {side: " ".join(f"{c:.2f}{'' if ok else '*'} ({w:.2f})" for c, w, ok in runs)
                for side, runs in rows.items()}
        med = {side: statistics.median(c for c, _, _ in runs) for side, runs in rows.items()}
        print(f"| {n} | {text['cli']} | {text['py']} | {med['cli']:.2f} | {med['py']:.2f} | "
              f"{med['py'] / med['cli']:.2f} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
