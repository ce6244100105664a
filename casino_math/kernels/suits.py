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


def children(maps: np.ndarray, parents: Sequence[np.ndarray], role: int, left: np.ndarray, picks: np.ndarray,
             radices: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """The canonical keys of every child of every parent class, and the renaming giving each: a parent's member
    (``parents``: its cards role by role, ids ascending) with the cards ``left[parent, picks[j]]`` added to role
    ``role``, for each pick ``j``, child ``parent * len(picks) + j``. The card sets are never made: each renaming's key of
    the roles not dealt to is taken once per parent, and only the dealt role is renamed and sorted per child.
    :func:`members` gives the children's members from the renamings; :meth:`~casino_math.suits.Symmetry.canonical` of
    the card sets made whole is the reference (:func:`casino_math.levels.expand` on a few card sets).
    """
    widths = [r.shape[1] for r in parents]
    bounds = np.cumsum([0, *widths]).astype(np.int64)
    cards = np.ascontiguousarray(np.concatenate(parents, axis=1), dtype=np.int64)
    n, s = len(cards), len(picks)
    keys = np.empty(n * s, dtype=np.int64)
    renaming = np.empty(n * s, dtype=np.int16)
    _children(np.ascontiguousarray(maps, dtype=np.int64), cards, bounds, role, np.ascontiguousarray(left, dtype=np.int64),
              np.ascontiguousarray(picks, dtype=np.int64), np.array(radices, dtype=np.int64), BINOMIAL, keys, renaming)
    return keys, renaming


@njit(cache=True)
def roles_key(renaming: np.ndarray, cards: np.ndarray, bounds: np.ndarray, skipped: int, radices: np.ndarray,
              binomial: np.ndarray, mapped: np.ndarray) -> int:
    """The key of one card set's roles under one suit renaming, every role but ``skipped`` (-1: none): each role's
    cards renamed, sorted, ranked among the sets of their size and weighed by its radix. ``mapped``: room for a role."""
    key = 0
    for r in range(len(bounds) - 1):
        if r == skipped:
            continue
        lo, hi = bounds[r], bounds[r + 1]
        for i in range(lo, hi):  # rename, then insertion-sort the role's few cards
            card = renaming[cards[i]]
            j = i - lo
            while j > 0 and mapped[j - 1] > card:
                mapped[j] = mapped[j - 1]
                j -= 1
            mapped[j] = card
        for i in range(hi - lo):
            key += binomial[mapped[i], i + 1] * radices[r]
    return key


@njit(cache=True)
def _children(maps: np.ndarray, cards: np.ndarray, bounds: np.ndarray, role: int, left: np.ndarray, picks: np.ndarray,
              radices: np.ndarray, binomial: np.ndarray, keys: np.ndarray, renaming: np.ndarray) -> None:
    renamings = maps.shape[0]
    k = picks.shape[1]
    own = bounds[role + 1] - bounds[role]
    fixed = np.zeros(renamings, dtype=np.int64)  # per renaming: the key of the roles not dealt to
    alone = cards.shape[1] == bounds[role + 1] - bounds[role]
    dealt = np.empty(own + k, dtype=np.int64)
    mapped = np.empty(max(own + k, cards.shape[1]) + 1, dtype=np.int64)
    for parent in range(cards.shape[0]):
        for g in range(renamings):
            fixed[g] = roles_key(maps[g], cards[parent], bounds, role, radices, binomial, mapped)
        for i in range(own):
            dealt[i] = cards[parent, bounds[role] + i]
        for j in range(picks.shape[0]):
            for i in range(k):
                dealt[own + i] = left[parent, picks[j, i]]
            best = np.iinfo(np.int64).max
            best_top = best
            chosen = 0
            for g in range(renamings):
                if alone:  # the dealt role alone holds cards: a set with a higher top card keys higher (colex)
                    top = 0
                    for i in range(own + k):
                        top = max(top, maps[g, dealt[i]])
                    if top > best_top:
                        continue
                for i in range(own + k):
                    card = maps[g, dealt[i]]
                    m = i
                    while m > 0 and mapped[m - 1] > card:
                        mapped[m] = mapped[m - 1]
                        m -= 1
                    mapped[m] = card
                rank = 0
                for i in range(own + k):
                    rank += binomial[mapped[i], i + 1]
                key = fixed[g] + rank * radices[role]
                if key < best:
                    best = key
                    best_top = mapped[own + k - 1]
                    chosen = g
            keys[parent * picks.shape[0] + j] = best
            renaming[parent * picks.shape[0] + j] = chosen


def members(maps: np.ndarray, parents: Sequence[np.ndarray], role: int, left: np.ndarray, picks: np.ndarray,
            renaming: np.ndarray, rows: np.ndarray) -> list[np.ndarray]:
    """The members of the children ``rows`` of :func:`children` (each renamed by its ``renaming``, ids ascending per
    role), role by role."""
    widths = [r.shape[1] + (picks.shape[1] if i == role else 0) for i, r in enumerate(parents)]
    bounds = np.cumsum([0, *[r.shape[1] for r in parents]]).astype(np.int64)
    out_bounds = np.cumsum([0, *widths]).astype(np.int64)
    cards = np.ascontiguousarray(np.concatenate(parents, axis=1), dtype=np.int64)
    out = np.empty((len(rows), int(out_bounds[-1])), dtype=np.int64)
    _members(np.ascontiguousarray(maps, dtype=np.int64), cards, bounds, out_bounds, role, np.ascontiguousarray(left, dtype=np.int64),
             np.ascontiguousarray(picks, dtype=np.int64), renaming, np.ascontiguousarray(rows, dtype=np.int64), out)
    return [out[:, out_bounds[i]:out_bounds[i + 1]] for i in range(len(parents))]


@njit(cache=True)
def _members(maps: np.ndarray, cards: np.ndarray, bounds: np.ndarray, out_bounds: np.ndarray, role: int, left: np.ndarray,
             picks: np.ndarray, renaming: np.ndarray, rows: np.ndarray, out: np.ndarray) -> None:
    s = picks.shape[0]
    k = picks.shape[1]
    roles = len(bounds) - 1
    for u in range(rows.shape[0]):
        child = rows[u]
        parent, j = child // s, child % s
        g = renaming[child]
        for r in range(roles):
            lo = out_bounds[r]
            count = 0
            for i in range(bounds[r], bounds[r + 1]):
                out[u, lo + count] = maps[g, cards[parent, i]]
                count += 1
            if r == role:
                for i in range(k):
                    out[u, lo + count] = maps[g, left[parent, picks[j, i]]]
                    count += 1
            for i in range(1, count):  # insertion sort of the role's few cards
                card = out[u, lo + i]
                m = i
                while m > 0 and out[u, lo + m - 1] > card:
                    out[u, lo + m] = out[u, lo + m - 1]
                    m -= 1
                out[u, lo + m] = card
