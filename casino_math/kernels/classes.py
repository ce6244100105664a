"""The next level's classes from their parents, compiled: one card dealt to the role keyed first, the distinct keys of
the children, and the edges from each parent.

A card ``c`` dealt to a role that is empty, as is every role keyed before it (Caribbean Stud's and Four Card Poker's
up card after the player's five), makes a child whose key under a renaming ``g`` is ``g(c) · R + K(g)``: ``R`` the
dealt role's weight in a key, ``K(g)`` the key of the parent's member's other roles renamed by ``g``, less than ``R``.
So the least key takes the least image of ``c`` first, and then the least ``K(g)`` among the renamings giving that
image, which are the same for every card of ``c``'s suit (a joker: of that joker): one minimum per parent and kind of
card (:func:`first_card_children`), where :func:`casino_math.kernels.suits.children` renames and sorts every child
under every renaming (6.3 million children, 24 renamings each, for Caribbean Stud). Its keys and members are the same
(a key names one member), and ``children`` is the reference it is checked against.

:func:`distinct` gives what ``np.unique(keys, return_index=True, return_inverse=True)`` gives, with a bit per possible
key rather than a sort, where the keys span a few times their number (Caribbean Stud's up card: 127 million possible
keys, 6.3 million children); :func:`row_edges` the edges from each parent's children sorted in their row.

>>> keys = np.array([7, 3, 7, 12, 3])
>>> [a.tolist() for a in distinct(keys)]
[[3, 7, 12], [1, 0, 3], [1, 0, 1, 2, 0]]
>>> [a.tolist() for a in row_edges(np.array([[1, 0, 1], [2, 2, 0]]), np.array([5, 7]), 3)]
[[0, 0, 1, 1], [0, 1, 0, 2], [1, 2, 1, 2], [12, 10, 14]]
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numba import njit

from ..subsets import BINOMIAL
from .ordering import sort_few
from .start import start_numba
from .suits import roles_key

start_numba()  # the first kernel a big level loads: numba's start without SciPy's linear algebra


def kinds_of_card(maps: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per card id: its least image under the renamings ``maps``, and its kind (cards of a kind are brought to their least
    image by the same renamings); per kind, which renamings do so (kinds × renamings).

    >>> from casino_math.cards import Deck
    >>> from casino_math.suits import Symmetry
    >>> least, kind, renamings = kinds_of_card(Symmetry.of(Deck.standard()).maps)
    >>> least[:8].tolist(), kind[:8].tolist(), renamings.shape, renamings.sum(axis=1).tolist()
    ([0, 0, 0, 0, 4, 4, 4, 4], [3, 2, 1, 0, 3, 2, 1, 0], (4, 24), [6, 6, 6, 6])
    """
    least = maps.min(axis=0)
    taking = maps == least[None, :]  # renamings × cards
    renamings, kind = np.unique(taking.T, axis=0, return_inverse=True)
    return least.astype(np.int64), kind.reshape(-1).astype(np.int64), renamings


