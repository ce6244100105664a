"""The draw's counts, compiled: every final hand's key, the hands holding each small set of cards, and every hold of a
deal by inclusion–exclusion over its discards.

A deal of five cards and a hold H (the cards kept; D the discards) draw ``5 − |H|`` cards from the deck less the deal.
The final hands of that draw are the five-card hands holding H and no card of D, so their count per pay class is

    Σ over T ⊆ D of (−1)^|T| · #{five-card hands of the class holding H ∪ T}

(inclusion–exclusion over the discards). :func:`four_sets` counts, for every set of four cards, the hands of each class
holding it (one pass over the hands: each adds one to its five sets of four), and :func:`subset_table` the smaller sets
from them (a hand holding a set of s cards holds 5 − s of its supersets of s + 1); a set of five is the hand itself.
A deal's 32 holds are then its 32 subsets looked up and the Möbius transform over supersets within the deal (5 passes
of 16 subtractions, ``_exclude``), which is the sum above for every H together. It is linear: the holds' values at
given pays are the transform of the sets' values (:func:`hold_values`, :func:`best_holds`), one number per set where
the counts are one per pay class.

Every kernel walks sets of cards in colex order by one step, ``_next``. The kernels a cold analysis runs make no array
(their arrays are made by numpy and handed to them by the functions of the same name): one that makes an array or
assigns a slice names numba's array implementations in its compiled code, so reading it back from numba's cache
imports them (``numba.np.arrayobj`` and nine more modules, about a twentieth of a second).

>>> from math import comb
>>> keys = hand_keys(np.array([14, 14, 14, 14, 13, 13, 13, 13, 0]), np.array([0, 1, 2, 3, 0, 1, 2, 3, -1]), 9)
>>> len(keys) == comb(9, 5), int(keys[0]) == (((14 * 16 + 14) * 16 + 14) * 16 + 14) * 16 + 13 << 1
(True, True)
>>> cards = np.array([0, 1, 2], dtype=np.int64)
>>> [(_next(cards, 3), cards.tolist())[1] for _ in range(3)]
[[0, 1, 3], [0, 2, 3], [1, 2, 3]]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...kernels.start import start_numba
from ...subsets import BINOMIAL
from .codes import (FLUSH, HIGH, HIGH_PAIR, HIGH_SUITED, HOLDS, INSIDE, KEY_BASE, LOW_CARD, LOW_PAIR, NOTHING, OTHER,
                    OUTSIDE, QUADS, ROYAL, STAND, STOOD, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TRIPS_KICKER, TWO_PAIR, WILDS)

start_numba()  # this module's kernels load in every run that imports it: numba's start without SciPy
_SIZE = np.array([bin(m).count("1") for m in range(HOLDS)])  # each hold's cards
_TOP = np.array([m.bit_length() - 1 for m in range(HOLDS)])  # each hold's highest card (−1: none)


@njit(cache=True)
def _next(cards: np.ndarray, size: int) -> None:
    """The next set of ``size`` ids after ``cards`` (ascending) in colex order, in place: the lowest card that can rise
    rises by one, the cards below it start again from 0."""
    i = 0
    while i < size - 1 and cards[i] + 1 == cards[i + 1]:
        cards[i] = i
        i += 1
    cards[i] += 1


@njit(cache=True)
def _key(code: np.ndarray, suit: np.ndarray, cards: np.ndarray, ranks: np.ndarray) -> int:
    for i in range(5):  # insertion sort, high first (wild cards, code 0, last); the highest ids first, so rarely a move
        r = code[cards[4 - i]]
        j = i
        while j > 0 and ranks[j - 1] < r:
            ranks[j] = ranks[j - 1]
            j -= 1
        ranks[j] = r
    key = 0
    for i in range(5):
        key = key * KEY_BASE + ranks[i]
    first = -1
    suited = 1
    for i in range(5):
        s = suit[cards[i]]
        if s < 0:
            continue
        if first < 0:
            first = s
        elif s != first:
            suited = 0
    return key * 2 + suited


def hand_keys(code: np.ndarray, suit: np.ndarray, n: int) -> np.ndarray:
    """Every five-card hand of an ``n``-card deck, in colex order: its key (ranks high first, base 16, a wild card 0;
    then 1 where its natural cards share a suit)."""
    out = np.empty(BINOMIAL[n, 5], dtype=np.int32)
    _hand_keys(code, suit, out, np.arange(5), np.empty(5, dtype=np.int64))
    return out


@njit(cache=True)
def _hand_keys(code: np.ndarray, suit: np.ndarray, out: np.ndarray, cards: np.ndarray, ranks: np.ndarray) -> None:
    for h in range(len(out)):  # ranks: scratch (an array made per hand would cost more than the hand)
        out[h] = _key(code, suit, cards, ranks)
        _next(cards, 5)


def offsets(n: int) -> np.ndarray:
    """Where the sets of each size start in :func:`subset_table`'s rows (sizes 0 to 4, then the end).

    >>> offsets(52).tolist()
    [0, 1, 53, 1379, 23479, 294204]
    """
    return np.cumsum([0, *(int(BINOMIAL[n, s]) for s in range(5))])


@njit(cache=True)
def offsets_compiled(n: int) -> np.ndarray:
    start = np.zeros(6, dtype=np.int64)
    for s in range(5):
        start[s + 1] = start[s] + BINOMIAL[n, s]
    return start


@njit(cache=True)
def _rank(cards: np.ndarray, mask: int, start: np.ndarray) -> int:
    """The row of the set of ``cards`` picked by ``mask`` (ascending ids): its size's start plus its colex rank."""
    rank = 0
    size = 0
    for i in range(5):
        if mask >> i & 1:
            size += 1
            rank += BINOMIAL[cards[i], size]
    return start[size] + rank


