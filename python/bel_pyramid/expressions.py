"""Constraints written as Python expressions, in the style of Z3Py.

Line variables (``Pyramid(n).X[x][h]``, ``.Y[y][h]``, ``.Z[y][x]``) compare
with labels or with each other; ``&``, ``|`` and ``~`` combine the results,
and ``lex_le``, ``precedence``, ``count`` and ``Pyramid.cube_at(...) ==
(a, b, c)`` state the rest of the hypothesis language (doc/hypotheses.md).
Every expression holds the library's ``Constraint`` tree, built by the same
C++ functions the ``.hyp`` parser calls: ``a & b & c`` is the tree of
``a and b and c`` (one ``all`` node), ``~a`` that of ``not a``.
"""

from . import _core


def _integer(value, what):
    """An int as the language reads one: no bool, no float (never truncated)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an integer, not {value!r}")
    return value


def _term(value):
    if isinstance(value, Line):
        return ("var", value.var)
    if isinstance(value, _Sum):
        raise TypeError("line + k needs its modulus: write (line + k) % L")
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a line compares with a label (int) or a line, not {value!r}")
    return ("label", value)


def _common_pyramid(pyramids, what):
    """The one pyramid of the lines and expressions combined (None when none
    names a line): mixing N-level and M-level lines is refused."""
    found = None
    for p in pyramids:
        if p is None:
            continue
        if found is not None and p.levels != found.levels:
            raise ValueError(f"{what}: lines of the {found.levels}-level and the "
                             f"{p.levels}-level pyramid cannot be mixed")
        found = found or p
    return found


def _relations(cls):
    """Gives cls the six comparisons, each building cls._relation(rel, other)."""
    for name, rel in (("__eq__", "=="), ("__ne__", "!="), ("__lt__", "<"), ("__le__", "<="),
                      ("__gt__", ">"), ("__ge__", ">=")):
        setattr(cls, name, lambda self, other, rel=rel: self._relation(rel, other))
    return cls


@_relations
class Line:
    """One line variable of a pyramid; compare it to build a constraint.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(3)
    >>> print(p.X[0][0] == 2)
    X[0,0] = 2
    """

    __slots__ = ("pyramid", "var")

    def __init__(self, pyramid, var):
        self.pyramid = pyramid
        self.var = var

    @property
    def name(self):
        """The line's name in the hypothesis language.

        >>> import bel_pyramid as bp
        >>> bp.Pyramid(3).Z[1][3].name
        'Z[1,3]'
        """
        return _core.hypothesis_var_name(self.pyramid._core, self.var)

    def _relation(self, rel, other):
        if isinstance(other, Shifted):
            return Shifted(self, 0)._relation(rel, other)
        if isinstance(other, Line):
            _common_pyramid([self.pyramid, other.pyramid], f"{self.name} {rel} {other.name}")
        return Expr(_core.compare(("var", self.var), rel, _term(other)), self.pyramid)

    def __add__(self, k):
        """``(line + k) % L``: the line's label shifted mod L (then ``% L``).

        >>> import bel_pyramid as bp
        >>> p = bp.Pyramid(2)
        >>> (p.X[0][0] == (p.Y[0][0] + 1) % p.labels).holds(bp.Solution(2, [1] + [0] * 16))
        True
        """
        return _Sum(self, _integer(k, "a line's shift"))

    def __sub__(self, k):
        return _Sum(self, -_integer(k, "a line's shift"))

    def __hash__(self):
        return hash((self.pyramid.levels, self.var))

    def __repr__(self):
        return f"<line {self.name} of the {self.pyramid.levels}-level pyramid>"


@_relations
class _Sum:
    """``line + k``, waiting for its ``% L``."""

    __slots__ = ("line", "shift")
    __hash__ = None

    def __init__(self, line, shift):
        self.line, self.shift = line, shift

    def __add__(self, k):
        return _Sum(self.line, self.shift + _integer(k, "a line's shift"))

    def __sub__(self, k):
        return _Sum(self.line, self.shift - _integer(k, "a line's shift"))

    def _relation(self, rel, other):
        raise TypeError("line + k needs its modulus: write (line + k) % L")

    def __mod__(self, modulus):
        labels = self.line.pyramid.labels
        if _integer(modulus, "the modulus") != labels:
            raise ValueError(f"line arithmetic is mod L = {labels}, not mod {modulus}")
        return Shifted(self.line, self.shift)


@_relations
class Shifted:
    """``(line + k) % L``, the language's line arithmetic: compare it with a
    line, another shifted line or a label, with ``==`` or ``!=``.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> e = p.Y[1][0] == (p.Y[0][0] + 1) % p.labels
    >>> e == bp.Hypothesis.parse("Y[1,0] = (Y[0,0] + 1) % L", 2).expressions[0]
    True
    """

    __slots__ = ("line", "shift")

    def __init__(self, line, shift):
        self.line, self.shift = line, shift

    def _relation(self, rel, other):
        if rel not in ("==", "!="):
            raise TypeError("line arithmetic ((line + k) % L) compares with == or != only")
        p = self.line.pyramid
        if isinstance(other, Line):
            other = Shifted(other, 0)
        if isinstance(other, Shifted):
            _common_pyramid([p, other.line.pyramid], "line arithmetic")
            tree = _core.shifted_equal(self.line.var, other.line.var, other.shift - self.shift,
                                       p.labels)
        else:
            label = _term(other)[1]
            if not 0 <= label < p.labels:
                raise ValueError(f"label {label} is not below L = {p.labels}")
            tree = _core.compare(("var", self.line.var), "==",
                                 ("label", (label - self.shift) % p.labels))
        equal = Expr(tree, p)
        return equal if rel == "==" else ~equal

    __hash__ = None


class Expr:
    """A constraint: the library's Constraint tree for one pyramid.

    ``&``, ``|`` and ``~`` are the language's ``and``, ``or`` and ``not``,
    ``implies(a, b)`` its ``a -> b``; ``==`` between two expressions
    compares their trees. An expression that names no line (``all_()``,
    ``count() == 0``) holds for every N: its ``pyramid`` is None until it is
    combined with one that names lines.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> e = (p.Z[1][1] == 0) & ~(p.X[0][0] == p.Y[0][0])
    >>> print(e)
    Z[1,1] = 0 and not X[0,0] = Y[0,0]
    """

    __slots__ = ("constraint", "pyramid", "_chain")

    def __init__(self, constraint, pyramid, chain=None):
        self.constraint = constraint
        self.pyramid = pyramid
        self._chain = chain  # "and"/"or": made by & or |, so a further & / | extends it

    def _combine(self, other, chain, build):
        if not isinstance(other, Expr):
            return NotImplemented
        pyramid = _common_pyramid([self.pyramid, other.pyramid], chain)
        left = list(self.constraint.children) if self._chain == chain else [self.constraint]
        return Expr(build(left + [other.constraint]), pyramid, chain)

    def __and__(self, other):
        return self._combine(other, "and", _core.all_of)

    def __or__(self, other):
        return self._combine(other, "or", _core.any_of)

    def __invert__(self):
        return Expr(_core.negation(self.constraint), self.pyramid)

    def __rmul__(self, weight):
        """``w * (line == label)``: a weighted item of ``count``."""
        c = self.constraint
        if c.kind != "compare" or c.rel != "==" or c.lhs[0] != "var" or c.rhs[0] != "label":
            raise TypeError("only a weight times (line == label) is a count item")
        return _Weighted(c.lhs[1], c.rhs[1], _integer(weight, "a count's weight"), self.pyramid)

    def __eq__(self, other):
        return isinstance(other, Expr) and self.constraint == other.constraint

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __bool__(self):
        raise TypeError("a constraint has no truth value; use & | ~ to combine constraints")

    def holds(self, solution):
        """Whether the constraint holds for a Solution (the library's evaluate()).

        >>> import bel_pyramid as bp
        >>> p = bp.Pyramid(1)
        >>> (p.X[0][0] == 0).holds(bp.Solution(1, [0, 0, 0]))
        True
        """
        return self.constraint.evaluate(list(solution.labels))

    def __str__(self):
        return _core.print_constraint(self.constraint, _printing_pyramid(self.pyramid))

    def __repr__(self):
        return f"<constraint {self}>"


def _printing_pyramid(pyramid):
    """The library pyramid an expression prints with (any N for one that
    names no line)."""
    return _core.Pyramid(1) if pyramid is None else pyramid._core


class _Weighted:
    __slots__ = ("var", "label", "weight", "pyramid")

    def __init__(self, var, label, weight, pyramid):
        self.var, self.label, self.weight, self.pyramid = var, label, weight, pyramid


@_relations
class Count:
    """``count(items...)``: compare it with an int to get a constraint.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(3 > bp.count(p.Z[0][0] == 1, p.Z[1][1] == 1))
    count(Z[0,0] = 1, Z[1,1] = 1) < 3
    """

    __slots__ = ("terms", "pyramid")

    def __init__(self, terms, pyramid):
        self.terms, self.pyramid = terms, pyramid

    def _relation(self, rel, bound):
        bound = _integer(bound, "a count's bound")
        return Expr(_core.label_count(self.terms, rel, bound), self.pyramid)

    __hash__ = None


class CubeAt:
    """``Pyramid.cube_at(x, y, h)``: ``== (a, b, c)`` states that the cube
    {a, b, c} sits there in some orientation, ``!=`` that it does not;
    ``triple()``, ``double()``, ``distinct()`` and ``repeated()`` the class of
    the cube there, whatever its labels.

    >>> import bel_pyramid as bp
    >>> print(bp.Pyramid(1).cube_at(0, 0, 0) == (0, 0, 0))
    any(X[0,0] = 0 and Y[0,0] = 0 and Z[0,0] = 0)
    """

    __slots__ = ("pyramid", "place")

    def __init__(self, pyramid, place):
        self.pyramid, self.place = pyramid, place

    def _placed(self, labels):
        a, b, c = (_integer(v, "a cube's label") for v in labels)
        x, y, h = self.place
        return Expr(_core.cube_placed(self.pyramid._core, x, y, h, (a, b, c)), self.pyramid)

    def __eq__(self, labels):
        return self._placed(labels)

    def __ne__(self, labels):
        return ~self._placed(labels)

    def _in_class(self, name):
        x, y, h = self.place
        return Expr(_core.cube_in_class(self.pyramid._core, x, y, h, name), self.pyramid)

    def triple(self):
        """``cube(x, y, h) is triple``: the cube there is {a, a, a}.

        >>> import bel_pyramid as bp
        >>> print(bp.Pyramid(1).cube_at(0, 0, 0).triple())
        X[0,0] = Y[0,0] and Y[0,0] = Z[0,0]
        """
        return self._in_class("triple")

    def double(self):
        """``cube(x, y, h) is double``: exactly two of its labels are equal.

        >>> import bel_pyramid as bp
        >>> bp.Pyramid(1).cube_at(0, 0, 0).double().holds(bp.Solution(1, [0, 0, 0]))
        False
        """
        return self._in_class("double")

    def distinct(self):
        """``cube(x, y, h) is distinct``: its three labels differ.

        >>> import bel_pyramid as bp
        >>> print(bp.Pyramid(1).cube_at(0, 0, 0).distinct())
        X[0,0] != Y[0,0] and Y[0,0] != Z[0,0] and X[0,0] != Z[0,0]
        """
        return self._in_class("distinct")

    def repeated(self):
        """``cube(x, y, h) is repeated``: some label appears twice (triple or
        double).

        >>> import bel_pyramid as bp
        >>> print(bp.Pyramid(1).cube_at(0, 0, 0).repeated())
        X[0,0] = Y[0,0] or Y[0,0] = Z[0,0] or X[0,0] = Z[0,0]
        """
        return self._in_class("repeated")

    __hash__ = None


def _lines(items, what):
    items = list(items)
    for item in items:
        if not isinstance(item, Line):
            raise TypeError(f"{what} takes line variables, not {item!r}")
    return items


def _pyramid_of(items, what):
    return _common_pyramid([item.pyramid for item in items], what)


def all_(*exprs):
    """``all(c1, c2, ...)``: every constraint holds (``all_()`` is true, for
    every N).

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.all_(p.X[0][0] == 0, p.X[2][0] == 2))
    X[0,0] = 0 and X[2,0] = 2
    """
    return _group(exprs, _core.all_of, "all_")


def any_(*exprs):
    """``any(c1, c2, ...)``: some constraint holds (``any_()`` is false, for
    every N).

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.any_(p.X[0][0] == 0, p.X[0][0] == 2))
    X[0,0] = 0 or X[0,0] = 2
    """
    return _group(exprs, _core.any_of, "any_")


def _group(exprs, build, what):
    if len(exprs) == 1 and not isinstance(exprs[0], Expr):
        exprs = tuple(exprs[0])  # a list or generator of expressions
    for e in exprs:
        if not isinstance(e, Expr):
            raise TypeError(f"{what} takes constraints, not {e!r}")
    return Expr(build([e.constraint for e in exprs]), _pyramid_of(exprs, what))


def implies(premise, conclusion):
    """``premise -> conclusion``: the language's implication, the tree of
    ``not premise or conclusion``.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.implies(p.X[0][0] == 0, p.Y[0][0] == 1))
    not X[0,0] = 0 or Y[0,0] = 1
    """
    for e in (premise, conclusion):
        if not isinstance(e, Expr):
            raise TypeError(f"implies takes constraints, not {e!r}")
    return any_(~premise, conclusion)


def lex_le(left, right):
    """``lex(left...) <= lex(right...)``: lists of lines of equal length
    (``lex_le([], [])`` is true, for every N).

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.lex_le([p.X[0][0], p.X[1][0]], [p.Y[0][0], p.Y[1][0]]))
    lex(X[0,0], X[1,0]) <= lex(Y[0,0], Y[1,0])
    """
    left, right = _lines(left, "lex_le"), _lines(right, "lex_le")
    if len(left) != len(right):
        raise ValueError(f"lex lists of different lengths ({len(left)} and {len(right)})")
    p = _pyramid_of(left + right, "lex_le")
    return Expr(_core.lex_less_eq([v.var for v in left], [v.var for v in right]), p)


def lex_ge(left, right):
    """``lex(left...) >= lex(right...)``, i.e. ``lex_le(right, left)``.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.lex_ge([p.X[0][0]], [p.X[2][0]]))
    lex(X[2,0]) <= lex(X[0,0])
    """
    return lex_le(right, left)


def precedence(lines):
    """Value precedence: the first line has label 0, each line's label is at
    most 1 + the largest label before it (``precedence([])`` is true).

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.precedence([p.Z[1][1], p.Z[0][1]]))
    precedence(Z[1,1], Z[0,1])
    """
    lines = _lines(lines, "precedence")
    return Expr(_core.value_precedence([v.var for v in lines]), _pyramid_of(lines, "precedence"))


def count(*items):
    """``count(line == label, w * (line == label), ...)``: compare it with K
    (an int; ``count()`` is 0).

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(2)
    >>> print(bp.count(p.X[0][0] == 1, 2 * (p.Y[0][0] == 1)) <= 2)
    count(X[0,0] = 1, 2 * (Y[0,0] = 1)) <= 2
    """
    if len(items) == 1 and not isinstance(items[0], (Expr, _Weighted)):
        items = tuple(items[0])
    terms, weighted = [], []
    for item in items:
        if isinstance(item, Expr):
            item = 1 * item
        if not isinstance(item, _Weighted):
            raise TypeError(f"count takes (line == label) items, not {item!r}")
        weighted.append(item)
        terms.append((item.var, item.label, item.weight))
    return Count(terms, _pyramid_of(weighted, "count"))
