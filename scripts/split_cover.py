#!/usr/bin/env python3
"""Checks that the cubes of a cube-and-conquer tree cover the whole space.

Usage: scripts/split_cover.py DIR

DIR is a `bel_pyramid --split K DIR` directory; cube I of a directory D is a
leaf unless D/sub-I holds its re-split (scripts/conquer.sh --resplit), whose
cubes must then cover cube I. For each directory with root cube R (empty at
the top), the check proves that the formula, R and the negations of the
directory's cubes have no common model: it branches on the cubes' literals
and closes a branch when a cube holds on it, or when unit propagation over
the formula refutes it (the splitter drops such branches and adds failed
literals' negations to its cubes). A branch left open is a region no cube
covers: it is printed with its decisions. This does not trust the splitter.

Prints "leaf D I" for every leaf cube, then "covered: ..." and exits 0; or
prints "gap: ..." (or "error: ...") as its last line and exits 1.
"""

import filecmp
import os
import sys

sys.setrecursionlimit(100000)


def read_cnf(path):
    nvars, clauses = 0, []
    with open(path) as f:
        for line in f:
            if line.startswith("c"):
                continue
            if line.startswith("p cnf"):
                nvars = int(line.split()[2])
                continue
            lits = [int(t) for t in line.split()]
            if lits:
                clauses.append(lits[:-1])
    return nvars, clauses


def read_cubes(path):
    cubes = []
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t or t[0] != "a" or t[-1] != "0":
                raise ValueError(f"{path}: not a cube line: {line.strip()!r}")
            cubes.append([int(x) for x in t[1:-1]])
    return cubes


class Propagator:
    """Unit propagation with two watched literals and an undo trail."""

    def __init__(self, nvars, clauses):
        self.value = [0] * (nvars + 1)
        self.trail = []
        self.head = 0
        self.watches = {}
        self.clauses = []
        self.units = []
        self.conflict = False
        for c in clauses:
            if not c:
                self.conflict = True
            elif len(c) == 1:
                self.units.append(c[0])
            else:
                i = len(self.clauses)
                self.clauses.append(list(c))
                self.watches.setdefault(c[0], []).append(i)
                self.watches.setdefault(c[1], []).append(i)

    def val(self, lit):
        v = self.value[abs(lit)]
        return v if lit > 0 else -v

    def assign(self, lit):
        v = self.val(lit)
        if v:
            return v > 0
        self.value[abs(lit)] = 1 if lit > 0 else -1
        self.trail.append(lit)
        return True

    def propagate(self):
        while self.head < len(self.trail):
            false = -self.trail[self.head]
            self.head += 1
            watching = self.watches.get(false, [])
            keep = []
            for k, i in enumerate(watching):
                c = self.clauses[i]
                if c[0] == false:
                    c[0], c[1] = c[1], c[0]
                if self.val(c[0]) > 0:
                    keep.append(i)
                    continue
                for j in range(2, len(c)):
                    if self.val(c[j]) >= 0:
                        c[1], c[j] = c[j], c[1]
                        self.watches.setdefault(c[1], []).append(i)
                        break
                else:
                    keep.append(i)
                    if not self.assign(c[0]):
                        keep.extend(watching[k + 1:])
                        self.watches[false] = keep
                        return False
            self.watches[false] = keep
        return True

    def assume(self, lits):
        for lit in lits:
            if not self.assign(lit):
                return False
        return self.propagate()

    def undo(self, size):
        while len(self.trail) > size:
            self.value[abs(self.trail.pop())] = 0
        self.head = min(self.head, size)


def gap_under(prop, cubes, decisions):
    """None when the cubes cover the current (propagated) region, else the
    decisions of a region that no cube covers."""
    live = []
    for cube in cubes:
        values = [prop.val(l) for l in cube]
        if any(v < 0 for v in values):
            continue
        if all(v > 0 for v in values):
            return None
        live.append(cube)
    if not live:
        return decisions
    lit = next(l for l in live[0] if prop.val(l) == 0)
    for branch in (lit, -lit):
        mark = len(prop.trail)
        if prop.assume([branch]):
            gap = gap_under(prop, live, decisions + [branch])
            if gap is not None:
                prop.undo(mark)
                return gap
        prop.undo(mark)
    return None


def check(directory, root, prop, formula, leaves):
    cubes = read_cubes(os.path.join(directory, "cubes"))
    mark = len(prop.trail)
    if prop.assume(root):
        gap = gap_under(prop, cubes, [])
        if gap is not None:
            raise Gap(
                f"{directory}: no cube covers the region {' '.join(map(str, root + gap))}"
                f" (root {' '.join(map(str, root)) or 'empty'}, then {' '.join(map(str, gap))})"
            )
    prop.undo(mark)
    for i, cube in enumerate(cubes, start=1):
        sub = os.path.join(directory, f"sub-{i}")
        if not os.path.exists(os.path.join(sub, "cubes")):
            leaves.append((directory, i))
            continue
        sub_formula = os.path.join(sub, "formula.cnf")
        if not filecmp.cmp(formula, sub_formula, shallow=False):
            raise Gap(f"{sub_formula} differs from {formula}")
        check(sub, cube, prop, formula, leaves)


class Gap(Exception):
    pass


def main():
    if len(sys.argv) != 2:
        print("usage: split_cover.py DIR", file=sys.stderr)
        return 2
    top = sys.argv[1]
    formula = os.path.join(top, "formula.cnf")
    try:
        prop = Propagator(*read_cnf(formula))
        if prop.conflict or not prop.assume(prop.units):
            print(f"covered: {formula} is refuted by unit propagation alone")
            return 0
        leaves = []
        check(top, [], prop, formula, leaves)
    except Gap as gap:
        print(f"gap: {gap}")
        return 1
    except (OSError, ValueError) as e:
        print(f"error: {e}")
        return 1
    for directory, i in leaves:
        print(f"leaf {directory} {i}")
    print(f"covered: the {len(leaves)} leaf cube(s) cover the whole space")
    return 0


if __name__ == "__main__":
    sys.exit(main())
