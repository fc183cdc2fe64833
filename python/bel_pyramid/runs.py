"""Everything the command line does, as function calls.

Each call builds the command line it stands for, which the CLI's own reader
checks (the same messages: a bad value raises ValueError with the text the
CLI prints after ``bel_pyramid: error:``), and runs the CLI's pipeline
in-process with the GIL released. Hypotheses built in Python join the
formulation as Constraint trees. From the main thread, Ctrl-C stops the
search within a second and the call raises KeyboardInterrupt (a second
Ctrl-C more than 2 s later ends the process, as it does the CLI).
"""

import json
import os
import tempfile
import time

from . import _core
from .hypothesis import Hypothesis
from .pyramid import Pyramid
from .solution import Solution


class Result:
    """The outcome of ``solve`` or ``import_certificate``.

    ``status`` is "sat", "unsat" or "unknown" (a time limit, or a certificate
    that asserts nothing); ``solution`` is the validated Solution when "sat";
    ``build_seconds`` and ``solve_seconds`` are the run's own timings,
    ``seconds`` and ``cpu_seconds`` the call's wall and process CPU time;
    ``answered_by`` the search that answered (a portfolio's winner);
    ``report`` the CLI's human report; ``json`` the run's ``--json`` document.

    >>> import bel_pyramid as bp
    >>> r = bp.solve(2, solver="cadical", seed=1)
    >>> r.status, r.levels, r.solver, r.solution.levels
    ('sat', 2, 'cadical', 2)
    """

    def __init__(self, document, report, exit_code, seconds, cpu_seconds):
        d = json.loads(document)
        self.json = document
        self.report = report
        self.exit_code = exit_code
        self.status = d["status"]
        self.reason = d.get("reason")
        self.levels = d["levels"]
        self.solver = d.get("solver")
        self.seed = d.get("seed")
        self.strategies = [(s["name"], s["constraints"]) for s in d.get("strategies", [])]
        self.verdict_under = d.get("verdict_under")
        timings = d.get("timings") or {}
        self.build_seconds = timings.get("build_seconds")
        self.solve_seconds = timings.get("solve_seconds")
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.solution = None
        if d.get("solution") is not None:
            self.solution = Solution.from_text(document, "<run>")
        self.answered_by = _answered_by(report, self.solver)
        self.count = d.get("count")

    def __repr__(self):
        return f"<Result {self.status} N={self.levels} in {self.seconds:.2f} s>"


def _answered_by(report, solver):
    for line in report.splitlines():
        if line.startswith('Answer from "'):
            return line.split('"')[1]
    return solver


class CountResult:
    """The outcome of ``count``: ``solutions`` (labelled; exact when
    ``complete``, a lower bound otherwise), ``classes`` (with
    ``up_to_symmetry``), ``status`` ("counted", "unknown" at a time limit),
    timings as in Result, ``report`` and ``json``.

    >>> import bel_pyramid as bp
    >>> r = bp.count(3, max_solutions=10)
    >>> r.solutions, r.status
    (10, 'counted')
    """

    def __init__(self, document, report, exit_code, seconds, cpu_seconds):
        d = json.loads(document)
        c = d.get("count") or {}
        self.json, self.report, self.exit_code = document, report, exit_code
        self.status = d["status"]
        self.reason = d.get("reason")
        self.solutions = int(c.get("solutions", 0))
        self.classes = None if c.get("classes") is None else int(c["classes"])
        self.complete = bool(c.get("complete", False))
        self.solve_seconds = (d.get("timings") or {}).get("solve_seconds")
        self.seconds, self.cpu_seconds = seconds, cpu_seconds

    def __repr__(self):
        bound = "" if self.complete else "at least "
        return f"<CountResult {bound}{self.solutions} solution(s)>"


def strategies():
    """The strategies ``--strategy`` accepts, as ``--list-strategies`` lists
    them: dicts with name, kind and summary.

    >>> import bel_pyramid as bp
    >>> [s["name"] for s in bp.strategies()][:2]
    ['BottomCenter012', 'TopCubeOrdering']
    """
    return _core.strategies()


