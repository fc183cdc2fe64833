"""The pytest suite of the Python package: the module comes from the build
tree (BEL_PYRAMID_PYTHONPATH, default build/python) unless an installed one
is asked for with BEL_PYRAMID_PYTHONPATH=installed; the CLI it is compared
with is BEL_PYRAMID_BINARY (default build/bel_pyramid)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
_path = os.environ.get("BEL_PYRAMID_PYTHONPATH", os.path.join(ROOT, "build", "python"))
if _path != "installed":
    sys.path.insert(0, _path)
BINARY = os.environ.get("BEL_PYRAMID_BINARY", os.path.join(ROOT, "build", "bel_pyramid"))


def cli(*args, stdin=None):
    """Runs the CLI: (exit code, stdout, stderr)."""
    p = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, input=stdin,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)  # doc/ and tests/data/ paths, as the CLI's tests use them


def data(*parts):
    return os.path.join(ROOT, *parts)
