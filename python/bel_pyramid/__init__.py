"""bel_pyramid: Bel's Pyramid from Python, backed by the C++ library of the
``bel_pyramid`` command line (doc/python.md).

>>> import bel_pyramid as bp
>>> p = bp.Pyramid(3)
>>> idea = bp.Hypothesis("YStepLow", [p.Y[y][0] == y for y in range(p.base)])
>>> r = bp.solve(3, hypotheses=[idea], solver="cadical", seed=1)
>>> r.status, r.solution.is_valid(), r.solution.y[2][0]
('sat', True, 2)
"""

from . import _core
from .expressions import Count, CubeAt, Expr, Line, Shifted, all_, any_, implies, lex_ge, \
    lex_le, precedence
from .expressions import count as count_labels
from .hypothesis import Hypothesis
from .pyramid import Pyramid
from .runs import CountResult, Result, check, defaults, import_certificate, solve, solvers, \
    strategies, to_cnf
from .runs import count as count_solutions
from .solution import Solution

__version__ = _core.version


def count(*args, **kwargs):
    """Two things, told apart by the first argument, as the CLI and the
    hypothesis language each have a ``count``:

    * ``count(n, ...)`` (an int or a Pyramid) counts the solutions, as
      ``bel_pyramid N --count`` does: see ``count_solutions``;
    * ``count(line == label, w * (line == label), ...)`` is the language's
      ``count(...)``, to compare with an int: see ``count_labels``.

    >>> import bel_pyramid as bp
    >>> bp.count(2).solutions
    2112
    >>> p = bp.Pyramid(2)
    >>> print(bp.count(p.X[0][0] == 1, p.Y[0][0] == 1) >= 1)
    count(X[0,0] = 1, Y[0,0] = 1) >= 1
    """
    first = args[0] if args else kwargs.get("levels")
    if isinstance(first, Pyramid) or (isinstance(first, int) and not isinstance(first, bool)):
        return count_solutions(*args, **kwargs)
    return count_labels(*args, **kwargs)

__all__ = [
    "Count", "CountResult", "CubeAt", "Expr", "Hypothesis", "Line", "Pyramid", "Result",
    "Solution", "all_", "any_", "check", "count", "count_labels", "count_solutions",
    "defaults", "implies", "import_certificate", "lex_ge",
    "lex_le", "precedence", "Shifted", "solve", "solvers", "strategies", "to_cnf",
]
