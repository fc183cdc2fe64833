"""Hypotheses: named lists of constraints, the same trees as ``.hyp`` files."""

import os

from . import _core
from .expressions import Expr
from .pyramid import Pyramid


def _param_values(params):
    """``params`` checked as the CLI checks ``--param``: names to integers."""
    out = {}
    for name, value in (params or {}).items():
        if not isinstance(name, str) or not name:
            raise ValueError(f"params: the name {name!r} is not a parameter name")
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
            raise ValueError(f"params: {name} = {value!r} must be an integer (|value| <= 10^9)")
        out[name] = value
    return out


def _split_slices(params):
    """``params`` as the fixed values and the slices (a name to the set of
    values a list, tuple, range or set gives it), each checked."""
    fixed, slices = {}, {}
    for name, value in (params or {}).items():
        if isinstance(value, (list, tuple, range, set, frozenset)):
            if not value:
                raise ValueError(f"params: {name} = {value!r} holds no value")
            slices[name] = {_param_values({name: v})[name] for v in value}
        else:
            fixed[name] = value
    return _param_values(fixed), slices


def _check_slices(slices, bindings, family, levels):
    """Each value of a slice is one a member takes, as for ``--param f=5..7``."""
    for name, values in slices.items():
        taken = {b[name] for b in bindings if name in b}
        if not taken:
            raise ValueError(f"params {name}=...: {family} declares no parameter '{name}'")
        missing = sorted(values - taken)
        if missing:
            raise ValueError(f"params {name}=...: no member of {family} at N={levels} "
                             f"has {name}={missing[0]}")


