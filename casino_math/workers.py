"""Work done at once in forked worker processes, the results gathered in the order asked (a report's families, the games
a ``compare`` solves).

A worker is forked from the process that read every game file, so it holds the games as they were read (a Pai Gow
Poker house way checked, every file's rules) and nothing is pickled on the way there; what comes back is plain data
(bytes, words, exact figures). Each worker is tuned for the work it does, solving big games on arrays of hundreds of megabytes again
and again: the memory an array frees is kept for the next one (not handed back to the system and faulted in again,
zeroed, page by page), and in small pages (a huge page faulted in is zeroed whole). On this project's shared
machine that cut a warm Caribbean Stud par sheet's system time from 4 to 6 s to under 2 s.

>>> in_processes(str.upper, ["a", "b", "c"], 2)
{'a': 'A', 'b': 'B', 'c': 'C'}
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, TypeVar


from . import interrupts
from .errors import WorkerLost
from .memory import keep_freed_memory

Key = TypeVar("Key")
Result = TypeVar("Result")

_TASK: dict[str, Callable[[Any], Any]] = {}  # the task a forked worker runs: set before the workers are forked


def can_fork() -> bool:
    """Whether worker processes can be forked here: Linux and the like; not Windows (no fork), nor macOS (its system
    libraries are not safe to use in a forked process)."""
    return "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"


def local_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def in_processes(task: Callable[[Key], Result], keys: Iterable[Key], processes: int,
                 waiting: Callable[[Key], None] | None = None) -> dict[Key, Result]:
    """``task(key)`` for every key in one of ``processes`` forked workers, by key in the keys' order, whichever finished
    first; ``waiting(key)`` is called as the result of each key is waited for (a progress bar's step). The first key in
    order whose task fails raises its error here; the tasks not started yet are dropped, the workers stopped. A worker
    the system ends (out of memory) raises :class:`~casino_math.errors.WorkerLost`, naming the keys not finished, its
    key among them. Workers do not hear Ctrl-C: this process does, and stops them (whether Ctrl-C reached them all,
    or ``kill -INT`` this process alone).

    >>> import os
    >>> in_processes(lambda key: os._exit(9), ["Pai Gow Poker"], 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    casino_math.errors.WorkerLost: a worker process stopped while working on Pai Gow Poker...
    """
    from concurrent.futures.process import BrokenProcessPool

    with _submitted(task, keys, processes) as futures:
        out = {}
        for key, future in futures.items():
            if waiting is not None:
                waiting(key)
            try:
                out[key] = future.result()
            except BrokenProcessPool:  # every unfinished task fails so: the one the worker held is among them
                raise WorkerLost(", ".join(str(k) for k, f in futures.items() if not _finished(f))) from None
        return out


def as_finished(task: Callable[[Key], Result], keys: Iterable[Key], processes: int) -> Iterator[tuple[Key, Result]]:
    """``(key, task(key))`` for every key, computed in one of ``processes`` forked workers, as each finishes; errors as
    :func:`in_processes` raises them.

    >>> sorted(as_finished(str.upper, ["a", "b"], 2))
    [('a', 'A'), ('b', 'B')]

    A task may start workers of its own (the worker goes on with its next task after them):

    >>> in_processes(lambda k: sorted(as_finished(str.lower, [k, k + "X"], 2)), ["A", "B", "C"], 1)["C"]
    [('C', 'c'), ('CX', 'cx')]
    """
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    with _submitted(task, keys, processes) as futures:
        key_of = {future: key for key, future in futures.items()}
        for future in as_completed(key_of):
            try:
                yield key_of[future], future.result()
            except BrokenProcessPool:
                raise WorkerLost(", ".join(str(k) for k, f in futures.items() if not _finished(f))) from None


@contextmanager
def _submitted(task: Callable[[Key], Result], keys: Iterable[Key], processes: int) -> Iterator[dict[Key, Any]]:
    """Every key's task submitted to a pool of forked workers (the task set before they fork); on any error or an
    early exit the tasks not started yet are dropped."""
    from concurrent.futures import ProcessPoolExecutor

    outer = _TASK.get("task")  # a worker's own task, where a task starts workers of its own (a family's big count)
    _TASK["task"] = task
    before = set(multiprocessing.active_children())
    try:
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"), initializer=_worker) as pool:
            with interrupts.held():  # the workers forked now: an interrupt before they ignore it waits for the parent
                futures = {key: pool.submit(_run, key) for key in keys}
            try:
                yield futures
            except BaseException:  # an error, an interrupt or an early exit: the work in hand is not waited for
                for future in futures.values():
                    future.cancel()
                for worker in set(multiprocessing.active_children()) - before:
                    worker.terminate()
                raise
    finally:
        _TASK.clear()
        if outer is not None:
            _TASK["task"] = outer


def _finished(future: Any) -> bool:
    return future.done() and not future.cancelled() and future.exception() is None


def _run(key: Any) -> Any:
    return _TASK["task"](key)


def _worker() -> None:
    """A worker's memory kept for reuse (:func:`~casino_math.memory.keep_freed_memory`), in small pages (see the
    module); where numpy has no such setting, the worker runs as it is. What it writes (a warning) goes to the real
    standard streams, not through the parent's progress bar, whose drawing is the parent's alone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent hears Ctrl-C and stops the workers (no trace of each)
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    keep_freed_memory()

    import numpy as np

    hugepages = getattr(getattr(getattr(np, "_core", None), "multiarray", None), "_set_madvise_hugepage", None)
    if hugepages is not None:
        hugepages(False)
