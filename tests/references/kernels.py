"""Plain references of compiled kernels that only the tests read (the package's own plain paths, for small inputs,
are :func:`casino_math.showdown.below_reference` and :func:`casino_math.suits.canonical_reference`)."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np


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
