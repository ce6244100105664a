"""Interrupted and failed runs (issue #16, item 5): Ctrl-C during a Dask phase ends in one line and exit code 130, the
workers stopped and the finished shards kept; a report of several families is written all or nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import casino_math.report.writer as writer
from casino_math.report.writer import write_atomically
from tests.helpers.paths import ROOT
from tests.helpers.processes import live_in_session

HELPERS = ROOT / "tests" / "helpers"
TIMEOUT = 120



@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc")
def test_ctrl_c_during_a_dask_phase(tmp_path):
    cache = tmp_path / "cache"
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HELPERS), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen([sys.executable, str(HELPERS / "slow_shards.py"), "--cache", str(cache)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment, start_new_session=True)
    try:
        start = time.monotonic()
        while not list(cache.rglob("*.npz")) and time.monotonic() - start < TIMEOUT:
            time.sleep(0.1)
        assert list(cache.rglob("*.npz")), "no shard finished"
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C at a terminal does: every process of the group hears it
        out, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130 and out == ""
    assert err == f"interrupted; finished shards are kept in {cache}, so the same command resumes from them\n"
    deadline = time.monotonic() + 30
    while live_in_session(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert live_in_session(process.pid) == []  # the workers stopped with the run
    (manifest,) = cache.rglob("manifest.jsonl")
    kept = [json.loads(line)["shard"] for line in manifest.read_text().splitlines()[1:]]
    assert 0 in kept and len(kept) < 40  # finished shards kept, the run really was stopped midway


# -- a report set: all or nothing ------------------------------------------------------------------
def old_set(folder: Path) -> dict[str, bytes]:
    files = {f"{family}.{kind}": f"old {family} {kind}".encode() for family in ("alpha", "beta") for kind in ("html", "pdf")}
    files["index.html"] = b"old index"
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


def new_set(folder: Path) -> dict[Path, bytes]:
    return {folder / name: b"new " + name.encode() for name in ("alpha.html", "alpha.pdf", "beta.html", "beta.pdf", "index.html", "gamma.html")}


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_swap_that_fails_midway_puts_the_previous_set_back(tmp_path, monkeypatch):
    old = old_set(tmp_path)
    real = os.replace
    swapped: list[str] = []

    def replace(source, target):
        if str(target).endswith("beta.pdf"):
            raise OSError(28, "No space left on device", str(target))
        swapped.append(Path(target).name)
        real(source, target)

    monkeypatch.setattr(writer.os, "replace", replace)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(new_set(tmp_path))
    assert swapped[:3] == ["alpha.html", "alpha.pdf", "beta.html"]  # three were in place when the fourth failed
    assert contents(tmp_path) == old  # and all are the previous ones again, with no temporary left


def test_a_disk_full_while_staging_changes_nothing(tmp_path, monkeypatch):
    old = old_set(tmp_path)
    real = os.fsync
    calls = []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 4:
            raise OSError(28, "No space left on device")
        real(fd)

    monkeypatch.setattr(writer.os, "fsync", fsync)
    with pytest.raises(OSError):
        write_atomically(new_set(tmp_path))
    assert contents(tmp_path) == old


def test_a_folder_in_the_way_changes_nothing_and_new_folders_go(tmp_path):
    old = old_set(tmp_path)
    (tmp_path / "gamma.html").mkdir()
    with pytest.raises(IsADirectoryError):
        write_atomically(new_set(tmp_path))
    (tmp_path / "gamma.html").rmdir()
    assert contents(tmp_path) == old
    fresh = tmp_path / "new" / "deeper"
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "x").mkdir()  # a folder in the way under a folder made for the report
    files = {fresh / "a.html": b"a", tmp_path / "new" / "x": b"x"}
    with pytest.raises(IsADirectoryError):
        write_atomically(files)
    assert not fresh.exists()


def test_a_successful_swap_replaces_the_whole_set(tmp_path):
    old_set(tmp_path)
    files = new_set(tmp_path)
    assert write_atomically(files) == list(files)
    assert contents(tmp_path) == {p.name: data for p, data in files.items()}


# -- a worker the system ends: one line, exit code 3, nothing written ------------------------------
KILLED = """
import os, sys
import casino_math.workers as workers
from casino_math.cli.app import main

