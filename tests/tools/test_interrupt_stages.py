"""Ctrl-C at whatever stage (issue #34, item 7): while a first run compiles its kernels (numba's cache empty), while a
chart is drawn, while a report's files are swapped in, while forked workers write families and only the main process
hears it: always one line ``interrupted``, exit code 130, nothing written, no process left.

The stages are reached for certain by a run that interrupts itself there (the command line in a subprocess, one hook
patched to send SIGINT to the main process), or in this process; timed interrupts of a cold report: one here, more in
the slow tier (``-m slow``)."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import casino_math.report.writer as writer
from casino_math import interrupts
from casino_math.count_cache import disabled
from casino_math.report.charts import funnel_chart, render
from casino_math.report.writer import write_atomically
from tests.helpers.paths import ROOT
from tests.helpers.processes import live_in_session

GAMES = ROOT / "tests" / "games"
BLACKJACK, MINI = str(GAMES / "blackjack-small.yaml"), str(GAMES / "mini-three-card.yaml")
TIMEOUT = 240  # a cold blackjack report on a busy machine takes about 80 s; a run that lost its interrupt ends here

# the command line, interrupting itself at the n-th call of one hook: the main process is sent SIGINT, as Ctrl-C does
AT_STAGE = """
import os, signal, sys
stage, nth, *args = sys.argv[1:]
MAIN, calls = os.getpid(), [0]

def interrupt():
    calls[0] += 1
    if calls[0] == int(nth):
        os.kill(MAIN, signal.SIGINT)

if stage == "compiled":  # numba hands a kernel's object code back to Python (in its compiler, from LLVM)
    from numba.core import codegen
    hook = codegen.JITCodeLibrary._object_compiled_hook.__func__
    def compiled(cls, module, buffer):
        interrupt()
        return hook(cls, module, buffer)
    codegen.JITCodeLibrary._object_compiled_hook = classmethod(compiled)
elif stage == "worker":  # a forked worker writing a family; the main process alone is sent SIGINT
    import time
    import casino_math.workers as workers
    run = workers._run
    def stuck(key):
        if key == "blackjack":
            interrupt()
            time.sleep(3600)
        return run(key)
    workers._run = stuck

from casino_math.cli.app import main
sys.argv = ["casino-math", *args]
main()
"""


def environment(tmp_path: Path) -> dict[str, str]:
    """An empty numba cache (every kernel compiled afresh) and an empty count cache of the test's own."""
    return {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "CASINO_MATH_CACHE": str(tmp_path / "counts"),
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def started(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=environment(tmp_path), start_new_session=True, cwd=tmp_path)


def interrupted(process: subprocess.Popen[str], out: Path) -> None:
    """The run ended in one line and exit code 130, wrote nothing in ``out``, and left no process of its session."""
    try:
        stdout, stderr = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert (process.returncode, stdout, stderr) == (130, "", "interrupted\n"), (process.returncode, stdout, stderr[-3000:])
    assert not out.exists() or [p.name for p in out.iterdir()] == ["old.html"], list(out.iterdir())
    deadline = time.monotonic() + 30
    while live_in_session(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert live_in_session(process.pid) == []



def out_folder(tmp_path: Path) -> Path:
    out = tmp_path / "reports"
    out.mkdir()
    (out / "old.html").write_text("the previous report")
    return out


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or sys.platform == "darwin",
                                reason="reads the process table in /proc; forks workers")


def test_ctrl_c_while_a_kernel_is_compiled(tmp_path):
    """Once: the interrupt raised inside numba's callback from LLVM was printed with its traceback and dropped, the
    run went on to its end, exit code 0."""
    interrupted(started(tmp_path, "-c", AT_STAGE, "compiled", "1", "analyze", BLACKJACK), tmp_path / "reports")


def test_ctrl_c_while_a_chart_is_drawn_waits_for_the_chart(monkeypatch):
    """Once: the interrupt cut matplotlib midway (a traceback of its own, 'Invalid bounding box', not the one line)."""
    drawn: list[str] = []
    draw, save = FigureCanvasAgg.draw, Figure.savefig

    def interrupting(self, *args, **kwargs):
        if not drawn:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C as the first chart is laid out
        drawn.append("drawn")
        return draw(self, *args, **kwargs)

    def saved(self, stream, **kwargs):
        save(self, stream, **kwargs)
        drawn.append(kwargs["format"])

    monkeypatch.setattr(FigureCanvasAgg, "draw", interrupting)
    monkeypatch.setattr(Figure, "savefig", saved)
    chart = functools.partial(funnel_chart, ["Ante", "Play"], [0.97, 0.98], [2.5, 3.0], [1000, 2000])
    with disabled(), interrupts.handling(), pytest.raises(KeyboardInterrupt):  # drawn, not read from the count cache
        render(chart)
    assert drawn[0] == "drawn" and drawn[-2:] == ["png", "svg"]  # the chart was drawn and saved whole, then the run stopped


def test_ctrl_c_to_the_main_process_alone_stops_the_workers(tmp_path):
    """``kill -INT`` to the main process of a report writing two families in forked workers: once, it waited for the
    workers to end their families (here: forever)."""
    out = out_folder(tmp_path)
    interrupted(started(tmp_path, "-c", AT_STAGE, "worker", "1", "report", MINI, BLACKJACK, "--out", str(out), "--quiet",
                        "--workers", "2"), out)


def test_ctrl_c_while_the_files_are_swapped_in_puts_the_previous_set_back(tmp_path, monkeypatch):
    old = {"alpha.html": b"old alpha", "alpha.pdf": b"old alpha pdf"}
    for name, data in old.items():
        (tmp_path / name).write_bytes(data)
    real = os.replace

    def replace(source, target):
        real(source, target)
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C once the first file is in place

    monkeypatch.setattr(writer.os, "replace", replace)
    with interrupts.handling(), pytest.raises(KeyboardInterrupt):
        write_atomically({tmp_path / name: b"new " + name.encode() for name in ("alpha.html", "alpha.pdf", "beta.html")})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == old


def test_ctrl_c_once_the_files_are_in_place_ends_nothing(tmp_path):
    files = {tmp_path / "a.html": b"a"}
    with interrupts.handling():
        assert write_atomically(files) == list(files)
        os.kill(os.getpid(), signal.SIGINT)  # too late: the work is done
        time.sleep(0.01)
    assert (tmp_path / "a.html").read_bytes() == b"a"


def timed(tmp_path: Path, after: float, group: bool) -> None:
    """A cold blackjack report (numba's cache and the count cache empty) sent SIGINT ``after`` seconds: to the whole
    process group (Ctrl-C at a terminal) or to the main process alone (``kill -INT``)."""
    out = out_folder(tmp_path)
    process = started(tmp_path, "-m", "casino_math", "report", BLACKJACK, MINI, "--out", str(out), "--quiet")
    time.sleep(after)
    if process.poll() is not None:
        pytest.fail(f"the report ended within {after} s, before its interrupt: {process.communicate()}")
    (os.killpg if group else os.kill)(process.pid, signal.SIGINT)
    interrupted(process, out)


def test_ctrl_c_early_in_a_cold_report(tmp_path):
    timed(tmp_path, 1.0, True)


@pytest.mark.slow
@pytest.mark.parametrize("group", [True, False], ids=["ctrl-c", "kill-int"])
@pytest.mark.parametrize("after", [0.3, 2.0, 3.0, 6.0, 9.0, 13.0, 18.0, 24.0])
def test_ctrl_c_at_many_times(tmp_path, after, group):
    timed(tmp_path, after, group)
