"""Pai Gow Poker's dominance counts over the hands holding a set of cards: compiled, with plain references beside them.

The house way against itself, over every deal, by inclusion–exclusion over the cards the two hands share: with every
seven-card hand's setting as a point (high value, low value), the deals a player wins both hands in are
Σ over card sets S of ``(−1)^|S|`` · #{(player, banker) both holding S: the banker's point below the player's in both
coordinates}, and the deals he loses both in the same with "at least as high in both". For one S, the hands holding
it are every choice of the other ``7 − |S|`` cards (:func:`supersets`); the pairs are counted in one sweep by low value
with a Fenwick tree over the high values (:func:`dominance_pairs`).

The player setting optimally asks every setting of his hand instead of the house way's: per S, a table of cumulative
counts of the banker's points answers each setting in a few look-ups (:func:`settings_against`), summed per class of
player hands under the renamings of suits (:func:`canonical_hands` names the classes).

>>> high = np.array([3, 1, 2, 2]); low = np.array([1, 0, 0, 1])
>>> dominance_pairs(high, low, 4), dominance_pairs_reference(high, low)
((3, 10), (3, 10))
>>> supersets(np.array([0, 2]), 5, 3).tolist(), supersets_reference(np.array([0, 2]), 5, 3).tolist()
([0, 2, 5], [0, 2, 5])
"""

from __future__ import annotations

import itertools
import queue
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

import numpy as np
from numba import njit

from ...subsets import BINOMIAL, colex
from ...kernels.showdown import lower_bound


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
        # the next choice of picks in colex order (the lowest pick that can move up moves, those below it start
        # again): the ranks ascend, so the arrays they index are read front to back, not at random (about 3x faster)
        i = 0
        while i < more - 1 and pick[i] + 1 == pick[i + 1]:
            i += 1
        if pick[i] + 1 == len(free):
            return
        pick[i] += 1
        for t in range(i):
            pick[t] = t


def supersets(held: np.ndarray, n: int, size: int) -> np.ndarray:
    """The colex ranks of every ``size``-card set of ``range(n)`` holding the cards ``held`` (ascending ids), in
    increasing order."""
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
    return np.sort(colex(np.array(rows, dtype=np.int64).reshape(len(rows), size)))


