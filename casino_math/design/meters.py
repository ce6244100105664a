"""Solve and sweep a progressive bet's meter: the meter at which it has a target house edge (0: where it breaks even),
the seed (reset) that gives it a target long-run house edge, and its figures meter by meter.

A progressive bet's return is linear in each meter, and its long-run return in each meter's reset
(:mod:`casino_math.counting.progressives`): each answer is one linear equation, exact.

>>> meter_for_target("paytables/three_card_poker/progressive-envy.yaml", "progressive", "jackpot", Fraction(0)).value
Fraction(13600, 1)
>>> seed_for_target("paytables/casino_holdem_progressive/pay-table-1.yaml", "progressive", "straight flush",
...                 Fraction(20, 100)).value
Fraction(521191, 50)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Literal, Sequence

import pandas as pd

from ..analysis import GameAnalysis, analyze
from ..errors import InputError
from ..text import amount, percent


@dataclass(frozen=True)
class TargetMeter:
    """The ``value`` of a meter (``what``: the meter shown, or its seed) that gives ``bet`` the ``target`` house edge
    (at that meter, or in the long run for a seed), and the sentence saying so."""

    bet: str
    meter: str
    what: Literal["meter", "seed"]
    target: Fraction
    value: Fraction
    message: str


def _analysed(file: str | Path | GameAnalysis) -> GameAnalysis:
    return file if isinstance(file, GameAnalysis) else analyze(file)


def meter_for_target(file: str | Path | GameAnalysis, bet: str, meter: str, target: Fraction) -> TargetMeter:
    """The meter (for 1, per unit bet) at which ``bet`` has the house edge ``target`` (0: it breaks even)."""
    p = _analysed(file).progression(bet)
    value = p.meter_for_edge(meter, target)
    if value <= 0:
        raise InputError(f"{bet}: no meter above 0 gives a house edge of {percent(target)}: the fixed pays alone return more")
    return TargetMeter(bet, meter, "meter", target, value,
                       f"{bet}: a house edge of {percent(target)} at a meter {meter!r} of {amount(value)} for 1 "
                       f"(the file shows {amount(p.shown(meter))}).")


def seed_for_target(file: str | Path | GameAnalysis, bet: str, meter: str, target: Fraction) -> TargetMeter:
    """The seed (the reset the meter starts again from) that gives ``bet`` the long-run house edge ``target``, every
    other meter as declared: the house's long-run share of the bets."""
    p = _analysed(file).progression(bet)
    value = p.reset_for_edge(meter, target)
    if value <= 0:
        raise InputError(f"{bet}: no seed above 0 gives a long-run house edge of {percent(target)}: the other pays alone return more")
    return TargetMeter(bet, meter, "seed", target, value,
                       f"{bet}: a long-run house edge of {percent(target)} with the meter {meter!r} seeded at {amount(value)} "
                       f"(declared: {amount(p.declared(p.meter(meter))[1])}).")


def meter_sweep(file: str | Path | GameAnalysis, bet: str, meter: str, meters: Sequence[Fraction]) -> pd.DataFrame:
    """The bet's return and house edge at each of ``meters`` (for 1, per unit bet).

    >>> meter_sweep("paytables/three_card_poker/progressive-envy.yaml", "progressive", "jackpot",
    ...             [Fraction(13600)]).house_edge.tolist()
    [Fraction(0, 1)]
    """
    p = _analysed(file).progression(bet)
    rows = []
    for value in meters:
        expected = p.expected({meter: value})
        rows.append({"meter": value, "meter_float": float(value), "rtp": 1 + expected, "rtp_float": float(1 + expected),
                     "house_edge": -expected, "house_edge_float": float(-expected)})
    return pd.DataFrame(rows)


def progressive_summary(analysis: GameAnalysis, bet: str) -> list[str]:
    """A progressive bet's figures in sentences: each meter's break-even and long-run return, the bet's long-run house
    edge, and per count of other seats the envy bonus and the chance another seat pays it.

    >>> progressive_summary(analyze("paytables/three_card_poker/progressive-envy.yaml"), "progressive")[0]
    "meter 'jackpot' (mini royal in spades): 5,000 in the file; breaks even at 13,600; no contribution rate declared"
    """
    record = analysis.progressive_record(bet)
    out = []
    for m in record.get("meters", []):
        long_run = "no contribution rate declared" if m["rate"] is None else (
            f"returns {percent(m['long_run_return'])} in the long run" if m["long_run_return"] is not None else "no seed declared")
        out.append(f"meter {m['meter']!r} ({', '.join(m['lines'])}): {amount(m['shown'])} in the file; breaks even at "
                   f"{amount(m['break_even'])}; {long_run}")
    if "long_run_house_edge" in record:
        out.append(f"long-run house edge {percent(record['long_run_house_edge'])}")
    for row in record.get("seats", []):
        out.append(f"with {row['other_seats']} other seat{'s' if row['other_seats'] > 1 else ''}: envy returns "
                   f"{percent(row['envy_return'])}, house edge {percent(row['house_edge'])}, SD {row['standard_deviation']:.4f}, "
                   f"another seat pays envy 1 in {float(1 / row['envy_paid']):,.2f}")
    for n, edge in enumerate(record.get("shared_house_edge", []), 1):
        out.append(f"with {n} other seat{'s' if n > 1 else ''} splitting a meter won together: house edge {percent(edge)}")
    return out


def progressive_figures(analysis: GameAnalysis, bet: str) -> dict[str, str]:
    """A progressive bet's headline figures by name, printed (the studio shows them beside the bet's house edge): each
    meter's break-even, the long-run house edge, the envy return and house edge with six other seats.

    >>> progressive_figures(analyze("paytables/three_card_poker/progressive-envy.yaml"), "progressive")["break-even meter (jackpot)"]
    '13,600'
    """
    record = analysis.progressive_record(bet)
    out = {f"break-even meter ({m['meter']})": amount(m["break_even"]) for m in record.get("meters", [])}
    if "long_run_house_edge" in record:
        out["long-run house edge"] = percent(record["long_run_house_edge"])
    seats = record.get("seats", [])
    if seats:
        out[f"envy return, {seats[-1]['other_seats']} other seats"] = percent(seats[-1]["envy_return"])
        out[f"house edge, {seats[-1]['other_seats']} other seats"] = percent(seats[-1]["house_edge"])
    return out