def ended(key):  # what the system's out-of-memory killer does to a worker: no error, no result
    if key == killed:
        os._exit(137)
    return real(key)

real, workers._run, killed = workers._run, ended, sys.argv[-1]
sys.argv = ["casino-math", "report", *sys.argv[1:-1]]
main()
"""


def test_a_worker_ended_by_the_system_stops_the_report_in_one_line(tmp_path):
    out = tmp_path / "reports"
    out.mkdir()
    (out / "old.html").write_text("the previous report")
    games = [str(ROOT / "tests" / "games" / name) for name in ("mini-three-card.yaml", "blackjack-small.yaml")]  # two families
    process = subprocess.run([sys.executable, "-c", KILLED, *games, "--out", str(out), "--workers", "2", "--quiet",
                              "--no-cache", "blackjack"], capture_output=True, text=True, timeout=TIMEOUT)
    assert process.returncode == 3, process.stderr
    assert process.stdout == ""
    working, said = process.stderr.split(", ended by the system ")
    assert working in ("error: a worker process stopped while working on blackjack",  # the other family may be done
                       "error: a worker process stopped while working on mini, blackjack")
    assert said == "(most often for want of memory); nothing was written: run again with fewer workers (--workers 1) or more memory free\n"
    assert [p.name for p in out.iterdir()] == ["old.html"]


SHARD_ENDED = """
import os
from casino_math.errors import WorkerLost
from casino_math.parallel import Runner, Shards

def counted(shard):
    if shard == 1:  # the system ends the worker of this shard, and of each of its retries
        os._exit(137)
    return shard

def run():
    Shards(counted, [0, 1], "a count").run(Runner.of(workers=2), label="a count of two shards")

if __name__ == "__main__":
    try:
        run()
    except WorkerLost as error:
        print(error)
"""


def test_a_shard_whose_workers_the_cluster_ends_stops_the_run_in_one_line():
    process = subprocess.run([sys.executable, "-c", SHARD_ENDED], capture_output=True, text=True, timeout=TIMEOUT)
    assert process.stdout == ("a worker process stopped while working on a count of two shards, shard 2 of 2, ended by "
                              "the system (most often for want of memory); nothing was written: run again with fewer "
                              "workers (--workers 1) or more memory free\n"), process.stderr


KILLED_MIDWAY = """
import os, sys
from pathlib import Path
import casino_math.report.writer as writer
real, count = os.replace, []
def replace(source, target):
    if len(count) == 3:
        os._exit(9)  # killed by the system in the middle of the swap: no clean-up runs
    count.append(target)
    real(source, target)
writer.os.replace = replace
folder = Path(sys.argv[1])
writer.write_atomically({folder / n: b"new " + n.encode() for n in ("alpha.html", "alpha.pdf", "beta.html", "beta.pdf", "index.html", "gamma.html")})
"""


def test_a_report_killed_midway_is_put_back_by_the_next_run(tmp_path):
    old = old_set(tmp_path)
    (tmp_path / ".notes.tmp").write_bytes(b"a user's own")  # not ours: it stays
    run = subprocess.run([sys.executable, "-c", KILLED_MIDWAY, str(tmp_path)], env={**os.environ, "PYTHONPATH": str(ROOT)},
                         timeout=TIMEOUT)
    assert run.returncode == 9
    left = contents(tmp_path)
    assert left["alpha.html"] == b"new alpha.html" and left["beta.pdf"] == old["beta.pdf"]  # a new HTML beside an old PDF
    assert writer.JOURNAL in left
    write_atomically({tmp_path / "other.html": b"other"})  # the next run into the folder puts the previous set back first
    assert contents(tmp_path) == {**old, ".notes.tmp": b"a user's own", "other.html": b"other"}


def test_two_runs_into_one_folder_take_turns(tmp_path):
    import fcntl
    import threading

    handle = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(handle, fcntl.LOCK_EX)  # another run writing into the folder
    writing = threading.Thread(target=write_atomically, args=(new_set(tmp_path),))
    writing.start()
    writing.join(0.5)
    assert writing.is_alive() and contents(tmp_path) == {}  # waits for its turn
    os.close(handle)
    writing.join(TIMEOUT)
    assert sorted(contents(tmp_path)) == sorted(p.name for p in new_set(tmp_path))
