"""A draw game solved at its pays: each deal's best hold, the final hands by paytable line, the return table.

The counts (:mod:`~casino_math.methods.draw.counting`) hold every hold's draws by pay class; the pays turn them into each hold's value, a dot
product in exact integers (the pays over their common denominator, every hold over the same number of weighted
draws). Each deal holds the cards of highest value; between holds of equal value, the one of lower second moment (the
less volatile, as the published tables play them), then the first in :data:`TIE_ORDER` (more cards held first: a hand indifferent to a draw stands).

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> game = load_draw_text(TINY)
>>> played = solve_pays(game, counted(game), pays_of(game))
>>> [int(x) for x in played.by_class], played.total
([626976, 2955456, 2225664, 3701376, 580608], 10090080)
>>> int(played.by_class.sum()) == played.total
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np

from ...contract.money import Repriced
from ...game.description import Game
from ...returns import Outcome, ReturnTable
from .counting import DrawCounts, counted
from .game_file import DrawGame
from .codes import HOLDS
from .kernel import best_holds, weighted_classes

TIE_ORDER = np.array(sorted(range(HOLDS), key=lambda m: (-bin(m).count("1"), m)), dtype=np.int64)  #: the holds in the tie rule's order: more cards held first
NOTHING = "no paying hand"


def pays_of(game: Game) -> tuple[Fraction, ...]:
    """Coins returned per coin bet by each pay class: each line's pay (for 1), then nothing."""
    return tuple(line.pay.net + 1 for line in game.paytables["pays"].lines) + (Fraction(0),)


@dataclass(frozen=True, eq=False)
class Played:
    """Every deal played at one paytable: each class of deals' hold (a bit mask over its member's cards), its value (an
    integer over ``unit``: coins returned per coin, times every hold's weighted draws) and second moment (over
    ``unit`` times the pays' denominator), and the weighted final hands by pay class."""

    choice: np.ndarray  # (classes,) int8
    value: np.ndarray  # (classes,) int64 (Python integers, an object array, for pays beyond 64 bits)
    second: np.ndarray
    unit: int  # per_hold × the pays' common denominator
    by_class: np.ndarray  # (pay classes,) int64
    total: int


def solve_pays(game: DrawGame, counts: DrawCounts, pays: tuple[Fraction, ...]) -> Played:
    """Each deal's best hold at ``pays`` (see the module), and the final hands by pay class."""
    denominator = lcm(*(p.denominator for p in pays))
    integers = np.array([int(p * denominator) for p in pays], dtype=np.int64)
    # a hold's value is at most per_hold × the top pay, and a set's total at most C(cards, 5) × it
    if int(np.abs(integers).max()) * max(counts.per_hold, comb(counts.cards, 5)) >= 2**62:
        choice, value, second = _wide(counts, [int(p * denominator) for p in pays])  # pays over a big denominator
    else:
        squares = integers.astype(np.float64) ** 2
        choice, value, second = best_holds(counts.deals.astype(np.int64), counts.own.astype(np.int64), counts.table,
                                           counts.cards, counts.scale, integers, squares, TIE_ORDER)
    by_class = weighted_classes(counts.deals.astype(np.int64), counts.own.astype(np.int64), counts.table, counts.cards,
                                choice, counts.weights, counts.scale)
    return Played(choice, value, second, counts.per_hold * denominator, by_class, counts.total)


NEAR = 1e-9  # holds whose values in floating point lie this close (relatively) are compared again exactly


def _wide(counts: DrawCounts, pays: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`~.kernel.best_holds` for pays beyond 64-bit integers: every hold valued in floating point, the holds of
    each deal within :data:`NEAR` of its best compared again in exact integers (the same rule: value, then second
    moment, then :data:`TIE_ORDER`); the values as Python integers (an object array)."""
    sizes = np.array([bin(m).count("1") for m in range(HOLDS)])
    scale = counts.scale[sizes].astype(np.float64)
    rank = np.empty(HOLDS, dtype=np.int64)
    rank[TIE_ORDER] = np.arange(HOLDS)
    floats = np.array(pays, dtype=np.float64)
    choice = np.empty(len(counts.counts), dtype=np.int8)
    value = np.empty(len(counts.counts), dtype=object)
    second = np.empty(len(counts.counts), dtype=np.float64)
    for start in range(0, len(counts.counts), 8192):
        block = counts.counts[start:start + 8192]
        v = (block.astype(np.float64) @ floats) * scale
        near = v >= v.max(axis=1, keepdims=True) * (1 - NEAR)
        for row in range(len(block)):
            candidates = np.flatnonzero(near[row])
            exact = [(sum(int(c) * p for c, p in zip(block[row, m], pays)) * int(counts.scale[sizes[m]]),
                      -sum(int(c) * p * p for c, p in zip(block[row, m], pays)) * int(counts.scale[sizes[m]]), -rank[m], m)
                     for m in candidates]
            best = max(exact)
            choice[start + row] = best[3]
            value[start + row] = best[0]
            second[start + row] = float(-best[1])
    return choice, value, second


@dataclass(frozen=True, eq=False)
class DrawEnds(Repriced):
    """The final hands by paytable line under one strategy, priced at any game's pays of the same lines (the same
    strategy's return there: :meth:`Solution.replayed <casino_math.contract.solution.Solution.replayed>`)."""

    by_class: tuple[int, ...]
    notes: tuple[str, ...] = ()

    def table(self, game: Game) -> ReturnTable:
        return return_table(game, self.by_class, self.notes)


def return_table(game: Game, by_class: tuple[int, ...], notes: tuple[str, ...] = ()) -> ReturnTable:
    """The return table as published: each paytable line, then no paying hand; each row's net per coin bet."""
    lines = game.paytables["pays"].lines
    rows = []
    for index, combinations in enumerate(by_class):
        if index < len(lines):
            line = lines[index]
            net = line.pay.net
            rows.append(Outcome(line.key, net, int(combinations), f"{_amount(line.pay.net + 1)} for 1",
                                (("line:pays", line.key), ("situation", "played"))))
        else:
            rows.append(Outcome(NOTHING, Fraction(-1), int(combinations), "loses 1",
                                (("line:pays", ""), ("situation", "played"))))
    return ReturnTable(game.bet, tuple(rows), notes=notes)


def _amount(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def solved(game: DrawGame) -> tuple[DrawCounts, Played]:
    """The game's counts and its deals played at its own pays."""
    counts = counted(game)
    return counts, solve_pays(game, counts, pays_of(game))
