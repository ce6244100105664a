"""Game files side by side: the figures of each bet in every file, and how far each differs from the first.

Bets are matched by name. The game's own bet also shows its average wager
(where some file's is not one unit) and, where the files play it
differently, the strategy at each decision; a side bet with a progressive
meter shows the meter's break-even pay. Where the first file's decision can
price another file's way of taking it (two Pai Gow Poker house ways), rows
say what each other file's way sets otherwise and what it costs there.

>>> frame = compare(["paytables/three_card_poker/standard.yaml", "paytables/three_card_poker/pair-plus-40-30-6-3-1.yaml"])
>>> row = frame[(frame.wager == "pair_plus") & (frame.figure == "house_edge")].iloc[0]
>>> row["tcp-standard"], row["pair-plus-40-30-6-3-1"], row["Δ pair-plus-40-30-6-3-1"]
(Fraction(128, 5525), Fraction(402, 5525), Fraction(274, 5525))
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pandas as pd

from ..errors import InputError
from ..game.analysis import GameAnalysis
from ..game.description import Game
from ..game.loader import load_game

if TYPE_CHECKING:
    from ..parallel import Runner

FIGURES = ("house_edge", "element_of_risk", "hit_frequency", "standard_deviation")


def _figures(analysis: GameAnalysis, bet: str) -> dict[str, Any]:
    table = analysis.tables.get(bet)
    if table is None:
        return {}
    m = table.metrics
    out: dict[str, Any] = {name: getattr(m, name) for name in FIGURES}
    if bet == analysis.game.bet:
        out["average_wager"] = m.average_wager
        out.update({f"strategy: {d}": text for d, text in analysis.strategy_summary().items()})
    side = analysis.game.side_bet.get(bet)
    if side is not None and side.meter:
        out["break_even_pay"] = analysis.break_even(bet, side.meter)
    return out


def _names(analyses: Sequence[GameAnalysis]) -> list[str]:
    """Each file's id, numbered where two files share one."""
    names: list[str] = []
    for a in analyses:
        name, n = a.game.id, 1
        while name in names:
            n += 1
            name = f"{a.game.id} #{n}"
        names.append(name)
    return names


def _shown(figure: str, values: list[Any], offered: list[bool]) -> bool:
    """A strategy only where the files offering the bet play it differently (a decision one of them lacks counts);
    the average wager only where some file's is not one unit."""
    if figure.startswith("strategy: "):
        return len({v for v, o in zip(values, offered) if o}) > 1
    if figure == "average_wager":
        return any(v is not None and v != 1 for v in values)
    return True


def compare(games: Sequence[str | Path | Game], progress: Callable[[str, int, int], None] | None = None,
            runner: Runner | None = None) -> pd.DataFrame:
    """One row per bet and figure: the value in each file (by id), then each file's difference from the first (Δ id).

    Exact figures are Fractions (the standard deviation a float, a strategy words, its difference None);
    a bet a file does not offer is None. A big count hears ``progress`` and runs on ``runner``
    (:mod:`casino_math.parallel`; the library's default where None).
    """
    if len(games) < 2:
        raise InputError("compare needs at least two game files")
    analyses = [GameAnalysis(g if isinstance(g, Game) else load_game(g), progress, runner) for g in games]
    names = _names(analyses)
    bets = list(dict.fromkeys(b for a in analyses for b in a.tables))
    rows = []
    for bet in bets:
        per_file = [_figures(a, bet) for a in analyses]
        for figure in dict.fromkeys(f for p in per_file for f in p):
            values = [p.get(figure) for p in per_file]
            if not _shown(figure, values, [bool(p) for p in per_file]):
                continue
            row: dict[str, Any] = {"wager": bet, "figure": figure}
            row.update(zip(names, values))
            first = values[0]
            for name, value in zip(names[1:], values[1:]):
                row[f"Δ {name}"] = None if value is None or first is None or isinstance(value, str) else value - first
            rows.append(row)
    rows += _set_otherwise(analyses, names)
    return pd.DataFrame(rows)


def _set_otherwise(analyses: Sequence[GameAnalysis], names: list[str]) -> list[dict[str, Any]]:
    """Where the first file's decision can price another file's way of taking it (Pai Gow Poker's house ways), one row
    per figure it gives: for each other file, what a player deciding by that file's way instead does against the first
    file's game (the hands it sets otherwise, by hand type, and what that costs); the first file's column is empty."""
    first = analyses[0]
    own = first.game.bet if first.game.wagers else None
    views = [v for v in first.decisions if hasattr(v, "against")] if own is not None else []
    rows: dict[str, dict[str, Any]] = {}
    for view in views:
        for name, other in zip(names[1:], analyses[1:]):
            for figure, value in view.against(other.game):  # type: ignore[attr-defined]
                rows.setdefault(figure, {"wager": own, "figure": figure, names[0]: None})[name] = value
    for row in rows.values():
        row.update({f"Δ {name}": None for name in names[1:]})
    return list(rows.values())
