"""solve, check, count, CNF export and certificate import against the CLI."""

import inspect
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


def test_a_members_completion_goes_to_cadical_and_back(tmp_path):
    family = data("doc", "hypotheses", "families", "ColumnStepShift.hyp")
    cnf, cert = tmp_path / "m.cnf", tmp_path / "m.cert"
    shape = {"hypotheses": [family], "params": {"f": 2}}
    bp.to_cnf(4, cnf, encoder="completion", **shape)
    with open(cert, "w") as f:
        subprocess.run(["cadical", str(cnf)], stdout=f, check=False)
    r = bp.import_certificate(4, cert, cnf=cnf, encoder="completion", **shape)
    assert r.status == "sat" and r.solution.is_valid()
    assert r.solution.x[3][0] == 3  # the shape's X[x,h] = x


def test_errors_carry_the_cli_messages():
    for args, kwargs in [
        ([0], {}),
        ([4, "--timeout", "-1"], {"args": ["--timeout", "-1"]}),
    ]:
        code, _, err = cli(*args)
        assert code in (1, 2), args
        with pytest.raises(ValueError) as e:
            bp.solve(args[0], **kwargs)
        assert err == f"bel_pyramid: error: {e.value}\n", args


@pytest.mark.parametrize("call,kwargs,options,keyword", [
    (bp.solve, {"strategies": ["NoSuch"]}, ["--strategy", "NoSuch"], "strategies"),
    (bp.solve, {"hypotheses": ["missing.hyp"]}, ["--hypothesis", "missing.hyp"], "hypotheses"),
    (bp.solve, {"given": ["missing.txt"]}, ["--given", "missing.txt"], "given"),
    (bp.solve, {"solver": "minisat"}, ["--solver", "minisat"], "solver"),
    (bp.solve, {"timeout": -1}, ["--timeout", "-1"], "timeout"),
    (bp.solve, {"seed": -3}, ["--seed", "-3"], "seed"),
    (bp.solve, {"threads": 0}, ["--threads", "0"], "threads"),
    (bp.solve, {"portfolio": ["foo"]}, ["--portfolio", "foo"], "portfolio"),
    (bp.solve, {"symmetry_breaking": "foo"}, ["--symmetry-breaking", "foo"], "symmetry_breaking"),
    (bp.count, {"max_solutions": 0}, ["--count", "--max-solutions", "0"], "max_solutions"),
    (bp.count, {"part": "3/2"}, ["--count", "--part", "3/2"], "part"),
    (bp.count, {"centre_pattern": [0, 5]}, ["--count", "--centre-pattern", "0,5"],
     "centre_pattern"),
    (bp.to_cnf, {"path": "x.cnf", "encoder": "foo"},
     ["--cnf", "x.cnf", "--skip-solver", "--cnf-encoder", "foo"], "encoder"),
    (bp.to_cnf, {"path": "x.cnf", "tune": ["foo=1"]},
     ["--cnf", "x.cnf", "--skip-solver", "--cnf-tune", "foo=1"], "tune"),
])
def test_errors_name_the_keyword(call, kwargs, options, keyword):
    """The CLI's message, with the option the keyword stood for named by the keyword."""
    code, _, err = cli(3, *options)
    assert code in (1, 2)
    option = options[-2]
    with pytest.raises(ValueError) as e:
        call(3, **kwargs)
    assert err.startswith(f"bel_pyramid: error: {option}"), err
    assert f"bel_pyramid: error: {e.value}\n" == err.replace(option, keyword, 1)
    assert option not in str(e.value)


def test_options_from_args_keep_their_names():
    with pytest.raises(ValueError, match="^--max-solutions must"):
        bp.count(3, args=["--max-solutions", "0"])
    with pytest.raises(ValueError, match="^--seed must"):
        bp.solve(3, timeout=10, args=["--seed", "-3"])


def test_answered_by_comes_from_the_summary():
    r = bp.solve(3, portfolio=["local", "local"], seed=5)
    assert r.status == "sat" and r.solver == "portfolio" and r.seed == 5
    assert r.answered_by == "local" and r.answered_by_seed in (5, 6)
    assert f'Answer from "local" (seed {r.answered_by_seed}).' in r.report
    assert r.summary.answered_by == r.answered_by
    assert json.loads(r.json)["answered_by"] == {"solver": "local", "seed": r.answered_by_seed}
    alone = bp.solve(2, solver="cadical", seed=1)
    assert alone.answered_by == "cadical" and alone.answered_by_seed is None
    timed_out = bp.solve(6, solver="local", timeout=0.2)
    assert timed_out.status == "unknown" and timed_out.answered_by is None


def test_count_exposes_its_nodes():
    code, out, _ = cli(2, "--count", "--json", "-")
    expected = json.loads(out)["count"]
    r = bp.count(2)
    assert r.nodes == expected["nodes"] > 0 and r.node_unit == expected["node_unit"] == "nodes"
    assert r.summary.count.nodes == r.nodes and r.estimate is False
    e = bp.count(2, args=["--estimate", "20"])
    assert e.estimate and e.standard_error is not None and e.solutions > 0 and e.nodes > 0
    # No path of 20 reaches one of the 4-level solutions: no estimate, no spread.
    e = bp.count(4, args=["--estimate", "20"])
    assert e.solutions == 0 and e.standard_error is None and e.nodes > 0


def test_defaults_are_the_librarys():
    d = bp.defaults()
    code, out, _ = cli("--help")
    assert f"(default {d['solver']};" in out
    assert f"{d['symmetry_breaking']} (default)" in out
    assert f"{d['cnf_encoder']} (default)" in out and f"{d['domain']} (default)" in out
    signature = inspect.signature(bp.solve).parameters
    assert signature["solver"].default == d["solver"]
    assert signature["seed"].default is None is d["seed"]
    assert d["timeout"] is None and d["threads"] is None and d["max_solutions"] is None


def test_an_unset_seed_is_left_to_the_solver():
    """No seed given: no --seed, as the CLI without it (CaDiCaL keeps its own)."""
    r = bp.solve(2, solver="cadical")
    code, out, _ = cli(2, "--solver", "cadical", "--json", "-")
    assert code == 0 and json.loads(out)["seed"] is None
    assert r.seed is None and "--seed" not in r.summary.command_line
    assert json.loads(r.json)["seed"] is None


def test_tables_are_the_clis():
    code, out, _ = cli("--list-strategies")
    assert [line.split()[0] for line in out.splitlines()] == [s["name"] for s in bp.strategies()]
    names = [s["name"] for s in bp.solvers()]
    code, out, _ = cli("--help")
    for name in names:
        assert f"  {name} " in out
