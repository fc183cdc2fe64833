"""Everything the command line does, as function calls.

Each call builds the command line it stands for, which the CLI's own reader
checks (the same messages: a bad value raises ValueError with the text the
CLI prints after ``bel_pyramid: error:``, naming the keyword where the CLI
names the option it stood for), and runs the CLI's pipeline in-process with
the GIL released. Hypotheses built in Python join the formulation as
Constraint trees. The results are read from the run's typed summary (the
RunSummary its ``--json`` is written from). From the main thread, Ctrl-C
stops the search within a second and the call raises KeyboardInterrupt (a
second Ctrl-C more than 2 s later ends the process, as it does the CLI).
The keywords' defaults are the library's (``defaults()``).
"""

import os
import re
import tempfile
import time

from . import _core
from .expressions import Expr
from .hypothesis import Hypothesis, _param_values
from .pyramid import Pyramid
from .solution import Solution


_DEFAULTS = _core.defaults()


def defaults():
    """The defaults of the options the keywords stand for, from the library
    (the options a command line starts from, and the solver table's default
    entry). None where leaving the option out is a setting of its own: no
    ``seed`` (CaDiCaL and Z3 keep their own seed, local search uses 0), no
    time limit, each solver's own number of threads, the portfolio's default
    racers, no limit on the solutions listed.

    >>> import bel_pyramid as bp
    >>> d = bp.defaults()
    >>> d["solver"], d["seed"], d["timeout"], d["symmetry_breaking"]
    ('portfolio', None, None, 'none')
    """
    return dict(_DEFAULTS)


class Result:
    """The outcome of ``solve`` or ``import_certificate``, read from the
    run's summary.

    ``status`` is "sat", "unsat" or "unknown" (a time limit, or a certificate
    that asserts nothing); ``solution`` is the validated Solution when "sat";
    ``solver`` and ``seed`` the search asked for (``seed`` None when none was
    given); ``answered_by`` and ``answered_by_seed`` the search that answered
    (a portfolio's winning racer, with its seed when racers share its name;
    None when nobody answered); ``build_seconds`` and ``solve_seconds`` are
    the run's own timings, ``seconds`` and ``cpu_seconds`` the call's wall
    and process CPU time; ``report`` the CLI's human report; ``json`` the
    run's ``--json`` document; ``summary`` the library's RunSummary itself.

    >>> import bel_pyramid as bp
    >>> r = bp.solve(2, solver="cadical", seed=1)
    >>> r.status, r.levels, r.solver, r.answered_by, r.solution.levels
    ('sat', 2, 'cadical', 'cadical', 2)
    """

    def __init__(self, summary, report, exit_code, seconds, cpu_seconds):
        self.summary = summary
        self.report = report
        self.exit_code = exit_code
        self.status = summary.status
        self.reason = summary.reason or None
        self.levels = summary.levels
        self.solver = summary.solver or None
        self.seed = summary.seed
        self.strategies = [(s.name, s.constraints) for s in summary.strategies]
        # The strategies a "no solution" verdict assumed (doc/json.md).
        self.verdict_under = [name for name, _ in self.strategies] \
            if self.status == "unsat" else None
        self.build_seconds = summary.build_seconds
        self.solve_seconds = summary.solve_seconds
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.solution = None if summary.solution is None else Solution(*summary.solution)
        self.answered_by = summary.answered_by or None
        self.answered_by_seed = summary.answered_by_seed
        self.count = summary.count

    @property
    def json(self):
        """The run's ``--json`` document (doc/json.md), written by the
        library from the summary.

        >>> import bel_pyramid as bp
        >>> '"status": "sat"' in bp.solve(2, solver="cadical", seed=1).json
        True
        """
        return _core.to_json(self.summary)

    def __repr__(self):
        return f"<Result {self.status} N={self.levels} in {self.seconds:.2f} s>"


def _number(value, estimate):
    """A count as the JSON writes it: an int, or a float for an estimate."""
    if value is None:
        return None
    return value if estimate else int(round(value))


class CountResult(Result):
    """The outcome of ``count``: ``solutions`` (labelled; exact when
    ``complete``, a lower bound otherwise), ``classes`` (with
    ``up_to_symmetry``), ``nodes`` (the search's steps, in ``node_unit``),
    ``status`` ("counted", "unknown" at a time limit), and the rest as in
    Result (``solution`` None); ``estimate`` and ``standard_error`` for
    ``args=["--estimate", K]``.

    >>> import bel_pyramid as bp
    >>> r = bp.count(3, max_solutions=10)
    >>> r.solutions, r.status, r.node_unit
    (10, 'counted', 'nodes')
    """

    def __init__(self, summary, report, exit_code, seconds, cpu_seconds):
        super().__init__(summary, report, exit_code, seconds, cpu_seconds)
        c = summary.count
        self.estimate = bool(c and c.estimate)
        self.solutions = _number(c.solutions, self.estimate) if c else 0
        self.classes = _number(c.classes, self.estimate) if c else None
        self.standard_error = c.standard_error if c else None
        self.complete = bool(c and c.complete)
        self.nodes = _number(c.nodes, self.estimate) if c else 0
        self.node_unit = c.node_unit if c else None

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


