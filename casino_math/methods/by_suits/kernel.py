"""Dealer hands below thresholds where a hand is worth its best suit, flushes ordered by length then ranks: compiled.

The player holds, in each suit s, the ranks of bitmask ``held[s]``; the dealer draws ``d`` of the cards left. A
threshold is a flush: its length L and its ranks, as a bitmask T. The dealer's hand is worth less than T when each
of its suits is, so the hands below T number the coefficient of x^d in the product over the four suits of

    Σ_k x^k · #{k ranks of the suit's n_s left: worth less than T}
      = Σ_{k<L} C(n_s, k) x^k + below_s(T) x^L

(a shorter suit is always worth less, a longer one never). Between flushes of one length the higher ranks win, so
the L-sets of the ranks A left below T (ranks t_1 > ... > t_L) are counted by the first rank where they part from T:
``Σ_i [t_1..t_{i-1} ∈ A] · C(|A ∩ [0, t_i)|, L − i + 1)`` (the combinatorial number system); "at most T" adds [T ⊆ A].

The product is expanded over the sets S of suits holding L cards: the coefficient is
``Σ_S Π_{s∈S} below_s(T) · [x^(d − L·|S|)] Π_{s∉S} Σ_{k<L} C(n_s, k) x^k``, whose second factor depends on the
suits' sizes alone, not on their ranks: it is made once per pattern of sizes (a chunk of a million classes of seven
cards meets 120 at most), and each class costs its suits' counts below T and up to 16 products of them.

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


SUBSETS = 16  # the sets of four suits, as bitmasks


@njit(cache=True)
def _coefficients(n: np.ndarray, drawn: int, binomial: np.ndarray, out: np.ndarray) -> None:
    """``out[L, S]``: the coefficient of x^(drawn − L·|S|) in the product over the suits not in S of
    Σ_{k<L} C(n_s, k) x^k, for each length L up to ``drawn`` + 1 (a longer threshold's: S empty) and set of suits S."""
    product = np.zeros(drawn + 1, dtype=np.int64)
    following = np.zeros(drawn + 1, dtype=np.int64)
    for length in range(drawn + 2):
        for subset in range(SUBSETS):
            size = (subset & 1) + (subset >> 1 & 1) + (subset >> 2 & 1) + (subset >> 3 & 1)
            want = drawn - length * size
            out[length, subset] = 0
            if want < 0 or (length > drawn and size):
                continue
            product[:] = 0
            product[0] = 1
            top = 0
            for suit in range(4):
                if subset >> suit & 1:
                    continue
                following[:] = 0
                for i in range(top + 1):
                    for k in range(min(length - 1, want - i) + 1):
                        following[i + k] += product[i] * binomial[n[suit], k]
                product[:] = following
                top = min(top + max(length - 1, 0), want)
            out[length, subset] = product[want]


@njit(cache=True)
def _below(held: np.ndarray, ranks: int, drawn: int, thresholds: np.ndarray, at_most: np.ndarray,
           binomial: np.ndarray, bits: np.ndarray, out: np.ndarray) -> None:
    full = (1 << ranks) - 1
    base = ranks + 1
    # the suits' sizes of each row as one code, and the coefficients of each code met, made once
    codes = np.zeros(held.shape[0], dtype=np.int64)
    slot = np.full(base ** 4, -1, dtype=np.int64)
    met = 0
    for row in range(held.shape[0]):
        code = 0
        for suit in range(4):
            code = code * base + bits[full & ~held[row, suit]]
        codes[row] = code
        if slot[code] < 0:
            slot[code] = met
            met += 1
    coefficients = np.zeros((met, drawn + 2, SUBSETS), dtype=np.int64)
    n = np.zeros(4, dtype=np.int64)
    for code in range(base ** 4):
        if slot[code] >= 0:
            for suit in range(4):
                n[suit] = code // base ** (3 - suit) % base
            _coefficients(n, drawn, binomial, coefficients[slot[code]])
    below = np.zeros(4, dtype=np.int64)  # each suit's L-sets below the threshold
    holds = np.zeros(4, dtype=np.int64)  # whether the suit holds the threshold's ranks (at most T adds it)
    tops = np.zeros(ranks, dtype=np.int64)  # the threshold's ranks, highest first
    highest = np.zeros(1 << ranks, dtype=np.int64)  # the highest rank of each rank set
    for rank in range(ranks):
        highest[1 << rank:2 << rank] = rank
    product = np.ones(SUBSETS, dtype=np.int64)  # the product of the counts of each set of suits (1 for none)
    for row in range(held.shape[0]):
        row_coefficients = coefficients[slot[codes[row]]]
        previous = -1
        for t in range(thresholds.shape[1]):
            threshold = thresholds[row, t]
            length = bits[threshold]
            if threshold != previous and length <= drawn:  # the next threshold is often the same: at most it
                rest = threshold
                for i in range(length):
                    tops[i] = highest[rest]
                    rest ^= 1 << tops[i]
                for suit in range(4):
                    left = full & ~held[row, suit]
                    count = 0
                    whole = 1
                    for i in range(length):
                        rank = tops[i]
                        count += binomial[bits[left & ((1 << rank) - 1)], length - i]
                        if not left >> rank & 1:
                            whole = 0
                            break
                    below[suit] = count
                    holds[suit] = whole
            previous = threshold
            if length > drawn:
                out[row, t] = row_coefficients[drawn + 1, 0]
                continue
            total = row_coefficients[length, 0]
            for subset in range(1, SUBSETS):  # each set's product from the set without its lowest suit: no branch
                lowest = 0 if subset & 1 else 1 if subset & 2 else 2 if subset & 4 else 3
                product[subset] = product[subset & (subset - 1)] * (below[lowest] + (holds[lowest] if at_most[t] else 0))
                total += row_coefficients[length, subset] * product[subset]
            out[row, t] = total


DE_BRUIJN = 0x03F79D71B4CB0A89  # a de Bruijn sequence: the top six bits of it times 2^i are distinct for each i < 64


@njit(cache=True)
def _card_ids(held: np.ndarray, ranks: int, out: np.ndarray) -> None:
    spread = np.zeros(1 << ranks, dtype=np.int64)  # a rank set's bits four apart: rank r at bit 4r, a card's id
    for rank in range(ranks):
        spread[1 << rank:2 << rank] = spread[:1 << rank] | 1 << 4 * rank
    position = np.zeros(64, dtype=np.int64)  # the lowest bit's place, by its de Bruijn product's top six bits
    for i in range(64):
        position[(DE_BRUIJN << i) >> 58 & 63] = i
    for row in range(held.shape[0]):
        cards = spread[held[row, 0]] | spread[held[row, 1]] << 1 | spread[held[row, 2]] << 2 | spread[held[row, 3]] << 3
        i = 0
        while cards:
            lowest = cards & -cards
            out[row, i] = position[(lowest * DE_BRUIJN) >> 58 & 63]
            cards ^= lowest
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