def solvers():
    """The searches ``--solver`` accepts (the solver table): dicts with name,
    summary, complete (can prove "no solution"), racer, stateful, counts.

    >>> import bel_pyramid as bp
    >>> [s["name"] for s in bp.solvers()]
    ['portfolio', 'cadical', 'construct', 'local', 'z3', 'xcc']
    """
    return _core.solvers()


def _formulation_args(levels, strategies, hypotheses, given=()):
    """The CLI arguments of a formulation, and the Python-built hypotheses."""
    if isinstance(levels, Pyramid):
        levels = levels.levels
    if isinstance(strategies, str):
        strategies = [strategies]
    args = [str(levels)]
    for name in strategies:
        args += ["--strategy", str(name)]
    built = []
    for h in ([hypotheses] if isinstance(hypotheses, (str, os.PathLike, Hypothesis)) or
              callable(hypotheses) else hypotheses):
        if callable(h) and not isinstance(h, Hypothesis):
            made = h(Pyramid(int(levels)))
            h = made if isinstance(made, Hypothesis) else Hypothesis(
                getattr(h, "__name__", "hypothesis"), made, Pyramid(int(levels)))
        if isinstance(h, Hypothesis):
            if h.path is not None:
                args += ["--hypothesis", h.path]
            else:
                built.append((h.levels, h.name, list(h.constraints)))
        else:
            args += ["--hypothesis", os.fspath(h)]
    for path in given:
        args += ["--given", os.fspath(path)]
    return args, built


def _options(**values):
    """CLI options from keyword values: None is "not given", True a flag."""
    args = []
    for option, value in values.items():
        flag = "--" + option.replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
        elif isinstance(value, (list, tuple)):
            for v in value:
                args += [flag, str(v)]
        else:
            args += [flag, str(value)]
    return args


def _run(args, built, progress):
    wall, cpu = time.perf_counter(), time.process_time()
    code, out, err = _core.run(args, built, progress)
    return code, out, err, time.perf_counter() - wall, time.process_time() - cpu


def solve(levels, strategies=(), hypotheses=(), solver="portfolio", seed=0, timeout=None,
          threads=None, progress=None, portfolio=None, given=(), symmetry_breaking=None,
          args=()):
    """Searches for a solution, as ``bel_pyramid N --solver S ...`` does.

    ``strategies``: names (see ``strategies()``); ``hypotheses``: Hypothesis
    objects, ``.hyp`` paths, or functions ``f(pyramid)`` returning a
    Hypothesis or a list of constraints (built for this N); ``timeout``:
    seconds (wall clock) before giving up with status "unknown"; ``threads``
    and ``portfolio`` as ``--threads`` and ``--portfolio`` (a list);
    ``progress``: called with a dict (elapsed_seconds, best_cost, rate, ...)
    about once a second by the searches that report progress; if it raises,
    the search stops and the call raises that exception. ``args``: any
    further CLI options, e.g. ``["--cnf-tune", "cadical-config=sat"]``.

    >>> import bel_pyramid as bp
    >>> r = bp.solve(3, solver="local", seed=1)
    >>> r.status, r.solution.is_valid()
    ('sat', True)
    """
    fargs, built = _formulation_args(levels, strategies, hypotheses, given)
    fargs += _options(solver=solver, seed=seed, timeout=timeout, threads=threads,
                      portfolio=",".join(portfolio) if portfolio else None,
                      symmetry_breaking=symmetry_breaking)
    code, out, err, wall, cpu = _run(fargs + list(args) + ["--json", "-"], built, progress)
    return Result(out, err, code, wall, cpu)


def count(levels, strategies=(), hypotheses=(), solver=None, up_to_symmetry=False,
          max_solutions=None, timeout=None, part=None, centre_pattern=None, given=(),
          progress=None, args=()):
    """Counts the solutions, as ``bel_pyramid N --count`` does (``solver``:
    the counting engine, xcc by default; ``part``: "I/M"; ``centre_pattern``:
    a list of labels).

    >>> import bel_pyramid as bp
    >>> r = bp.count(2, up_to_symmetry=True)
    >>> r.solutions, r.classes, r.complete
    (2112, 31, True)
    """
    fargs, built = _formulation_args(levels, strategies, hypotheses, given)
    pattern = None if centre_pattern is None else ",".join(str(v) for v in centre_pattern)
    fargs += ["--count"] + _options(solver=solver, up_to_symmetry=up_to_symmetry,
                                    max_solutions=max_solutions, timeout=timeout, part=part,
                                    centre_pattern=pattern)
    code, out, err, wall, cpu = _run(fargs + list(args) + ["--json", "-"], built, progress)
    return CountResult(out, err, code, wall, cpu)


