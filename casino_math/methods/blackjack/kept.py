"""The dealer's counts kept between runs (:mod:`casino_math.count_cache`): blackjack's work that no pay changes.

The dealer's final totals after each shoe left depend on the dealer's rule (soft 17, the peek), the up card and the
full shoe, never on the pays or the player's options: a second run of a game, a variant at other pays, another rule set
with the same dealer (double after split or not, surrender, 6 to 5) read them instead of counting them. One entry per
dealer, up card and full shoe: the shoes left (one row of counts by value each) and each count of ways split in two
53-bit halves (every count is below ``2^106``, :mod:`~casino_math.methods.blackjack.dealer`). An entry is kept again when a run has counted shoes it
did not hold; what a run computes is the same whether its counts were read or counted (the counts are exact).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import numpy as np

from .dealer import OUTCOMES, PRIMES, dealer_graph, ways_bound
from .rules import VALUES

if TYPE_CHECKING:
    from .compiled_values import DealerDigits

log = logging.getLogger("casino_math.count_cache")
KIND = "blackjack dealer counts"
CODE = ("methods/blackjack/dealer.py", "methods/blackjack/kept.py")  # the modules these counts come from, and what they import (see count_cache.engine)
HALF = 53
LOW = (1 << HALF) - 1
SHORT = (1 << HALF) - PRIMES[0]  # how far the kernel's first prime falls short of 2^53 (111): a digit times it fits in 63 bits
assert 0 < SHORT < 1 << 9

Known = dict[tuple[int, ...], tuple[tuple[int, ...], int]]  # shoe left -> (ways of each final total, all the ways)


class KnownCounts(dict):
    """The dealer's counts after each shoe left, for one dealer, up card and full shoe (``key``), with how many of them
    the cache holds (``kept``)."""

    def __init__(self, hits_soft_17: bool, peeks: bool, up: int, shoe: tuple[int, ...]) -> None:
        super().__init__()
        self.hits_soft_17, self.peeks, self.up, self.shoe = hits_soft_17, peeks, up, shoe
        self.kept = 0

    @property
    def key(self) -> str:
        return f"soft 17 {'hits' if self.hits_soft_17 else 'stands'}|peek {self.peeks}|up {self.up}|shoe {self.shoe}"

    @property
    def what(self) -> str:
        card = {0: "an ace", 9: "a ten"}.get(self.up, f"a {self.up + 1}")
        return f"blackjack's dealer under {card}, {sum(self.shoe)} cards"


def load(known: KnownCounts) -> None:
    """Fill ``known`` from the cache in force, where it holds this entry and it checks out."""
    from ...count_cache import current

    cache = current()
    if cache is None:
        return
    found, stored = cache.load(KIND, known.key, known.what, CODE)
    if not found:
        return
    try:
        known.update(_restored(known, stored))
    except (ValueError, KeyError, TypeError, IndexError) as error:
        log.warning(f"{known.what}: the kept counts do not fit ({type(error).__name__}); they are counted again")
        return
    known.kept = len(known)


def keep(known: KnownCounts, digits: DealerDigits) -> None:
    """Keep ``known`` and the shoes that only ``digits`` holds (the kernel's rows, never made whole numbers in this run),
    where the run counted shoes the cache did not hold."""
    from ...count_cache import current

    cache = current()
    if cache is None:
        return
    unread = sum(s not in known for s in digits.row)
    if len(known) + unread <= known.kept:
        return
    cache.keep(KIND, known.key, known.what, _stored(known, digits), CODE)
    known.kept = len(known) + unread


def _stored(known: Known, digits: DealerDigits | None = None) -> dict[str, Any]:
    """The counts of ``known`` and of ``digits``' rows, each count in two 53-bit halves, the shoes in order (a shoe
    ``digits`` holds taken from its digits, in 64-bit arithmetic: only the counts read from the cache and never given
    to the kernel are split as whole numbers)."""
    held = list(digits.row) if digits is not None else []
    whole = [s for s in known if digits is None or s not in digits.row]
    ways = np.array([known[s][0] for s in whole], dtype=object).reshape(len(whole), len(OUTCOMES))
    high, low = (ways >> HALF).astype(np.int64), (ways & LOW).astype(np.int64)
    if held and digits is not None:
        more_high, more_low = halves(digits.array[list(digits.row.values())])
        high, low = np.concatenate([high, more_high]), np.concatenate([low, more_low])
    shoes = np.array([*whole, *held], dtype=np.int64).reshape(len(whole) + len(held), VALUES)
    order = np.lexsort(shoes.T[::-1])  # the shoes as sorted tuples: first value first
    return {"shoes": shoes[order], "high": high[order], "low": low[order]}


def halves(digits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two 53-bit halves of each count ``a + p·t`` given as its digits ``(a, t)`` (the last axis), in 64-bit
    arithmetic: with ``p = 2^53 − s``, the count is ``t·2^53 + r``, ``r = a − s·t`` (above −2^61), so its high half is
    ``t + ⌊r / 2^53⌋`` and its low half ``r mod 2^53``.

    >>> count = 3 * 2**100 + 12345
    >>> a, t = count % PRIMES[0], count // PRIMES[0]
    >>> high, low = halves(np.array([[a, t]], dtype=np.int64))
    >>> (int(high[0]) << HALF) + int(low[0]) == count
    True
    """
    a, t = digits[..., 0], digits[..., 1]
    r = a - SHORT * t
    return t + (r >> HALF), r & LOW


def _restored(known: KnownCounts, stored: dict[str, Any]) -> Known:
    shoes, high, low = stored["shoes"], stored["high"], stored["low"]
    if shoes.ndim != 2 or shoes.shape[1] != VALUES or high.shape != low.shape or high.shape != (len(shoes), len(OUTCOMES)) \
            or (shoes < 0).any() or (high < 0).any() or (low < 0).any() or (low > LOW).any():
        raise ValueError("not one row of counts per shoe")
    longest = dealer_graph(known.up, known.hits_soft_17, known.peeks).longest
    ways = (high.astype(object) << HALF) + low.astype(object)
    sizes = shoes.sum(axis=1).tolist()
    bounds = {n: ways_bound(n, longest) for n in set(sizes)}  # a few sizes of shoe, many shoes
    return dict(zip(map(tuple, shoes.tolist()), zip(map(tuple, ways.tolist()), map(bounds.__getitem__, sizes))))
