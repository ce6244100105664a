"""The compiled kernel valuing a position's hands (:mod:`~casino_math.methods.blackjack.compiled_values` says how, and
what it is checked against): a module of its own, so that numba loads when a position is valued, not when a solution
kept between runs is read (the method's modules import :mod:`~casino_math.methods.blackjack.compiled_values`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...kernels.start import start_numba
from .compiled_values import DOUBLE_CODE, HIT_CODE, STAND_CODE, Room

start_numba()  # numba's start without SciPy's linear algebra (no kernel here takes an inner product)


@njit(cache=True)
def _times(a: int, b: int, p: int, inverse: float) -> int:
    """``a·b mod p`` for ``0 ≤ a, b < p < 2^53``: the quotient estimated in floating point (off by a few at most), the
    remainder taken in wrapping 64-bit arithmetic (exact: it lies within a few ``p`` of zero) and corrected."""
    r = a * b - int(float(a) * float(b) * inverse) * p
    while r < 0:
        r += p
    while r >= p:
        r -= p
    return r


@njit(cache=True)
def _sign(x: np.ndarray, y: np.ndarray, primes: np.ndarray, inverses: np.ndarray, garner: np.ndarray,
          half: np.ndarray, digits: np.ndarray) -> int:
    """The sign of ``x − y`` (residues of whole numbers whose difference lies in ``(−P/2, P/2)``): its mixed-radix
    digits, most significant first, against those of ``(P − 1)/2``."""
    k = primes.shape[0]
    zero = True
    for i in range(k):
        p = primes[i]
        d = x[i] - y[i]
        if d < 0:
            d += p
        for j in range(i):
            c = digits[j] % p
            d -= c
            if d < 0:
                d += p
            d = _times(d, garner[j, i], p, inverses[i])
        digits[i] = d
        if d != 0:
            zero = False
    if zero:
        return 0
    for i in range(k - 1, -1, -1):
        if digits[i] != half[i]:
            return 1 if digits[i] < half[i] else -1
    return 1  # equal to (P − 1)/2: positive


@njit(cache=True)
def solve_kernel(order: np.ndarray, only: np.ndarray, prefer: np.ndarray, first: bool, aces_stand: bool, child: np.ndarray,
                 cards: np.ndarray, hard: np.ndarray, total: np.ndarray, may_double: np.ndarray, free_double: np.ndarray,
                 rescue: bool, counts: np.ndarray, left: np.ndarray, slot: np.ndarray, ways: np.ndarray, dealer_prime: int,
                 net: np.ndarray, bonus: np.ndarray, bonus_net: np.ndarray, lost: np.ndarray, extend: np.ndarray,
                 denominator: np.ndarray, live_deals: np.ndarray, size: int, hole: int, apart: bool, primes: np.ndarray,
                 inverses: np.ndarray, garner: np.ndarray, half: np.ndarray, out: np.ndarray, present: np.ndarray,
                 taken: np.ndarray, room: Room) -> None:
    """Every hand of ``order`` (biggest first) valued as :meth:`~.values.Position.value_hands_plain` values it, modulo
    ``primes``: the options (stand, hit, double: ``values[i, o]``, ``present[i, o]``) and the code of the one taken.

    ``only[i]``: the option a strategy takes (-1: a choice); ``prefer[i]``: the choice, the first option open in this
    order (-1 first: the best; none open: the code -2, for the caller to say so); ``first``: split hands (a hand of one card draws);
    ``aces_stand``: split aces that may not draw (a hand of two cards stands, bigger hands are not valued); ``rescue``: a
    double's card may be taken back, forfeiting the original stake, where that is worth more than standing (exact sign;
    a tie stands); ``slot[h]``: the row of ``ways`` (the dealer's counts as digits ``a + dealer_prime·t``) for the shoe
    left after hand ``h``; ``net[s, total, outcome]``: standing's net against each dealer outcome (``s``: 0 the stakes,
    1 doubled by the player, 2 doubled by the house), ``bonus_net[bonus[h], outcome]`` instead where hand ``h`` standing
    undoubled is paid a bonus (``bonus[h] ≥ 0``: a 21 of many cards or of certain cards), ``lost[s]`` the player's own
    units lost, all modulo each prime (:func:`~.compiled_values.kernel_nets`);
    ``extend``, ``denominator``, ``live_deals``: residues by the hand's cards (:meth:`~.values.Position.horizon`);
    ``inverses``: each prime's inverse in floating point. ``out``, ``present`` and ``taken`` (-1 throughout) are filled;
    ``room`` is the room it works in (:func:`~.compiled_values.room`): every array given, none made here, each array a kernel makes being
    one more thing to compile on a first run."""
    k = primes.shape[0]
    hands = order.shape[0]
    values_ = left.shape[0]
    zero = size - size  # a 0 the compiler does not take for a constant: one compiled copy of each helper, not two
    taken_value, stood, done, settled, scratch = room
    shoe, acc, term, digits, rescued = scratch[0], scratch[1], scratch[2], scratch[3], scratch[4]

    for index in range(hands):
        h = order[index]
        c = cards[h]
        if (c < 2 and not first) or (aces_stand and c > 2):
            continue
        for v in range(values_):
            shoe[v] = left[v] - counts[h, v]
        option = only[index]
        if c < 2:
            option = HIT_CODE
        elif aces_stand:
            option = STAND_CODE
        for o in range(3):
            wanted = option == o or (option < 0 and (o == STAND_CODE or (hard[h] < 21 and (o == HIT_CODE or may_double[h]))))
            if not wanted:
                continue
            if o == STAND_CODE:
                _stand(h, zero, c, slot, ways, dealer_prime, net, bonus, bonus_net, total, extend, primes, inverses, stood, done)
                for i in range(k):
                    acc[i] = stood[h, 0, i]
            elif o == HIT_CODE:
                holes = shoe[hole] if hole >= 0 else 0
                busting = 0
                for v in range(values_):
                    if shoe[v] > 0 and child[h, v] < 0:
                        busting += shoe[v]
                for i in range(k):
                    p = primes[i]
                    if busting > 0 and apart:
                        extra = holes if child[h, hole] < 0 else 0
                        m = (busting * (size - c - 1 - holes) + extra) % p
                        busts = _times(m, live_deals[c + 1, i], p, inverses[i])
                    else:
                        busts = _times(busting % p, _live(c + 1, zero, size, apart, denominator, live_deals, i, p, inverses[i]), p, inverses[i])
                    x = _times(busts, lost[0, i], p, inverses[i])
                    for v in range(values_):
                        g = child[h, v]
                        if shoe[v] > 0 and g >= 0:
                            x += _times(shoe[v] % p, taken_value[g, i], p, inverses[i])
                            if x >= p:
                                x -= p
                    acc[i] = x
            else:
                s = 2 if free_double[h] else 1
                holes = shoe[hole] if hole >= 0 else 0
                for i in range(k):
                    acc[i] = 0
                for v in range(values_):
                    if shoe[v] <= 0:
                        continue
                    g = child[h, v]
                    if g < 0:
                        for i in range(k):
                            p = primes[i]
                            d = _live(c + 1, holes - (1 if v == hole else 0), size, apart, denominator, live_deals, i, p, inverses[i])
                            term[i] = _times(_times(shoe[v] % p, d, p, inverses[i]), lost[s, i], p, inverses[i])
                    else:
                        _stand(g, s, c + 1, slot, ways, dealer_prime, net, bonus, bonus_net, total, extend, primes, inverses, stood, done)
                        if rescue and not settled[g, s]:  # the original stake forfeited instead, where worth more: the
                            for i in range(k):  # doubled hand's value, whatever hand it was doubled from (stood[g, s])
                                p = primes[i]
                                d = _live(c + 1, holes - (1 if v == hole else 0), size, apart, denominator, live_deals, i, p, inverses[i])
                                rescued[i] = _times(d, lost[0, i], p, inverses[i])
                            if _sign(rescued, stood[g, s], primes, inverses, garner, half, digits) > 0:
                                for i in range(k):
                                    stood[g, s, i] = rescued[i]
                            settled[g, s] = True
                        for i in range(k):
                            term[i] = _times(shoe[v] % primes[i], stood[g, s, i], primes[i], inverses[i])
                    for i in range(k):
                        x = acc[i] + term[i]
                        acc[i] = x - primes[i] if x >= primes[i] else x
            for i in range(k):
                out[index, o, i] = acc[i]
            present[index, o] = True
        # the option taken: the only one, or the best (an exact tie: double, then stand, before hit)
        choice = option
        if choice < 0 and prefer[index, 0] >= 0 and (present[index, HIT_CODE] or present[index, DOUBLE_CODE]):
            choice = -2
            for j in range(prefer.shape[1]):
                code = prefer[index, j]
                if 0 <= code < 3 and present[index, code]:
                    choice = code
                    break
            if choice == -2:
                taken[index] = -2
                continue
        elif choice < 0:
            choice = STAND_CODE
            if present[index, HIT_CODE] and _sign(out[index, HIT_CODE], out[index, STAND_CODE], primes, inverses, garner, half, digits) > 0:
                choice = HIT_CODE
            if present[index, DOUBLE_CODE] and _sign(out[index, DOUBLE_CODE], out[index, choice], primes, inverses, garner, half, digits) >= 0:
                choice = DOUBLE_CODE
        taken[index] = choice
        for i in range(k):
            taken_value[h, i] = out[index, choice, i]


@njit(cache=True)
def _live(c: int, holes: int, size: int, apart: bool, denominator: np.ndarray, live_deals: np.ndarray, i: int, p: int,
          inverse: float) -> int:
    """:meth:`~.values.Position.live` modulo the ``i``-th prime."""
    if not apart:
        return denominator[c, i]
    return _times((size - c - holes) % p, live_deals[c, i], p, inverse)


@njit(cache=True)
def _stand(h: int, s: int, c: int, slot: np.ndarray, ways: np.ndarray, dealer_prime: int, net: np.ndarray,
           bonus: np.ndarray, bonus_net: np.ndarray, total: np.ndarray, extend: np.ndarray, primes: np.ndarray,
           inverses: np.ndarray, stood: np.ndarray, done: np.ndarray) -> None:
    """Standing's value of hand ``h`` of ``c`` cards at stakes ``s`` into ``stood[h, s]`` (once): its nets by its total,
    or undoubled (``s`` 0) by its bonus where it has one."""
    if done[h, s]:
        return
    row = slot[h]
    if row < 0:
        raise ValueError("a hand stands whose dealer's counts were not counted")
    k = primes.shape[0]
    nets = net[s, total[h]]
    if s == 0 and bonus[h] >= 0:
        nets = bonus_net[bonus[h]]
    for i in range(k):
        p = primes[i]
        x = p - p  # not the constant 0: one compiled copy of _times
        shift = dealer_prime % p
        for o in range(ways.shape[1]):
            a = ways[row, o, 0] % p
            b = ways[row, o, 1] % p
            r = a + _times(b, shift, p, inverses[i])
            if r >= p:
                r -= p
            x += _times(r, nets[o, i], p, inverses[i])
            if x >= p:
                x -= p
        stood[h, s, i] = _times(x, extend[c, i], p, inverses[i])
    done[h, s] = True
