"""Kept shards are data only (issue #16, item 4): a planted, truncated, changed or foreign file in ``--cache`` is never
loaded (and never runs code): the shard is computed again with a one-line warning, and later runs are not wedged."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import logging
import pickle
import subprocess
import sys
import zipfile
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_math.parallel import Runner, Shards, shard_engine
from casino_math.returns import Metrics
from casino_math.shard_store import MANIFEST, ShardStore, from_bytes, to_bytes
from tests.helpers.paths import ROOT


MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"


class _Planted:
    """Unpickling this creates a marker file: the proof that a pickle ran code."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (Path(self.marker),))


def square(x: int) -> int:
    return x * x


def job(tmp_path: Path, calls: list[int] | None = None) -> tuple[Shards, Runner]:
    def task(x: int) -> dict:
        if calls is not None:
            calls.append(x)
        return {"square": np.array([x * x], dtype=np.int64), "x": x}

    return Shards(task, [1, 2, 3], "format-test"), Runner.here(tmp_path / "cache")


def values(results: list[dict]) -> list[int]:
    return [int(r["square"][0]) for r in results]


def folder(tmp_path: Path) -> Path:
    (found,) = [p for p in (tmp_path / "cache").iterdir() if p.is_dir()]
    return found


def warnings_of(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "casino_math.shards" and r.levelno == logging.WARNING]


def manifest_line(path: Path, index: int) -> None:
    """Append a manifest line that vouches for ``path`` as shard ``index``: what an attacker who can write the folder can do."""
    data = path.read_bytes()
    with open(path.parent / MANIFEST, "a") as stream:
        stream.write(json.dumps({"shard": index, "file": path.name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}) + "\n")


# -- the format -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [
    np.arange(12, dtype=np.int64).reshape(3, 4),
    [(Metrics(Fraction(-1, 3), Fraction(1, 3), Fraction(1, 4), Fraction(3, 2), Fraction(2, 5), Fraction(7, 3), Fraction(40), 22_100), "play Q-6-4")],
    {"hands": 3, "nets": {"ante": Counter({-1: 2, 2: 1})}, "outcomes": Counter({(("situation", ("equal",)),): 5})},
    (np.int64(2**62), 10**40, -1.5, None, True, "text"),
])
@pytest.mark.parametrize("copy", [True, False])
def test_every_kind_of_shard_result_comes_back_the_same(value, copy):
    """Read back with copies (shards), or as read-only views of the bytes (kept counts): the same value either way."""
    back = from_bytes(to_bytes(value), copy=copy)
    if isinstance(value, np.ndarray):
        assert np.array_equal(back, value) and back.dtype == value.dtype and back.flags.writeable == copy
    else:
        assert back == value and type(back) is type(value)


