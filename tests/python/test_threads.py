"""The GIL is released during a search, Ctrl-C stops it, progress reaches Python."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import bel_pyramid as bp


def test_keyboard_interrupt_stops_a_long_solve():
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        bp.solve(6, solver="local", seed=3, timeout=60)
    timer.join()
    assert time.perf_counter() - start < 3.0  # stopped within a second of the signal
    # Python's own handler is back: the next signal is an ordinary KeyboardInterrupt.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_keyboard_interrupt_stops_the_portfolio_and_a_count():
    # A hypothesis keeps the construction out: the portfolio searches (and encodes) for seconds.
    for call in (lambda: bp.solve(6, strategies=["YStep"], timeout=60),
                 lambda: bp.count(3, timeout=60)):
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        start = time.perf_counter()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            call()
        timer.join()
        assert time.perf_counter() - start < 2.5


def test_the_gil_is_released_during_a_solve():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    start = time.perf_counter()
    r = bp.solve(6, solver="local", seed=1, timeout=1.5)
    done.set()
    t.join()
    assert r.status == "unknown"
    during = [x for x in ticks if start + 0.2 < x < start + 1.4]
    assert len(during) > 30  # ~100 expected: the thread ran throughout the search


def test_solves_in_two_threads_at_once():
    results = {}

    def work(seed):
        results[seed] = bp.solve(4, solver="local", seed=seed, timeout=60)

    threads = [threading.Thread(target=work, args=(s,)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.status == "sat" and r.solution.is_valid() for r in results.values())


def test_progress_callback():
    seen = []
    r = bp.solve(6, solver="local", seed=1, timeout=2.5, progress=seen.append)
    assert r.status == "unknown" and seen
    assert all(p["best_cost"] >= 0 and p["rate_unit"] for p in seen)


def test_a_failing_callback_stops_the_search():
    def fail(progress):
        raise RuntimeError("enough")

    start = time.perf_counter()
    with pytest.raises(RuntimeError, match="enough"):
        bp.solve(6, solver="local", seed=1, timeout=30, progress=fail)
    assert time.perf_counter() - start < 5


def test_a_run_inside_a_callback_leaves_pythons_handler(tmp_path):
    """A progress callback on the main thread that solves again must not
    leave the library's handlers installed: a later Ctrl-C is Python's."""
    script = tmp_path / "nested.py"
    script.write_text('''
import os, signal, threading, time
import bel_pyramid as bp
inner = []
def again(progress):
    if not inner and threading.current_thread() is threading.main_thread():
        inner.append(bp.solve(2, solver="cadical", seed=1).status)
bp.solve(6, solver="local", seed=1, timeout=1.5, progress=again)
assert inner == ["sat"], inner
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(2)
except KeyboardInterrupt:
    print("python's handler")
''')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                       timeout=60)
    assert p.returncode == 0 and "python's handler" in p.stdout, (p.returncode, p.stderr)
