#!/usr/bin/env python3
"""Checks the source tree's architecture: every #include of a project header
names it by its layer folder ("model/pyramid.hpp"), points to the same layer or
one below it (base < model < cnf < formats < solvers < app < python), or, for
a layer beside that chain, one it names in BESIDE (proof, the DRAT checker,
on base alone; no other layer includes it), and the include graph between modules (a header and its source) has no cycle, and
no code outside the solver table compares a solver's name (it asks the
table's columns, the capabilities, instead). The top
layer, the Python bindings, lives in python/src/ and includes its own headers
by their bare names ("bindings.hpp").

  scripts/check_layers.py [--graph]   (--graph also prints the module graph)
Exit status 0 when clean; otherwise one line per finding and status 1."""
import os
import re
import sys

LAYERS = ["base", "model", "cnf", "formats", "solvers", "app", "python"]
# Layers beside the chain: each sees only itself and the layers listed.
BESIDE = {"proof": ["base"]}
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
FOLDERS = {layer: os.path.join(ROOT, layer) for layer in LAYERS + list(BESIDE)}
FOLDERS["python"] = os.path.join(ROOT, "..", "python", "src")
INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)
SOLVER_TABLE = "solvers/solver_table.cpp"
SOLVER_NAME = re.compile(r'\{\s*\.name = "([^"]+)"')


def sees(layer, target_layer):
    """Whether code of `layer` may include headers of `target_layer`."""
    if layer in BESIDE:
        return target_layer == layer or target_layer in BESIDE[layer]
    return target_layer in LAYERS and LAYERS.index(target_layer) <= LAYERS.index(layer)


def modules():
    """{ "layer/module": [included "layer/module", ...] } over src/."""
    graph = {}
    for layer in LAYERS + list(BESIDE):
        if not os.path.isdir(FOLDERS[layer]):
            continue
        for name in sorted(os.listdir(FOLDERS[layer])):
            stem, ext = os.path.splitext(name)
            if ext not in (".cpp", ".hpp"):
                continue
            with open(os.path.join(FOLDERS[layer], name), encoding="utf-8") as f:
                text = f.read()
            deps = graph.setdefault(f"{layer}/{stem}", set())
            for target in INCLUDE.findall(text):
                if layer == "python" and "/" not in target:
                    target = "python/" + target  # the bindings' own headers
                deps.add((f"{layer}/{name}", os.path.splitext(target)[0]))
    return graph


def sources():
    """(path relative to src/, text) of every source file of every layer."""
    for layer in LAYERS + list(BESIDE):
        if not os.path.isdir(FOLDERS[layer]):
            continue
        for name in sorted(os.listdir(FOLDERS[layer])):
            if os.path.splitext(name)[1] in (".cpp", ".hpp"):
                with open(os.path.join(FOLDERS[layer], name), encoding="utf-8") as f:
                    yield f"{layer}/{name}", f.read()


def name_comparisons():
    """Findings: a solver's name compared (==, !=, count, find) outside the table."""
    with open(os.path.join(ROOT, SOLVER_TABLE), encoding="utf-8") as f:
        names = SOLVER_NAME.findall(f.read())
    alternatives = "|".join(map(re.escape, names))
    compared = re.compile(rf'(?:[=!]=\s*"({alternatives})"|"({alternatives})"\s*[=!]=|'
                          rf'(?:count|find)\([^;]*"({alternatives})"\))')
    findings = []
    for where, text in sources():
        if where == SOLVER_TABLE:
            continue
        for line_no, line in enumerate(text.splitlines(), 1):
            match = compared.search(line)
            if match:
                name = next(g for g in match.groups() if g)
                findings.append(f"src/{where}:{line_no}: compares the solver name \"{name}\" "
                                "(ask the solver table's columns instead)")
    return findings


def main():
    graph = modules()
    findings = name_comparisons()
    edges = {m: set() for m in graph}
    for module, deps in graph.items():
        for where, target in deps:
            parts = target.split("/")
            if len(parts) != 2 or parts[0] not in FOLDERS or target not in graph:
                findings.append(f"src/{where}: includes \"{target}.hpp\", not a project header")
                continue
            if not sees(module.split("/")[0], parts[0]):
                findings.append(f"src/{where}: includes {target}.hpp from a layer it does not see")
            if target != module:
                edges[module].add(target)
    # Cycles: depth-first search, reporting each back edge's cycle once.
    state, stack = {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for t in sorted(edges[m]):
            if state.get(t) == 1:
                findings.append("include cycle: " + " -> ".join(stack[stack.index(t):] + [t]))
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    if "--graph" in sys.argv:
        for m in sorted(edges):
            print(f"{m}: {' '.join(sorted(edges[m]))}")
    for line in findings:
        print(line)
    print(f"{len(graph)} modules in {len(FOLDERS)} layers, {sum(map(len, edges.values()))} "
          f"include edges, {len(findings)} finding(s)", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
