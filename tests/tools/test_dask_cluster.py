"""A real Dask cluster, started as separate processes by its command lines (``dask scheduler``, ``dask worker``), counts
a game's showdown in shards and prints the bytes a local run prints."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.helpers.dask_cluster import dask_cluster
from tests.helpers.paths import ROOT

GAME = ROOT / "tests" / "games" / "mini-caribbean.yaml"


def analysed(*options: str) -> bytes:
    env = dict(os.environ, PYTHONPATH=str(ROOT), CASINO_MATH_CACHE="off")
    return subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(GAME), "--format", "json", *options],
                          capture_output=True, check=True, env=env, timeout=120).stdout


def test_a_cluster_started_by_its_command_lines_gives_the_local_bytes():
    pytest.importorskip("distributed")
    here = analysed("--workers", "1")
    from distributed import Client

    with dask_cluster(2) as address:
        there = analysed("--scheduler", address)
        with Client(address) as client:  # the showdown's shards ran there, on both worker processes
            executed = client.run(lambda dask_worker: dask_worker.state.executed_count)
    assert there == here and b"house_edge" in here
    assert len(executed) == 2 and all(count > 0 for count in executed.values())
