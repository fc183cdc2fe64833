"""Each script of examples/ runs with small arguments."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT


def run_example(name, *args):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)  # the module under test
    p = subprocess.run([sys.executable, os.path.join(ROOT, "examples", name), *args],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_strategy_sweep():
    out = run_example("strategy_sweep.py", "--levels", "3", "--seeds", "1", "--timeout", "2",
                      "--strategies", "YStep", "XStep")
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["N", "strategy", "sat"] and len(lines) == 3
    assert lines[1].split()[:3] == ["3", "YStep", "1"]


def test_new_hypothesis(tmp_path):
    hyp = tmp_path / "centre.hyp"
    out = run_example("new_hypothesis.py", "--levels", "4", "--timeout", "3", "--save", str(hyp))
    assert "N=4: 5 constraints" in out and hyp.read_text().startswith("# CentreStaircase")


def test_triple_positions(tmp_path):
    out = run_example("triple_positions.py", "--samples", "3", "--plot", str(tmp_path / "t.png"))
    assert "distinct 4-level solutions from 3 seeds" in out
    assert "height 3" in out
    try:
        import matplotlib  # noqa: F401
        assert (tmp_path / "t.png").exists()
    except ImportError:
        assert "matplotlib is not installed" in out


def test_extend_core():
    out = run_example("extend_core.py", "--levels", "3", "--cores", "6")
    summary = out.splitlines()[-3:]
    assert summary[0].startswith("N=3: ") and "2-level cores from seeds 1..6" in summary[0]
    cores = int(summary[0].split()[1])
    for line, step in zip(summary[1:], ["ShellStep", "BottomStep"]):
        words = line.split()
        assert words[0] == step + ":"
        assert int(words[1]) + int(words[3]) + int(words[5]) == cores


def test_diagonal_symmetry():
    out = run_example("diagonal_symmetry.py", "--levels", "3", "--timeout", "20")
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "N=3 pairs ()", "N=3 pairs (0,)", "N=3 pairs (1,)", "N=3 pairs (0, 1)"]
    assert all(line.split(": ")[1].startswith("unsat") for line in lines)