class Hypothesis:
    """A named list of constraints for one pyramid, checked as the ``.hyp``
    parser checks a file (labels below L, no line left without a label).

    ``save(path)`` writes it in the hypothesis language (one statement per
    constraint, for this N), which ``bel_pyramid --hypothesis``, ``hunt.sh``,
    ``conquer.sh`` and ``Hypothesis.load`` read back to the same constraints.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(3)
    >>> h = bp.Hypothesis("TripleAntiDiagonal",
    ...                [p.cube_at(l, p.base - 1 - l, 0) == (l, l, l) for l in range(p.labels)])
    >>> len(h), h.levels
    (5, 3)
    >>> h == Hypothesis.load("doc/hypotheses/TripleAntiDiagonal.hyp", 3)  # doctest: +SKIP
    True
    """

    def __init__(self, name, constraints, pyramid=None, path=None, params=None, *, _text=None):
        constraints = list(constraints)
        if pyramid is None:
            pyramid = next((c.pyramid for c in constraints
                            if isinstance(c, Expr) and c.pyramid is not None), None)
            if pyramid is None:
                raise ValueError("Hypothesis needs its pyramid when no expression names a line")
        if isinstance(pyramid, int):
            pyramid = Pyramid(pyramid)
        trees = []
        for c in constraints:
            if isinstance(c, Expr):
                if c.pyramid is not None and c.pyramid.levels != pyramid.levels:
                    raise ValueError(f"hypothesis {name}: a constraint of the "
                                     f"{c.pyramid.levels}-level pyramid in one for N={pyramid.levels}")
                c = c.constraint
            if not isinstance(c, _core.Constraint):
                raise TypeError(f"hypothesis {name}: {c!r} is not a constraint")
            trees.append(c)
        self.name = str(name)
        self.pyramid = pyramid
        self.path = path  # the file it was read from, if any
        self._text = _text  # the text parsed from it (parse, load): see file()
        # A member of a family: its parameters' values (runs pass them as --param).
        self.params = dict(params or {})
        self.constraints = _core.check_hypothesis(self.name, trees, pyramid._core)

    def file(self):
        """The file a run may pass instead of the constraints (so that the
        run records its path and digest): ``path`` when it still holds the
        text these constraints were parsed from, else None (the run then
        passes the constraints themselves, and records them as "built").

        >>> import bel_pyramid as bp
        >>> bp.Hypothesis.parse("X[0,0] = 0", 2).file() is None
        True
        """
        if self.path is None or self._text is None:
            return None
        try:
            with open(self.path, encoding="utf-8") as f:
                return self.path if f.read() == self._text else None
        except (OSError, UnicodeDecodeError):
            return None

    @property
    def levels(self):
        """The N the constraints are for.

        >>> import bel_pyramid as bp
        >>> bp.Hypothesis.parse("Z[0,0] = 0", 3).levels
        3
        """
        return self.pyramid.levels

    @property
    def expressions(self):
        """The constraints as expressions (``Expr``), to combine further.

        >>> import bel_pyramid as bp
        >>> h = bp.Hypothesis.parse("X[0,0] = 1; X[2,0] = 0", 2)
        >>> print(h.expressions[0] & h.expressions[1])
        X[0,0] = 1 and X[2,0] = 0
        """
        return [Expr(c, self.pyramid) for c in self.constraints]

    def text(self):
        """The hypothesis language text, one statement per line.

        >>> import bel_pyramid as bp
        >>> p = bp.Pyramid(2)
        >>> print(bp.Hypothesis("h", [p.X[0][0] == 0, p.X[2][0] == 2]).text(), end="")
        X[0,0] = 0
        X[2,0] = 2
        """
        return _core.print_hypothesis(self.constraints, self.pyramid._core)

    def save(self, path):
        """Writes ``text()`` to ``path`` (a .hyp file the CLI reads), after
        a ``levels N`` statement: the file holds for this N only.

        >>> import bel_pyramid as bp
        >>> bp.Hypothesis("h", [bp.Pyramid(2).Z[1][1] == 1]).save("h.hyp")
        """
        header = (f"# {self.name}: written by the bel_pyramid package\n"
                  f"levels {self.levels}  # its lines are numbered for this N\n")
        with open(path, "w", encoding="utf-8") as f:
            f.write(header + self.text())

    @classmethod
    def load(cls, path, levels, params=None):
        """Reads a ``.hyp`` file for N = ``levels`` (or a Pyramid); the name
        is the file's base name, as the CLI names it. ``params``: the values
        of a family's parameters (a dict), as ``--param NAME=VALUE``.

        >>> import bel_pyramid as bp
        >>> bp.Hypothesis("h", [bp.Pyramid(2).Z[1][1] == 1]).save("h.hyp")
        >>> h = bp.Hypothesis.load("h.hyp", 2)
        >>> h.name, [str(e) for e in h.expressions]
        ('h.hyp', ['Z[1,1] = 1'])
        """
        with open(path, encoding="utf-8") as f:
            return cls.parse(f.read(), levels, path=str(path), params=params)

    @classmethod
    def parse(cls, text, levels, path="<text>", params=None):
        """Parses hypothesis-language text for N = ``levels`` (or a Pyramid),
        with ``params`` the values of its parameters (doc/families.md).

        >>> import bel_pyramid as bp
        >>> print(Hypothesis.parse("for y in 0..base-1: Y[y,0] = y", 2).text(), end="")
        Y[0,0] = 0
        Y[1,0] = 1
        Y[2,0] = 2
        """
        pyramid = levels if isinstance(levels, Pyramid) else Pyramid(levels)
        name, constraints, bound = _core.parse_hypothesis(text, str(path), pyramid._core,
                                                          _param_values(params))
        file = str(path) if os.path.isfile(str(path)) else None
        return cls(name, constraints, pyramid, path=file, params=dict(bound), _text=text)

    @classmethod
    def members(cls, path, levels, params=None):
        """The members of the family in the file ``path`` for N = ``levels``,
        one Hypothesis each, in the order ``bel_pyramid --sweep`` takes them;
        ``params`` fixes some parameters to an integer, or to a list (a
        range) of values, as ``--param f=5..7`` picks a sweep's slice (the
        others vary).

        >>> import bel_pyramid as bp
        >>> [h.params for h in bp.Hypothesis.members(
        ...     "doc/hypotheses/families/ColumnStepShift.hyp", 2)]  # doctest: +SKIP
        [{'f': 0}, {'f': 1}, {'f': 2}]
        """
        pyramid = levels if isinstance(levels, Pyramid) else Pyramid(levels)
        fixed, slices = _split_slices(params)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        bindings = _core.family_members(text, str(path), pyramid._core, fixed)
        _check_slices(slices, bindings, os.path.basename(str(path)), pyramid.levels)
        for binding in bindings:
            if all(binding.get(k) in values for k, values in slices.items()):
                yield cls.parse(text, pyramid, path=str(path), params=binding)

    def __len__(self):
        return len(self.constraints)

    def __eq__(self, other):
        return (isinstance(other, Hypothesis) and other.levels == self.levels and
                list(other.constraints) == list(self.constraints))

    __hash__ = None

    def __repr__(self):
        return f"<Hypothesis {self.name}: {len(self)} constraint(s) for N={self.levels}>"
