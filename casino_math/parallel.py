"""Big analyses in shards: in this process, on every local core, or on a Dask cluster, with the same result.

A shard is a piece of work whose result (integer arrays) does not depend on
where it runs; results are put together in shard order, so a run on one
process, on local workers or on a cluster gives the same bytes. Finished
shards can be kept on disk (``cache``), as data only with a manifest of
checksums (``shard_store.py``): a run that stops (interrupted, a machine
lost) resumes from them, and a kept shard that does not check out is
computed again. Dask recomputes the shard of a worker it loses, so a
cluster run survives that too; Ctrl-C stops the workers a run started.

>>> square = lambda x: x * x
>>> Shards(square, [1, 2, 3], "demo").run(Runner.here())
[1, 4, 9]
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import signal
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .errors import InputError, WorkerLost
from .targets import folder_to_write

Progress = Callable[[str, int, int], None]


def shard_engine() -> str:
    """The engine kept shards belong to: the package's version and a digest of all of its code (comments and docstrings
    aside), so that a folder kept with ``--cache`` never hands a run shards counted by other code."""
    from .count_cache import engine  # numpy-free, but not needed for a command's --help

    return engine((".",))


@dataclass(frozen=True)
class Runner:
    """Where shards run: ``here`` (this process), local worker processes (``workers``, default every core),
    or an existing Dask cluster (``scheduler`` address or ``client``); ``cache``: a folder keeping finished shards."""

    where: str = "local"  # here | local | cluster | forked (local processes forked from this one: see forked())
    workers: int | None = None
    scheduler: str | None = None
    client: Any = None
    cache: Path | None = None

    @classmethod
    def here(cls, cache: Path | None = None) -> Runner:
        return cls("here", cache=cache)

    @classmethod
    def forked(cls, workers: int | None = None, cache: Path | None = None) -> Runner:
        """Local worker processes forked from this one (default: one per core), as :mod:`casino_math.workers` starts
        them: they hold what this process has read (a game, its compiled kernels) and start at once; where processes
        cannot be forked, the shards run in this process."""
        return cls("forked", workers, cache=cache)

    @classmethod
    def of(cls, scheduler: str | None = None, client: Any = None, workers: int | None = None, cache: str | Path | None = None) -> Runner:
        """What the command line and ``analyze(...)`` ask for: a cluster when named, otherwise local processes."""
        where = "cluster" if (scheduler or client is not None) else "local"
        if workers is not None and workers < 1:
            raise InputError(f"--workers: at least one worker, not {workers}")
        if scheduler:
            _check_address(scheduler)
        return cls(where, workers, scheduler, client, folder_to_write(cache, "--cache") if cache else None)

    def forking(self) -> Runner:
        """This runner, its local processes forked from this one (:meth:`forked`): they start at once, holding what this
        process has counted so far, where a local Dask cluster's would start empty, import the package and be sent every
        shard (seconds of serial work before a big count); a cluster when one is named.

        >>> Runner.of(workers=3).forking(), Runner.here().forking().where, Runner.of("tcp://host:8786").forking().where
        (Runner(where='forked', workers=3, scheduler=None, client=None, cache=None), 'here', 'cluster')
        """
        return Runner.forked(self.workers, self.cache) if self.where == "local" else self


def _check_address(scheduler: str) -> None:
    """Refuse a TCP scheduler address without its port now, in one line, not when the first big count starts.

    >>> _check_address("tcp://localhost")
    Traceback (most recent call last):
    ...
    casino_math.errors.InputError: --scheduler: tcp://localhost names no port (write it as tcp://host:8786)
    """
    scheme, _, rest = scheduler.rpartition("://")
    if scheme in ("", "tcp", "tls") and not re.fullmatch(r".+:[0-9]+", rest):
        raise InputError(f"--scheduler: {scheduler} names no port (write it as {scheme or 'tcp'}://host:8786)")


@dataclass(frozen=True)
class Shards:
    """``task(shard)`` for every shard; ``key`` names the job (what the results depend on) for the cache."""

    task: Callable[[Any], Any]
    shards: Sequence[Any]
    key: str

    def run(self, runner: Runner, progress: Progress | None = None, label: str = "shards") -> list[Any]:
        """Every shard's result, in shard order. With ``runner.cache``, shards kept by an earlier run are loaded (as data,
        after their checksums: casino_math.shard_store) and each shard finished is kept at once, so a run stopped by
        Ctrl-C, a lost machine or an error resumes from them."""
        results: dict[int, Any] = {}
        store = None
        if runner.cache is not None:
            from .shard_store import ShardStore  # numpy: not loaded for a command's --help

            store = ShardStore(runner.cache, self.key, shard_engine())
            for i in range(len(self.shards)):
                found, value = store.load(i)
                if found:
                    results[i] = value
        todo = [i for i in range(len(self.shards)) if i not in results]

        def done(i: int, value: Any) -> None:
            results[i] = value
            if store is not None:
                store.keep(i, value)
            if progress is not None:
                progress(label, len(results), len(self.shards))

        if runner.where == "forked":
            from .workers import as_finished, can_fork, local_cores

            processes = min(len(todo), runner.workers or local_cores()) if can_fork() else 1
            if processes > 1:
                for i, value in as_finished(lambda i: self.task(self.shards[i]), todo, processes):
                    done(i, value)
                return [results[i] for i in range(len(self.shards))]
        if runner.where in ("here", "forked") or len(todo) <= 1:
            for i in todo:
                done(i, self.task(self.shards[i]))
        else:
            _on_dask(self, todo, runner, done, label)
        return [results[i] for i in range(len(self.shards))]


def _on_dask(shards: Shards, todo: list[int], runner: Runner, done: Callable[[int, Any], None], label: str) -> None:
    # Dask's notes (a shard's data is large, a port is taken so another is used) are not the user's business
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        logging.getLogger("distributed").setLevel(logging.ERROR)
        _submit(shards, todo, runner, done, label)


def _submit(shards: Shards, todo: list[int], runner: Runner, done: Callable[[int, Any], None], label: str) -> None:
    """Run ``todo`` on Dask. On Ctrl-C (or any error) the shards in flight are cancelled and workers this run started
    are stopped before the interrupt goes on; the shards already done have been kept. A shard whose workers the
    cluster ended, its retries too, is a :class:`~casino_math.errors.WorkerLost`."""
    from distributed import KilledWorker, as_completed


    client, cluster = runner.client, None
    if client is None:
        client, cluster = _connect(runner, len(todo))
    try:
        futures = {client.submit(shards.task, shards.shards[i], key=f"{shards.key}-{i}", pure=False, retries=3): i for i in todo}
        try:
            for future in as_completed(futures):
                try:
                    result = future.result()
                except KilledWorker:  # the cluster ended the workers that ran this shard, retries included
                    raise WorkerLost(f"{label}, shard {futures[future] + 1} of {len(shards.shards)}") from None
                done(futures[future], result)
        except BaseException:
            with _no_interrupts():
                client.cancel(list(futures))  # a cluster that is not ours stays up, with nothing of ours to do
            raise
    finally:
        if client is not runner.client:
            with _no_interrupts():  # a second Ctrl-C must not leave workers behind
                client.close()
                if cluster is not None:
                    # a nanny restarting a worker the system ended may fail its own closing (distributed asserts on a
                    # process not started yet): the run's error, or its result, is what the user must see
                    with contextlib.suppress(Exception):
                        cluster.close()


def _connect(runner: Runner, shards: int) -> tuple[Any, Any]:
    """A client of the scheduler named, or of a local cluster of worker processes made for this run (and that cluster)."""
    from distributed import Client, LocalCluster

    if runner.scheduler:
        try:
            return Client(runner.scheduler), None
        except (OSError, ValueError) as error:  # ValueError: an address distributed cannot read
            raise InputError(f"--scheduler: cannot reach the Dask scheduler {runner.scheduler}: {error}") from None
    workers = runner.workers or os.cpu_count() or 1
    with _no_interrupts():  # worker processes started now ignore Ctrl-C: the run stops them, they print nothing
        cluster = LocalCluster(n_workers=min(workers, shards), threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=50)
    return Client(cluster), cluster


@contextmanager
def _no_interrupts() -> Iterator[None]:
    """SIGINT ignored for a moment: processes started meanwhile inherit it; Ctrl-C during a clean-up waits for its end."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to set
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def local_processes(runner: Runner | None) -> int:
    """How many pieces of work a run does at once: one per local core (``--workers`` when given); one where the runner
    keeps the work in this process or sends it to a cluster, or where processes cannot be forked (what the run has read
    is handed to the workers as this process holds it, not read again).

    >>> from casino_math.workers import can_fork
    >>> local_processes(Runner.here()), local_processes(Runner.of(workers=3)) == (3 if can_fork() else 1)
    (1, True)
    """
    from .workers import can_fork, local_cores

    if runner is not None and runner.where != "local" or not can_fork():
        return 1
    if runner is not None and runner.workers:
        return runner.workers
    return local_cores()