class _Command:
    """A command line being built for one call, and the keyword each option
    came from: an error of the run names the keyword instead of the option."""

    def __init__(self, levels, strategies=(), hypotheses=(), given=(), params=None):
        self.args, self.built, self.keywords, self.params = [], [], {}, {}
        if isinstance(levels, Pyramid):
            levels = levels.levels
        if levels is not None:
            self.args.append(str(levels))
        if isinstance(strategies, str):
            strategies = [strategies]
        self.option("strategies", list(strategies), "--strategy")
        for h in ([hypotheses] if isinstance(hypotheses, (str, os.PathLike, Hypothesis, Expr)) or
                  callable(hypotheses) else hypotheses):
            if isinstance(h, Expr):
                raise TypeError(f"hypotheses takes Hypothesis objects, .hyp paths or functions, "
                                f"not the expression {h}: wrap it as Hypothesis(name, [expr])")
            if callable(h) and not isinstance(h, Hypothesis):
                made = h(Pyramid(int(levels)))
                h = made if isinstance(made, Hypothesis) else Hypothesis(
                    getattr(h, "__name__", "hypothesis"), made, Pyramid(int(levels)))
            if isinstance(h, Hypothesis) and h.file() is None:
                self.built.append((h.levels, h.name, list(h.constraints)))
            elif isinstance(h, Hypothesis):  # the file holds exactly what was parsed
                self.option("hypotheses", h.file(), "--hypothesis")
                self.bind(h.params)
            elif isinstance(h, (str, os.PathLike)):
                self.option("hypotheses", os.fspath(h), "--hypothesis")
            else:
                raise TypeError(f"hypotheses takes Hypothesis objects, .hyp paths or functions, "
                                f"not {h!r}")
        self.bind(_param_values(params))
        self.option("params", [f"{k}={v}" for k, v in self.params.items()] or None, "--param")
        self.option("given", [os.fspath(path) for path in given], "--given")

    def bind(self, params):
        """Adds a family's parameter values; a name given twice must have one value."""
        for name, value in params.items():
            if self.params.setdefault(name, value) != value:
                raise ValueError(f"params: {name} = {value} and {name} = {self.params[name]} "
                                 "are both given")

    def option(self, keyword, value, option=None):
        """Adds ``option`` (default ``--keyword``) with the value: None or
        False is "not given", True a flag, a list the option once for each."""
        option = option or "--" + keyword.replace("_", "-")
        if value is None or value is False:
            return
        self.keywords[option] = keyword
        if value is True:
            self.args.append(option)
            return
        for v in value if isinstance(value, (list, tuple)) else [value]:
            self.args += [option, str(v)]

    def options(self, **values):
        for keyword, value in values.items():
            self.option(keyword, value)

    def run(self, args, progress=None):
        """Runs with ``args`` (further CLI options) added: (exit code, the
        report, the RunSummary, wall and CPU seconds of the call)."""
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            extra = [os.fspath(a) if isinstance(a, os.PathLike) else
                     str(a) if isinstance(a, int) and not isinstance(a, bool) else a for a in args]
            code, out, _, summary = _core.run(self.args + extra, self.built, progress)
        except ValueError as e:
            raise ValueError(self.renamed(str(e))) from None
        return code, out, summary, time.perf_counter() - wall, time.process_time() - cpu

    def renamed(self, message):
        """The message with each option this call's keywords gave named by
        its keyword ("--max-solutions must ..." -> "max_solutions must ...").

        >>> c = _Command(3)
        >>> c.options(max_solutions=0)
        >>> c.renamed('--max-solutions must be a positive integer, got "0"')
        'max_solutions must be a positive integer, got "0"'
        """
        return re.sub(r"(?<![\w-])--[A-Za-z][\w-]*",
                      lambda m: self.keywords.get(m.group(0), m.group(0)), message)


