"""Solve for a pay: the exact pay of one line that gives a bet a target house edge (or element of risk).

A side bet's expected return is linear in each pay: one linear equation.

The game's own bet is played by the best strategy for its pays, and its
expected return, as a function of one pay x, is the best of the strategies'
returns a + b·x: a convex, piecewise-linear function (b ≥ 0: a pay never
hurts the player). Solving at x gives the strategy there; holding it fixed
and solving at x + 1 gives its line exactly. Newton steps on those lines
reach the target from above in a few solves, and stop where the strategy no
longer changes. The element of risk divides each line by the strategy's
average wager, so it may reach a target more than once: the pieces are found
by intersecting lines until no strategy lies between two (each break
exactly), and every piece is solved.

>>> s = pay_for_target("paytables/three_card_poker/standard.yaml", "pair_plus", "flush", Fraction(3, 100))
>>> s.pay, [str(p) for p in s.nearby["pay"]]
(Fraction(4233, 1096), ['3', '7/2', '4'])
>>> [str(e) for e in s.nearby["house_edge"]]   # exact, from the counts
['402/5525', '53/1105', '128/5525']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Literal, cast

import pandas as pd

from ..errors import InputError
from ..game.description import Game
from ..contract.kept_solution import unkept
from ..pays import MAX_PAY
from ..returns import Metrics
from .expression import pay_expression
from .model import GameBetModel, PayGrid, SideBetModel, WagerModel, price, wager_model

Measure = Literal["house_edge", "element_of_risk"]
MEASURES = ("house_edge", "element_of_risk")


@dataclass(frozen=True)
class TargetPay:
    """The pay (net, "X to 1") of ``line`` that hits the target, and practical pays around it.

    ``pays`` holds every exact answer, lowest first (the element of risk can be hit more than once where the
    strategy changes); ``pay`` is the lowest, or None when no pay reaches the target (``message`` says why).
    """

    wager: str
    line: str
    measure: Measure
    target: Fraction
    pays: tuple[Fraction, ...]
    nearby: pd.DataFrame
    message: str
    for_one: bool = False
    table: str = ""

    @property
    def pay(self) -> Fraction | None:
        return self.pays[0] if self.pays else None


def check_measure(measure: str) -> None:
    if measure not in MEASURES:
        raise InputError(f"unknown measure {measure!r} (choose from {', '.join(MEASURES)})")


# -- a side bet: one linear equation --------------------------------------------------------------
def _linear(model: SideBetModel, name: str, target: Fraction) -> tuple[list[Fraction], tuple[Fraction, Fraction]]:
    """The pays in [0, MAX_PAY] giving the target edge (a side bet's element of risk is its house edge), and the
    edges at both ends."""
    index = model.names.index(name)
    rest, hits = Fraction(0), 0  # the return is rest + hits·x, over the bet's deals
    for deals, line, net in model.rows:  # rows the table pays take their line's pay; the others keep their own net
        if line == index:
            hits += deals
        else:
            rest += deals * (model.pays[model.names[line]] if line >= 0 else net)

    def edge(x: Fraction) -> Fraction:
        return -(rest + hits * x) / model.total

    ends = (edge(Fraction(0)), edge(MAX_PAY))
    if hits == 0:
        return ([Fraction(0)] if ends[0] == target else []), ends
    x = (-target * model.total - rest) / hits
    return ([x] if 0 <= x <= MAX_PAY else []), ends


# -- the game's own bet: Newton steps on the strategies' lines ---------------------------------------
@dataclass(frozen=True)
class _Piece:
    """The best strategy at one pay, as a line: expected return a + b·x per initial unit, and its figures there."""

    a: Fraction
    b: Fraction
    metrics: Metrics

    def value(self, x: Fraction) -> Fraction:
        return self.a + self.b * x


class _Oracle:
    """The game's own bet as a function of one line's pay: the best strategy at a pay, and its line."""

    def __init__(self, model: GameBetModel, name: str) -> None:
        self.model, self.name = model, name
        self.seen: dict[Fraction, _Piece] = {}

    def game(self, x: Fraction) -> Game:
        return self.model.game_with({self.name: x})

    def at(self, x: Fraction) -> _Piece:
        if x not in self.seen:
            with unkept():  # each pay tried solved once, from the last: none read or kept whole
                best = self.model.analysis({self.name: x}).solution
            assert best.table is not None
            here = best.table.metrics
            # the same strategy one unit of pay higher: the return is linear in the pay, so this is its slope
            slope = best.replayed(self.game(x + 1)).metrics.expected_return - here.expected_return
            self.seen[x] = _Piece(here.expected_return - slope * x, slope, here)
        return self.seen[x]


def _newton(oracle: _Oracle, target: Fraction, start: Fraction) -> list[Fraction]:
    """The lowest pay whose house edge is ``target``, where the ends of [0, MAX_PAY] enclose it.

    From above (expected return at least the goal), the line of the strategy there lies under the
    convex return, so where it meets the goal the return is still at least the goal: each step goes
    down to a new strategy's piece until the strategy reached is the one whose line gives the goal.
    """
    goal = -target
    x = start
    piece = oracle.at(x)
    if piece.value(x) < goal:
        x = min((goal - piece.a) / piece.b, MAX_PAY) if piece.b > 0 else MAX_PAY
        piece = oracle.at(x)
    while piece.value(x) != goal:
        x = (goal - piece.a) / piece.b  # b > 0: the return rises from below the goal at 0 to above it at x
        piece = oracle.at(x)
    return [x]


def _breaks(oracle: _Oracle, low: _Piece, high: _Piece) -> list[Fraction]:
    """Every pay in (0, MAX_PAY) where the best strategy changes: intersect two strategies' lines; where the
    best at the crossing lies on them, it is a break; else a strategy lies between, and each side is searched."""
    out = []
    pending = [(low, high)]
    while pending:
        left, right = pending.pop()
        if (left.a, left.b) == (right.a, right.b):
            continue
        x = (left.a - right.a) / (right.b - left.b)
        middle = oracle.at(x)
        if middle.value(x) == left.value(x):
            out.append(x)
        else:
            pending += [(left, middle), (middle, right)]
    return sorted(out)


def _element_of_risk(oracle: _Oracle, target: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """Every pay whose element of risk is ``target`` (each piece's line over its strategy's average wager, solved,
    then checked by solving there), and the element of risk at the ends of every piece."""
    bounds = [Fraction(0), *_breaks(oracle, oracle.at(Fraction(0)), oracle.at(MAX_PAY)), MAX_PAY]
    candidates = set(bounds)
    for u, v in zip(bounds, bounds[1:]):
        piece = oracle.at((u + v) / 2)
        wager = piece.metrics.average_wager
        if piece.b:
            x = (-target * wager - piece.a) / piece.b
            if u <= x <= v:
                candidates.add(x)
        elif -piece.a / wager == target:
            candidates.add(u)
    found = sorted(x for x in candidates if oracle.at(x).metrics.element_of_risk == target)
    return found, [oracle.at(x).metrics.element_of_risk for x in bounds]


# -- the answer ---------------------------------------------------------------------------------
def _nearby(model: WagerModel, name: str, found: list[Fraction], measure: str, target: Fraction) -> pd.DataFrame:
    """Whole-unit and half-unit pays either side of each answer, with their exact figures."""
    candidates = sorted({c for x in found for c in (Fraction(math.floor(x)), Fraction(math.ceil(x)),
                                                     Fraction(math.floor(2 * x), 2), Fraction(math.ceil(2 * x), 2))
                         if 0 <= c <= MAX_PAY})
    frame = price(model, PayGrid.product(model.pays, {name: candidates})).frame(pays=[name]).rename(columns={name: "pay"})
    frame.insert(1, "unit", ["whole" if c.denominator == 1 else "half" for c in candidates])
    frame["off_target"] = [m - target for m in frame[measure]]
    frame["off_target_float"] = frame["off_target"].map(float)
    return frame


def _percent(value: Fraction) -> str:
    return f"{float(value):.4%}" if abs(value) < 100 else f"{float(value) * 100:.4g}%"


def pay_for_target(game: str | Path | Game, wager: str, line: str, target: Fraction, measure: str = "house_edge",
          table: str | None = None) -> TargetPay:
    """The exact pay of ``line`` (of the bet's paytable, or ``table``) for which ``wager`` has the ``target``
    house edge (or element of risk). A line the table does not list is added."""
    check_measure(measure)
    model = wager_model(game, wager, [line], table)
    name = model.name(line)
    target = Fraction(target)
    if isinstance(model, SideBetModel):
        found, ends = _linear(model, name, target)
        monotone = True
    else:
        assert isinstance(model, GameBetModel)
        oracle = _Oracle(model, name)
        if measure == "house_edge":
            low, high = oracle.at(Fraction(0)).metrics.house_edge, oracle.at(MAX_PAY).metrics.house_edge
            found = [Fraction(0)] if low == target else _newton(oracle, target, model.pays.get(name, Fraction(0))) if high <= target < low else []
            ends, monotone = (low, high), True
        else:
            found, edges = _element_of_risk(oracle, target)
            ends, monotone = (min(edges), max(edges)), False
    words = measure.replace("_", " ")
    expression = pay_expression(model.game, wager, model.table) if name not in model.added else None
    if found:
        frame = _nearby(model, name, found, measure, target)
        message = f"{name} paying {found[0]} to 1 gives {wager} {words} {_percent(target)} exactly ({target})"
        if len(found) > 1:
            message += f"; so do {', '.join(str(x) for x in found[1:])} to 1, where the strategy changes"
    else:
        frame = pd.DataFrame()
        message = f"no pay for {name} gives {wager} a {words} of {_percent(target)}: "
        if ends[0] == ends[1]:
            message += f"the {words} is {_percent(ends[0])} whatever {name} pays"
        elif monotone:
            message += f"from 0 to 1 (a push) up to {MAX_PAY} to 1 the {words} runs from {_percent(ends[0])} to {_percent(ends[1])}"
        else:
            message += f"from 0 to 1 (a push) up to {MAX_PAY} to 1 the {words} stays between {_percent(ends[0])} and {_percent(ends[1])}"
    if expression is not None:
        held = "for every pay" if expression.everywhere else "while the strategy at the file's pays stays the best"
        message += f". As a function of the pays (net, to 1), {held}: {expression.text()}"
    pays = tuple(found)
    return TargetPay(wager, name, cast(Measure, measure), target, pays, frame, message, name in model.for_one, model.table)