def test_views_of_the_bytes_refuse_what_np_load_refuses():
    """The views read an archive as ``np.load(allow_pickle=False)`` does: an array of objects, or a member cut short,
    is an error, never a value."""
    planted = io.BytesIO()
    np.savez(planted, tree=np.frombuffer(b'{"array":0}', dtype=np.uint8), a0=np.array([Fraction(1, 2)], dtype=object))
    with pytest.raises(ValueError):
        from_bytes(planted.getvalue(), copy=False)
    data = to_bytes(np.arange(1000, dtype=np.int64))
    with pytest.raises((ValueError, zipfile.BadZipFile, EOFError)):
        from_bytes(data[:len(data) // 2], copy=False)


def test_simulation_and_hold_em_results_are_plain_data():
    from casino_math.simulate import Tally

    from casino_math.methods.holdem.method import Totals

    tally = Tally(5, {"ante": Counter({-1: 3, 1: 2})}, Counter({1: 5}), Counter({"play": 1}), {"tie": Counter({("equal",): 2})})
    assert from_bytes(to_bytes(tally)) == tally
    names = [f.name for f in dataclasses.fields(Totals)]
    arrays = [np.arange(24, dtype=np.int64).reshape(2, 3, 4) * (i + 1) for i in range(len(names))]
    back = from_bytes(to_bytes(Totals(*arrays)))
    assert type(back) is Totals and all(np.array_equal(getattr(back, f), a) for f, a in zip(names, arrays))


def test_a_stored_value_names_no_code():
    data = to_bytes({"a": np.zeros(2), "b": Fraction(1, 2)})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(archive.namelist()) == ["a0.npy", "tree.npy"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())


# -- hostile and damaged caches ---------------------------------------------------------------------------
def test_a_planted_pickle_never_runs(tmp_path, caplog):
    shards, runner = job(tmp_path)
    assert values(shards.run(runner)) == [1, 4, 9]
    marker = tmp_path / "ran"
    where = folder(tmp_path)
    (where / "000000.npz").write_bytes(pickle.dumps(_Planted(str(marker))))  # a pickle under the shard's own name
    manifest_line(where / "000000.npz", 0)  # vouched for by the manifest, checksum and all
    buffer = io.BytesIO()  # an npz holding a pickled object array: refused by allow_pickle=False
    np.savez(buffer, tree=np.frombuffer(b'{"array":0}', dtype=np.uint8), a0=np.array([_Planted(str(marker))], dtype=object))
    (where / "000001.npz").write_bytes(buffer.getvalue())
    manifest_line(where / "000001.npz", 1)
    (where / "000002.pickle").write_bytes(pickle.dumps(_Planted(str(marker))))  # the old format's name
    calls: list[int] = []
    shards, runner = job(tmp_path, calls)
    assert values(shards.run(runner)) == [1, 4, 9] and calls == [1, 2]
    assert not marker.exists()
    messages = warnings_of(caplog)
    assert len(messages) == 2 and all("computed again" in m and "\n" not in m for m in messages)


def test_a_truncated_shard_is_computed_again_and_later_runs_are_fine(tmp_path, caplog):
    shards, runner = job(tmp_path)
    shards.run(runner)
    shard = folder(tmp_path) / "000001.npz"
    shard.write_bytes(shard.read_bytes()[:100])
    calls: list[int] = []
    shards, runner = job(tmp_path, calls)
    assert values(shards.run(runner)) == [1, 4, 9] and calls == [2]
    assert any("size or SHA-256" in m for m in warnings_of(caplog))
    caplog.clear()
    calls.clear()
    assert values(shards.run(runner)) == [1, 4, 9] and calls == [] and warnings_of(caplog) == []


@pytest.mark.parametrize("damage", ["foreign file", "foreign manifest", "torn manifest line", "dataclass elsewhere",
                                    "module not imported", "compressed"])
def test_a_foreign_or_damaged_cache_is_never_loaded(tmp_path, caplog, damage):
    shards, runner = job(tmp_path)
    shards.run(runner)
    where = folder(tmp_path)
    manifest = where / MANIFEST
    if damage == "foreign file":
        lines = manifest.read_text().splitlines()
        manifest.write_text("\n".join(line for line in lines if '"shard": 0' not in line) + "\n")
    elif damage == "foreign manifest":
        manifest.write_text(json.dumps({"format": "casino-math shards 2", "engine": "1", "key": "another job"}) + "\n")
    elif damage == "torn manifest line":  # a run stopped while appending shard 0's line again
        with open(manifest, "a") as stream:
            stream.write('{"shard": 0, "file": "000000.n\n')
    else:
        tree = {"dataclass elsewhere": {"dataclass": "subprocess:Popen", "fields": {"args": "true"}},
                "module not imported": {"dataclass": "casino_math.__main__:main", "fields": {}},
                "compressed": {"array": 0}}[damage]
        buffer = io.BytesIO()
        save = np.savez_compressed if damage == "compressed" else np.savez
        save(buffer, tree=np.frombuffer(json.dumps(tree).encode(), dtype=np.uint8), a0=np.zeros(10**6, dtype=np.int64))
        (where / "000000.npz").write_bytes(buffer.getvalue())
        manifest_line(where / "000000.npz", 0)
    calls: list[int] = []
    shards, runner = job(tmp_path, calls)
    assert values(shards.run(runner)) == [1, 4, 9]
    assert calls == {"foreign manifest": [1, 2, 3], "torn manifest line": []}.get(damage, [1])
    messages = warnings_of(caplog)
    assert len(messages) == 1 and "\n" not in messages[0], messages
    assert "casino_math.__main__" not in sys.modules  # a name in a file imports nothing


def test_a_result_that_is_not_data_is_not_kept_and_the_run_goes_on(tmp_path, caplog):
    results = Shards(lambda x: object(), [1, 2], "unstorable").run(Runner.here(tmp_path))
    assert len(results) == 2
    (message,) = warnings_of(caplog)
    assert "not plain data" in message and "goes on" in message


def test_a_cache_that_cannot_be_written_midway_only_warns(tmp_path, caplog):
    store_parent = tmp_path / "cache"
    shards = Shards(square, [1, 2, 3], "unwritable")
    store_parent.mkdir()
    (store_parent / ShardStore(store_parent, "unwritable", shard_engine()).folder.name).write_text("a file where the job's folder goes")
    assert shards.run(Runner.here(store_parent)) == [1, 4, 9]
    (message,) = warnings_of(caplog)
    assert message.startswith("cannot keep finished shards")


def test_the_command_line_warns_in_one_line_and_answers_the_same(tmp_path):
    game = ROOT / "tests" / "games" / "mini-caribbean.yaml"
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "casino_math", "--no-cache", "analyze", str(game), "--cache", str(cache), "--workers", "1"]  # counted, shards kept
    first = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and "error" not in first.stderr  # the small game's own warnings (lines its deck never makes)
    kept = sorted(cache.rglob("*.npz"))
    assert len(kept) > 1
    kept[0].write_bytes(kept[0].read_bytes()[:-10])
    second = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0 and second.stdout == first.stdout
    new = [line for line in second.stderr.splitlines() if line not in first.stderr.splitlines()]  # the shard's warning, one line
    assert len(new) == 1 and new[0].startswith("warning: ") and "computed again" in new[0], second.stderr
