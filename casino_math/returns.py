"""Return tables and the figures of a par sheet, in exact arithmetic.

A wager's :class:`ReturnTable` lists its outcomes: what each pays (net, per
unit of the initial wager) and in how many of the equally likely deals it
happens. Everything a par sheet quotes follows from that table.

>>> table = ReturnTable("coin", (Outcome("heads", Fraction(1), 1, "1 to 1"), Outcome("tails", Fraction(-1), 1, "loses")))
>>> m = table.metrics
>>> m.house_edge, m.hit_frequency, m.standard_deviation
(Fraction(0, 1), Fraction(1, 2), 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas loads when a table is asked for, not with the engine
    import pandas as pd


Z_90 = 1.645  # two-sided 90% normal quantile: the volatility index of the trade
BAND_HANDS = (1_000, 10_000, 100_000, 1_000_000)


@dataclass(frozen=True)
class Outcome:
    """One way a wager settles: its name, net result per initial unit, how many deals, the pay as printed,
    and its keys (what it is, for machines: ``situation``, the line paid, the stake...)."""

    name: str
    net: Fraction
    combinations: int
    pays: str = ""
    keys: tuple[tuple[str, str], ...] = ()

    def key(self, name: str) -> str | None:
        return dict(self.keys).get(name)


@dataclass(frozen=True)
class Metrics:
    """The headline figures of one wager, exact where the field quotes them exactly."""

    expected_return: Fraction  # per initial wager
    house_edge: Fraction
    element_of_risk: Fraction
    average_wager: Fraction  # total money wagered per initial unit (1 for a one-stake bet)
    hit_frequency: Fraction
    variance: Fraction
    max_win: Fraction
    combinations: int

    @property
    def rtp(self) -> Fraction:
        return 1 - self.house_edge

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    @property
    def volatility_index(self) -> float:
        """z·SD at 90% confidence: after N hands the return lies within RTP ± VI/√N nine times in ten."""
        return Z_90 * self.standard_deviation

    def band(self, hands: int) -> tuple[float, float]:
        """The 90% band of the average return per initial unit over ``hands`` hands."""
        half = self.volatility_index / math.sqrt(hands)
        return float(self.rtp) - half, float(self.rtp) + half

    def to_dict(self) -> dict[str, Any]:
        """Exact figures as Fractions (JSON writes "p/q" with a _float twin), the rest as floats."""
        return {
            "house_edge": self.house_edge,
            "rtp": self.rtp,
            "element_of_risk": self.element_of_risk,
            "average_wager": self.average_wager,
            "hit_frequency": self.hit_frequency,
            "variance": self.variance,
            "standard_deviation_float": self.standard_deviation,
            "volatility_index_float": self.volatility_index,
            "max_win": self.max_win,
            "combinations": self.combinations,
        }


@dataclass(frozen=True)
class ReturnTable:
    """A wager's outcomes over every equally likely deal."""

    wager: str
    outcomes: tuple[Outcome, ...]
    average_wager: Fraction = Fraction(1)
    notes: tuple[str, ...] = field(default=())

    @cached_property
    def total(self) -> int:
        return sum(o.combinations for o in self.outcomes)

    @cached_property
    def metrics(self) -> Metrics:
        total = self.total
        mean = Fraction(sum(o.net * o.combinations for o in self.outcomes), total)
        square = Fraction(sum(o.net * o.net * o.combinations for o in self.outcomes), total)
        hits = sum(o.combinations for o in self.outcomes if o.net > 0)
        return Metrics(
            expected_return=mean,
            house_edge=-mean,
            element_of_risk=-mean / self.average_wager,
            average_wager=self.average_wager,
            hit_frequency=Fraction(hits, total),
            variance=square - mean * mean,
            max_win=max((o.net for o in self.outcomes if o.combinations), default=Fraction(0)),
            combinations=total,
        )

    def to_frame(self) -> pd.DataFrame:
        """outcome, pays, net, combinations, probability (exact), probability_float, one_in, return (exact)."""
        import pandas as pd

        rows = []
        for o in self.outcomes:
            p = Fraction(o.combinations, self.total)
            rows.append({
                "outcome": o.name, "pays": o.pays, "net": o.net, "combinations": o.combinations,
                "probability": p, "probability_float": float(p),
                "one_in": self.total / o.combinations if o.combinations else math.inf,
                "return": o.net * p,
            })
        frame = pd.DataFrame(rows, columns=["outcome", "pays", "net", "combinations", "probability", "probability_float", "one_in", "return"])
        frame["combinations"] = frame["combinations"].astype(object)
        frame.attrs["total"] = self.total
        return frame

    def to_records(self) -> list[dict[str, Any]]:
        """The rows for JSON: exact values as Fractions."""
        return [
            {"outcome": o.name, "pays": o.pays, "net": o.net, "combinations": o.combinations,
             "probability": Fraction(o.combinations, self.total)}
            for o in self.outcomes
        ]
