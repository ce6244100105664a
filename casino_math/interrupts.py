"""Ctrl-C as the command line takes it: at whatever stage it comes, the run stops, nothing is written, one line is said.

Python raises ``KeyboardInterrupt`` wherever the main thread happens to be. Some work must not be cut there: numba
compiling a kernel or loading one from its cache (its compiler cut midway leaves half-made state behind: a crash at
exit, a later ``no compiled object yet``), a finalizer (Python prints the interrupt and drops it), matplotlib drawing a
chart, the swap of a report's files. While the command line is :func:`handling` Ctrl-C, an interrupt that comes in such
work is noted and raised as soon as the work is over: at the end of a :func:`held` block, or, for numba's compiler (its
lock held by the main thread) and a finalizer, at the first moment after it (looked at again every 50 ms). An interrupt
that comes once the command's work is in place (:func:`done`) ends nothing.

Outside :func:`handling` (the Python API, the tests, a thread) every function here changes nothing.

>>> with held():
...     pass
>>> take()
False
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Any, Iterator

RETRY_S = 0.05  # how soon an interrupt held back by a compilation or a finalizer is looked at again


class _State:
    handling = False  # the handler below is installed (the command line's main thread)
    depth = 0  # held blocks open
    pending = False  # an interrupt came and waits for its moment
    finished = False  # the command's work is in place: an interrupt ends nothing
    came = False  # an interrupt came (a signal, not a KeyboardInterrupt raised by hand)


_STATE = _State()


@contextmanager
def handling() -> Iterator[None]:
    """Ctrl-C handled as the module says, for the length of the block (in the main thread; elsewhere as Python does). A
    process started with SIGINT ignored (in the background of a script, under nohup) keeps ignoring it."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return
    previous = signal.signal(signal.SIGINT, _interrupted), signal.signal(signal.SIGALRM, _retried)
    _STATE.handling, _STATE.depth, _STATE.pending, _STATE.finished, _STATE.came = True, 0, False, False, False
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGINT, previous[0])
        signal.signal(signal.SIGALRM, previous[1])
        _STATE.handling = False


@contextmanager
def held() -> Iterator[None]:
    """Work that an interrupt must not cut: one that comes meanwhile is raised when the block ends."""
    if not _ours():
        yield
        return
    _STATE.depth += 1
    try:
        yield
    finally:
        _STATE.depth -= 1
    if not _STATE.depth and take():
        raise KeyboardInterrupt


def take() -> bool:
    """Whether an interrupt came and waits (in a :func:`held` block); it is taken: the caller stops its work now."""
    if not _ours() or not _STATE.pending:
        return False
    _STATE.pending = False
    return True


def done() -> None:
    """The command's work is in place (its files written): an interrupt from now on ends nothing."""
    if _ours():
        _STATE.finished, _STATE.pending = True, False


def came() -> bool:
    """Whether Ctrl-C (SIGINT) came while :func:`handling` it."""
    return _STATE.came


def _ours() -> bool:
    return _STATE.handling and threading.current_thread() is threading.main_thread()


def _interrupted(signum: int, frame: FrameType | None) -> None:
    _STATE.came = True
    if _STATE.finished:
        return
    if _STATE.depth:
        _STATE.pending = True
    elif _cut_unsafely(frame):
        _STATE.pending = True
        signal.setitimer(signal.ITIMER_REAL, RETRY_S)
    else:
        _STATE.pending = False
        raise KeyboardInterrupt


def _retried(signum: int, frame: FrameType | None) -> None:
    if _STATE.pending and not _STATE.depth:
        _interrupted(signum, frame)


def _cut_unsafely(frame: FrameType | None) -> bool:
    """Whether the main thread is in numba's compiler (or loading a kernel from its cache) or in a finalizer."""
    lock: Any = sys.modules.get("numba.core.compiler_lock")
    if lock is not None and lock.global_compiler_lock.is_locked():
        return True
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False
