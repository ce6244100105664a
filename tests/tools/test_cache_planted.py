"""Planted files in cache folders (issue #34, items 4 and 6): a pipe in place of a kept shard or count is never waited
on, a forged size or shape never makes a load read or allocate more than the file holds, and the count cache owns only
what it wrote: eviction and ``casino-math cache clear`` leave the user's files alone, and a folder of other files is
refused as a cache in one line."""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

from casino_math import count_cache
from casino_math.count_cache import MARKER, CountCache
from casino_math.parallel import Runner, Shards
from casino_math.shard_store import MANIFEST, to_bytes
from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

pipes = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
PAYLOAD = {"cells": np.arange(250, dtype=np.int64)}


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """``work()``'s value, or a failure if it has not returned in ``seconds`` (a wait on a pipe never would)."""
    found: list[Any] = []
    worker = threading.Thread(target=lambda: found.append(work()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert found, f"still waiting after {seconds} s (on a pipe?)"
    return found[0]


def task(x: int) -> dict:
    return {"square": np.array([x * x], dtype=np.int64)}


def shard_run(cache: Path) -> list[int]:
    return [int(r["square"][0]) for r in Shards(task, [1, 2, 3], "planted-test").run(Runner.here(cache))]


def shard_folder(cache: Path) -> Path:
    shard_run(cache)
    (found,) = [p for p in cache.iterdir() if p.is_dir()]
    return found


def warnings_of(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


# -- item 6: pipes, forged sizes and shapes ------------------------------------------------------------------
@pipes
@pytest.mark.parametrize("planted", ["000001.npz", MANIFEST])
def test_a_pipe_in_place_of_a_kept_shard_is_not_waited_on(planted, tmp_path, caplog):
    folder = shard_folder(tmp_path / "cache")
    (folder / planted).unlink()
    os.mkfifo(folder / planted)
    with caplog.at_level(logging.WARNING, logger="casino_math"):
        assert within(30, lambda: shard_run(tmp_path / "cache")) == [1, 4, 9]
    assert len(warnings_of(caplog)) == 1 and "computed again" in warnings_of(caplog)[0]


@pipes
@pytest.mark.parametrize("suffix", [".npz", ".json"])
def test_a_pipe_in_place_of_a_kept_count_is_not_waited_on(suffix, tmp_path, caplog):
    cache = CountCache(tmp_path / "counts")
    cache.keep("demo", "key", "a demo", PAYLOAD)
    (path,) = (tmp_path / "counts").glob(f"*{suffix}")
    path.unlink()
    os.mkfifo(path)
    with caplog.at_level(logging.WARNING, logger="casino_math"):
        assert within(30, lambda: cache.load("demo", "key", "a demo")) == (False, None)
    assert len(warnings_of(caplog)) == 1 and "computed again" in warnings_of(caplog)[0]
    assert within(30, lambda: (cache.entries(), cache.size(), cache.clear()))


def vouch(folder: Path, index: int, data: bytes, size: int | None = None) -> None:
    """Put ``data`` as shard ``index`` with a manifest line vouching for it (its size forged as ``size``, if given)."""
    (folder / f"{index:06d}.npz").write_bytes(data)
    line = {"shard": index, "file": f"{index:06d}.npz", "bytes": len(data) if size is None else size,
            "sha256": hashlib.sha256(data).hexdigest()}
    with open(folder / MANIFEST, "a") as stream:
        stream.write(json.dumps(line) + "\n")


def huge_member() -> bytes:
    """A shard whose one array declares a terabyte of numbers in a member of a few bytes (a sound archive otherwise)."""
    import zipfile

    kept = zipfile.ZipFile(io.BytesIO(to_bytes({"big": np.zeros(4, dtype=np.uint8)})))
    member = kept.read("a0.npy")
    at = member.index(b"(4,)")
    forged = member[:at] + b"(1099511627776,)" + member[at + 4:].replace(b" " * 12, b"", 1)  # the header's length kept
    assert len(forged) == len(member)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("tree.npy", kept.read("tree.npy"))
        archive.writestr("a0.npy", forged)
    return out.getvalue()


LIMITED = """
import logging, resource, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from casino_math.shard_store import ShardStore
from casino_math.parallel import shard_engine
logging.basicConfig(level=logging.WARNING, format="%(message)s")
size = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + (1 << 30), size + (1 << 30)))  # a gigabyte more than it holds now
store = ShardStore(Path(sys.argv[1]), "planted-test", shard_engine())
print([store.load(i)[0] for i in range(3)])
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a memory limit read from /proc")
@pytest.mark.parametrize("forgery", ["size", "shape"])
def test_a_forged_size_or_shape_reads_no_more_than_the_file_holds(forgery, tmp_path):
    """A manifest line vouching for 6 GB, or an array declaring a terabyte, under a memory limit a gigabyte above what
    the process holds: the shard is computed again with one warning, no ``MemoryError``."""
    folder = shard_folder(tmp_path / "cache")
    if forgery == "size":
        vouch(folder, 1, (folder / "000001.npz").read_bytes(), size=6_000_000_000)
    else:
        vouch(folder, 1, huge_member())
    done = subprocess.run([sys.executable, "-c", LIMITED, str(tmp_path / "cache"), str(ROOT)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.strip() == "[True, False, True]"
    assert done.stderr.count("\n") == 1 and "computed again" in done.stderr, done.stderr


def test_a_forged_size_in_a_kept_counts_manifest_is_refused_before_reading(tmp_path, caplog):
    cache = CountCache(tmp_path / "counts")
    cache.keep("demo", "key", "a demo", PAYLOAD)
    (manifest,) = (tmp_path / "counts").glob("*.json")
    manifest.write_text(json.dumps(json.loads(manifest.read_text()) | {"bytes": 6_000_000_000}))
    with caplog.at_level(logging.WARNING, logger="casino_math"):
        assert cache.load("demo", "key", "a demo") == (False, None)
    assert len(warnings_of(caplog)) == 1 and "computed again" in warnings_of(caplog)[0]


# -- item 4: the cache owns only what it wrote -----------------------------------------------------------------
USERS = {".old-notes.tmp": "notes", ".draft.tmp": "draft", "0123456789abcdef0123456789abcdef.json": '{"mine": 1}',
         "fedcba9876543210fedcba9876543210.npz": "not an archive"}


def plant_users_files(folder: Path) -> None:
    two_hours_ago = time.time() - 7200
    for name, text in USERS.items():
        (folder / name).write_text(text)
        os.utime(folder / name, (two_hours_ago, two_hours_ago))


def users_files_left(folder: Path) -> dict[str, str]:
    return {name: (folder / name).read_text() for name in USERS if (folder / name).exists()}


def test_eviction_removes_only_what_the_cache_wrote(tmp_path):
    probe = CountCache(tmp_path / "probe")
    probe.keep("demo", "a", "a", PAYLOAD)
    cache = CountCache(tmp_path / "c", limit=2 * probe.size() + 100)  # room for two entries, not three
    cache.keep("demo", "a", "a", PAYLOAD)
    plant_users_files(cache.folder)
    cache.keep("demo", "b", "b", PAYLOAD)
    cache.keep("demo", "c", "c", PAYLOAD)
    assert users_files_left(cache.folder) == USERS
    assert [cache.load("demo", k, k)[0] for k in "abc"] == [False, True, True]
    assert len(cache.entries()) == 2


@pytest.fixture
def counts_folder(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "counts"
    monkeypatch.setenv("CASINO_MATH_CACHE", str(folder))
    monkeypatch.setattr(count_cache, "_switched_off", False)
    return folder


def test_cache_clear_removes_only_what_the_cache_wrote(counts_folder, monkeypatch, capsys):
    cache = CountCache(counts_folder)
    cache.keep("demo", "a", "a", PAYLOAD)
    plant_users_files(counts_folder)
    code, out, _ = run(monkeypatch, capsys, "cache")
    assert code == 0 and "1 entry" in out
    code, out, _ = run(monkeypatch, capsys, "cache", "clear")
    assert code == 0 and out.startswith("removed 1 entry ")
    assert users_files_left(counts_folder) == USERS and (counts_folder / MARKER).is_file()
    assert sorted(p.name for p in counts_folder.iterdir()) == sorted([*USERS, MARKER])
    assert cache.load("demo", "a", "a") == (False, None)


@pytest.mark.parametrize("command", [["cache"], ["cache", "clear"],
                                     ["analyze", str(ROOT / "tests" / "games" / "mini-three-card.yaml")]])
def test_a_folder_of_other_files_is_refused_as_a_cache(command, counts_folder, monkeypatch, capsys):
    counts_folder.mkdir()
    plant_users_files(counts_folder)
    code, out, err = run(monkeypatch, capsys, *command)
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1, (code, out, err)
    assert "CASINO_MATH_CACHE" in err and str(counts_folder) in err
    assert sorted(p.name for p in counts_folder.iterdir()) == sorted(USERS)


def test_a_new_or_empty_folder_becomes_a_cache_folder(counts_folder, monkeypatch, capsys):
    for folder in (counts_folder, counts_folder.parent / "empty"):
        folder.mkdir(exist_ok=True)
        monkeypatch.setenv("CASINO_MATH_CACHE", str(folder))
        code, out, _ = run(monkeypatch, capsys, "cache")
        assert code == 0 and "0 entries" in out and not (folder / MARKER).exists()  # shown, nothing written
        count_cache.current().keep("demo", "a", "a", PAYLOAD)
        assert (folder / MARKER).read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")


def test_a_cache_folder_kept_before_the_marker_is_still_one(counts_folder, monkeypatch, capsys):
    """Entries kept by a version writing no marker: the folder holds only the cache's files, so it is taken as one."""
    CountCache(counts_folder).keep("demo", "a", "a", PAYLOAD)
    (counts_folder / MARKER).unlink()
    code, out, _ = run(monkeypatch, capsys, "cache")
    assert code == 0 and "1 entry" in out
    assert count_cache.current().load("demo", "a", "a")[0]
