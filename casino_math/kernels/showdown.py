"""Counting dealer hands below thresholds, by inclusion–exclusion over the cards they share with the player: compiled.

The dealer's possible hidden card sets (``dealt``, ids ascending) and the
values of the hands they make are indexed by each of their subsets of j cards
(j = 0..d). For a player row P and a threshold x, the hands sharing no card
with P and worth less than x number Σ over subsets S of P ``(−1)^|S|`` ·
#{hands containing S, worth less than x}.

Values are first replaced by their rank among the distinct values (a hand
ranking has a few thousand), so that for small subsets (j ≤ 2: few keys, many
hands each) a count below x is one look-up in a running count per key and
rank; for bigger subsets (few hands each) it is a binary search in the key's
sorted run. :func:`below` is the kernel; :func:`casino_math.showdown.below_reference`
the same count with numpy's sorted composite keys, which small showdowns use and the tests check it against.

:func:`swept` counts the same in one sweep over the dealt hands in order of value: each hand adds one to a counter
per subset of its cards (a table of every subset of up to as many cards as a player holds: a few megabytes), and a
player's count below x is read, by inclusion–exclusion, when the hands below x are in: no index per subset size,
no binary search, every look-up in one small table. What a showdown uses where that table fits.

>>> dealt = np.array([[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]])   # every 2-set of 4 cards
>>> values = np.array([5, 1, 7, 3, 2, 6])
>>> player = np.array([[0], [3]])                                       # holding card 0, or card 3
>>> thresholds = np.array([[7], [6]])    # card 0 out: 7, 2, 6 left; card 3 out: 5, 1, 7 left
>>> from casino_math.showdown import below_reference
>>> below(Index.of(dealt, values), player, thresholds).tolist(), below_reference(dealt, values, player, thresholds).tolist()
([[2], [2]], [[2], [2]])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from ..subsets import BINOMIAL, colex, positions
from .ordering import sort_few

SWEPT_CELLS = 16_000_000  # counters of the sweep's table (64 MB) beyond which the index counts instead
DENSE_CELLS = 60_000_000  # running counts kept per (key, rank) up to this many cells; beyond, sorted runs


@dataclass(frozen=True)
class Index:
    """The dealt hands' values by subset: running counts per (key, rank) for small subsets, sorted runs for the rest.

    ``distinct`` holds the distinct values, so a threshold becomes a rank: how many distinct values lie below it.
    """

    distinct: np.ndarray
    dense: tuple[np.ndarray, ...]  # dense[j]: (keys + 1) x (ranks + 1) running counts, for j < len(dense)
    starts: tuple[np.ndarray, ...]  # starts[j], runs[j] for j >= len(dense): each key's run of sorted ranks
    runs: tuple[np.ndarray, ...]

    @classmethod
    def of(cls, dealt: np.ndarray, values: np.ndarray) -> Index:
        """The index of the dealt hands (ids ascending per row) worth ``values``: each level of subsets counted by key
        and rank in compiled passes over the hands (``_running_counts``, ``_sorted_runs``), with no array of
        every (subset, hand) pair made and sorted. :meth:`of_plain` builds the same index with numpy."""
        d = dealt.shape[1]
        distinct, rank = np.unique(values, return_inverse=True)
        rank = rank.reshape(-1).astype(np.int64)
        width = len(distinct) + 1
        largest = int(dealt.max(initial=0)) + 1
        hands = np.ascontiguousarray(dealt, dtype=np.int64)
        by_rank = np.argsort(rank, kind="stable")  # the hands in order of rank: a counting sort by key keeps it
        dense: list[np.ndarray] = []
        starts: list[np.ndarray] = []
        runs: list[np.ndarray] = []
        empty = np.zeros(1, dtype=np.int64)
        for j in range(d + 1):
            chosen = positions(d, j)
            picks = np.array(chosen, dtype=np.int64).reshape(len(chosen), j)
            size = int(BINOMIAL[largest, j])
            if len(dense) == j and (size + 1) * width <= DENSE_CELLS:
                dense.append(_running_counts(hands, rank, picks, BINOMIAL, size, width))
                starts.append(empty)  # a level kept as running counts needs no sorted runs
                runs.append(empty)
                continue
            level_starts, level_runs = _sorted_runs(hands, rank, by_rank, picks, BINOMIAL, size)
            starts.append(level_starts)
            runs.append(level_runs)
        return cls(distinct, tuple(dense), tuple(starts), tuple(runs))

    @classmethod
    def of_plain(cls, dealt: np.ndarray, values: np.ndarray) -> Index:
        """:meth:`of` in numpy: every (subset, hand) pair's key made, counted with ``bincount`` or sorted whole (the
        compiled passes' reference)."""
        d = dealt.shape[1]
        distinct, rank = np.unique(values, return_inverse=True)
        rank = rank.reshape(-1).astype(np.int64)
        width = len(distinct) + 1
        largest = int(dealt.max(initial=0)) + 1
        dense: list[np.ndarray] = []
        starts: list[np.ndarray] = []
        runs: list[np.ndarray] = []
        empty = np.zeros(1, dtype=np.int64)
        for j in range(d + 1):
            picks = positions(d, j)
            keys = np.concatenate([colex(dealt[:, p]) for p in picks])
            ranks = np.tile(rank, len(picks))
            size = int(BINOMIAL[largest, j])
            if len(dense) == j and (size + 1) * width <= DENSE_CELLS:
                counts = np.bincount(keys * width + ranks + 1, minlength=(size + 1) * width)
                dense.append(np.cumsum(counts.reshape(size + 1, width), axis=1).astype(np.int32))
                starts.append(empty)  # a level kept as running counts needs no sorted runs
                runs.append(empty)
                continue
            composite = np.sort(keys * width + ranks)  # one sort of one integer per hand: by key, then by rank
            starts.append(np.searchsorted(composite, np.arange(size + 2) * width).astype(np.int64))
            runs.append(composite % width)
        return cls(distinct, tuple(dense), tuple(starts), tuple(runs))

    def rank(self, thresholds: np.ndarray) -> np.ndarray:
        """Each threshold as the number of distinct values below it."""
        return np.searchsorted(self.distinct, thresholds).astype(np.int64)


