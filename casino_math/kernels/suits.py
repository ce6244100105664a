"""Canonical members of card sets under suit renamings: compiled.

For each row (its cards role by role, ids ascending within a role), try every
renaming, sort each role's renamed ids, and keep the renaming whose key (colex
ranks role by role, first role most significant) is smallest. A renaming is
dropped as soon as its first roles already key higher than the best so far.
:meth:`casino_math.suits.Symmetry.canonical` runs it; :func:`casino_math.suits.canonical_reference`
is the plain numpy version it is checked against (and small inputs use).

>>> from casino_math.cards import Deck
>>> from casino_math.suits import Symmetry
>>> symmetry = Symmetry.of(Deck.standard())
>>> rows = np.array([[48, 49, 51], [0, 4, 8]])      # A♣ A♦ A♠, and 2♣ 3♣ 4♣
>>> keys, reps = canonical(symmetry.maps, [rows], [1])
>>> from casino_math.suits import canonical_reference
>>> reps[0].tolist() == canonical_reference(symmetry.maps, [rows], [1])[1][0].tolist()
True
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numba import njit

from ..subsets import BINOMIAL


@njit(cache=True)
def _canonical(maps: np.ndarray, cards: np.ndarray, bounds: np.ndarray, radices: np.ndarray, binomial: np.ndarray,
               keys: np.ndarray, reps: np.ndarray) -> None:
    rows, width = cards.shape
    roles = len(bounds) - 1
    mapped = np.empty(width, dtype=np.int64)
    for row in range(rows):
        best = np.iinfo(np.int64).max
        for g in range(maps.shape[0]):
            key = 0
            worse = False
            for r in range(roles):
                lo, hi = bounds[r], bounds[r + 1]
                for i in range(lo, hi):  # rename, then insertion-sort the role's few cards
                    card = maps[g, cards[row, i]]
                    j = i
                    while j > lo and mapped[j - 1] > card:
                        mapped[j] = mapped[j - 1]
                        j -= 1
                    mapped[j] = card
                rank = 0
                for i in range(lo, hi):
                    rank += binomial[mapped[i], i - lo + 1]
                key += rank * radices[r]
                if key > best:  # the roles left only add to the key: this renaming cannot win
                    worse = True
                    break
            if not worse and key < best:
                best = key
                reps[row, :] = mapped[:]
        keys[row] = best


def canonical(maps: np.ndarray, roles: Sequence[np.ndarray], radices: Sequence[int]) -> tuple[np.ndarray, list[np.ndarray]]:
    """Each row's canonical key and member (the roles' arrays side by side, split back per role)."""
    widths = [r.shape[1] for r in roles]
    bounds = np.cumsum([0, *widths]).astype(np.int64)
    cards = np.ascontiguousarray(np.concatenate(roles, axis=1), dtype=np.int64)
    keys = np.empty(len(cards), dtype=np.int64)
    reps = np.empty_like(cards)
    _canonical(np.ascontiguousarray(maps, dtype=np.int64), cards, bounds, np.array(radices, dtype=np.int64), BINOMIAL, keys, reps)
    return keys, [reps[:, bounds[i]:bounds[i + 1]] for i in range(len(roles))]
