"""solve, check, count, CNF export and certificate import against the CLI."""

import json
import subprocess

import pytest

import bel_pyramid as bp
from conftest import cli, data

# Every solver at N=1..4; at N=4 the complete ones under YStep and
# ConstructiveTripleDiagonal, under a second of CPU each here (unconstrained,
# z3 takes minutes, xcc finds none in 30 s, CaDiCaL 3-15 s: doc/solvers.md).
EASY = ["YStep", "ConstructiveTripleDiagonal"]
CASES = [(s["name"], n, []) for s in bp.solvers() for n in (1, 2, 3)]
CASES += [("portfolio", 4, []), ("local", 4, [])]
CASES += [(s["name"], 4, EASY) for s in bp.solvers() if s["complete"] and s["name"] != "portfolio"]


@pytest.mark.parametrize("solver,n,strategies", CASES)
def test_solve_validates(solver, n, strategies):
    r = bp.solve(n, strategies=strategies, solver=solver, seed=1, timeout=60)
    assert r.status == "sat", r.report
    s = r.solution
    assert s.is_valid() and s.validate() == ""
    assert bp.check(s, strategies=strategies) == s  # and the CLI's --check accepts it
    p = bp.Pyramid(n)
    assert len(s.x) == p.base and [len(c) for c in s.x] == [p.tri(i) for i in range(p.base)]
    assert sorted(s.cube(*q) for q in p.positions) == p.cubes
    assert r.solve_seconds is not None and r.build_seconds is not None
    assert r.solver == solver and r.seed == 1


def test_unsat_and_timeout():
    r = bp.solve(3, strategies=["XStep", "YStep"], solver="cadical")
    assert r.status == "unsat" and r.solution is None and r.verdict_under == ["XStep", "YStep"]
    r = bp.solve(6, solver="local", timeout=0.5)
    assert r.status == "unknown" and "time limit" in r.reason and r.exit_code == 3


def test_solution_formats_match_the_cli(tmp_path):
    r = bp.solve(3, solver="cadical", seed=2)
    code, out, _ = cli(3, "--solver", "cadical", "--seed", 2, "--svg", tmp_path / "p.svg")
    assert code == 0
    assert out.split("Solution:\n")[1] == r.solution.to_knuth()
    svg = (tmp_path / "p.svg").read_text()
    assert svg.count("<polygon") == r.solution.to_svg().count("<polygon")
    assert bp.Solution.from_text(r.solution.to_json()) == r.solution
    (tmp_path / "s.json").write_text(r.solution.to_json())
    code, out, _ = cli("--check", tmp_path / "s.json")
    assert code == 0 and "is a valid 3-level solution" in out


def test_check_agrees_with_the_cli(tmp_path):
    good = data("tests", "data", "solutions", "n4.txt")
    assert bp.check(good).levels == 4
    code, _, _ = cli("--check", good)
    assert code == 0
    bad = _broken(open(good).read())
    path = tmp_path / "bad.txt"
    path.write_text(bad)
    code, _, err = cli("--check", path)
    assert code == 1
    with pytest.raises(ValueError) as e:
        bp.check(str(path))
    assert err == f"bel_pyramid: error: {e.value}\n"
    with pytest.raises(ValueError, match="violates strategy YStep"):
        bp.check(good, strategies=["YStep"])


def _broken(text):
    """Knuth's drawing with its first top-view label changed."""
    lines = text.splitlines(keepends=True)
    cell = lines[1][1:4]
    lines[1] = lines[1][:1] + ("  0" if cell != "  0" else "  1") + lines[1][4:]
    return "".join(lines)


@pytest.mark.parametrize("args,kwargs", [
    ([2], {}),
    ([2, "--up-to-symmetry"], {"up_to_symmetry": True}),
    ([3, "--strategy", "YStep", "--strategy", "ConstructiveTripleDiagonal"],
     {"strategies": ["YStep", "ConstructiveTripleDiagonal"]}),
    ([3, "--max-solutions", 50], {"max_solutions": 50}),
])
def test_count_agrees_with_the_cli(args, kwargs):
    code, out, _ = cli(*args, "--count", "--json", "-")
    expected = json.loads(out)["count"]
    r = bp.count(args[0], **kwargs)
    assert r.exit_code == code == 0
    assert r.solutions == expected["solutions"] and r.complete == expected["complete"]
    assert r.classes == expected.get("classes")


def test_cnf_and_certificate_agree_with_the_cli(tmp_path):
    mine, theirs = tmp_path / "py.cnf", tmp_path / "cli.cnf"
    bp.to_cnf(3, mine, strategies=["YStep"])
    code, _, _ = cli(3, "--strategy", "YStep", "--cnf", theirs, "--skip-solver")
    assert code == 0
    # The first comment line echoes the command line; the clauses are the same.
    assert mine.read_text().split("\n", 1)[1] == theirs.read_text().split("\n", 1)[1]
    cert = tmp_path / "bp3.cert"
    with open(cert, "w") as f:
        subprocess.run(["cadical", str(theirs)], stdout=f, check=False)
    r = bp.import_certificate(3, cert, strategies=["YStep"], cnf=mine)
    assert r.status == "sat" and r.solution.is_valid()
    code, out, _ = cli(3, "--strategy", "YStep", "--cert", cert)
    assert code == 0 and out.split("Solution:\n")[1] == r.solution.to_knuth()


def test_errors_carry_the_cli_messages():
    for args, kwargs in [
        ([4, "--strategy", "NoSuch"], {"strategies": ["NoSuch"]}),
        ([4, "--solver", "minisat"], {"solver": "minisat"}),
        ([4, "--timeout", "-1"], {"timeout": -1}),
        ([0], {}),
        ([4, "--hypothesis", "missing.hyp"], {"hypotheses": ["missing.hyp"]}),
    ]:
        code, _, err = cli(*args)
        assert code in (1, 2), args
        with pytest.raises(ValueError) as e:
            bp.solve(args[0], **kwargs)
        assert err == f"bel_pyramid: error: {e.value}\n", args


def test_tables_are_the_clis():
    code, out, _ = cli("--list-strategies")
    assert [line.split()[0] for line in out.splitlines()] == [s["name"] for s in bp.strategies()]
    names = [s["name"] for s in bp.solvers()]
    code, out, _ = cli("--help")
    for name in names:
        assert f"  {name} " in out
