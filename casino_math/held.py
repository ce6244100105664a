"""What this process holds in memory between counts, in one registry: every module-level store of the engine is a
:class:`Held` mapping or a function :func:`cached` by its arguments, and :func:`forget_all` drops them all (a report's
families share no counts: a big game's take gigabytes, which what comes next reuses). What the count cache keeps on
disk stays.

>>> squares = Held(most=2)
>>> for n in (1, 2, 3):
...     squares[n] = n * n
>>> list(squares)  # the oldest goes past the bound
[2, 3]
>>> @cached(maxsize=4)
... def double(n: int) -> int:
...     return 2 * n
>>> double(2), double.cache_info().currsize
(4, 1)
>>> forget_all()
>>> len(squares), double.cache_info().currsize
(0, 0)
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from typing import Any, Callable, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

_CLEARS: list[Callable[[], None]] = []  # every store's way to be emptied, in the order they were made


class Held(OrderedDict[K, V]):
    """A module-level store, registered to be emptied by :func:`forget_all`; with ``most``, the entries stored first go
    once it holds more (None: it holds what the run meets, a few small entries)."""

    def __init__(self, most: int | None = None) -> None:
        super().__init__()
        self.most = most
        _CLEARS.append(self.clear)

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        while self.most is not None and len(self) > self.most:
            self.popitem(last=False)


def cached(maxsize: int | None) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """:func:`functools.lru_cache`, the cache registered to be emptied by :func:`forget_all`."""

    def wrap(function: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        kept = functools.lru_cache(maxsize=maxsize)(function)
        _CLEARS.append(kept.cache_clear)
        return kept

    return wrap


def forget_all() -> None:
    """Empty every store registered (those of modules not loaded were never filled)."""
    for clear in _CLEARS:
        clear()


def registered(store: Any) -> bool:
    """Whether ``store`` (a :class:`Held` mapping or a :func:`cached` function) is emptied by :func:`forget_all`."""
    return isinstance(store, Held) or isinstance(store, functools._lru_cache_wrapper) and store.cache_clear in _CLEARS
