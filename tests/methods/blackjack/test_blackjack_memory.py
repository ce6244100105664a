"""What a blackjack analysis holds once it is made: its tables, views and figures, not the solve behind them.

A report keeps every game's analysis of a family until the family's sheet is written; a six-deck solve is about 0.3 GB
(the shoes left after each hand, the dealer's counts, the split hands' positions), so an analysis holding its solve
makes the family's memory grow by that much per rule set. What a solve builds is counted among the objects alive
(``gc``), with the stores the games share emptied (:func:`~casino_math.held.forget_all`).
"""

from __future__ import annotations

import gc
from contextlib import nullcontext

import pytest

from casino_math import count_cache
from casino_math.analysis import GameAnalysis, load_game
from casino_math.held import forget_all
from casino_math.methods.blackjack.hands import Hand
from casino_math.methods.blackjack.rounds import Play, UpCard, play_game
from casino_math.methods.blackjack.rules import ACE
from casino_math.methods.blackjack.splits import Split
from casino_math.methods.blackjack.values import DealerCounts, Position
from tests.helpers.paths import ROOT

SOLVE = (Play, UpCard, Position, Split, DealerCounts)  # what a solve builds (a Double Exposure's counts among them)
GAMES = ("blackjack-small.yaml", "blackjack-bonus-small.yaml")


def solve_objects() -> int:
    """How many objects a solve builds are alive, once the shared stores are emptied and cycles collected."""
    forget_all()
    gc.collect()
    return sum(isinstance(o, SOLVE) for o in gc.get_objects())


@pytest.mark.parametrize("kept", ["no count cache", "a count cache, empty"])
def test_an_analysed_rule_set_holds_nothing_of_its_solve(kept, monkeypatch, tmp_path):
    """Several rule sets analysed and held, as a family's sheet holds them: none of them keeps a part of its solve alive,
    with or without a count cache, and each still gives what the sheet reads (its tables, every view, the dealer's
    totals) without solving again."""
    if kept != "no count cache":
        monkeypatch.setenv("CASINO_MATH_CACHE", str(tmp_path / "counts"))
    with count_cache.disabled() if kept == "no count cache" else nullcontext():
        before = solve_objects()
        analyses = [GameAnalysis(load_game(ROOT / "tests" / "games" / name)) for name in GAMES]
        for analysis in analyses:
            assert analysis.tables
        assert solve_objects() == before
        read = [(a.summary.to_csv(), [(v.frame().to_csv(), v.summary(), v.taken()) for v in a.decisions], a.dealer_totals())
                for a in analyses]
        assert solve_objects() == before, "reading what the sheet reads solved a game again"
        assert all(views and totals for _, views, totals in read)


def test_the_solve_is_made_again_where_a_tool_needs_it():
    """What needs the solve itself (a hand looked up) solves the game again, once: the option and value of the rounds
    played out by the engine itself."""
    with count_cache.disabled():
        analysis = GameAnalysis(load_game(ROOT / "tests" / "games" / GAMES[0]))
        assert analysis.tables
        before = solve_objects()
        choice = analysis.solution.strategy.choose("play", {"player": "Th 7c", "up": "As"})
        assert solve_objects() > before  # held by the solution now, for the next hand looked up
    root = play_game(analysis.game.rules, analysis.game.shoe).upcards[ACE].roots[Hand.of("T", "7")]
    assert (choice.option, choice.ev) == (root.taken, root.ev)
