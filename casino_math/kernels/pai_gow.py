"""Pai Gow Poker's dominance counts over the hands holding a set of cards: compiled, with plain references beside them.

The house way against itself, over every deal, by inclusion–exclusion over the cards the two hands share: with every
seven-card hand's setting as a point (high value, low value), the deals a player wins both hands in are
Σ over card sets S of (−1)^|S| · #{(player, banker) both holding S: the banker's point below the player's in both
coordinates}, and the deals he loses both in the same with "at least as high in both". For one S, the hands holding
it are every choice of the other 7 − |S| cards (:func:`supersets`); the pairs are counted in one sweep by low value
with a Fenwick tree over the high values (:func:`dominance_pairs`).

>>> high = np.array([3, 1, 2, 2]); low = np.array([1, 0, 0, 1])
>>> dominance_pairs(high, low, 4), dominance_pairs_reference(high, low)
((3, 10), (3, 10))
>>> supersets(np.array([0, 2]), 5, 3).tolist(), supersets_reference(np.array([0, 2]), 5, 3).tolist()
([0, 2, 5], [0, 2, 5])
"""

from __future__ import annotations

import itertools

import numpy as np
from numba import njit

from ..subsets import BINOMIAL, colex


@njit(cache=True)
def _dominance(high: np.ndarray, low: np.ndarray, order: np.ndarray, width: int) -> tuple[int, int]:
    n = len(high)
    tree = np.zeros(width + 1, dtype=np.int64)
    below = 0
    i = 0
    while i < n:  # low values ascending: count earlier (lower) groups below in high, then add the group
        j = i
        while j < n and low[order[j]] == low[order[i]]:
            j += 1
        for t in range(i, j):
            x = high[order[t]]  # strictly below: prefix of high values < x, i.e. positions 1..x
            s = 0
            while x > 0:
                s += tree[x]
                x -= x & -x
            below += s
        for t in range(i, j):
            x = high[order[t]] + 1
            while x <= width:
                tree[x] += 1
                x += x & -x
        i = j
    tree[:] = 0
    above = 0
    i = n - 1
    inserted = 0
    while i >= 0:  # low values descending: add the group, then count those at least as high in both
        j = i
        while j >= 0 and low[order[j]] == low[order[i]]:
            j -= 1
        for t in range(j + 1, i + 1):
            x = high[order[t]] + 1
            while x <= width:
                tree[x] += 1
                x += x & -x
            inserted += 1
        for t in range(j + 1, i + 1):
            x = high[order[t]]  # those below: prefix up to high - 1
            s = 0
            while x > 0:
                s += tree[x]
                x -= x & -x
            above += inserted - s
        i = j
    return below, above


def dominance_pairs(high: np.ndarray, low: np.ndarray, width: int) -> tuple[int, int]:
    """Ordered pairs (p, b) of points (high and low values, high in 0..width−1): b below p in both coordinates, and b
    at least p in both (b = p included)."""
    order = np.argsort(low, kind="stable")
    return _dominance(np.ascontiguousarray(high, dtype=np.int64), np.ascontiguousarray(low, dtype=np.int64), order, width)


def dominance_pairs_reference(high: np.ndarray, low: np.ndarray) -> tuple[int, int]:
    """The same by comparing every pair (plain numpy)."""
    below = (high[None, :] < high[:, None]) & (low[None, :] < low[:, None])
    above = (high[None, :] >= high[:, None]) & (low[None, :] >= low[:, None])
    return int(below.sum()), int(above.sum())


@njit(cache=True)
def _supersets(held: np.ndarray, n: int, more: int, binomial: np.ndarray, out: np.ndarray) -> None:
    free = np.empty(n - len(held), dtype=np.int64)
    f = 0
    h = 0
    for card in range(n):
        if h < len(held) and held[h] == card:
            h += 1
        else:
            free[f] = card
            f += 1
    pick = np.arange(more)
    size = len(held) + more
    merged = np.empty(size, dtype=np.int64)
    row = 0
    while True:
        a = 0
        b = 0
        for t in range(size):  # merge the held cards and the picked ones, ascending
            if b >= more or (a < len(held) and held[a] < free[pick[b]]):
                merged[t] = held[a]
                a += 1
            else:
                merged[t] = free[pick[b]]
                b += 1
        key = 0
        for t in range(size):
            key += binomial[merged[t], t + 1]
        out[row] = key
        row += 1
        i = more - 1  # next choice of picks, lexicographic
        while i >= 0 and pick[i] == len(free) - more + i:
            i -= 1
        if i < 0:
            return
        pick[i] += 1
        for t in range(i + 1, more):
            pick[t] = pick[t - 1] + 1


def supersets(held: np.ndarray, n: int, size: int) -> np.ndarray:
    """The colex ranks of every ``size``-card set of ``range(n)`` holding the cards ``held`` (ascending)."""
    more = size - len(held)
    free = n - len(held)
    count = int(BINOMIAL[free, more])
    out = np.empty(count, dtype=np.int64)
    if more == 0:
        out[0] = colex(held[None, :])[0]
        return out
    _supersets(np.ascontiguousarray(held, dtype=np.int64), n, more, BINOMIAL, out)
    return out


def supersets_reference(held: np.ndarray, n: int, size: int) -> np.ndarray:
    """The same with itertools (plain Python)."""
    free = [c for c in range(n) if c not in set(held.tolist())]
    rows = [sorted([*held.tolist(), *pick]) for pick in itertools.combinations(free, size - len(held))]
    return colex(np.array(rows, dtype=np.int64).reshape(len(rows), size))


@njit(cache=True)
def _settings(hands: np.ndarray, high_positions: np.ndarray, low_positions: np.ndarray, binomial: np.ndarray,
              high_table: np.ndarray, low_table: np.ndarray, high: np.ndarray, low: np.ndarray) -> None:
    for row in range(hands.shape[0]):
        for s in range(high_positions.shape[0]):
            key = 0
            for t in range(5):
                key += binomial[hands[row, high_positions[s, t]], t + 1]
            high[row, s] = high_table[key]
            low[row, s] = low_table[hands[row, low_positions[s, 0]], hands[row, low_positions[s, 1]]]


def settings(hands: np.ndarray, high_positions: np.ndarray, low_positions: np.ndarray, high_table: np.ndarray,
             low_table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every setting's high and low value of each seven-card hand (rows of ascending card ids): the five cards at
    ``high_positions[s]`` looked up by their colex rank, the two at ``low_positions[s]`` by their ids; the plain
    reference is :meth:`casino_math.game.pai_gow.hands.PaiGowHands.settings` on numpy."""
    high = np.empty((len(hands), len(high_positions)), dtype=np.int64)
    low = np.empty_like(high)
    _settings(np.ascontiguousarray(hands, dtype=np.int64), high_positions, low_positions, BINOMIAL, high_table,
              np.ascontiguousarray(low_table), high, low)
    return high, low
