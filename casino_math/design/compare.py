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

import gc
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

import pandas as pd

from ..collector import collector_held
from ..errors import InputError
from ..analysis import GameAnalysis
from ..held import forget_all
from ..game.description import Game
from ..analysis import load_game
from ..parallel import local_processes
from ..workers import in_processes

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
    if side is not None and side.progressive is not None:  # a progressive's meters: where each breaks even, the long run
        record = analysis.progressive_record(bet)
        out.update({f"break_even_meter: {m['meter']}": m["break_even"] for m in record.get("meters", [])})
        if "long_run_house_edge" in record:
            out["long-run house edge (per initial stake)"] = record["long_run_house_edge"]
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
    a bet a file does not offer is None. Every file is read (and checked) before anything is counted; then the games are
    solved in worker processes forked from this one, one per local core (:func:`~casino_math.parallel.local_processes`),
    the games that go together (:class:`~casino_math.contract.method.Workload`: blackjack's rule sets of one shoe and one
    dealer, a game's paytables) one after the other in one worker, the costliest first; the same frame for any number of
    workers. A big count runs on ``runner`` (:mod:`casino_math.parallel`; the library's default where None);
    ``progress`` hears of the counting in this process, of the files solved where workers solve them.
    """
    if len(games) < 2:
        raise InputError("compare needs at least two game files")
    analyses = [GameAnalysis(g if isinstance(g, Game) else load_game(g), progress, runner) for g in games]
    groups = _groups(analyses)
    names = _names(analyses)
    read = [a.game for a in analyses]
    processes = min(len(groups), local_processes(runner))
    if processes > 1:
        solved = _in_workers(read, groups, names, processes, progress, runner)
    else:
        solved = [_solved(read, group, names, progress, runner) for group in groups]
    figures: dict[int, Figures] = {}
    otherwise: list[dict[str, Any]] = []
    for part in solved:
        figures.update(part.figures)
        otherwise += part.otherwise
    return _frame([figures[i] for i in range(len(read))], names, otherwise)


Figures = dict[str, dict[str, Any]]  # one game's figures: by bet, by figure


@dataclass(frozen=True)
class _Solved:
    """What a group of games solved gives the frame (plain data, as a worker sends it back): each game's figures by its
    place among the files, and the rows the first file's decision adds (where the group holds the first file)."""

    figures: dict[int, Figures]
    otherwise: list[dict[str, Any]]


def _groups(analyses: Sequence[GameAnalysis]) -> list[tuple[int, ...]]:
    """The files (by place) in groups solved one after the other in one process, as their methods group them (each
    file's method found here: a file no method counts fails before anything is counted), the costliest group first.

    >>> from casino_math.analysis import load_game
    >>> files = ["1-deck-s17-das", "6-decks-h17-das", "1-deck-h17-das", "6-decks-h17-das-6-to-5"]
    >>> _groups([GameAnalysis(load_game(f"paytables/blackjack/{name}.yaml")) for name in files])
    [(1, 3), (0,), (2,)]
    """
    groups: dict[Hashable, list[int]] = {}
    for i, analysis in enumerate(analyses):
        group = analysis.workload.group
        groups.setdefault(i if group is None else (analysis.method.name, group), []).append(i)
    return [tuple(g) for g in sorted(groups.values(), key=lambda g: -sum(analyses[i].workload.cost for i in g))]


def _solved(games: Sequence[Game], group: Sequence[int], names: list[str], progress: Callable[[str, int, int], None] | None,
            runner: Runner | None) -> _Solved:
    """The figures of every bet of the group's games, each game's analysis let go once read (its counts may take
    gigabytes) but the first file's, whose rows come after the rest of the group (they may read the others' counts).

    Python's cycle collector is held off meanwhile: a count may leave millions of objects alive (blackjack's positions,
    which the group's next games share), and each pass of the collector, set off by what the figures make between two
    counts, walks them all (on eight blackjack rule sets in one process, a sixth of the processor time); the cycles the
    counts leave are collected after the group (about 100 MB a blackjack rule set)."""
    figures: dict[int, Figures] = {}
    first = None
    with collector_held():
        for i in group:
            analysis = GameAnalysis(games[i], progress, runner)
            figures[i] = {bet: _figures(analysis, bet) for bet in analysis.tables}
            if i == 0:
                first = analysis
        return _Solved(figures, _set_otherwise(first, games[1:], names) if first is not None else [])


def _in_workers(games: Sequence[Game], groups: list[tuple[int, ...]], names: list[str], processes: int,
                progress: Callable[[str, int, int], None] | None, runner: Runner | None) -> list[_Solved]:
    """Every group solved in one of ``processes`` forked workers (:mod:`casino_math.workers`), which draw no progress:
    ``progress`` hears of the files solved as each group is waited for."""
    worked: set[int] = set()  # each worker's copy holds its own process id once it has solved a group

    def solved(group: int) -> _Solved:
        if os.getpid() in worked:  # the counts of this worker's last group make way for this one's (groups share none);
            forget_all()  # they are freed by a pass of the collector (they hold cycles), which a worker ending with
            gc.collect()  # its last group never needs to make
        worked.add(os.getpid())
        return _solved(games, groups[group], names, None, runner)

    done = [0]

    def waiting(group: int) -> None:
        if progress is not None:
            progress("game files solved", done[0], len(games))
        done[0] += len(groups[group])

    out = in_processes(solved, range(len(groups)), processes, waiting)
    if progress is not None:
        progress("game files solved", len(games), len(games))
    return list(out.values())


def _frame(figures: Sequence[Figures], names: list[str], otherwise: list[dict[str, Any]]) -> pd.DataFrame:
    """The frame of :func:`compare` from each file's figures (in the files' order) and the first file's extra rows."""
    bets = list(dict.fromkeys(b for f in figures for b in f))
    rows = []
    for bet in bets:
        per_file = [f.get(bet, {}) for f in figures]
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
    return pd.DataFrame(rows + otherwise)


def _set_otherwise(first: GameAnalysis, others: Sequence[Game], names: list[str]) -> list[dict[str, Any]]:
    """Where the first file's decision can price another file's way of taking it (Pai Gow Poker's house ways), one row
    per figure it gives: for each other file, what a player deciding by that file's way instead does against the first
    file's game (the hands it sets otherwise, by hand type, and what that costs); the first file's column is empty."""
    own = first.game.bet if first.game.wagers else None
    rows: dict[str, dict[str, Any]] = {}
    for view in first.decisions if own is not None else ():
        figures_of = view.exhibits.other_way_figures
        if figures_of is None:  # a decision that prices no other way of taking it
            continue
        for name, other in zip(names[1:], others):
            for figure, value in figures_of(other):
                rows.setdefault(figure, {"wager": own, "figure": figure, names[0]: None})[name] = value
    for row in rows.values():
        row.update({f"Δ {name}": None for name in names[1:]})
    return list(rows.values())