def four_sets(classes: np.ndarray, n: int, width: int) -> np.ndarray:
    """For every set of four of ``n`` cards (colex order), the five-card hands of each class (``classes``: every hand's
    class, in colex order) that hold it: at most ``n − 4`` each, one byte (card ids stay below
    ``casino_math.subsets.MAX_IDS``, 128)."""
    out = np.zeros((BINOMIAL[n, 4], width), dtype=np.uint8)
    _four_sets(classes, out, np.arange(5))
    return out


@njit(cache=True)
def _four_sets(classes: np.ndarray, out: np.ndarray, cards: np.ndarray) -> None:
    for h in range(len(classes)):
        k = classes[h]
        # the set less card j: the cards below j keep their place (C(card, i + 1)), those above move down one (C(card, i))
        above = 0
        for i in range(1, 5):
            above += BINOMIAL[cards[i], i]
        below = 0
        for drop in range(5):
            out[below + above, k] += 1
            if drop < 4:
                below += BINOMIAL[cards[drop], drop + 1]
                above -= BINOMIAL[cards[drop + 1], drop + 1]
        _next(cards, 5)


def subset_table(fours: np.ndarray, n: int) -> np.ndarray:
    """For every set of at most four of ``n`` cards (rows by :func:`offsets`), the hands of each class that hold it,
    from :func:`four_sets`: a hand holding a set of s cards holds 5 − s of its supersets of s + 1 cards, so the sets of
    s cards sum their supersets' rows and divide by 5 − s."""
    start = offsets(n)
    table = np.zeros((start[5], fours.shape[1]), dtype=np.int32)
    table[start[4]:] = fours
    _subset_table(table, start, np.empty(5, dtype=np.int64))
    return table


@njit(cache=True)
def _subset_table(table: np.ndarray, start: np.ndarray, cards: np.ndarray) -> None:
    width = table.shape[1]
    for size in range(4, 0, -1):
        for i in range(size):
            cards[i] = i
        for row in range(start[size], start[size + 1]):
            for drop in range(size):
                below = _rank(cards, ((1 << size) - 1) ^ (1 << drop), start)
                for k in range(width):
                    table[below, k] += table[row, k]
            _next(cards, size)
        for row in range(start[size - 1], start[size]):
            for k in range(width):
                table[row, k] //= 6 - size


