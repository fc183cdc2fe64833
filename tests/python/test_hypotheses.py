"""Hypotheses built in Python are the trees .hyp files parse to."""

import os

import pytest

import bel_pyramid as bp
from conftest import cli, data


def y_step(p):
    return [p.Y[y][h] == y + h for y in range(p.base) for h in range(p.tri(y))]


def triple_anti_diagonal(p):
    return [p.cube_at(l, p.base - 1 - l, 0) == (l, l, l) for l in range(p.labels)]


def cake_slice_ordering(p):
    xs = [bp.lex_le([p.X[i][h] for h in range(p.tri(i))],
                    [p.X[p.base - 1 - i][h] for h in range(p.tri(i))]) for i in range(p.mid)]
    ys = [bp.lex_le([p.Y[i][h] for h in range(p.tri(i))],
                    [p.Y[p.base - 1 - i][h] for h in range(p.tri(i))]) for i in range(p.mid)]
    return xs + ys


def face_pbeq(p):
    L = p.labels
    out = []
    for l in range(L):
        items = [(p.base - 2 * h) * (p.X[x][h] == l) for x in range(p.base)
                 for h in range(p.tri(x))]
        items += [(p.base - 2 * h) * (p.Y[y][h] == l) for y in range(p.base)
                  for h in range(p.tri(y))]
        items += [p.height(x, y) * (p.Z[y][x] == l) for y in range(p.base)
                  for x in range(p.base)]
        out.append(bp.count(items) == (L + 1) * (L + 2) // 2)
    return out


def label_permutation(p):
    lines = [p.Z[y][x] for y in range(p.base) for x in range(p.base)]
    lines += [line for column in p.X for line in column] + [line for row in p.Y for line in row]
    return [bp.precedence(lines)]


CASES = {"YStep": y_step, "TripleAntiDiagonal": triple_anti_diagonal,
         "CakeSliceOrdering": cake_slice_ordering, "FacePBEQ": face_pbeq,
         "LabelPermutation": label_permutation}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_python_hypothesis_is_the_file(name, n):
    p = bp.Pyramid(n)
    built = bp.Hypothesis(name, CASES[name](p), p)
    loaded = bp.Hypothesis.load(data("doc", "hypotheses", name + ".hyp"), n)
    assert built == loaded  # the same Constraint trees, compared in C++
    assert list(built.constraints) == list(loaded.constraints)


@pytest.mark.parametrize("name", ["YStep", "TripleAntiDiagonal", "FacePBEQ"])
def test_same_count_at_n2(name):
    from_python = bp.count(2, hypotheses=[CASES[name]])
    from_file = bp.count(2, hypotheses=[data("doc", "hypotheses", name + ".hyp")])
    assert from_python.complete and from_file.complete
    assert from_python.solutions == from_file.solutions
    code, out, _ = cli(2, "--count", "--hypothesis", data("doc", "hypotheses", name + ".hyp"))
    assert code == 0 and f"Solutions: {from_file.solutions}\n" in out


def test_saved_hypothesis_is_read_by_the_cli(tmp_path):
    p = bp.Pyramid(3)
    h = bp.Hypothesis("diag", triple_anti_diagonal(p))
    path = tmp_path / "diag.hyp"
    h.save(path)
    assert bp.Hypothesis.load(path, 3) == h
    code, out, err = cli(3, "--hypothesis", path, "--solver", "cadical", "--seed", "1")
    assert code == 0, err
    assert "diag.hyp applied 5 constraint(s)." in out and "Solution:" in out
    r = bp.solve(3, hypotheses=[h], solver="cadical", seed=1)
    assert "diag applied 5 constraint(s)." in r.report
    assert r.solution.is_valid()
    assert all(r.solution.cube(l, 4 - l, 0) == (l, l, l) for l in range(5))


def test_operators_build_the_language_trees():
    p = bp.Pyramid(3)
    a, b, c = p.X[0][0] == 1, p.Y[1][1] != p.Z[2][2], p.Z[0][0] >= 3
    pairs = [
        (a & b & c, "X[0,0] = 1 and Y[1,1] != Z[2,2] and Z[0,0] >= 3"),
        (a | b & c, "X[0,0] = 1 or Y[1,1] != Z[2,2] and Z[0,0] >= 3"),
        (~a | ~(b & c), "not X[0,0] = 1 or not (Y[1,1] != Z[2,2] and Z[0,0] >= 3)"),
        (bp.lex_ge([p.X[1][0], p.X[1][1]], [p.X[3][0], p.X[3][1]]),
         "lex(X[1,0], X[1,1]) >= lex(X[3,0], X[3,1])"),
        (bp.count(p.Z[y][y] == 0 for y in range(5)) <= 1,
         "count(for y in 0..4: Z[y,y] = 0) <= 1"),
        (p.cube_at(2, 2, 2) != (4, 4, 0), "cube(2, 2, 2) != {0, 4, 4}"),
        (bp.all_(p.X[4][0] < 4, p.true), "all(X[4,0] < 4, true)"),
    ]
    for expr, text in pairs:
        assert expr == bp.Hypothesis.parse(text, p).expressions[0], text


def test_bad_hypotheses_carry_the_parser_messages():
    p = bp.Pyramid(3)
    with pytest.raises(ValueError, match=r"parse error: label 5 >= 2N-1 = 5 \(labels are 0..4\)"):
        bp.Hypothesis("bad", [p.X[0][0] == 5])
    with pytest.raises(IndexError, match=r"there is no place \(0,1,1\)"):
        p.cube_at(0, 1, 1)
    with pytest.raises(ValueError, match="built for N=3, not N=4"):
        bp.solve(4, hypotheses=[bp.Hypothesis("h", [p.X[0][0] == 1])])
    with pytest.raises(TypeError):
        bool(p.X[0][0] == 1)
    with pytest.raises(ValueError, match="no place"):
        bp.Hypothesis.parse("cube(0, 1, 1) = {0, 0, 0}", 3)


SHIFT = data("doc", "hypotheses", "families", "ColumnStepShift.hyp")


def test_family_members_answer_as_the_cli_does():
    members = list(bp.Hypothesis.members(SHIFT, 3))
    assert [h.params for h in members] == [{"f": f} for f in range(5)]
    assert members[1].name == "ColumnStepShift.hyp(f=1)"
    for h in members:
        r = bp.solve(3, hypotheses=[h], solver="cadical")
        code, _, err = cli(3, "--hypothesis", SHIFT, "--param", f"f={h.params['f']}",
                           "--solver", "cadical", "--sat-exit-codes", "-q")
        assert (r.status == "sat") == (code == 10), err
    # ColumnStep.hyp is the member f = N - 3 (mod L).
    column_step = bp.Hypothesis.load(data("doc", "hypotheses", "ColumnStep.hyp"), 3)
    assert list(bp.Hypothesis.load(SHIFT, 3, params={"f": 0}).constraints) == \
        list(column_step.constraints)
    assert [h.params for h in bp.Hypothesis.members(SHIFT, 3, params={"f": 2})] == [{"f": 2}]


def test_a_list_of_values_is_a_slice_as_on_the_command_line():
    assert [h.params for h in bp.Hypothesis.members(SHIFT, 4, params={"f": [6, 0]})] == \
        [{"f": 0}, {"f": 6}]
    assert [h.params["f"] for h in bp.Hypothesis.members(SHIFT, 4, params={"f": range(2, 5)})] \
        == [2, 3, 4]
    with pytest.raises(ValueError, match="no member of ColumnStepShift.hyp at N=4 has f=7"):
        list(bp.Hypothesis.members(SHIFT, 4, params={"f": [1, 7]}))
    with pytest.raises(ValueError, match="ColumnStepShift.hyp declares no parameter 'g'"):
        list(bp.Hypothesis.members(SHIFT, 4, params={"g": [1]}))
    with pytest.raises(ValueError, match=r"params: f = \[\] holds no value"):
        list(bp.Hypothesis.members(SHIFT, 4, params={"f": []}))
    with pytest.raises(ValueError, match=r"params: f = 'x' must be an integer"):
        list(bp.Hypothesis.members(SHIFT, 4, params={"f": [1, "x"]}))


def test_family_errors_are_the_clis():
    with pytest.raises(ValueError, match="the parameter 'f' has no value"):
        bp.Hypothesis.load(SHIFT, 3)
    with pytest.raises(ValueError, match="the parameter f = 9 is not one of its values"):
        bp.Hypothesis.load(SHIFT, 3, params={"f": 9})
    with pytest.raises(ValueError, match=r"params: f = 1.5 must be an integer"):
        bp.Hypothesis.load(SHIFT, 3, params={"f": 1.5})
    with pytest.raises(ValueError, match="params g=2: no hypotheses file declares a parameter 'g'"):
        bp.solve(3, hypotheses=[SHIFT], params={"f": 1, "g": 2})
    with pytest.raises(ValueError, match="params: f = 2 and f = 1 are both given"):
        bp.solve(3, hypotheses=[bp.Hypothesis.load(SHIFT, 3, params={"f": 1})],
                 params={"f": 2})
    assert bp.solve(3, hypotheses=[SHIFT], params={"f": 1}, solver="cadical").status == "sat"