def check(solution, strategies=(), hypotheses=(), levels=None):
    """Checks a solution as ``bel_pyramid --check FILE`` does: a Solution, a
    path, or the text of Knuth's format or of the JSON. Returns the Solution
    when it is valid (and satisfies the strategies and hypotheses given);
    raises ValueError with the CLI's message otherwise.

    >>> import bel_pyramid as bp
    >>> bp.check(bp.Solution(1, [0, 0, 0])).levels
    1
    """
    if isinstance(solution, Solution):
        return _check_text(solution.to_knuth(), strategies, hypotheses, levels)
    if isinstance(solution, str) and ("\n" in solution or solution.lstrip().startswith("{")):
        return _check_text(solution, strategies, hypotheses, levels)
    return _check_file(os.fspath(solution), strategies, hypotheses, levels)


def _check_text(text, strategies, hypotheses, levels):
    with tempfile.TemporaryDirectory(prefix="bel_pyramid-") as tmp:
        path = os.path.join(tmp, "solution.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return _check_file(path, strategies, hypotheses, levels)


def _check_file(path, strategies, hypotheses, levels):
    n = levels
    if n is None and hypotheses:  # hypotheses built in Python are built for one N
        n = Solution.load(path).levels
    fargs, built = _formulation_args(n or 0, strategies, hypotheses)
    if n is None:
        fargs = fargs[1:]  # --check reads N from the drawing
    code, out, err, _, _ = _run(fargs + ["--check", path, "--json", "-"], built, None)
    return Solution.from_text(out, path)


def to_cnf(levels, path, strategies=(), hypotheses=(), encoder=None, var_map=None, tune=(),
           given=(), symmetry_breaking=None, args=()):
    """Writes the formulation as DIMACS CNF (``--cnf PATH --skip-solver``;
    ``.gz``/``.xz`` compress), with ``encoder`` "native" (default) or "z3",
    ``var_map`` a path for the variable names, ``tune`` KEY=VALUE strings.
    Returns the CLI's report.

    >>> import bel_pyramid as bp
    >>> print(bp.to_cnf(2, "bp2.cnf").splitlines()[-3])  # doctest: +ELLIPSIS
    CNF exported in ... seconds.
    """
    fargs, built = _formulation_args(levels, strategies, hypotheses, given)
    fargs += _options(cnf=os.fspath(path), cnf_encoder=encoder, var_map=var_map, cnf_tune=tune,
                      symmetry_breaking=symmetry_breaking, skip_solver=True)
    code, out, err, _, _ = _run(fargs + list(args), built, None)
    return out.rstrip("\n")


def import_certificate(levels, path, strategies=(), hypotheses=(), cnf=None, given=(),
                       symmetry_breaking=None, args=()):
    """Reads a SAT solver's answer to an exported CNF (``--cert PATH``, with
    ``cnf`` the CNF it solved to check every clause), validates and returns
    it as a Result (status "sat" with the solution, "unsat", or "unknown").

    >>> import bel_pyramid as bp, subprocess
    >>> _ = bp.to_cnf(2, "bp2.cnf")
    >>> with open("bp2.cert", "w") as f:
    ...     _ = subprocess.run(["cadical", "bp2.cnf"], stdout=f)
    >>> bp.import_certificate(2, "bp2.cert", cnf="bp2.cnf").status
    'sat'
    """
    fargs, built = _formulation_args(levels, strategies, hypotheses, given)
    fargs += _options(cert=os.fspath(path), cnf=cnf, symmetry_breaking=symmetry_breaking)
    code, out, err, wall, cpu = _run(fargs + list(args) + ["--json", "-"], built, None)
    return Result(out, err, code, wall, cpu)
