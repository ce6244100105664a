"""Big analyses in shards: in this process, on every local core, or on a Dask cluster, with the same result.

A shard is a piece of work whose result (integer arrays) does not depend on
where it runs; results are put together in shard order, so a run on one
process, on local workers or on a cluster gives the same bytes. Finished
shards can be kept on disk (``cache``): a run that stops (interrupted, a
machine lost) resumes from them. Dask recomputes the shard of a worker it
loses, so a cluster run survives that too.

>>> square = lambda x: x * x
>>> Shards(square, [1, 2, 3], "demo").run(Runner.here())
[1, 4, 9]
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from .errors import InputError
from .targets import folder_to_write

Progress = Callable[[str, int, int], None]
ENGINE = "1"  # bump when counting changes, so that kept shards of an older engine are not reused


@dataclass(frozen=True)
class Runner:
    """Where shards run: ``here`` (this process), local worker processes (``workers``, default every core),
    or an existing Dask cluster (``scheduler`` address or ``client``); ``cache``: a folder keeping finished shards."""

    where: str = "local"  # here | local | cluster
    workers: int | None = None
    scheduler: str | None = None
    client: Any = None
    cache: Path | None = None

    @classmethod
    def here(cls, cache: Path | None = None) -> Runner:
        return cls("here", cache=cache)

    @classmethod
    def of(cls, scheduler: str | None = None, client: Any = None, workers: int | None = None, cache: str | Path | None = None) -> Runner:
        """What the command line and ``analyze(...)`` ask for: a cluster when named, otherwise local processes."""
        where = "cluster" if (scheduler or client is not None) else "local"
        if workers is not None and workers < 1:
            raise InputError(f"--workers: at least one worker, not {workers}")
        return cls(where, workers, scheduler, client, folder_to_write(cache, "--cache") if cache else None)


@dataclass(frozen=True)
class Shards:
    """``task(shard)`` for every shard; ``key`` names the job (what the results depend on) for the cache."""

    task: Callable[[Any], Any]
    shards: Sequence[Any]
    key: str

    def _file(self, cache: Path, index: int) -> Path:
        digest = hashlib.sha256(f"{ENGINE}|{self.key}".encode()).hexdigest()[:24]
        return cache / digest / f"{index:06d}.pickle"

    def run(self, runner: Runner, progress: Progress | None = None, label: str = "shards") -> list[Any]:
        """Every shard's result, in shard order."""
        results: dict[int, Any] = {}
        if runner.cache is not None:
            for i in range(len(self.shards)):
                path = self._file(runner.cache, i)
                if path.exists():
                    results[i] = pickle.loads(path.read_bytes())
        todo = [i for i in range(len(self.shards)) if i not in results]

        def done(i: int, value: Any) -> None:
            results[i] = value
            if runner.cache is not None:
                _keep(self._file(runner.cache, i), value)
            if progress is not None:
                progress(label, len(results), len(self.shards))

        if runner.where == "here" or len(todo) <= 1:
            for i in todo:
                done(i, self.task(self.shards[i]))
        else:
            _on_dask(self, todo, runner, done)
        return [results[i] for i in range(len(self.shards))]


def _keep(path: Path, value: Any) -> None:
    """Write a finished shard atomically: a run stopped mid-write leaves no half shard to resume from."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "wb") as stream:
        stream.write(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    os.replace(temporary, path)


def _on_dask(shards: Shards, todo: list[int], runner: Runner, done: Callable[[int, Any], None]) -> None:
    # Dask's notes (a shard's data is large, a port is taken so another is used) are not the user's business
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        logging.getLogger("distributed").setLevel(logging.ERROR)
        _submit(shards, todo, runner, done)


def _submit(shards: Shards, todo: list[int], runner: Runner, done: Callable[[int, Any], None]) -> None:
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    client = runner.client
    try:
        if client is None and runner.scheduler:
            client = Client(runner.scheduler)
        elif client is None:
            workers = runner.workers or os.cpu_count() or 1
            cluster = LocalCluster(n_workers=min(workers, len(todo)), threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=50)
            client = Client(cluster)
        futures = {client.submit(shards.task, shards.shards[i], key=f"{shards.key}-{i}", pure=False, retries=3): i for i in todo}
        for future in as_completed(futures):
            done(futures[future], future.result())
    except OSError as error:
        raise InputError(f"cannot reach the Dask scheduler {runner.scheduler}: {error}") from None
    finally:
        if cluster is not None:
            client.close()
            cluster.close()
        elif runner.scheduler and client is not None and runner.client is None:
            client.close()
