"""The compiled kernel following split hands' ends (:mod:`~casino_math.methods.blackjack.compiled_splits` says how, and
what it is checked against): a module of its own, so that numba loads when split hands are followed, not when a
solution kept between runs is read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .split_codes import BUST_TOTAL, DONE, DOUBLE_CODE, MORE_ROWS, STAND_CODE, Room
from .values_kernel import _times


@njit(cache=True)
def follow_kernel(start_hands: np.ndarray, start_ways: np.ndarray, taken: np.ndarray, child: np.ndarray, cards: np.ndarray,
                  total: np.ndarray, counts: np.ndarray, left: np.ndarray, free: np.ndarray, slot: np.ndarray,
                  bust_base: np.ndarray, bust_rows: np.ndarray, digits: np.ndarray, dealer_prime: int, key_of: np.ndarray,
                  pay_weight: np.ndarray, skip: int, extend: np.ndarray, spread_of: np.ndarray, pays: int,
                  primes: np.ndarray, inverses: np.ndarray, acc: np.ndarray, met: np.ndarray, need: np.ndarray,
                  room: Room) -> tuple[int, int]:
    """The split hands of two cards ``start_hands`` (each with ``start_ways``) followed by the strategy ``taken`` (a code
    per hand of the table: stand, hit, double; -1 not valued) to every end, as ``split_ends._Walk.follow`` does.

    Each end adds, for every dealer outcome but ``skip`` whose count after the end's cards is not zero, its ways times
    the dealer's count (digits ``a + dealer_prime·t`` in the rows ``slot[hand]`` of a stand, ``bust_rows[bust_base[hand]
    + v]`` of a bust with a ``v``, -1 not counted yet) times ``extend[c]`` (``c``: the cards out of the position's shoe)
    into ``acc[key_of[23·s + t, o]]`` (``s``: 0 the stakes, 1 doubled by the player, 2 by the house; ``t`` the total
    stood on, 22 a bust), modulo each prime; a stand on a hand whose win pays by its cards (``spread_of[hand]``: the
    first of its ``pays`` rows of ``key_of``, -1 none; a row of -1 past its last pay) adds each pay instead, times its
    chance (``pay_weight`` by row: 1 but for those pays). ``met`` lists the keys in the order the Python walk meets them.

    Returns (:data:`~.split_codes.DONE`, the keys met); or (:data:`~.split_codes.MORE_ROWS`, ``m``): the dealer's counts of the first ``m`` of
    ``need`` (a hand, and a bust card or -1: its stand) are not in the rows yet (the sums left unfinished: to be called
    again with them). ``room`` is the room it works in (:func:`~.compiled_splits.room`): no array is made here, each array a kernel makes being one
    more thing to compile on a first run."""
    hands = child.shape[0]
    values = child.shape[1]
    k = primes.shape[0]
    starts = start_hands.shape[0]
    seen, stack, reached, first, weight, _, known = room
    for h in range(hands):
        seen[h] = False
    top = 0
    for j in range(starts):
        h = start_hands[j]
        if not seen[h]:
            seen[h] = True
            stack[top] = h
            top += 1
    while top > 0:  # every hand the strategy reaches
        top -= 1
        h = stack[top]
        if taken[h] == STAND_CODE or taken[h] == DOUBLE_CODE:
            continue
        for v in range(values):
            g = child[h, v]
            if g >= 0 and left[v] - counts[h, v] > 0 and not seen[g]:
                seen[g] = True
                stack[top] = g
                top += 1
    m = 0  # the hands reached, smallest first (the highest number): each after those drawing to it
    for h in range(hands - 1, -1, -1):
        if seen[h]:
            reached[m] = h
            m += 1
    for r in range(m):  # each hand's ways and the first start reaching it, from those drawing to it
        h = reached[r]
        first[h] = starts
        for i in range(k):
            weight[h, i] = 0
    for j in range(starts):
        h = start_hands[j]
        for i in range(k):
            x = weight[h, i] + start_ways[j] % primes[i]
            weight[h, i] = x - primes[i] if x >= primes[i] else x
        if j < first[h]:
            first[h] = j
    for r in range(m):
        h = reached[r]
        if taken[h] == STAND_CODE or taken[h] == DOUBLE_CODE:
            continue
        for v in range(values):
            ways = left[v] - counts[h, v]
            g = child[h, v]
            if ways > 0 and g >= 0:
                for i in range(k):
                    x = weight[g, i] + _times(weight[h, i], ways % primes[i], primes[i], inverses[i])
                    weight[g, i] = x - primes[i] if x >= primes[i] else x
                if first[h] < first[g]:
                    first[g] = first[h]

    # the ends, in the order met following each start alone, one after the other: the hands by their first start, then
    # as reached (a start meets no end an earlier one met)
    for key in range(acc.shape[0]):
        known[key] = False
        for i in range(k):
            acc[key, i] = 0
    keys = 0
    missing = 0  # ends whose dealer's counts are not in the rows yet
    part = room[5]  # an end's ways times what its dealer's counts are multiplied by
    for j in range(starts):
        for r in range(m):
            h = reached[r]
            if first[h] != j:
                continue
            code = taken[h]
            spread = spread_of[h]
            s = (2 if free[h] else 1) if code == DOUBLE_CODE else 0
            for x in range(values if code != STAND_CODE else pays if spread >= 0 else 1):  # each end of the hand
                if code == STAND_CODE:
                    ways, c, row, at, bust = 1, cards[h], slot[h], h, -1
                    line = total[h] if spread < 0 else spread + x
                    if key_of[line, 0] < 0:
                        break
                else:
                    ways = left[x] - counts[h, x]
                    g = child[h, x]
                    if ways <= 0 or (g >= 0 and code != DOUBLE_CODE):
                        continue
                    if g < 0:
                        row = bust_rows[bust_base[h] + x] if bust_base[h] >= 0 else -1
                        c, at, bust, line = cards[h] + 1, h, x, (BUST_TOTAL + 1) * s + BUST_TOTAL
                    else:
                        c, row, at, bust, line = cards[g], slot[g], g, -1, (BUST_TOTAL + 1) * s + total[g]
                if row < 0:
                    need[missing, 0] = at
                    need[missing, 1] = bust
                    missing += 1
                if missing:
                    continue
                for i in range(k):
                    p = primes[i]
                    part[i] = _times(_times(weight[h, i], ways % p, p, inverses[i]),
                                     _times(extend[c, i], pay_weight[line, i], p, inverses[i]), p, inverses[i])
                for o in range(digits.shape[1]):
                    a, b = digits[row, o, 0], digits[row, o, 1]
                    if o == skip or (a == 0 and b == 0):
                        continue
                    key = key_of[line, o]
                    if not known[key]:
                        known[key] = True
                        met[keys] = key
                        keys += 1
                    for i in range(k):
                        p = primes[i]
                        count = a % p + _times(b % p, dealer_prime % p, p, inverses[i])
                        if count >= p:
                            count -= p
                        y = acc[key, i] + _times(count, part[i], p, inverses[i])
                        acc[key, i] = y - p if y >= p else y
    if missing:
        return MORE_ROWS, missing
    return DONE, keys