@njit(nogil=True, cache=True)  # threads look hands up at once (optimal.part_shard)
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
    reference is :meth:`casino_math.methods.pai_gow.hands.PaiGowHands.settings` on numpy."""
    high = np.empty((len(hands), len(high_positions)), dtype=np.int64)
    low = np.empty_like(high)
    _settings(np.ascontiguousarray(hands, dtype=np.int64), high_positions, low_positions, BINOMIAL, high_table,
              np.ascontiguousarray(low_table), high, low)
    return high, low


# -- every setting of the player's hands against the banker's points (the optimal setting, 53 cards) ------------------
@njit(nogil=True, cache=True)
def _banks(sets: np.ndarray, s0: int, s1: int, n: int, binomial: np.ndarray, point: np.ndarray, lows: int,
           width: int, class_id: np.ndarray, first_class: int, first: int, last: int, top: int, mode: int,
           tables: np.ndarray, columns: np.ndarray, ms: np.ndarray, members: np.ndarray, bounds: np.ndarray,
           found: np.ndarray, cls: np.ndarray, mem: np.ndarray, offsets: np.ndarray) -> None:
    k = sets.shape[1]
    more = 7 - k
    implicit = k == 0  # every hand: colex ranks 0 .. C(n, 7) - 1, never listed
    count = binomial[n - k, more]
    rows = np.empty(0 if implicit else count, dtype=np.int64)
    slices = len(bounds) - 1
    for s in range(s0, s1):
        b = s - s0
        held = np.ascontiguousarray(sets[s])
        offsets[b, :] = 0
        if k > 0 and held[k - 1] > top:
            ms[b] = -1  # no hand of this part holds these cards
            continue
        if not implicit:
            _supersets(held, n, more, binomial, rows)
        # the part's player hands holding S: a stretch of the hands holding S (the ranks ascend), counted by class
        # (how many members of each hold S)
        start, stop = (first, last) if implicit else (lower_bound(rows, 0, count, first), lower_bound(rows, 0, count, last))
        touched = 0
        table = tables[b]
        m = 0
        cols = 0
        column = columns[b]
        if mode == 1:  # the banker's high values present: column[h], how many of them are below h
            column[:] = 0
            for i in range(count):
                column[(point[class_id[i if implicit else rows[i]]] >> 16) + 1] = 1
            for h in range(1, width + 1):
                column[h] += column[h - 1]
            m = column[width]
        elif mode == 2:
            m = width
        if mode > 0:
            cols = m + 1
            table[:(lows + 1) * cols] = 0
        for i in range(count):
            q = class_id[i if implicit else rows[i]]
            both = point[q]
            if mode == 0:  # a few hands: their points, compared one by one
                table[i] = both >> 16
                table[count + i] = both & 0xFFFF
            else:  # table[l, c]: banker hands with a low value below l and a high value below column c
                c = both >> 16 if mode == 2 else column[both >> 16]
                table[((both & 0xFFFF) + 1) * cols + c + 1] += 1
        if mode > 0:
            for row in range(1, lows + 1):
                run = 0
                for c in range(1, cols):
                    run += table[row * cols + c]
                    table[row * cols + c] = table[(row - 1) * cols + c] + run
        ms[b] = m
        for i in range(start, stop):  # apart from the table's pass: fewer loads in flight in each (measured faster)
            p = class_id[i if implicit else rows[i]] - first_class
            if members[p] == 0:
                found[touched] = p
                touched += 1
            members[p] += 1
        for t in range(touched):  # the classes grouped by slice
            offsets[b, lower_bound(bounds, 0, slices + 1, found[t] + 1)] += 1
        for g in range(slices):
            offsets[b, g + 1] += offsets[b, g]
        for t in range(touched):
            p = found[t]
            g = lower_bound(bounds, 0, slices + 1, p + 1) - 1
            at = offsets[b, g]
            offsets[b, g] = at + 1
            cls[b, at] = p
            mem[b, at] = members[p]
            members[p] = 0
        for g in range(slices, 0, -1):  # each slice's start again (each was moved to its end)
            offsets[b, g] = offsets[b, g - 1]
        offsets[b, 0] = 0


@njit(nogil=True, cache=True)
def _answers(g: int, used: int, times: np.ndarray, count: int, lows: int, mode: int, tables: np.ndarray,
             columns: np.ndarray, ms: np.ndarray, cls: np.ndarray, mem: np.ndarray, offsets: np.ndarray,
             set_high: np.ndarray, set_low: np.ndarray, counts: np.ndarray) -> None:
    for b in range(used):
        m = ms[b]
        if m < 0:
            continue
        table = tables[b]
        column = columns[b]
        cols = m + 1
        for e in range(offsets[b, g], offsets[b, g + 1]):
            p = cls[b, e]
            each = times[b] * mem[b, e]
            for j in range(set_high.shape[1]):
                h = set_high[p, j]
                if h < 0:
                    break  # the rest are copies of a value or illegal settings
                lo = set_low[p, j]
                w = 0
                lose = 0
                if mode == 0:
                    for i in range(count):
                        if table[i] < h and table[count + i] < lo:
                            w += 1
                        elif table[i] >= h and table[count + i] >= lo:
                            lose += 1
                else:
                    c = h if mode == 2 else column[h]
                    w += table[lo * cols + c]
                    lose += count - table[lows * cols + c] - table[lo * cols + m] + w
                counts[p, j] += each * (w + (lose << 32))  # wraps past 2^63: the sums it ends on fit (see below)


BATCH_BYTES = 1 << 27  # the banker's tables and the player's classes held at once, over all threads (128 MB)


def settings_against(sets: np.ndarray, weights: np.ndarray, n: int, high: np.ndarray, low: np.ndarray, width: int,
                     lows: int, class_id: np.ndarray, first_class: int, first: int, last: int, set_high: np.ndarray,
                     set_low: np.ndarray, counts: np.ndarray, dense_from: int | None = None, brute_below: int = 64,
                     threads: int = 1, done: Callable[[int], None] | None = None) -> None:
    """For each card set S (rows of ``sets``, all of one size, ascending ids; ``weights``: how many sets each stands
    for), the hands holding S as the banker's points (``high``, ``low``: ranks of his house-way setting's values, by
    class of hands, ``class_id`` of each hand's colex rank: hands alike but for their suits are set alike; high in
    0..width−1, low in 0..lows−1), and the player hands holding S of colex rank
    ``first``..``last``−1: adds (−1)^|S| × weight × (banker hands below in both, banker hands at least as high in both)
    for each of the player hand's settings (``set_high``/``set_low`` of its class, row ``class_id`` − ``first_class``;
    −1 ends a row) into ``counts`` (in place), both in one whole number: below + 2^32 × at least as high, wrapping
    modulo 2^64 (a class's sums, at most its size times the banker hands of a deal, end below 2^31 each, so they
    read back exactly). A class's hands holding S are asked once, their number times. The banker's hands are
    counted by a table of cumulative counts (one column per high value, or per high value present when fewer hands
    than values hold S) or, for fewer than ``brute_below`` hands, one by one.

    Each table is built once, for every player hand: the sets go a batch at a time (``BATCH_BYTES``), their
    tables built on ``threads`` threads at once, then the player's classes answered on the threads, each a slice of
    the classes (no two threads add to one class: the same sums, whatever the threads). ``done``, if given, hears of
    the banker's hands of each batch (the units of work: :func:`work`)."""
    k = sets.shape[1]
    count = int(BINOMIAL[n - k, 7 - k])
    mode = 0 if count < brute_below else 2 if count >= (width if dense_from is None else dense_from) else 1
    classes = len(set_high)
    found = min(count, max(classes, 1))  # the player's classes holding S: at most one per hand, at most every class
    cells = 2 * count if mode == 0 else (lows + 1) * ((width if mode == 2 else min(count, width)) + 1)
    each = cells * 4 + (width + 1 if mode == 1 else 0) * 4 + found * 8
    batch = max(threads, min(len(sets), BATCH_BYTES // each, 1 << 16))
    slices = 16 * threads if threads > 1 else 1  # taken in turn by the threads: none idle long at a batch's end
    bounds = np.linspace(0, classes, slices + 1).astype(np.int64) if classes else np.zeros(slices + 1, dtype=np.int64)
    top = 6
    while top + 1 < n and BINOMIAL[top + 1, 7] < last:  # the player's cards: colex rank below last, so none above top
        top += 1
    tables = np.empty((batch, cells), dtype=np.int32)
    columns = np.empty((batch, width + 1 if mode == 1 else 0), dtype=np.int32)  # a table's column of each high value
    ms = np.empty(batch, dtype=np.int64)
    cls = np.empty((batch, found), dtype=np.int32)
    mem = np.empty((batch, found), dtype=np.int32)
    offsets = np.zeros((batch, slices + 1), dtype=np.int64)
    scratch: queue.SimpleQueue[tuple[np.ndarray, np.ndarray]] = queue.SimpleQueue()
    for _ in range(threads):
        scratch.put((np.zeros(max(classes, 1), dtype=np.int32), np.empty(found, dtype=np.int64)))
    sets = np.ascontiguousarray(sets, dtype=np.int64)
    if width >= 1 << 15 or lows >= 1 << 16:
        raise ValueError(f"{width} high values, {lows} low values: a point would not fit in 31 bits")
    point = (np.asarray(high, dtype=np.int32) << 16) | np.asarray(low, dtype=np.int32)  # one read a banker hand
    times_all = (-1 if k % 2 else 1) * np.ascontiguousarray(weights, dtype=np.int64)

    def bank(s0: int, s1: int, start: int) -> None:
        members, found_ = scratch.get()
        _banks(sets[start:], s0 - start, s1 - start, n, BINOMIAL, point, lows, width, class_id, first_class, first,
               last, top, mode, tables[s0 - start:], columns[s0 - start:], ms[s0 - start:], members, bounds, found_,
               cls[s0 - start:], mem[s0 - start:], offsets[s0 - start:])
        scratch.put((members, found_))

    def answer(pool: ThreadPoolExecutor | None, start: int) -> None:  # one batch: its tables, then the classes
        used = min(batch, len(sets) - start)
        pieces = np.linspace(start, start + used, min(used, 4 * threads) + 1).astype(int).tolist()
        on_each(pool, lambda i: bank(pieces[i], pieces[i + 1], start), range(len(pieces) - 1))
        times = times_all[start:start + used]
        on_each(pool, lambda g: _answers(g, used, times, count, lows, mode, tables, columns, ms, cls, mem, offsets,
                                       set_high, set_low, counts), range(slices))
        if done is not None:
            done(work(n, k, used))

    with thread_pool(threads) as pool:
        for start in range(0, len(sets), batch):
            answer(pool, start)


def work(n: int, k: int, sets: int) -> int:
    """The units of work of :func:`settings_against` over ``sets`` sets of ``k`` cards of ``n``: the banker's hands
    holding them, each weighed k² + 2 (a hand's look-ups cost more as the player's hands holding S fall in more
    classes: fitted to the processor time per k of the 53-card count, benchmarks/README.md), so that the time left
    told from them reads true.

    >>> work(53, 6, 2)
    3572
    """
    return sets * int(BINOMIAL[n - k, 7 - k]) * (k * k + 2)


@njit(cache=True)
def _class_results(counts: np.ndarray, set_high: np.ndarray, set_low: np.ndarray, bh: np.ndarray, bl: np.ndarray,
                   size: np.ndarray, win: int, loss: int, won: np.ndarray, lost: np.ndarray, value: np.ndarray) -> bool:
    whole = True
    for p in range(counts.shape[0]):
        for j in range(counts.shape[1]):
            h, lo = set_high[p, j], set_low[p, j]
            count = counts[p, j]
            if h >= 0 and bh[p] < h and bl[p] < lo:
                count -= size[p]
            elif h >= 0 and bh[p] >= h and bl[p] >= lo:
                count -= size[p] << 32
            w, lose = count & 0xFFFFFFFF, count >> 32
            whole = whole and w % size[p] == 0 and lose % size[p] == 0
            won[p, j] = w // size[p]
            lost[p, j] = lose // size[p]
            value[p, j] = won[p, j] * win - lost[p, j] * loss if h >= 0 else np.iinfo(np.int64).min
    return whole


def class_results(counts: np.ndarray, set_high: np.ndarray, set_low: np.ndarray, own: np.ndarray, size: np.ndarray,
                  win: int, loss: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """Classes' counts from :func:`settings_against` (a class's size times each member's, below + 2^32 × at least as
    high) less the seven-card term (the one banker hand holding all of P's cards is P, set by the house way at
    ``own``: its high and low values' ranks), as each member's deals won both and lost both per setting (``set_high``,
    ``set_low``; −1 ends a row), each setting's value (``win`` per deal won, −``loss`` per deal lost; illegal
    settings the lowest value), and whether every count was its size times a whole number.
    :func:`class_results_reference` is the plain numpy reference.

    >>> counts = np.array([[5 * 2 + (7 << 32), 0]]), np.array([[3, -1]]), np.array([[1, -1]])
    >>> won, lost, value, whole = class_results(*counts, np.array([[2], [0]]), np.array([1]), 19, 20)
    >>> won.tolist(), lost.tolist(), int(value[0, 0]), whole
    ([[9, 0]], [[7, 0]], 31, True)
    """
    won, lost, value = (np.empty(counts.shape, dtype=np.int64) for _ in range(3))
    whole = _class_results(np.ascontiguousarray(counts), np.ascontiguousarray(set_high), np.ascontiguousarray(set_low),
                           np.ascontiguousarray(own[0], dtype=np.int64), np.ascontiguousarray(own[1], dtype=np.int64),
                           np.ascontiguousarray(size, dtype=np.int64), win, loss, won, lost, value)
    return won, lost, value, whole


def class_results_reference(counts: np.ndarray, set_high: np.ndarray, set_low: np.ndarray, own: np.ndarray,
                            size: np.ndarray, win: int, loss: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """:func:`class_results` in plain numpy."""
    valid = set_high >= 0
    bh, bl = own[0][:, None].astype(np.int64), own[1][:, None].astype(np.int64)
    counts = counts - np.where(valid & (bh < set_high) & (bl < set_low), size[:, None], 0)
    counts -= np.where(valid & (bh >= set_high) & (bl >= set_low), size[:, None] << 32, 0)
    won, lost = counts & 0xFFFFFFFF, counts >> 32
    whole = not ((won % size[:, None]).any() or (lost % size[:, None]).any())
    won //= size[:, None]
    lost //= size[:, None]
    value = np.where(valid, won * win - lost * loss, np.iinfo(np.int64).min)
    return won, lost, value, whole


@contextmanager
def thread_pool(threads: int) -> Iterator[ThreadPoolExecutor | None]:
    """Threads for the compiled loops (they let go of the interpreter's lock), or none for one thread."""
    if threads <= 1:
        yield None
        return
    with ThreadPoolExecutor(threads) as pool:
        yield pool


def on_each(pool: ThreadPoolExecutor | None, task: Callable[[int], None], items: Sequence[int]) -> None:
    """``task`` of every item, on the pool's threads (their errors raised here), or in turn on this one."""
    if pool is None:
        for i in items:
            task(i)
    else:
        for _ in pool.map(task, items):
            pass


def settings_against_reference(sets: np.ndarray, weights: np.ndarray, n: int, high: np.ndarray, low: np.ndarray,
                               class_id: np.ndarray, first_class: int, first: int, last: int, set_high: np.ndarray,
                               set_low: np.ndarray, counts: np.ndarray) -> None:
    """The same by comparing every banker hand holding S with every setting, hand by hand (plain numpy)."""
    sign = -1 if sets.shape[1] % 2 else 1
    for held, weight in zip(sets, weights.tolist()):
        rows = supersets_reference(held, n, 7)
        bh, bl = np.asarray(high[class_id[rows]], dtype=np.int64), np.asarray(low[class_id[rows]], dtype=np.int64)
        for r in rows[(rows >= first) & (rows < last)]:
            p = class_id[r] - first_class
            legal = set_high[p] >= 0
            h, lo = set_high[p][legal, None], set_low[p][legal, None]
            below, above = ((bh < h) & (bl < lo)).sum(axis=1), ((bh >= h) & (bl >= lo)).sum(axis=1)
            with np.errstate(over="ignore"):
                counts[p, legal] += sign * weight * (below + (above << 32))


@njit(cache=True)
def _canonical_key(hand: np.ndarray, naturals: int, binomial: np.ndarray) -> int:
    m0 = m1 = m2 = m3 = 0
    jokers = 0
    for t in range(len(hand)):
        card = hand[t]
        if card >= naturals:
            jokers += 1
        else:
            bit = 1 << (card >> 2)
            suit = card & 3
            if suit == 0:
                m0 |= bit
            elif suit == 1:
                m1 |= bit
            elif suit == 2:
                m2 |= bit
            else:
                m3 |= bit
    # the suits' ranks, in an order no renaming of suits changes: suit 0 gets the smallest (a sorting network)
    if m0 > m1:
        m0, m1 = m1, m0
    if m2 > m3:
        m2, m3 = m3, m2
    if m0 > m2:
        m0, m2 = m2, m0
    if m1 > m3:
        m1, m3 = m3, m1
    if m1 > m2:
        m1, m2 = m2, m1
    key = 0
    t = 0
    present = m0 | m1 | m2 | m3
    while present:
        rank = 0
        while not present >> rank & 1:
            rank += 1
        present &= present - 1
        if m0 >> rank & 1:
            t += 1
            key += binomial[4 * rank, t]
        if m1 >> rank & 1:
            t += 1
            key += binomial[4 * rank + 1, t]
        if m2 >> rank & 1:
            t += 1
            key += binomial[4 * rank + 2, t]
        if m3 >> rank & 1:
            t += 1
            key += binomial[4 * rank + 3, t]
    for j in range(jokers):
        t += 1
        key += binomial[naturals + j, t]
    return key


@njit(cache=True)
def _canonical(hands: np.ndarray, naturals: int, binomial: np.ndarray, out: np.ndarray) -> None:
    for row in range(hands.shape[0]):
        out[row] = _canonical_key(hands[row], naturals, binomial)


@njit(nogil=True, cache=True)
def _canonical_sets(size: int, first_top: int, last_top: int, naturals: int, binomial: np.ndarray, out: np.ndarray) -> None:
    more = size - 1
    hand = np.empty(size, dtype=np.int64)
    pick = np.empty(max(more, 1), dtype=np.int64)
    row = 0
    for top in range(max(first_top, more), last_top):
        for t in range(more):
            pick[t] = t
        hand[more] = top
        while True:
            for t in range(more):
                hand[t] = pick[t]
            out[row] = _canonical_key(hand, naturals, binomial)
            row += 1
            if more == 0:
                break
            i = 0  # the next cards below top in colex order (as :func:`_supersets` steps)
            while i < more - 1 and pick[i] + 1 == pick[i + 1]:
                i += 1
            if pick[i] + 1 == (top if i == more - 1 else pick[i + 1]):
                break
            pick[i] += 1
            for t in range(i):
                pick[t] = t


def canonical_sets(size: int, first_top: int, last_top: int, naturals: int, out: np.ndarray) -> None:
    """:func:`canonical_hands` of the sets of ``size`` cards whose highest card is ``first_top``..``last_top``−1, in
    colex order (colex ranks C(first_top, size) onwards), into ``out`` (any integer array, e.g. a slice of a file
    mapped in memory), the sets never listed.

    >>> from math import comb
    >>> from casino_math.subsets import all_subsets
    >>> out = np.empty(comb(12, 7) - comb(9, 7), dtype=np.int32)
    >>> canonical_sets(7, 9, 12, 12, out)
    >>> np.array_equal(out, canonical_hands(all_subsets(12, 7)[comb(9, 7):], 12))
    True
    >>> out = np.empty(comb(9, 1) + comb(9, 2), dtype=np.int64)
    >>> canonical_sets(1, 0, 9, 8, out[:9]); canonical_sets(2, 0, 9, 8, out[9:])
    >>> np.array_equal(out, np.concatenate([canonical_hands(all_subsets(9, k), 8) for k in (1, 2)]))
    True
    """
    _canonical_sets(size, first_top, last_top, naturals, BINOMIAL, out)


@njit(cache=True)
def _popcount(x: np.int64) -> np.int64:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@njit(nogil=True, cache=True)
def _mark_members(canon: np.ndarray, start: int, bits: np.ndarray) -> None:
    for j in range(len(canon)):
        r = start + j
        if canon[j] == r:
            bits[r >> 6] |= np.int64(1) << (r & 63)


@njit(nogil=True, cache=True)
def _number(canon: np.ndarray, bits: np.ndarray, before: np.ndarray, sizes: np.ndarray) -> None:
    for j in range(len(canon)):
        c = canon[j]
        word = c >> 6
        number = before[word] + _popcount(bits[word] & ((np.int64(1) << (c & 63)) - 1))
        canon[j] = number
        sizes[number] += 1


def mark_members(canon: np.ndarray, start: int, bits: np.ndarray) -> None:
    """Sets bit r of ``bits`` (64 a word) for each canonical member among the hands of colex rank ``start`` + j, j
    the index of ``canon`` (their canonical members' ranks)."""
    _mark_members(canon, start, bits)


def members_before(bits: np.ndarray) -> np.ndarray:
    """Per word of ``bits``, the bits set in the words before it (the class numbers :func:`number_classes` starts
    each word's members at), and last all the bits set."""
    counts = np.empty(len(bits), dtype=np.int64)
    _word_counts(bits, counts)
    return np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(counts)])


def number_classes(canon: np.ndarray, bits: np.ndarray, before: np.ndarray, sizes: np.ndarray) -> None:
    """Each canonical member's rank in ``canon`` replaced (in place) by its class's number, the canonical members
    numbered in colex order (those marked in ``bits`` by :func:`mark_members`; ``before``: :func:`members_before`),
    and each class's hands counted into ``sizes``; the plain reference is ``np.searchsorted`` over the members' ranks.

    >>> canon = np.array([0, 0, 2, 2, 4, 0], dtype=np.int32)
    >>> bits, sizes = np.zeros(1, dtype=np.int64), np.zeros(3, dtype=np.int64)
    >>> mark_members(canon, 0, bits)
    >>> number_classes(canon, bits, members_before(bits), sizes)
    >>> canon.tolist(), sizes.tolist()
    ([0, 0, 1, 1, 2, 0], [3, 2, 1])
    """
    _number(canon, bits, before, sizes)


@njit(cache=True)
def _word_counts(bits: np.ndarray, out: np.ndarray) -> None:
    for w in range(len(bits)):
        out[w] = _popcount(bits[w])


def canonical_hands(hands: np.ndarray, naturals: int) -> np.ndarray:
    """The colex rank of one member of each hand's class under the renamings of suits (rows of ascending card ids;
    natural cards numbered rank by rank, four suits each, then the jokers, which are alike): the member whose suits,
    each read as the set of its ranks, come in increasing order, its jokers the first ones. Hands alike but for their
    suits get the same member; :meth:`casino_math.suits.Symmetry.canonical` names classes the same way by another
    member (the plain reference).

    >>> canonical_hands(np.array([[0, 5, 52], [1, 4, 52], [0, 4, 52]]), 52).tolist()
    [22123, 22123, 22124]
    """
    out = np.empty(len(hands), dtype=np.int64)
    _canonical(np.ascontiguousarray(hands, dtype=np.int64), naturals, BINOMIAL, out)
    return out
