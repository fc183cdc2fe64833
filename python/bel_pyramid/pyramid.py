"""The geometry of an N-level pyramid and its line variables (doc/model.md,
"Coordinates"), backed by the library's Pyramid."""

from . import _core
from .expressions import CubeAt, Expr, Line


class _Indexed(tuple):
    """One index of a line family, as the language reads it: 0..size-1, a
    negative index refused (Python's ``X[-1]`` would be another line)."""

    def __new__(cls, levels, name, index, items):
        self = super().__new__(cls, items)
        self._levels, self._name, self._index = levels, name, index
        return self

    def __getitem__(self, i):
        if isinstance(i, int) and not 0 <= i < len(self):
            raise IndexError(f"index out of range for N={self._levels}: {self._name}{i}] "
                             f"({self._index} must be in 0..{len(self) - 1})")
        return super().__getitem__(i)


class Pyramid:
    """An N-level pyramid: geometry, and the line variables X, Y, Z.

    ``X[x][h]`` is the line along y at column x and height h (h < tri(x)),
    ``Y[y][h]`` the line along x at row y, ``Z[y][x]`` the vertical line at
    (x, y), row first as Knuth's drawing prints it.

    >>> import bel_pyramid as bp
    >>> p = bp.Pyramid(3)
    >>> p.base, p.labels, p.mid, p.cube_count, p.tri(1)
    (5, 5, 2, 35, 2)
    >>> print((p.Y[2][0] == 2) & (p.cube_at(0, 4, 0) == (0, 0, 0)))
    Y[2,0] = 2 and any(X[0,0] = 0 and Y[4,0] = 0 and Z[4,0] = 0)
    """

    def __init__(self, levels):
        if isinstance(levels, bool) or not isinstance(levels, int) or levels < 1:
            raise ValueError(f"N must be an integer >= 1, got {levels!r}")
        self._core = _core.Pyramid(levels)
        c = self._core
        n = levels

        def family(axis, first, second, size, var):  # axis[i][j], j below size(i)
            return _Indexed(n, f"{axis}[", first, [
                _Indexed(n, f"{axis}[{i},", second, [Line(self, var(i, j)) for j in range(size(i))])
                for i in range(c.base)])

        self.X = family("X", "x", "h", c.tri, c.x_var)
        self.Y = family("Y", "y", "h", c.tri, c.y_var)
        self.Z = family("Z", "y", "x", lambda y: c.base, c.z_var)

    levels = property(lambda self: self._core.levels, doc="N, the number of levels.")
    base = property(lambda self: self._core.base, doc="2N-1: the side of the bottom level.")
    labels = property(lambda self: self._core.labels, doc="L = 2N-1: labels are 0..L-1.")
    mid = property(lambda self: self._core.mid, doc="N-1: the middle column and row.")
    level_sizes = property(lambda self: self._core.level_sizes, doc="[1, 3, 5, ...] from the top.")
    cube_count = property(lambda self: self._core.cube_count, doc="N(4N²-1)/3 cubes (and places).")

    @property
    def positions(self):
        """Every place (x, y, h), in lexicographic order.

        >>> import bel_pyramid as bp
        >>> bp.Pyramid(2).positions[:3]
        [(0, 0, 0), (0, 1, 0), (0, 2, 0)]
        """
        return self._core.positions

    @property
    def cubes(self):
        """Every cube as a sorted label triple, in lexicographic order.

        >>> import bel_pyramid as bp
        >>> bp.Pyramid(2).cubes[:2]
        [(0, 0, 0), (0, 0, 1)]
        """
        return [tuple(c) for c in self._core.cubes]

    @property
    def lines(self):
        """Every line variable, in the library's numbering (X, then Y, then Z).

        >>> import bel_pyramid as bp
        >>> [l.name for l in bp.Pyramid(1).lines]
        ['X[0,0]', 'Y[0,0]', 'Z[0,0]']
        """
        return [Line(self, v) for v in range(self._core.var_count)]

    @property
    def true(self):
        """The constraint that always holds (``true``, an empty ``all``).

        >>> import bel_pyramid as bp
        >>> print(bp.Pyramid(2).true | bp.Pyramid(2).false)
        true or false
        """
        return Expr(_core.all_of([]), self)

    @property
    def false(self):
        """The constraint that never holds (``false``, an empty ``any``).

        >>> import bel_pyramid as bp
        >>> print(~bp.Pyramid(2).false)
        not false
        """
        return Expr(_core.any_of([]), self)

    def tri(self, i):
        """min(i+1, base-i): the pyramid's height over column or row i.

        >>> import bel_pyramid as bp
        >>> [bp.Pyramid(3).tri(i) for i in range(5)]
        [1, 2, 3, 2, 1]
        """
        return self._core.tri(i)

    def height(self, x, y):
        """How many cubes the stack at (x, y) holds: min(tri(x), tri(y)).

        >>> import bel_pyramid as bp
        >>> bp.Pyramid(3).height(2, 2)
        3
        """
        return self._core.height(x, y)

    def has_place(self, x, y, h):
        """Whether (x, y, h) is a place of the pyramid.

        >>> import bel_pyramid as bp
        >>> bp.Pyramid(2).has_place(1, 1, 1), bp.Pyramid(2).has_place(0, 1, 1)
        (True, False)
        """
        return 0 <= x < self.base and 0 <= y < self.base and 0 <= h < self.height(x, y)

    def lines_at(self, x, y, h):
        """The three lines through place (x, y, h): X[x][h], Y[y][h], Z[y][x].

        >>> import bel_pyramid as bp
        >>> [l.name for l in bp.Pyramid(2).lines_at(1, 0, 0)]
        ['X[1,0]', 'Y[0,0]', 'Z[0,1]']
        """
        self._check_place(x, y, h)
        return (self.X[x][h], self.Y[y][h], self.Z[y][x])

    def cube_of(self, labels, x, y, h):
        """The cube (sorted triple) at (x, y, h) under a full labelling.

        >>> import bel_pyramid as bp
        >>> p = bp.Pyramid(1)
        >>> p.cube_of([0, 0, 0], 0, 0, 0)
        (0, 0, 0)
        """
        self._check_place(x, y, h)
        return tuple(sorted(labels[v.var] for v in self.lines_at(x, y, h)))

    def cube_at(self, x, y, h):
        """The cube at (x, y, h), to compare with a triple of labels.

        >>> import bel_pyramid as bp
        >>> p = bp.Pyramid(2)
        >>> print(p.cube_at(1, 1, 1) != (2, 2, 2))
        not any(X[1,1] = 2 and Y[1,1] = 2 and Z[1,1] = 2)
        """
        self._check_place(x, y, h)
        return CubeAt(self, (x, y, h))

    def _check_place(self, x, y, h):
        if not self.has_place(x, y, h):
            raise IndexError(f"index out of range for N={self.levels}: "
                             f"there is no place ({x},{y},{h})")

    def __eq__(self, other):
        return isinstance(other, Pyramid) and other.levels == self.levels

    def __hash__(self):
        return hash(self.levels)

    def __repr__(self):
        return f"Pyramid({self.levels})"