@njit(cache=True)
def _key(hands: np.ndarray, h: int, picks: np.ndarray, p: int, binomial: np.ndarray) -> int:
    """The colex rank of hand ``h``'s cards at the positions ``picks[p]`` (ascending, as the hand's ids are)."""
    key = 0
    for i in range(picks.shape[1]):
        key += binomial[hands[h, picks[p, i]], i + 1]
    return key


@njit(cache=True)
def _running_counts(hands: np.ndarray, rank: np.ndarray, picks: np.ndarray, binomial: np.ndarray, size: int,
                    width: int) -> np.ndarray:
    """Per key (rows, ``size + 1``) and rank (columns, ``width``): the hands holding the key's cards ranked below the
    column (column 0: none), as 32-bit counts."""
    table = np.zeros((size + 1, width), dtype=np.int32)
    for h in range(hands.shape[0]):
        for p in range(picks.shape[0]):
            table[_key(hands, h, picks, p, binomial), rank[h] + 1] += 1
    for k in range(size + 1):
        for r in range(1, width):
            table[k, r] += table[k, r - 1]
    return table


@njit(cache=True)
def _sorted_runs(hands: np.ndarray, rank: np.ndarray, by_rank: np.ndarray, picks: np.ndarray, binomial: np.ndarray,
                 size: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each key's run starts (``size + 2`` bounds) and the runs, each key's hands' ranks ascending: a counting
    sort by key of the hands taken in order of rank (``by_rank``), which keeps each run in that order."""
    starts = np.zeros(size + 2, dtype=np.int64)
    for h in range(hands.shape[0]):
        for p in range(picks.shape[0]):
            starts[_key(hands, h, picks, p, binomial) + 1] += 1
    for k in range(1, size + 2):
        starts[k] += starts[k - 1]
    filled = starts.copy()
    runs = np.empty(hands.shape[0] * picks.shape[0], dtype=np.int64)
    for h in by_rank:
        for p in range(picks.shape[0]):
            key = _key(hands, h, picks, p, binomial)
            runs[filled[key]] = rank[h]
            filled[key] += 1
    return starts, runs


@njit(cache=True)
def lower_bound(values: np.ndarray, start: int, end: int, x: int) -> int:
    """The first index of ``values[start:end]`` (ascending) holding ``x`` or more: how many of them lie below ``x``, plus
    ``start``."""
    while start < end:
        middle = (start + end) // 2
        if values[middle] < x:
            start = middle + 1
        else:
            end = middle
    return start


@njit(cache=True)
def _below(dense: tuple, starts: tuple, runs: tuple, binomial: np.ndarray, player: np.ndarray, ranks: np.ndarray,
           out: np.ndarray) -> None:
    rows, p = player.shape
    count_t = ranks.shape[1]
    depth = len(starts) - 1
    for row in range(rows):
        for mask in range(1 << p):
            size = 0
            key = 0
            for i in range(p):
                if mask >> i & 1:
                    key += binomial[player[row, i], size + 1]
                    size += 1
            if size > depth:
                continue
            sign = -1 if size % 2 else 1
            if size < len(dense):
                table = dense[size]
                if key >= table.shape[0]:
                    continue  # a card no dealt hand holds
                for t in range(count_t):
                    out[row, t] += sign * table[key, ranks[row, t]]
            else:
                s = starts[size]
                if key + 1 >= len(s):
                    continue
                begin, end = s[key], s[key + 1]
                for t in range(count_t):
                    out[row, t] += sign * (lower_bound(runs[size], begin, end, ranks[row, t]) - begin)


def below(index: Index, player: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """For each player row: the dealt hands sharing no card with it and worth less than each threshold (rows, thresholds)."""
    out = np.zeros(thresholds.shape, dtype=np.int64)
    _below(index.dense, index.starts, index.runs, BINOMIAL, np.ascontiguousarray(player, dtype=np.int64),
           np.ascontiguousarray(index.rank(thresholds)), out)
    return out


def swept_cells(largest: int, hidden: int, held: int) -> int:
    """The counters of :func:`swept`'s table: every subset of up to ``min(hidden, held)`` of ``largest`` card ids.

    >>> swept_cells(52, 4, 5)   # Caribbean Stud: the dealer's four hidden cards against five
    294204
    """
    return int(BINOMIAL[largest, : min(hidden, held) + 1].sum())


def swept(dealt: np.ndarray, values: np.ndarray, player: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """:func:`below` (``below(Index.of(dealt, values), player, thresholds)``) in one sweep over the dealt hands in order
    of value, with a counter per subset of up to ``min(hidden, held)`` cards (:func:`swept_cells` of them).

    >>> dealt = np.array([[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]])
    >>> values = np.array([5, 1, 7, 3, 2, 6])
    >>> swept(dealt, values, np.array([[0], [3]]), np.array([[7], [6]])).tolist()
    [[2], [2]]
    >>> swept(dealt[:, ::-1], values, np.array([[3, 1], [0, 2]]), np.array([[7], [6]])).tolist()   # rows in any order
    [[1], [1]]
    """
    distinct, rank = np.unique(values, return_inverse=True)
    hands = np.ascontiguousarray(dealt, dtype=np.int64)  # each row's cards put in order as the sweep reads it
    held = np.ascontiguousarray(player, dtype=np.int64)
    largest = max(int(hands.max(initial=0)), int(held.max(initial=0))) + 1
    top = min(hands.shape[1], held.shape[1])
    offsets = np.r_[0, np.cumsum(BINOMIAL[largest, : top + 1])].astype(np.int64)
    ranks = np.ascontiguousarray(np.searchsorted(distinct, thresholds), dtype=np.int64)
    out = np.zeros(thresholds.shape, dtype=np.int64)
    _swept(hands, rank.reshape(-1).astype(np.int64), len(distinct), held, ranks, offsets, BINOMIAL, out)
    return out


@njit(cache=True)
def _subsets_by_mask(width: int, top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each subset (as a bit mask) of ``width`` cards: its size, its highest card's position, and its column among
    the subsets of up to ``top`` cards in mask order (-1: more cards)."""
    sizes = np.zeros(1 << width, dtype=np.int64)
    highest = np.zeros(1 << width, dtype=np.int64)
    column = np.full(1 << width, -1, dtype=np.int64)
    kept = 0
    for mask in range(1 << width):
        if mask:
            highest[mask] = highest[mask >> 1] + 1 if mask >> 1 else 0
            sizes[mask] = sizes[mask ^ (1 << highest[mask])] + 1
        if sizes[mask] <= top:
            column[mask] = kept
            kept += 1
    return sizes, highest, column


@njit(cache=True)
def _subset_keys(cards: np.ndarray, row: int, ordered: np.ndarray, binomial: np.ndarray, offsets: np.ndarray,
                 sizes: np.ndarray, highest: np.ndarray, colex: np.ndarray, keys: np.ndarray) -> None:
    """For each subset (as a bit mask) of a row's cards: its counter in the table (-1: more than the table's cards),
    each mask's colex rank from the mask's without its highest card (the largest in the subset, so last in colex
    order); the row's cards put in order first (``ordered``: room for them)."""
    width = cards.shape[1]
    sort_few(cards[row], ordered)
    top = len(offsets) - 2
    colex[0], keys[0] = 0, offsets[0]
    for mask in range(1, 1 << width):
        high = highest[mask]
        colex[mask] = colex[mask ^ (1 << high)] + binomial[ordered[high], sizes[mask]]
        keys[mask] = offsets[sizes[mask]] + colex[mask] if sizes[mask] <= top else -1


@njit(cache=True)
def _swept(hands: np.ndarray, rank: np.ndarray, distinct: int, player: np.ndarray, ranks: np.ndarray,
           offsets: np.ndarray, binomial: np.ndarray, out: np.ndarray) -> None:
    top = len(offsets) - 2
    count_t = ranks.shape[1]
    # the hands by rank, and the (row, threshold) questions by the rank of the threshold: counting sorts
    hand_starts = np.zeros(distinct + 1, dtype=np.int64)
    for h in range(hands.shape[0]):
        hand_starts[rank[h] + 1] += 1
    for r in range(distinct):
        hand_starts[r + 1] += hand_starts[r]
    by_rank = np.empty(hands.shape[0], dtype=np.int64)
    filled = hand_starts.copy()
    for h in range(hands.shape[0]):
        by_rank[filled[rank[h]]] = h
        filled[rank[h]] += 1
    asked_starts = np.zeros(distinct + 2, dtype=np.int64)
    for row in range(player.shape[0]):
        for t in range(count_t):
            asked_starts[ranks[row, t] + 1] += 1
    for r in range(distinct + 1):
        asked_starts[r + 1] += asked_starts[r]
    asked = np.empty(player.shape[0] * count_t, dtype=np.int64)
    placed = asked_starts.copy()
    for row in range(player.shape[0]):
        for t in range(count_t):
            asked[placed[ranks[row, t]]] = row * count_t + t
            placed[ranks[row, t]] += 1
    # each row's subset keys taken once (not once per threshold): (rows, subsets of up to ``top`` cards), with signs
    room = max(hands.shape[1], player.shape[1])
    sizes, highest, column = _subsets_by_mask(room, top)
    masks = np.flatnonzero(column[: 1 << player.shape[1]] >= 0)
    mask_signs = 1 - 2 * (sizes[masks] & 1)
    ordered, colex, keys = np.empty(room, dtype=np.int64), np.empty(1 << room, dtype=np.int64), np.empty(1 << room, dtype=np.int64)
    row_keys = np.empty((player.shape[0], len(masks)), dtype=np.int32)
    for row in range(player.shape[0]):
        _subset_keys(player, row, ordered, binomial, offsets, sizes, highest, colex, keys)
        for i in range(len(masks)):
            row_keys[row, i] = keys[masks[i]]
    table = np.zeros(offsets[-1], dtype=np.int32)
    hand_masks = np.flatnonzero(column[: 1 << hands.shape[1]] >= 0)
    for level in range(distinct + 1):
        for q in range(asked_starts[level], asked_starts[level + 1]):  # the hands ranked below ``level`` are in
            row, t = asked[q] // count_t, asked[q] % count_t
            total = 0
            for i in range(len(masks)):
                total += mask_signs[i] * table[row_keys[row, i]]
            out[row, t] = total
        if level < distinct:
            for i in range(hand_starts[level], hand_starts[level + 1]):
                _subset_keys(hands, by_rank[i], ordered, binomial, offsets, sizes, highest, colex, keys)
                for mask in hand_masks:
                    table[keys[mask]] += 1


def cells(below: np.ndarray, v: np.ndarray, qualifier: int, total: int) -> np.ndarray:
    """:func:`casino_math.showdown.cells_of` (its plain reference) in one compiled pass over the rows, with no
    temporary arrays: the six showdown cells of rows whose hands are worth ``v``, from the dealer hands (of ``total``)
    worth less than the qualifier, less than ``v`` and at most ``v`` (the three columns of ``below``).

    >>> cells(np.array([[12, 9, 10]]), np.array([20]), 30, 100).tolist()   # a hand below the qualifier
    [[9, 1, 2, 0, 0, 88]]
    """
    out = np.empty((len(v), 6), dtype=np.int64)
    _cells(np.ascontiguousarray(below, dtype=np.int64), np.ascontiguousarray(v, dtype=np.int64), qualifier, total, out)
    return out


@njit(cache=True)
def _cells(below: np.ndarray, v: np.ndarray, qualifier: int, total: int, out: np.ndarray) -> None:
    for row in range(len(v)):
        c_q, c_v, c_v1, x = below[row, 0], below[row, 1], below[row, 2], v[row]
        out[row, 0] = c_v if x < qualifier else c_q           # not qualified, player higher
        out[row, 1] = c_v1 - c_v if x < qualifier else 0      # not qualified, equal
        out[row, 2] = c_q - c_v1 if x + 1 < qualifier else 0  # not qualified, dealer higher
        out[row, 3] = c_v - c_q if x > qualifier else 0       # qualified, player higher
        out[row, 4] = c_v1 - c_v if x >= qualifier else 0     # qualified, equal
        out[row, 5] = total - (c_v1 if x + 1 > qualifier else c_q)  # qualified, dealer higher


def best_of(ids: np.ndarray, k: int, every: np.ndarray) -> np.ndarray:
    """The value of the best ``k`` cards of each row of card ids, ``every`` holding the value of every ``k``-card hand
    in colex order (:func:`casino_math.showdown.hand_values`, which the ranking's own best of the row's hands checks).

    >>> every = np.arange(6) * 10     # the 2-sets of 4 cards in colex order: 01, 02, 12, 03, 13, 23
    >>> best_of(np.array([[2, 0, 1], [0, 3, 1]]), 2, every).tolist()
    [20, 40]
    """
    out = np.empty(len(ids), dtype=np.int64)
    _best_of(np.ascontiguousarray(ids, dtype=np.int64), np.array(positions(ids.shape[1], k), dtype=np.int64).reshape(-1, k),
             np.ascontiguousarray(every, dtype=np.int64), BINOMIAL, out)
    return out


@njit(cache=True)
def _best_of(ids: np.ndarray, picks: np.ndarray, every: np.ndarray, binomial: np.ndarray, out: np.ndarray) -> None:
    width = ids.shape[1]
    row_cards = np.empty(width, dtype=np.int64)
    for row in range(ids.shape[0]):
        sort_few(ids[row], row_cards)  # the row's ids ascending, so that each pick's are in order too
        best = np.iinfo(np.int64).min
        for p in range(picks.shape[0]):
            key = 0
            for i in range(picks.shape[1]):
                key += binomial[row_cards[picks[p, i]], i + 1]
            if every[key] > best:
                best = every[key]
        out[row] = best
