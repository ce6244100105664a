"""The plain numpy versions of the compiled kernels: what small inputs use, and what the tests check the kernels against.

No numba here, so that a small game never pays for importing it.
"""

from __future__ import annotations

import itertools
from math import comb
from typing import Sequence

import numpy as np

from ..subsets import colex, positions


def below_reference(dealt: np.ndarray, values: np.ndarray, player: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """The same count with sorted composite keys and numpy's binary search (no compiled code)."""
    d = dealt.shape[1]
    base = int(max(values.max(initial=0), thresholds.max(initial=0))) + 2
    out = np.zeros(thresholds.shape, dtype=np.int64)
    for j in range(min(d, player.shape[1]) + 1):
        table = np.sort(np.concatenate([colex(dealt[:, p]) * base + values for p in positions(d, j)]))
        for pick in positions(player.shape[1], j):
            start = colex(player[:, pick]) * base
            low = np.searchsorted(table, start)
            for t in range(thresholds.shape[1]):
                out[:, t] += (-1) ** j * (np.searchsorted(table, start + thresholds[:, t]) - low)
    return out


def canonical_reference(maps: np.ndarray, roles: Sequence[np.ndarray], radices: Sequence[int]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The same in plain numpy: every renaming of every row, keys compared whole."""
    best_key = np.full(len(roles[0]), np.iinfo(np.int64).max, dtype=np.int64)
    best = [r.copy() for r in roles]
    for renaming in maps:
        mapped = [np.sort(renaming[r], axis=1) for r in roles]
        key = sum((colex(m) * radix for m, radix in zip(mapped, radices)), np.zeros(len(best_key), dtype=np.int64))
        better = key < best_key
        best_key = np.where(better, key, best_key)
        for kept, m in zip(best, mapped):
            kept[better] = m[better]
    return best_key, best


def suits_below_reference(held: np.ndarray, ranks: int, drawn: int, thresholds: np.ndarray, at_most: np.ndarray) -> np.ndarray:
    """:func:`casino_math.methods.by_suits.kernel.below` in plain Python: each suit's sets of a threshold's length listed
    and compared rank by rank, highest first (no combinatorial number system), then the product over the suits."""
    out = np.zeros(thresholds.shape, dtype=np.int64)
    for row, suits in enumerate(held.tolist()):
        for t, threshold in enumerate(thresholds[row].tolist()):
            flush = sorted((r for r in range(ranks) if threshold >> r & 1), reverse=True)
            product = [1] + [0] * drawn
            for mask in suits:
                left = [r for r in range(ranks) if not mask >> r & 1]
                poly = [comb(len(left), k) if k < len(flush) else 0 for k in range(drawn + 1)]
                if len(flush) <= drawn:
                    poly[len(flush)] = sum(1 for s in itertools.combinations(sorted(left, reverse=True), len(flush))
                                           if list(s) < flush or (bool(at_most[t]) and list(s) == flush))
                product = [sum(product[i] * poly[k - i] for i in range(k + 1)) for k in range(drawn + 1)]
            out[row, t] = product[drawn]
    return out


def card_ids_reference(held: np.ndarray, ranks: int) -> np.ndarray:
    """:func:`casino_math.methods.by_suits.kernel.card_ids` in numpy: every card's bit, in the deck's order, row by row."""
    bits = (held[:, None, :] >> np.arange(ranks)[None, :, None]) & 1  # (rows, rank, suit): ids in the deck's order
    _, ids = np.nonzero(bits.reshape(len(held), -1))
    return ids.reshape(len(held), -1)