def solve(levels, strategies=(), hypotheses=(), solver=_DEFAULTS["solver"], seed=None,
          timeout=None, threads=None, progress=None, portfolio=None, given=(),
          symmetry_breaking=None, params=None, args=()):
    """Searches for a solution, as ``bel_pyramid N --solver S ...`` does.

    ``strategies``: names (see ``strategies()``); ``hypotheses``: Hypothesis
    objects, ``.hyp`` paths, or functions ``f(pyramid)`` returning a
    Hypothesis or a list of constraints (built for this N); ``solver``: the
    library's default search unless named; ``seed``: None leaves the seed to
    the solver (``--seed`` not given); ``timeout``: seconds (wall clock)
    before giving up with status "unknown"; ``threads`` and ``portfolio`` as
    ``--threads`` and ``--portfolio`` (a list); None is the option not
    given, the library's default (``defaults()``). ``progress``: called with
    a dict (elapsed_seconds, best_cost, rate, ...) about once a second by the
    searches that report progress; if it raises, the search stops and the
    call raises that exception. ``args``: any further CLI options (strings;
    ints and paths are converted), e.g.
    ``["--cnf-tune", "cadical-config=sat"]``. ``params``: the values of the
    parameters of a family among the hypotheses (a dict, as ``--param``).

    >>> import bel_pyramid as bp
    >>> r = bp.solve(3, solver="local", seed=1)
    >>> r.status, r.solution.is_valid()
    ('sat', True)
    """
    command = _Command(levels, strategies, hypotheses, given, params)
    command.options(solver=solver, seed=seed, timeout=timeout, threads=threads,
                    portfolio=",".join(portfolio) if portfolio else None,
                    symmetry_breaking=symmetry_breaking)
    code, out, summary, wall, cpu = command.run(args, progress)
    return Result(summary, out, code, wall, cpu)


def count(levels, strategies=(), hypotheses=(), solver=None, up_to_symmetry=False,
          max_solutions=None, timeout=None, part=None, centre_pattern=None, given=(),
          progress=None, params=None, args=()):
    """Counts the solutions, as ``bel_pyramid N --count`` does (``solver``:
    the counting engine, None for the library's choice, xcc; ``part``:
    "I/M"; ``centre_pattern``: a list of labels; None is the option not
    given; ``params`` as in ``solve``).

    >>> import bel_pyramid as bp
    >>> r = bp.count(2, up_to_symmetry=True)
    >>> r.solutions, r.classes, r.complete
    (2112, 31, True)
    """
    command = _Command(levels, strategies, hypotheses, given, params)
    command.args.append("--count")
    pattern = None if centre_pattern is None else ",".join(str(v) for v in centre_pattern)
    command.options(solver=solver, up_to_symmetry=up_to_symmetry, max_solutions=max_solutions,
                    timeout=timeout, part=part, centre_pattern=pattern)
    code, out, summary, wall, cpu = command.run(args, progress)
    return CountResult(summary, out, code, wall, cpu)


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
    command = _Command(n, strategies, hypotheses)  # without N, --check reads it from the drawing
    command.option("solution", path, "--check")
    _, _, summary, _, _ = command.run([])
    return Solution(*summary.solution)


def to_cnf(levels, path, strategies=(), hypotheses=(), encoder=None, var_map=None, tune=(),
           given=(), symmetry_breaking=None, params=None, args=()):
    """Writes the formulation as DIMACS CNF (``--cnf PATH --skip-solver``;
    ``.gz``/``.xz`` compress), with ``encoder`` "native" (the library's
    default, when None), "z3" or "completion" (the exact cover of what a
    shape leaves free), ``var_map`` a path for the variable names, ``tune``
    KEY=VALUE strings. Returns the CLI's report.

    >>> import bel_pyramid as bp
    >>> print(bp.to_cnf(2, "bp2.cnf").splitlines()[-3])  # doctest: +ELLIPSIS
    CNF exported in ... seconds.
    """
    command = _Command(levels, strategies, hypotheses, given, params)
    command.option("path", os.fspath(path), "--cnf")
    command.option("encoder", encoder, "--cnf-encoder")
    command.option("var_map", var_map)
    command.option("tune", list(tune), "--cnf-tune")
    command.options(symmetry_breaking=symmetry_breaking, skip_solver=True)
    _, out, _, _, _ = command.run(args)
    return out.rstrip("\n")


def import_certificate(levels, path, strategies=(), hypotheses=(), cnf=None, given=(),
                       symmetry_breaking=None, params=None, encoder=None, args=()):
    """Reads a SAT solver's answer to an exported CNF (``--cert PATH``, with
    ``cnf`` the CNF it solved to check every clause, and the ``encoder`` and
    ``params`` of its export), validates and returns it as a Result (status
    "sat" with the solution, "unsat", or "unknown").

    >>> import bel_pyramid as bp, subprocess
    >>> _ = bp.to_cnf(2, "bp2.cnf")
    >>> with open("bp2.cert", "w") as f:
    ...     _ = subprocess.run(["cadical", "bp2.cnf"], stdout=f)
    >>> bp.import_certificate(2, "bp2.cert", cnf="bp2.cnf").status
    'sat'
    """
    command = _Command(levels, strategies, hypotheses, given, params)
    command.option("path", os.fspath(path), "--cert")
    command.option("encoder", encoder, "--cnf-encoder")
    command.options(cnf=None if cnf is None else os.fspath(cnf),
                    symmetry_breaking=symmetry_breaking)
    code, out, summary, wall, cpu = command.run(args)
    return Result(summary, out, code, wall, cpu)
