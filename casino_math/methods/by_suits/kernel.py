"""Dealer hands below thresholds where a hand is worth its best suit, flushes ordered by length then ranks: compiled.

The player holds, in each suit s, the ranks of bitmask ``held[s]``; the dealer draws ``d`` of the cards left. A
threshold is a flush: its length L and its ranks, as a bitmask T. The dealer's hand is worth less than T when each
of its suits is, so the hands below T number the coefficient of x^d in the product over the four suits of

    Σ_k x^k · #{k ranks of the suit's n_s left: worth less than T}
      = Σ_{k<L} C(n_s, k) x^k + below_s(T) x^L

(a shorter suit is always worth less, a longer one never). Between flushes of one length the higher ranks win, so
the L-sets of the ranks A left below T (ranks t_1 > ... > t_L) are counted by the first rank where they part from T:
``Σ_i [t_1..t_{i-1} ∈ A] · C(|A ∩ [0, t_i)|, L − i + 1)`` (the combinatorial number system); "at most T" adds [T ⊆ A].

:func:`below` is the kernel; ``suits_below_reference`` in the tests' ``tests/references/kernels.py`` the same count in
plain Python, which the tests check it against (and against every dealer hand of small decks). :func:`card_ids` turns
the rank sets back into cards (``card_ids_reference`` there, in numpy).

>>> held = np.array([[0b1110000000000, 0b1, 0b10, 0b100]])   # A-K-Q of one suit and a 2, 3 and 4 of the others
>>> thresholds = np.array([[0b1110000000000, 0b1110000000000]])
>>> below(held, 13, 7, thresholds, np.array([False, True])).tolist()    # below A-K-Q; at most A-K-Q (another suit's)
[[41407578, 41543040]]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...subsets import BINOMIAL


@njit(cache=True)
def _suit_below(left: int, ranks: int, threshold: int, length: int, at_most: bool, binomial: np.ndarray,
                bits: np.ndarray) -> int:
    """The ``length``-sets of the ranks ``left`` (a bitmask) below (or at most) the flush ``threshold`` (``bits``: the
    ranks in each bitmask)."""
    count = 0
    taken = 0  # the threshold's ranks passed so far, all of them left
    for rank in range(ranks - 1, -1, -1):
        if not threshold >> rank & 1:
            continue
        count += binomial[bits[left & ((1 << rank) - 1)], length - taken]
        if not left >> rank & 1:
            return count
        taken += 1
    return count + (1 if at_most else 0)


@njit(cache=True)
def _below(held: np.ndarray, ranks: int, drawn: int, thresholds: np.ndarray, at_most: np.ndarray,
           binomial: np.ndarray, bits: np.ndarray, out: np.ndarray) -> None:
    full = (1 << ranks) - 1
    poly = np.zeros(drawn + 1, dtype=np.int64)
    product = np.zeros(drawn + 1, dtype=np.int64)
    following = np.zeros(drawn + 1, dtype=np.int64)
    for row in range(held.shape[0]):
        for t in range(thresholds.shape[1]):
            threshold = thresholds[row, t]
            length = bits[threshold]
            for suit in range(4):  # the product of the four suits' polynomials, the first taken as it is
                left = full & ~held[row, suit]
                n = bits[left]
                poly[:] = 0
                for k in range(min(length, drawn + 1)):
                    poly[k] = binomial[n, k]
                if length <= drawn:
                    poly[length] = _suit_below(left, ranks, threshold, length, at_most[t], binomial, bits)
                if suit == 0:
                    product[:] = poly
                elif suit < 3:
                    following[:] = 0
                    for i in range(drawn + 1):
                        if product[i]:
                            for k in range(drawn + 1 - i):
                                following[i + k] += product[i] * poly[k]
                    product[:] = following
                else:  # the last suit: only the coefficient of x^drawn is wanted
                    last = 0
                    for k in range(drawn + 1):
                        last += product[drawn - k] * poly[k]
                    product[drawn] = last
            out[row, t] = product[drawn]


@njit(cache=True)
def _card_ids(held: np.ndarray, ranks: int, out: np.ndarray) -> None:
    for row in range(held.shape[0]):
        i = 0
        for rank in range(ranks):
            for suit in range(4):
                if held[row, suit] >> rank & 1:
                    out[row, i] = rank * 4 + suit
                    i += 1


def card_ids(held: np.ndarray, ranks: int, cards: int) -> np.ndarray:
    """The ``cards`` card ids of each row of ``held`` (a bitmask of ranks per suit), ascending: a card's id is its
    rank's index times four plus its suit, as a deck orders its cards."""
    out = np.zeros((len(held), cards), dtype=np.int64)
    _card_ids(np.ascontiguousarray(held, dtype=np.int64), ranks, out)
    return out


def below(held: np.ndarray, ranks: int, drawn: int, thresholds: np.ndarray, at_most: np.ndarray) -> np.ndarray:
    """For each row of ``held`` (a bitmask of ranks per suit, rows of four): the dealer's ``drawn``-card hands from the
    cards left worth less than (or, where ``at_most``, at most) each threshold flush of ``thresholds`` (rows, t)."""
    out = np.zeros(thresholds.shape, dtype=np.int64)
    _below(np.ascontiguousarray(held, dtype=np.int64), ranks, drawn, np.ascontiguousarray(thresholds, dtype=np.int64),
           np.asarray(at_most, dtype=np.bool_), BINOMIAL, _bits(ranks), out)
    return out


def _bits(ranks: int) -> np.ndarray:
    """The number of ranks in each bitmask of ``ranks`` ranks (a look-up, not a loop over the ranks per count).

    >>> _bits(3).tolist()
    [0, 1, 1, 2, 1, 2, 2, 3]
    """
    bits = np.zeros(1 << ranks, dtype=np.int64)
    for rank in range(ranks):
        bits[1 << rank:2 << rank] = bits[:1 << rank] + 1
    return bits
