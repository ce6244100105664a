"""Pai Gow Poker dealt hand by hand for the simulator (the ``Coups`` protocol of :mod:`casino_math.contract.method`).

Each row of ``kinds`` is a shuffled deck's first fourteen cards: seven to the player, seven to the banker. Both set
by the house way, card by card (:class:`~.house_way.HouseWay`), never from the counts; each hand is compared with the
banker's and the deal ends as a row of the return table; a side bet on the player's seven cards is paid by its table.

>>> from casino_math.analysis import analyze
>>> analysis = analyze("tests/games/pai-gow-small.yaml")
>>> coups = analysis.coups()
>>> rows = np.array([np.random.default_rng(i).permutation(coups.kinds)[:coups.cards] for i in range(3000)])
>>> codes, ends = coups(rows)["pai_gow"]
>>> mean = sum(ends[c].net for c in codes.tolist()) / len(codes)
>>> abs(float(mean - analysis.tables["pai_gow"].metrics.expected_return)) < 4 * 0.6 / 3000 ** 0.5
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...returns import Outcome
from ...contract.solution import Solution
from ...showdown import card_arrays, hand_values
from .game_file import SEVEN_CARDS, PaiGowGame


@dataclass(frozen=True)
class Deck:
    """The deck dealt from, as the simulator reads a shoe: its size."""

    size: int


@dataclass(frozen=True, eq=False)
class PaiGowCoups:
    """Deals of ``solution``'s game, each ending as a row of its return tables (see the module)."""

    solution: Solution

    @property
    def game(self) -> PaiGowGame:
        assert isinstance(self.solution.game, PaiGowGame)
        return self.solution.game

    @property
    def shoe(self) -> Any:
        return Deck(len(self.game.deck))

    @property
    def cards(self) -> int:
        return 14

    @property
    def kinds(self) -> np.ndarray:
        return np.arange(len(self.game.deck))

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Outcome, ...]]]:
        game, tables = self.game, self.solution.tables
        player, banker = np.sort(kinds[:, :7], axis=1), np.sort(kinds[:, 7:14], axis=1)
        out: dict[str, tuple[np.ndarray, tuple[Outcome, ...]]] = {}
        if self.solution.table is not None:
            way, valued = game.way, game.way.hands
            rows = np.arange(len(kinds))
            high_p, low_p = valued.settings(player)
            high_b, low_b = valued.settings(banker)
            mine, theirs = way.set_or_fail(player)[0], way.set_or_fail(banker)[0]
            hp, lp, hb, lb = high_p[rows, mine], low_p[rows, mine], high_b[rows, theirs], low_b[rows, theirs]
            ends = self.solution.table.outcomes
            index = {o.key("situation"): i for i, o in enumerate(ends)}
            code = np.where((hp > hb) & (lp > lb), index["player_higher"],
                            np.where((hp <= hb) & (lp <= lb), index["dealer_higher"], index["equal"]))
            out[game.bet] = (code, ends)
        for bet in game.side_bets:
            table = game.paytables[bet.table]
            ranking = game.hands[SEVEN_CARDS].ranking
            assert ranking is not None
            values = hand_values(ranking, game.deck, player)
            suits = card_arrays(game.deck, ranking, player)[1]
            paid = np.full(len(kinds), -1, dtype=np.int64)
            for i in reversed(range(len(table.lines))):
                paid[table.lines[i].card_pattern.matches(values, suits)] = i
            ends = tables[bet.name].outcomes
            by_line = {o.key("line"): i for i, o in enumerate(ends)}
            loses = next(i for i, o in enumerate(ends) if not o.key("line"))  # the row of hands no line pays
            codes = np.array([by_line[table.lines[p].key] if p >= 0 else loses for p in paid.tolist()], dtype=np.int64)
            out[bet.name] = (codes, ends)
        return out
