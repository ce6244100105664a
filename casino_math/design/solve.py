"""Solve for a pay: the exact pay of one category that gives a wager a target house edge.

With the strategy fixed, a wager's expected return is linear in each pay, so
the answer is one linear equation. Where the strategy depends on the pay
(Ante/Play's Ante Bonus: a bigger bonus can make a hand worth playing), the
return is piecewise linear, with a break wherever a hand switches from fold
to play; each piece is solved exactly and the answers inside their piece kept.

>>> s = solve("paytables/three_card_poker/standard.yaml", "pair_plus", "flush", Fraction(3, 100))
>>> s.pay, [str(p) for p in s.nearby["pay"]]
(4233/1096, ['3', '7/2', '4'])
>>> [str(e) for e in s.nearby["house_edge"]]   # exact, from the counts
['402/5525', '53/1105', '128/5525']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from ..errors import InputError
from ..paytable import MAX_PAY, GameConfig
from .model import PayGrid, WagerModel, price, wager_model

Measure = Literal["house_edge", "element_of_risk"]
MEASURES = ("house_edge", "element_of_risk")


@dataclass(frozen=True)
class Solution:
    """The pay (net, "X to 1") of ``category`` that hits the target, and practical pays around it.

    ``pays`` holds every exact answer, lowest first (the element of risk can be hit more than once when
    the strategy changes); ``pay`` is the lowest, or None when no pay reaches the target (``message`` says why).
    """

    wager: str
    category: str
    measure: Measure
    target: Fraction
    pays: tuple[Any, ...]  # sympy Rationals
    nearby: pd.DataFrame
    message: str
    for_one: bool = False

    @property
    def pay(self) -> Any:
        return self.pays[0] if self.pays else None


def check_category(model: WagerModel, category: str) -> None:
    if category not in model.categories:
        raise InputError(f"{model.wager} has no category {category!r} (choose from {', '.join(model.categories)})")


def check_measure(measure: str) -> None:
    if measure not in MEASURES:
        raise InputError(f"unknown measure {measure!r} (choose from {', '.join(MEASURES)})")


def measures(model: WagerModel, category: str, pays: list[Fraction], measure: str) -> list[Fraction]:
    """The exact measure with ``category`` paying each of ``pays`` (the rest as in the file)."""
    priced = price(model, PayGrid.product(model.pays, {category: pays}))
    return [priced.exact(i, measure) for i in range(len(pays))]


def _pieces(model: WagerModel, category: str) -> list[tuple[Fraction, Fraction | None]]:
    """Intervals (lo, hi] of the pay over which the strategy stays the same; the last is unbounded."""
    points = [Fraction(0), *sorted(b for b in model.breakpoints(category) if 0 < b < MAX_PAY)]
    return [(lo, points[i + 1] if i + 1 < len(points) else None) for i, lo in enumerate(points)]


def _exact_pays(model: WagerModel, category: str, target: Fraction, measure: str) -> list[Fraction]:
    """Every pay in [0, MAX_PAY] whose exact measure is the target."""
    pieces = _pieces(model, category)
    samples = [x for lo, hi in pieces for x in ((lo + 1, lo + 2) if hi is None else (lo + (hi - lo) / 3, lo + 2 * (hi - lo) / 3))]
    values = measures(model, category, [Fraction(0), *samples], measure)
    found = [Fraction(0)] if values[0] == target else []
    for (lo, hi), x1, x2, y1, y2 in zip(pieces, samples[::2], samples[1::2], values[1::2], values[2::2]):
        if y1 == y2:  # a flat piece: the category never happens, or the strategy absorbs the pay
            x = lo if y1 == target else None
        else:
            x = x1 + (target - y1) * (x2 - x1) / (y2 - y1)
        if x is not None and lo < x <= (MAX_PAY if hi is None else hi):
            found.append(x)
    return found


def _nearby(model: WagerModel, category: str, x: Fraction, measure: str, target: Fraction) -> pd.DataFrame:
    """Whole-unit and half-unit pays either side of x, with their figures."""
    candidates = sorted({Fraction(math.floor(x)), Fraction(math.ceil(x)), Fraction(math.floor(2 * x), 2), Fraction(math.ceil(2 * x), 2)})
    candidates = [c for c in candidates if 0 <= c <= MAX_PAY]
    frame = price(model, PayGrid.product(model.pays, {category: candidates})).frame(pays=[category]).rename(columns={category: "pay"})
    frame.insert(1, "unit", ["whole" if c.denominator == 1 else "half" for c in candidates])
    frame["off_target"] = [m - target for m in frame[measure]]
    frame["off_target_float"] = frame["off_target"].map(float)
    return frame


def _percent(value: Fraction) -> str:
    return f"{float(value):.4%}" if abs(value) < 100 else f"{float(value) * 100:.4g}%"


def solve(game: str | Path | GameConfig, wager: str, category: str, target: Fraction, measure: str = "house_edge") -> Solution:
    """The exact pay of ``category`` for which ``wager`` has the ``target`` house edge (or element of risk)."""
    import sympy

    check_measure(measure)
    model = wager_model(game, wager)
    check_category(model, category)
    target = Fraction(target)
    found = _exact_pays(model, category, target, measure)
    name = measure.replace("_", " ")
    if found:
        frame = _nearby(model, category, found[0], measure, target)
        message = f"{category} paying {found[0]} to 1 gives {wager} {name} {_percent(target)} exactly ({target})"
        if len(found) > 1:
            message += f"; so do {', '.join(str(x) for x in found[1:])} to 1, where the strategy changes"
    else:
        frame = pd.DataFrame()
        low, high = measures(model, category, [Fraction(0), MAX_PAY], measure)
        message = f"no pay for {category} gives {wager} a {name} of {_percent(target)}: "
        message += (f"the {name} is {_percent(low)} whatever {category} pays" if low == high else
                    f"from 0 to 1 (a push) up to {MAX_PAY} to 1 the {name} runs from {_percent(low)} to {_percent(high)}")
    pays = tuple(sympy.Rational(x.numerator, x.denominator) for x in found)
    return Solution(wager, category, measure, target, pays, frame, message, category in model.for_one)  # type: ignore[arg-type]
