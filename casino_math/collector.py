"""Python's cycle collector held off while big counts are made: a speed measure, nothing counted changes.

A blackjack count builds millions of small objects that live as long as the count's results (every hand's options in
every position, the dealer's counts of every shoe left). Python's cycle collector walks every live object each time
enough new ones have been made, so its work grows with what is already built: on a six-deck rule set it took about a
third of the processor time, and between the solves of a ``compare`` of eight rule sets a sixth. So the collector is
held off for the work and given back after it. Nothing is set aside for good (:func:`gc.freeze` would keep every cycle
alive at that moment, a report's too, for the life of the process: a report of every blackjack rule set grew past
13 GB that way).

>>> import gc
>>> with collector_held():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from functools import wraps
from typing import Callable, Iterator, TypeVar

T = TypeVar("T")


@contextmanager
def collector_held() -> Iterator[None]:
    """The cycle collector off inside, back as it was after (nested holds: the outermost gives it back)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def held(work: Callable[..., T]) -> Callable[..., T]:
    """``work`` run with the cycle collector held off (:func:`collector_held`)."""

    @wraps(work)
    def run(*args: object, **kwargs: object) -> T:
        with collector_held():
            return work(*args, **kwargs)

    return run
