"""The language and Python at their edges: what runs is what was written,
every refusal is one clear error, and the two forms accept the same things."""

import json
import re

import pytest

import bel_pyramid as bp
from conftest import cli

P2, P4, P5 = bp.Pyramid(2), bp.Pyramid(4), bp.Pyramid(5)


# Each bad input: the call, the exception it raises, a fragment of its message.
BAD = [
    (lambda: P4.X[0][0] == P5.Y[0][0], ValueError,
     "lines of the 4-level and the 5-level pyramid cannot be mixed"),
    (lambda: (P4.X[0][0] == 1) & (P5.Y[0][0] == 1), ValueError, "cannot be mixed"),
    (lambda: bp.lex_le([P4.X[0][0]], [P5.X[0][0]]), ValueError, "lex_le: lines of the 4-level"),
    (lambda: bp.precedence([P4.X[0][0], P5.X[0][0]]), ValueError, "precedence: lines of"),
    (lambda: bp.count(P4.X[0][0] == 1, P5.X[0][0] == 1) == 1, ValueError, "count: lines of"),
    (lambda: bp.count(P2.X[0][0] == 1) == 1.7, TypeError, "a count's bound must be an integer"),
    (lambda: bp.count(1.5 * (P2.X[0][0] == 1)) == 1, TypeError, "weight must be an integer"),
    (lambda: P2.cube_at(0, 0, 0) == (0, 0, 0.5), TypeError, "a cube's label must be an integer"),
    (lambda: P4.X[-1][0], IndexError, "index out of range for N=4: X[-1] (x must be in 0..6)"),
    (lambda: P4.X[1][-1], IndexError, "X[1,-1] (h must be in 0..1)"),
    (lambda: P4.Z[7], IndexError, "Z[7] (y must be in 0..6)"),
    (lambda: bp.solve(3, hypotheses=[bp.Pyramid(3).X[0][0] == 0]), TypeError,
     "not the expression X[0,0] = 0: wrap it as Hypothesis"),
    (lambda: bp.solve(3, hypotheses=[42]), TypeError, "hypotheses takes Hypothesis objects"),
    (lambda: bp.Pyramid(5000), ValueError, "for its pyramid alone"),  # 4 TB
    (lambda: bp.Pyramid(10**6), ValueError, "is too large: the largest N this tool accepts"),
    (lambda: bp.Hypothesis("h", [bp.all_()]), ValueError, "needs its pyramid"),
    (lambda: bp.Hypothesis.parse("levels 4\nX[0,0] = 0", 5), ValueError,
     "<text>:1:1: parse error: the file holds for N=4 only, not N=5"),
    (lambda: bp.Hypothesis.parse("all(for i in 0..1999: for j in 0..999: X[0,0] = 0)", 2), ValueError,
     "more than 1000000 comparisons and list items"),
    (lambda: bp.solve(2, hypotheses=[bp.Hypothesis("h", [P2.X[0][0] == 0])], solver=None,
                      args=["--split", "2", "unused"]), ValueError,
     "hypothesis h was built in Python: --split rebuilds the formula"),
]


@pytest.mark.parametrize("call,error,fragment", BAD)
def test_bad_inputs_are_refused_with_one_clear_error(call, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)) as e:
        call()
    assert "\n" not in str(e.value)


def test_parse_with_the_path_of_another_file_runs_the_text(tmp_path):
    path = tmp_path / "other.hyp"
    path.write_text("X[0,0] = 0\nX[0,0] = 1\n")  # no solution
    h = bp.Hypothesis.parse("X[0,0] = 0", 2, path=str(path))
    assert h.file() is None
    assert bp.solve(2, hypotheses=[h], solver="cadical").status == "sat"


def test_a_file_edited_after_loading_is_not_what_runs(tmp_path):
    path = tmp_path / "h.hyp"
    path.write_text("X[0,0] = 0\n")
    h = bp.Hypothesis.load(path, 2)
    assert h.file() == str(path)
    path.write_text("X[0,0] = 0\nX[0,0] = 1\n")
    assert h.file() is None
    r = bp.solve(2, hypotheses=[h], solver="cadical")
    assert r.status == "sat" and json.loads(r.json)["hypotheses"][0]["kind"] == "built"


def test_a_cnf_of_a_built_hypothesis_names_it(tmp_path):
    h = bp.Hypothesis("corner", [P2.X[0][0] == 0])
    bp.to_cnf(2, tmp_path / "h.cnf", hypotheses=[h])
    header = [line for line in (tmp_path / "h.cnf").read_text().splitlines()
              if line.startswith("c ")]
    assert "c strategies: corner" in header
    at = header.index("c hypothesis corner (built by a library caller, not in the command):")
    assert header[at + 1] == "c   X[0,0] = 0"
    doc = json.loads(bp.solve(2, hypotheses=[h], solver="cadical").json)
    assert doc["hypotheses"] == [{"name": "corner", "path": None, "kind": "built",
                                  "sha256": doc["hypotheses"][0]["sha256"]}]
    assert len(doc["hypotheses"][0]["sha256"]) == 64


