"""Paytables side by side: the figures of each wager in every file, and how far each differs from the first.

>>> frame = compare(["paytables/three_card_poker/standard.yaml", "paytables/three_card_poker/pair-plus-40-30-6-3-1.yaml"])
>>> row = frame[(frame.wager == "pair_plus") & (frame.figure == "house_edge")].iloc[0]
>>> row["tcp-standard"], row["pair-plus-40-30-6-3-1"], row["Δ pair-plus-40-30-6-3-1"]
(Fraction(128, 5525), Fraction(402, 5525), Fraction(274, 5525))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import pandas as pd

from ..errors import InputError
from ..games import analyze
from ..paytable import GameConfig

FIGURES = ("house_edge", "element_of_risk", "hit_frequency", "standard_deviation")


def _figures(result: Any, wager: str) -> dict[str, Any]:
    table = result.tables.get(wager)
    if table is None:
        return {}
    m = table.metrics
    out: dict[str, Any] = {name: getattr(m, name) for name in FIGURES}
    if wager == "ante_play":
        out["hands_played"] = result.ante_play.hands_played
    if wager == "progressive":
        out["break_even_jackpot"] = result.progressive.break_even_jackpot
    return out


def _names(results: Sequence[Any]) -> list[str]:
    """Each file's id, numbered where two files share one."""
    names: list[str] = []
    for r in results:
        name, n = r.config.id, 1
        while name in names:
            n += 1
            name = f"{r.config.id} #{n}"
        names.append(name)
    return names


def compare(games: Sequence[str | Path | GameConfig]) -> pd.DataFrame:
    """One row per wager and figure: the value in each file (by id), then each file's difference from the first (Δ id).

    Exact figures are Fractions (the standard deviation a float); a wager a file does not offer is None.
    """
    if len(games) < 2:
        raise InputError("compare needs at least two game files")
    results = [analyze(g) for g in games]
    names = _names(results)
    wagers = list(dict.fromkeys(w for r in results for w in r.tables))
    rows = []
    for wager in wagers:
        per_file = [_figures(r, wager) for r in results]
        figures = list(dict.fromkeys(f for p in per_file for f in p))
        for figure in figures:
            row: dict[str, Any] = {"wager": wager, "figure": figure}
            values = [p.get(figure) for p in per_file]
            row.update(zip(names, values))
            for name, value in zip(names[1:], values[1:]):
                row[f"Δ {name}"] = None if value is None or values[0] is None else value - values[0]
            rows.append(row)
    return pd.DataFrame(rows)
