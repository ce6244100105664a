"""Dice bets worked out independently of the roll-by-roll method: by formulas derived by hand, and by every sequence of
throws to a depth, the mass still standing there bounded.

Nothing here reads a game file's rules: each bet is written as the dealer settles it, on the two dice's totals.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Callable

TOTALS = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}  # two fair dice
POINTS = (4, 5, 6, 8, 9, 10)


def totals_of(weights: tuple[int, ...]) -> dict[int, Fraction]:
    """The chance of each total of two dice whose faces weigh ``weights``."""
    whole = sum(weights) ** 2
    out: dict[int, Fraction] = {}
    for a, wa in enumerate(weights, 1):
        for b, wb in enumerate(weights, 1):
            out[a + b] = out.get(a + b, Fraction(0)) + Fraction(wa * wb, whole)
    return out


def pass_line_win(p: dict[int, Fraction] = TOTALS) -> Fraction:
    """7 or 11 on the come-out, or a point repeated before a 7."""
    none = Fraction(0)
    return p.get(7, none) + p.get(11, none) + sum((p[x] * p[x] / (p[x] + p.get(7, none)) for x in POINTS if p.get(x)), none)


def all_before_seven(numbers: tuple[int, ...], p: dict[int, Fraction] = TOTALS) -> Fraction:
    """Every total of ``numbers`` rolled before a 7, by inclusion and exclusion over the totals not yet rolled: the chance
    that none of a set T comes before the 7 is p7 / (p7 + p(T))."""
    out = Fraction(0)
    for size in range(len(numbers) + 1):
        for missing in combinations(numbers, size):
            out += (-1) ** size * p[7] / (p[7] + sum(p[t] for t in missing))
    return out


def repeater(number: int, times: int, p: dict[int, Fraction] = TOTALS) -> Fraction:
    """``number`` rolled ``times`` times before a 7: each time the number comes before the 7 with p / (p + p7)."""
    return (p[number] / (p[number] + p[7])) ** times


def fire_bet(p: dict[int, Fraction] = TOTALS) -> dict[int, Fraction]:
    """The chance that the shooter makes exactly k different points (0 to 6) before the seven-out, point cycle by point
    cycle: a cycle establishes a point x (chance p(x) over the point numbers) and makes it (p(x) / (p(x) + p7)) or
    sevens out; cycles that make a point already made change nothing."""
    points = sum(p[x] for x in POINTS)
    make = {x: p[x] / points * p[x] / (p[x] + p[7]) for x in POINTS}  # per cycle
    out_chance = 1 - sum(make.values())  # the cycle ends in a seven-out
    result = {k: Fraction(0) for k in range(7)}
    chance_of: dict[frozenset[int], Fraction] = {frozenset(): Fraction(1)}
    for size in range(7):
        for made, reach in [(s, c) for s, c in chance_of.items() if len(s) == size]:
            if size == 6:
                result[6] += reach
                continue
            new = [x for x in POINTS if x not in made]
            leave = out_chance + sum(make[x] for x in new)  # the cycles that change something
            result[size] += reach * out_chance / leave
            for x in new:
                key = made | {x}
                chance_of[key] = chance_of.get(key, Fraction(0)) + reach * make[x] / leave
    return result


def enumerate_to(depth: int, settle: Callable[[tuple[int, ...]], str | None],
                 p: dict[int, Fraction] = TOTALS) -> tuple[dict[str, Fraction], Fraction]:
    """Every sequence of totals up to ``depth`` throws, each settled by ``settle`` (None: the bet still stands): the
    chance of each way it settled within the depth, and the mass of the sequences still standing after it."""
    settled: dict[str, Fraction] = {}
    standing = Fraction(0)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        rolls, chance = stack.pop()
        if len(rolls) == depth:
            standing += chance
            continue
        for total, q in p.items():
            seq = (*rolls, total)
            end = settle(seq)
            if end is None:
                stack.append((seq, chance * q))
            else:
                settled[end] = settled.get(end, Fraction(0)) + chance * q
    return settled, standing


def settle_pass_line(rolls: tuple[int, ...]) -> str | None:
    """The pass line after these totals: win, lose, or None while it stands."""
    first, last = rolls[0], rolls[-1]
    if len(rolls) == 1:
        return "win" if first in (7, 11) else "lose" if first in (2, 3, 12) else None
    return "win" if last == first else "lose" if last == 7 else None


def settle_dont_pass(rolls: tuple[int, ...]) -> str | None:
    first, last = rolls[0], rolls[-1]
    if len(rolls) == 1:
        return "win" if first in (2, 3) else "push" if first == 12 else "lose" if first in (7, 11) else None
    return "lose" if last == first else "win" if last == 7 else None
