"""Shards on Dask: a local cluster of two workers gives the same counts as one process; a stopped run resumes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from casino_math.count_cache import disabled
from casino_math.methods.level_by_level.counts import _CACHE, count
from casino_math.analysis import load_game
from casino_math.methods.level_by_level.solver import backward_induction
from casino_math.parallel import Runner, Shards
from tests.helpers.paths import ROOT

GAME = ROOT / "tests" / "games" / "mini-caribbean.yaml"


def fresh(runner: Runner | None):
    _CACHE.clear()  # counted anew, not taken from the process's cache
    game = load_game(GAME)
    with disabled():  # nor from the counts kept between runs
        counts = count(game, runner=runner)
    return counts, backward_induction(game, counts).table


@pytest.mark.xdist_group("dask")
def test_a_local_cluster_counts_as_one_process(cluster):
    here, table_here = fresh(Runner.here())
    there, table_there = fresh(Runner.of(client=cluster))
    assert np.array_equal(here.cells, there.cells) and here.cells.dtype == there.cells.dtype
    assert table_here == table_there
    assert len({tuple(k) for k in here.last.cards["up"].tolist()}) > 1  # several shards really ran


def test_a_stopped_run_resumes_from_its_kept_shards(tmp_path):
    calls: list[int] = []

    def task(x: int) -> int:
        calls.append(x)
        if x == 3 and len(calls) < 10:
            raise KeyboardInterrupt  # the run stops after the first shards are kept
        return x * x

    shards = Shards(task, [1, 2, 3, 4], "resume-test")
    with pytest.raises(KeyboardInterrupt):
        shards.run(Runner.here(tmp_path))
    calls.clear()
    calls.extend([0] * 10)  # let shard 3 through now
    assert shards.run(Runner.here(tmp_path)) == [1, 4, 9, 16]
    assert calls[10:] == [3, 4]  # shards 1 and 2 came from the cache


def test_shards_kept_by_other_code_are_never_read_back(tmp_path, monkeypatch):
    """The folder's shards belong to the engine's code: a run of the same job by an edited engine (its digest another)
    counts every shard again instead of reading the old engine's."""
    import casino_math.parallel as parallel

    calls: list[int] = []

    def task(x: int) -> int:
        calls.append(x)
        return x + 1

    shards = Shards(task, [1, 2], "engine-test")
    assert shards.run(Runner.here(tmp_path)) == [2, 3] and calls == [1, 2]
    assert shards.run(Runner.here(tmp_path)) == [2, 3] and calls == [1, 2]  # the same code: read back
    monkeypatch.setattr(parallel, "shard_engine", lambda: "0.1.0+1+another-code")
    assert shards.run(Runner.here(tmp_path)) == [2, 3] and calls == [1, 2, 1, 2]


def test_kept_shards_of_the_game_are_reused(tmp_path):
    first, _ = fresh(Runner.here(tmp_path))
    kept = sorted(tmp_path.rglob("*.npz"))
    assert kept
    second, _ = fresh(Runner.here(tmp_path))
    assert np.array_equal(first.cells, second.cells) and sorted(tmp_path.rglob("*.npz")) == kept


def _dies_once(args: tuple[str, int]) -> int:
    """A shard whose first try kills the worker process running it (a machine lost mid-run)."""
    import os

    marker, x = args
    if x == 2 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return x * 10


@pytest.mark.xdist_group("dask")
def test_a_lost_worker_s_shard_is_recomputed(cluster, tmp_path):
    marker = str(tmp_path / "died")
    results = Shards(_dies_once, [(marker, x) for x in range(4)], "lost-worker").run(Runner.of(client=cluster))
    assert results == [0, 10, 20, 30] and Path(marker).exists()


@pytest.mark.xdist_group("dask")
def test_simulation_on_a_cluster_deals_the_same_hands(cluster):
    from casino_math.simulate import simulate

    hands, shard = 50_000, 20_000  # three shards, the last short: the tests deal only what they need
    here = simulate(GAME, hands, seed=7, runner=Runner.here(), shard=shard)
    there = simulate(GAME, hands, seed=7, runner=Runner.of(client=cluster), shard=shard)
    assert here.equals(there) and here.attrs["strategy"].equals(there.attrs["strategy"])


@pytest.mark.xdist_group("dask")
def test_a_search_on_a_cluster_finds_the_same_paytables(cluster):
    from fractions import Fraction

    from casino_math.design import search

    vary = {"straight flush": [Fraction(v) for v in range(0, 8)], "three of a kind": [Fraction(v) for v in range(0, 8)]}
    band = (Fraction(-10), Fraction(10))  # every paytable: the small game favours the player
    here = search(GAME, "ante_raise", vary, band, table="raise", runner=Runner.here())
    there = search(GAME, "ante_raise", vary, band, table="raise", runner=Runner.of(client=cluster))
    assert len(here) == 64 and here.equals(there)
