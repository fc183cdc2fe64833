"""Solutions: a label for every line, with the library's validation and formats."""

from . import _core
from .pyramid import Pyramid


class Solution:
    """A labelling of every line of an N-level pyramid.

    ``x[x][h]``, ``y[y][h]`` and ``z[y][x]`` are the labels of the lines
    X[x][h], Y[y][h] and Z[y][x] (doc/model.md, "Coordinates"); ``labels`` is
    the flat list in the library's numbering. A solution returned by ``solve``
    has been validated by code that does not trust the solver; one you build
    yourself is checked by ``is_valid()``.

    >>> import bel_pyramid as bp
    >>> s = Solution.from_text(open("tests/data/solutions/n5_ctd.txt").read())  # doctest: +SKIP
    >>> s = bp.Solution(1, [0, 0, 0])
    >>> s.is_valid(), s.cube(0, 0, 0), s.z
    (True, (0, 0, 0), [[0]])
    """

    def __init__(self, levels, labels):
        self.pyramid = levels if isinstance(levels, Pyramid) else Pyramid(levels)
        self.labels = tuple(int(v) for v in labels)
        if len(self.labels) != self.pyramid._core.var_count:
            raise ValueError(f"a {self.levels}-level solution has {self.pyramid._core.var_count} "
                             f"labels, not {len(self.labels)}")
        p = self.pyramid
        self.x = [[self.labels[line.var] for line in column] for column in p.X]
        self.y = [[self.labels[line.var] for line in row] for row in p.Y]
        self.z = [[self.labels[line.var] for line in row] for row in p.Z]

    @property
    def levels(self):
        """N.

        >>> import bel_pyramid as bp
        >>> bp.Solution(1, [0, 0, 0]).levels
        1
        """
        return self.pyramid.levels

    def cube(self, x, y, h):
        """The cube (sorted label triple) at place (x, y, h).

        >>> import bel_pyramid as bp
        >>> bp.Solution(1, [0, 0, 0]).cube(0, 0, 0)
        (0, 0, 0)
        """
        return tuple(_core.cube_at(self.levels, list(self.labels), x, y, h))

    def validate(self):
        """"" when every cube is used exactly once, else what is wrong.

        >>> import bel_pyramid as bp
        >>> bp.Solution(2, [0] * 17).validate()[:30]
        'cube (0,0,0) is used 10 times,'
        """
        ok, message = _core.validate(self.levels, list(self.labels))
        return "" if ok else message

    def is_valid(self):
        """Whether every cube is used exactly once (the library's validate()).

        >>> import bel_pyramid as bp
        >>> bp.Solution(1, [0, 0, 0]).is_valid()
        True
        """
        return self.validate() == ""

    def to_knuth(self):
        """Knuth's drawing, as the CLI prints it after "Solution:".

        >>> import bel_pyramid as bp
        >>> print(bp.Solution(1, [0, 0, 0]).to_knuth(), end="")
        +----+
        |  0 |  0
        +----+
           0
        """
        return _core.format_knuth(self.levels, list(self.labels))

    def to_json(self):
        """The JSON document of doc/json.md (``source`` "check") that
        ``bel_pyramid --check`` reads back.

        >>> import bel_pyramid as bp
        >>> '"status": "sat"' in bp.Solution(1, [0, 0, 0]).to_json()
        True
        """
        return _core.solution_json(self.levels, list(self.labels))

    def to_svg(self, subtitle="drawn by the bel_pyramid package"):
        """The isometric picture of ``--svg``, as SVG text.

        >>> import bel_pyramid as bp
        >>> bp.Solution(1, [0, 0, 0]).to_svg().startswith("<?xml")
        True
        """
        return _core.render_svg(self.levels, list(self.labels), subtitle)

    @classmethod
    def from_text(cls, text, path="<text>"):
        """Reads Knuth's format or the JSON of ``--json`` (as ``--check`` does;
        the result is not validated: call ``is_valid()``).

        >>> import bel_pyramid as bp
        >>> Solution.from_text(bp.Solution(1, [0, 0, 0]).to_knuth()).labels
        (0, 0, 0)
        """
        levels, labels = _core.read_solution(text, path)
        return cls(levels, labels)

    @classmethod
    def load(cls, path):
        """Reads a file in Knuth's format or JSON (see ``from_text``).

        >>> import bel_pyramid as bp
        >>> with open("n1.txt", "w") as f:
        ...     _ = f.write(bp.Solution(1, [0, 0, 0]).to_knuth())
        >>> bp.Solution.load("n1.txt").labels
        (0, 0, 0)
        """
        with open(path, encoding="utf-8") as f:
            return cls.from_text(f.read(), str(path))

    def __eq__(self, other):
        return isinstance(other, Solution) and other.labels == self.labels and \
            other.levels == self.levels

    def __hash__(self):
        return hash((self.levels, self.labels))

    def __repr__(self):
        return f"<Solution of the {self.levels}-level pyramid>"