@njit(cache=True)
def _exclude(g: np.ndarray) -> None:
    """The Möbius transform over supersets within a deal, in place (an entry per hold): each hold's entry becomes the
    sum over the sets T of its discards of (−1)^|T| × the entry of the hold with T added (inclusion–exclusion over
    the discards). One card at a time, each hold without it less the hold with it."""
    step = 1
    while step < HOLDS:
        for base in range(0, HOLDS, 2 * step):
            for mask in range(base, base + step):
                g[mask] -= g[mask + step]
        step *= 2


@njit(cache=True)
def _subset_rows(cards: np.ndarray, start: np.ndarray, rows: np.ndarray) -> None:
    """The rows of a deal's 31 sets of at most four cards (by :func:`offsets`; a hold's set at its mask), in ``rows``:
    each set's colex rank is that of the set less its highest card, plus ``C(that card, the set's size)``."""
    rows[0] = 0
    for mask in range(1, STAND):
        size = _SIZE[mask]
        top = _TOP[mask]
        rows[mask] = rows[mask ^ 1 << top] - start[size - 1] + start[size] + BINOMIAL[cards[top], size]


@njit(cache=True)
def _holds(rows: np.ndarray, sets: np.ndarray, dealt: float, g: np.ndarray) -> None:
    """A deal's 32 holds' totals over their draws of a number per final hand, in ``g``: ``sets``, its totals over the
    hands holding each set of at most four cards, at the deal's ``rows`` (:func:`_subset_rows`); ``dealt``, the dealt
    hand's."""
    for mask in range(STAND):
        g[mask] = sets[rows[mask]]
    g[STAND] = dealt
    _exclude(g)


@njit(cache=True)
def hold_values(deals: np.ndarray, dealt: np.ndarray, sets: np.ndarray, n: int) -> np.ndarray:
    """For each deal (rows of five ascending ids) and each hold (bit i: the i-th card kept), the totals over the hold's
    draws of some numbers per final hand (columns), given their totals over the hands holding each set of at most four
    cards (``sets``, rows by :func:`offsets`) and their values for each dealt hand (``dealt``, a row per deal). With
    the number 1 where a hand is of a class (``sets`` the :func:`subset_table`), the draws ending in each class; with
    each hand's pay, the hold's value."""
    start = offsets_compiled(n)
    out = np.empty((len(deals), HOLDS, sets.shape[1]), dtype=sets.dtype)
    rows = np.empty(STAND, dtype=np.int64)
    g = np.empty(HOLDS, dtype=sets.dtype)
    for row in range(len(deals)):
        _subset_rows(deals[row], start, rows)
        for k in range(sets.shape[1]):
            _holds(rows, sets[:, k], dealt[row, k], g)
            out[row, :, k] = g
    return out