def first_card_children(maps: np.ndarray, parents: Sequence[np.ndarray], role: int, left: np.ndarray,
                        radices: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`casino_math.kernels.suits.children` of one card dealt to ``role`` (``picks`` every single card left), where
    ``role`` and every role before it are empty in the parents: the same keys, and a renaming giving each."""
    assert all(p.shape[1] == 0 for p in parents[: role + 1])
    least, kind, renamings = kinds_of_card(np.asarray(maps))
    widths = [r.shape[1] for r in parents]
    bounds = np.cumsum([0, *widths]).astype(np.int64)
    cards = np.ascontiguousarray(np.concatenate(parents, axis=1), dtype=np.int64)
    n = len(cards)
    keys = np.empty(n * left.shape[1], dtype=np.int64)
    renaming = np.empty(n * left.shape[1], dtype=np.int16)
    _first_card(np.ascontiguousarray(maps, dtype=np.int64), cards, bounds, np.array(radices, dtype=np.int64), BINOMIAL,
                np.ascontiguousarray(renamings), least, kind, int(radices[role]), np.ascontiguousarray(left, dtype=np.int64),
                keys, renaming)
    return keys, renaming


@njit(cache=True)
def _first_card(maps: np.ndarray, cards: np.ndarray, bounds: np.ndarray, radices: np.ndarray, binomial: np.ndarray,
                renamings: np.ndarray, least: np.ndarray, kind: np.ndarray, radix: int, left: np.ndarray, keys: np.ndarray,
                renaming: np.ndarray) -> None:
    count = maps.shape[0]
    s = left.shape[1]
    fixed = np.zeros(count, dtype=np.int64)
    best = np.empty(renamings.shape[0], dtype=np.int64)
    chosen = np.empty(renamings.shape[0], dtype=np.int64)
    mapped = np.empty(cards.shape[1] + 1, dtype=np.int64)
    for parent in range(cards.shape[0]):
        for g in range(count):  # each renaming's key of the parent's roles
            fixed[g] = roles_key(maps[g], cards[parent], bounds, -1, radices, binomial, mapped)
        for q in range(renamings.shape[0]):  # the least of them per kind of card, and the first renaming giving it
            best[q] = np.iinfo(np.int64).max
            chosen[q] = 0
            for g in range(count):
                if renamings[q, g] and fixed[g] < best[q]:
                    best[q] = fixed[g]
                    chosen[q] = g
        for j in range(s):
            card = left[parent, j]
            keys[parent * s + j] = least[card] * radix + best[kind[card]]
            renaming[parent * s + j] = chosen[kind[card]]


def first_card_members(maps: np.ndarray, parents: Sequence[np.ndarray], role: int, radix: int, keys: np.ndarray,
                       renaming: np.ndarray, parent: np.ndarray) -> list[np.ndarray]:
    """The members of classes of :func:`first_card_children` (``keys``: theirs; ``renaming`` and ``parent``: of a child
    in each), role by role: the dealt card's least image, and the parent's other roles renamed, ids ascending. What
    :func:`casino_math.kernels.suits.members` gives, without reading the cards left to each parent."""
    widths = [r.shape[1] + (1 if i == role else 0) for i, r in enumerate(parents)]
    bounds = np.cumsum([0, *[r.shape[1] for r in parents]]).astype(np.int64)
    out_bounds = np.cumsum([0, *widths]).astype(np.int64)
    cards = np.ascontiguousarray(np.concatenate(parents, axis=1), dtype=np.int64)
    out = np.empty((len(keys), int(out_bounds[-1])), dtype=np.int64)
    _first_card_members(np.ascontiguousarray(maps, dtype=np.int64), cards, bounds, out_bounds, role, radix,
                        np.ascontiguousarray(keys, dtype=np.int64), np.ascontiguousarray(renaming, dtype=np.int64),
                        np.ascontiguousarray(parent, dtype=np.int64), out)
    return [out[:, out_bounds[i]:out_bounds[i + 1]] for i in range(len(parents))]


@njit(cache=True)
def _first_card_members(maps: np.ndarray, cards: np.ndarray, bounds: np.ndarray, out_bounds: np.ndarray, role: int, radix: int,
                        keys: np.ndarray, renaming: np.ndarray, parent: np.ndarray, out: np.ndarray) -> None:
    roles = len(bounds) - 1
    for u in range(len(keys)):
        g, p = renaming[u], parent[u]
        for r in range(roles):
            lo = out_bounds[r]
            if r == role:
                out[u, lo] = keys[u] // radix
                continue
            for i in range(bounds[r + 1] - bounds[r]):  # rename, then insertion-sort the role's few cards
                card = maps[g, cards[p, bounds[r] + i]]
                m = i
                while m > 0 and out[u, lo + m - 1] > card:
                    out[u, lo + m] = out[u, lo + m - 1]
                    m -= 1
                out[u, lo + m] = card


SPAN = 32  # possible keys per key from which :func:`distinct` sorts instead (its bits: 4 bytes per key at most)


def distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(keys, return_index=True, return_inverse=True)`` of non-negative keys: the distinct keys ascending, the
    first place of each, and each key's place among them; by a bit per possible key where they span at most
    ``SPAN`` times their number, else by ``np.unique`` itself."""
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    span = int(keys.max(initial=-1)) + 1
    if not len(keys) or int(keys.min()) < 0 or span > SPAN * len(keys):
        return np.unique(keys, return_index=True, return_inverse=True)  # type: ignore[return-value]
    bits = np.zeros(span // 64 + 1, dtype=np.uint64)
    before = np.zeros(len(bits) + 1, dtype=np.int64)
    inverse = np.empty(len(keys), dtype=np.int64)
    found = _marked(keys, bits, before)
    unique, first = np.empty(found, dtype=np.int64), np.full(found, -1, dtype=np.int64)
    _placed(keys, bits, before, unique, first, inverse)
    return unique, first, inverse


@njit(cache=True)
def _ones(word: np.uint64) -> int:
    """The bits set in a 64-bit word (SWAR)."""
    x = word - ((word >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def _marked(keys: np.ndarray, bits: np.ndarray, before: np.ndarray) -> int:
    """A bit set per key; ``before[w]``: the bits set in the words before ``w``. Returns the distinct keys."""
    for key in keys:
        bits[key >> 6] |= np.uint64(1) << np.uint64(key & 63)
    for w in range(len(bits)):
        before[w + 1] = before[w] + _ones(bits[w])
    return before[len(bits)]


@njit(cache=True)
def _placed(keys: np.ndarray, bits: np.ndarray, before: np.ndarray, unique: np.ndarray, first: np.ndarray,
            inverse: np.ndarray) -> None:
    for w in range(len(bits)):
        word = bits[w]
        place = before[w]
        while word:
            low = word & (~word + np.uint64(1))  # the lowest bit set
            unique[place] = w * 64 + _ones(low - np.uint64(1))
            place += 1
            word ^= low
    for i in range(len(keys)):
        key = keys[i]
        below = bits[key >> 6] & ((np.uint64(1) << np.uint64(key & 63)) - np.uint64(1))
        place = before[key >> 6] + _ones(below)
        inverse[i] = place
        if first[place] < 0:
            first[place] = i


def row_edges(child: np.ndarray, weights: np.ndarray, classes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The edges from each parent (a row of ``child``: the class of each of its card sets), sorted by parent then child:
    parent, child, multiplicity (the card sets of the parent landing in the child); and each of ``classes`` classes'
    weight, Σ of its parents' ``weights`` times the multiplicity."""
    child = np.ascontiguousarray(child, dtype=np.int64)
    n, s = child.shape
    parent, to, multiplicity = (np.empty(n * s, dtype=np.int64) for _ in range(3))
    summed = np.zeros(classes, dtype=np.int64)
    edges = _row_edges(child, np.ascontiguousarray(weights, dtype=np.int64), parent, to, multiplicity, summed)
    return parent[:edges], to[:edges], multiplicity[:edges], summed


@njit(cache=True)
def _row_edges(child: np.ndarray, weights: np.ndarray, parent: np.ndarray, to: np.ndarray, multiplicity: np.ndarray,
               summed: np.ndarray) -> int:
    n, s = child.shape
    row = np.empty(s, dtype=np.int64)
    edges = 0
    for p in range(n):
        sort_few(child[p], row)  # the row's few dozen children in order
        i = 0
        while i < s:
            j = i + 1
            while j < s and row[j] == row[i]:
                j += 1
            parent[edges], to[edges], multiplicity[edges] = p, row[i], j - i
            summed[row[i]] += weights[p] * (j - i)
            edges += 1
            i = j
    return edges