def test_constants_hold_for_every_n_as_in_the_language():
    for expr, text in [(bp.all_(), "all()"), (bp.any_(), "any()"),
                       (bp.lex_le([], []), "lex() <= lex()"),
                       (bp.precedence([]), "precedence()"), (bp.count() == 0, "count() = 0")]:
        assert expr.pyramid is None
        for n in (2, 3):
            assert bp.Hypothesis("h", [expr], n).expressions[0] == \
                bp.Hypothesis.parse(text, n).expressions[0], text
    combined = bp.all_() & (P2.X[0][0] == 0)
    assert combined.pyramid == P2


def test_implication_is_the_languages():
    p = bp.Pyramid(3)
    a, b = p.X[0][0] == 1, (p.Y[0][0] == 2) | (p.Z[0][0] != 0)
    parsed = bp.Hypothesis.parse("X[0,0] = 1 -> Y[0,0] = 2 or Z[0,0] != 0", 3).expressions[0]
    assert bp.implies(a, b) == parsed
    assert str(parsed) == "not X[0,0] = 1 or (Y[0,0] = 2 or Z[0,0] != 0)"
    # right-associative: a -> b -> c is a -> (b -> c)
    chained = bp.Hypothesis.parse("X[0,0] = 1 -> X[1,0] = 1 -> X[2,0] = 1", 3).expressions[0]
    assert chained == bp.implies(a, bp.implies(p.X[1][0] == 1, p.X[2][0] == 1))


def test_a_saved_hypothesis_holds_for_its_n_only(tmp_path):
    path = tmp_path / "h.hyp"
    bp.Hypothesis("h", [P2.X[0][0] == 0]).save(path)
    assert bp.Hypothesis.load(path, 2).text() == "X[0,0] = 0\n"
    code, _, err = cli(3, "--hypothesis", path)
    assert code == 1 and "h.hyp:2:1: parse error: the file holds for N=2 only, not N=3" in err
    with pytest.raises(ValueError, match="the file holds for N=2 only, not N=3"):
        bp.Hypothesis.load(path, 3)


def test_a_contradiction_is_no_solution_in_both_forms(tmp_path):
    units = bp.Hypothesis("units", [P2.X[0][0] == 0, P2.X[0][0] == 1])
    cubes = bp.Hypothesis("cubes", [P2.cube_at(0, 0, 0) == (0, 0, 0),
                                    P2.cube_at(0, 0, 0) == (1, 1, 1)])
    for h in (units, cubes):
        r = bp.solve(2, hypotheses=[h], solver="cadical")
        assert r.status == "unsat" and r.verdict_under == [h.name]


def test_a_checkpoint_records_a_built_hypothesis(tmp_path):
    p = bp.Pyramid(3)
    ckpt = tmp_path / "run.ckpt"
    first = bp.Hypothesis("corner", [p.X[0][0] == 0])
    bp.solve(3, hypotheses=[first], solver="local", seed=1, args=["--checkpoint", ckpt])
    other = bp.Hypothesis("corner", [p.X[0][0] == 1])
    with pytest.raises(ValueError, match="the checkpoint was made under the hypothesis files"):
        bp.solve(3, hypotheses=[other], solver="local", seed=1, args=["--resume", ckpt])
    assert bp.solve(3, hypotheses=[first], solver="local", seed=1,
                    args=["--resume", ckpt]).status == "sat"


def test_line_arithmetic_and_cube_classes_are_the_languages():
    p = bp.Pyramid(3)
    L = p.labels
    pairs = [
        (p.Y[1][0] == (p.X[2][1] + 3) % L, "Y[1,0] = (X[2,1] + 3) % L"),
        ((p.Y[1][0] - 1) % L != (p.X[2][1] + 2) % L, "(Y[1,0] - 1) % L != (X[2,1] + 2) % L"),
        ((p.X[0][0] + 2) % L == 1, "(X[0,0] + 2) % L = 1"),
        (p.cube_at(0, 0, 0).triple(), "cube(0, 0, 0) is triple"),
        (p.cube_at(2, 2, 2).double(), "cube(2, 2, 2) is double"),
        (p.cube_at(1, 2, 1).distinct(), "cube(1, 2, 1) is distinct"),
        (p.cube_at(4, 4, 0).repeated(), "cube(4, 4, 0) is repeated"),
    ]
    for expr, text in pairs:
        assert expr == bp.Hypothesis.parse(text, p).expressions[0], text


LINE_ARITHMETIC_ERRORS = [
    (lambda: P2.X[0][0] < (P2.Y[0][0] + 1) % 3, TypeError, "compares with == or != only"),
    (lambda: (P2.Y[0][0] + 1) % 4, ValueError, "line arithmetic is mod L = 3, not mod 4"),
    (lambda: P2.X[0][0] == P2.Y[0][0] + 1, TypeError, "write (line + k) % L"),
    (lambda: P2.Y[0][0] + 1 == 2, TypeError, "write (line + k) % L"),
    (lambda: (P2.Y[0][0] + 0.5) % 3, TypeError, "a line's shift must be an integer"),
    (lambda: P2.X[0][0] == (P4.Y[0][0] + 1) % 7, ValueError, "cannot be mixed"),
]


@pytest.mark.parametrize("call,error,fragment", LINE_ARITHMETIC_ERRORS)
def test_line_arithmetic_refusals(call, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)):
        call()