def best_holds(deals: np.ndarray, own: np.ndarray, table: np.ndarray, n: int, scale: np.ndarray, pays: np.ndarray,
               squares: np.ndarray, order: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each deal's best hold (``own``: the class of the deal as dealt; ``table``: :func:`subset_table`): the highest
    value (the draws by class · ``pays`` × ``scale`` of the hold's size: every hold over one number of draws, exact
    integers), ties to the lowest second moment (· ``squares``, in floating point: whole numbers below 2**53 are exact,
    and beyond them it only breaks ties), then to the first in ``order``. Returns the holds, their values and their
    second moments."""
    rows = len(deals)
    choice, value, second = np.empty(rows, dtype=np.int8), np.empty(rows, dtype=np.int64), np.empty(rows, dtype=np.float64)
    _best_holds(deals, own, table, offsets(n), scale, pays, squares, order, np.zeros(len(table), dtype=np.int64),
                np.zeros(len(table), dtype=np.float64), choice, value, second, np.empty(HOLDS, dtype=np.int64),
                np.empty(HOLDS, dtype=np.float64), np.empty(STAND, dtype=np.int64))
    return choice, value, second


@njit(cache=True)
def _best_holds(deals: np.ndarray, own: np.ndarray, table: np.ndarray, start: np.ndarray, scale: np.ndarray,
                pays: np.ndarray, squares: np.ndarray, order: np.ndarray, sets: np.ndarray, set_squares: np.ndarray,
                choice: np.ndarray, value: np.ndarray, second: np.ndarray, g: np.ndarray, h: np.ndarray,
                subsets: np.ndarray) -> None:
    rows = len(deals)
    width = table.shape[1]
    for row in range(len(table)):  # each set's total pay and square over the hands holding it
        for k in range(width):
            sets[row] += table[row, k] * pays[k]
            set_squares[row] += table[row, k] * squares[k]
    for row in range(rows):
        _subset_rows(deals[row], start, subsets)
        _holds(subsets, sets, pays[own[row]], g)
        _holds(subsets, set_squares, squares[own[row]], h)
        best = order[0]
        best_v = g[best] * scale[_SIZE[best]]
        best_s = h[best] * scale[_SIZE[best]]
        for j in range(1, HOLDS):
            mask = order[j]
            m = scale[_SIZE[mask]]
            v = g[mask] * m
            s = h[mask] * m
            if v > best_v or (v == best_v and s < best_s):
                best_v, best_s, best = v, s, mask
        choice[row] = best
        value[row] = best_v
        second[row] = best_s


def weighted_classes(deals: np.ndarray, own: np.ndarray, table: np.ndarray, n: int, choice: np.ndarray,
                     weights: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The final hands of each class over every deal played by ``choice``: each deal's draws by class at its hold
    (inclusion–exclusion over its discards, the sets holding the hold and some discards), times its weight (the deals
    of its suit class) and its hold size's scale."""
    out = np.zeros(table.shape[1], dtype=np.int64)
    _weighted_classes(deals, own, table, offsets(n), choice, weights, scale, out)
    return out


@njit(cache=True)
def _weighted_classes(deals: np.ndarray, own: np.ndarray, table: np.ndarray, start: np.ndarray, choice: np.ndarray,
                      weights: np.ndarray, scale: np.ndarray, out: np.ndarray) -> None:
    width = table.shape[1]
    for row in range(len(deals)):
        cards = deals[row]
        hold = np.int64(choice[row])
        m = weights[row] * scale[_SIZE[hold]]
        for mask in range(hold, HOLDS):
            if mask & hold != hold:
                continue
            sign = m if _SIZE[mask ^ hold] % 2 == 0 else -m
            if mask == STAND:
                out[own[row]] += sign
            else:
                held = _rank(cards, mask, start)
                for k in range(width):
                    out[k] += table[held, k] * sign


def deal_classes(naturals: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The deals of an ``n``-card deck (``naturals`` cards of four suits, id ``4 × rank + suit``; jokers after) by class
    under the renamings of suits: each class's canonical member (its suits renamed in decreasing order of the set of
    ranks each holds, ties by name, so that equivalent deals read alike), in colex order, and how many deals it holds.

    A deal is canonical where the sets of ranks of its suits 0 to 3 do not increase (the renaming leaves it as it is);
    its class holds 24 deals over the renamings that leave it as it is (those permuting suits of the same set of ranks),
    so no other deal is renamed.
    """
    weight = np.zeros(BINOMIAL[n, 5], dtype=np.uint8)  # per deal, its class's deals where it is canonical (at most 24)
    _canonical(naturals, weight, np.empty(4, dtype=np.int64), np.arange(5))
    found = np.flatnonzero(weight)
    deals = np.empty((len(found), 5), dtype=np.int8)
    rest = found.astype(np.int64)
    for i in range(4, -1, -1):  # colex unranking: each card the highest whose binomial fits in what is left
        top = np.searchsorted(BINOMIAL[:n, i + 1], rest, side="right") - 1
        deals[:, i] = top
        rest -= BINOMIAL[top, i + 1]
    return deals, weight[found].astype(np.int64)


@njit(cache=True)
def _canonical(naturals: int, weight: np.ndarray, masks: np.ndarray, cards: np.ndarray) -> None:
    for h in range(len(weight)):
        masks[0] = masks[1] = masks[2] = masks[3] = 0
        for i in range(5):
            if cards[i] < naturals:
                masks[cards[i] % 4] |= 1 << (cards[i] // 4)
        if masks[0] >= masks[1] and masks[1] >= masks[2] and masks[2] >= masks[3]:
            fixed = 1  # the renamings leaving it as it is: the product of the factorials of its runs of equal sets
            run = 1
            for s in range(1, 4):
                run = run + 1 if masks[s] == masks[s - 1] else 1
                fixed *= run
            weight[h] = 24 // fixed
        _next(cards, 5)


@njit(cache=True)
def hold_codes(rank: np.ndarray, suit: np.ndarray, made: np.ndarray, high_rank: int) -> np.ndarray:
    """Each hold of each deal (``rank``: 0 a wild card, 2..14; ``suit``; ``made``: the line the deal makes as dealt)
    as a code: ((((wild cards × 64 + kind) × 6 + natural cards) × 6 + high cards) × 32 + the line made, where stood)."""
    n = rank.shape[0]
    out = np.empty((n, HOLDS), dtype=np.int64)
    counts = np.zeros(15, dtype=np.int64)
    for d in range(n):
        for mask in range(HOLDS):
            counts[:] = 0
            wild = 0
            k = 0
            highs = 0
            first_suit = -1
            suited = True
            for i in range(5):
                if not mask >> i & 1:
                    continue
                r = rank[d, i]
                if r == 0:
                    wild += 1
                    continue
                k += 1
                counts[r] += 1
                if r >= high_rank:
                    highs += 1
                if first_suit < 0:
                    first_suit = suit[d, i]
                elif suit[d, i] != first_suit:
                    suited = False
            most = 0
            pairs = 0
            distinct = 0
            low = 15
            top = 0
            pair_rank = 0
            for r in range(2, 15):
                c = counts[r]
                if c > 0:
                    distinct += 1
                    low = min(low, r)
                    top = max(top, r)
                if c > most:
                    most = c
                if c == 2:
                    pairs += 1
                    pair_rank = r
            wheel_top = 0  # the ace low: the top of the other ranks
            for r in range(2, 14):
                if counts[r] > 0:
                    wheel_top = r
            straightish = distinct == k and k > 0 and (top - low <= 4 or (counts[14] > 0 and wheel_top - 1 <= 4))
            ace = counts[14] > 0
            alike = most + wild if most >= 2 else most  # wild cards joining a pair or more make more of a kind
            if k + wild == 5:
                kind = STOOD
            elif alike >= 4:
                kind = QUADS
            elif alike == 3:
                kind = TRIPS if k == most else TRIPS_KICKER
            elif pairs == 2:
                kind = TWO_PAIR
            elif pairs == 1:
                kind = HIGH_PAIR if pair_rank >= high_rank else LOW_PAIR
            elif k == 0:
                kind = NOTHING if wild == 0 else WILDS
            elif k >= 2 and suited and distinct == k and low >= 10:
                kind = ROYAL
            elif k >= 2 and suited and straightish:
                kind = STRAIGHT_FLUSH
            elif k >= 3 and suited:
                kind = FLUSH
            elif k == 4 and straightish and top - low == 3 and not ace:
                kind = OUTSIDE
            elif k == 4 and straightish:
                kind = INSIDE
            elif highs == k and suited and k >= 2:
                kind = HIGH_SUITED
            elif highs == k:
                kind = HIGH
            elif k == 1:
                kind = LOW_CARD
            elif straightish:
                kind = STRAIGHT
            else:
                kind = OTHER
            line = made[d] if kind == STOOD else 0
            out[d, mask] = (((wild * 64 + kind) * 6 + k) * 6 + highs) * 32 + line
    return out
