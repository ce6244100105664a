"""Pai Gow Poker as a counting method behind the contract of :mod:`casino_math.game.method`.

``PAI_GOW`` counts a :class:`~.game_file.PaiGowGame` exactly (:mod:`.counting`) and returns a
:class:`~casino_math.game.method.Solution` like every method. The game's own bet is priced as casinos quote it: the
player setting his hands by the house way, as the banker does (its return table: both hands won, one each, none);
the strategy is that house way, as a lookup (``strategy.choose("set", {"player": "Ts Td 4c 4h Ad 9c 2s"})``: the
setting, each setting's exact value in the solution's ``detail``) and as a table of its rules (which rule set how many
hands, how often the optimal setting differs, what the house way costs against it). The optimal setting's figures are
in the return table's notes and in ``detail`` (:class:`~.counting.Counts`).

>>> from casino_math.game.pai_gow.game_file import load_pai_gow_text, TINY
>>> game = load_pai_gow_text(TINY)
>>> PAI_GOW.unfit(game) is None
True
>>> solution = PAI_GOW.solve(game)
>>> [(o.name, o.combinations) for o in solution.table.outcomes]
[('both hands won', 245528), ('one hand each (push)', 1384304), ('both hands lost', 703928)]
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from typing import TYPE_CHECKING, Mapping

import numpy as np

from ...returns import Outcome, ReturnTable
from ...subsets import colex
from ...text import percent
from ..description import Game, Option
from ..method import Decided, DecisionView, Solution, Strategy, UnrankedView
from ..money import Ends, History, pays_text
from ..side_bets import side_bet_table
from .counting import Counts, kept_or_counted
from .coups import PaiGowCoups
from .game_file import SET, SET_OPTIONS, PaiGowGame
from .house_way import COMPLETE, KIND_NAMES, Features, HouseWay

if TYPE_CHECKING:
    import pandas as pd

    from ...parallel import Runner
    from ..rules import Rule
    from ..tree import Progress

LOCAL_HANDS = 2_000_000  # player hands counted here at most (the full deck's 154,143,080 need the sharded count)


@dataclass(frozen=True)
class PaiGow:
    """The Pai Gow Poker method (see the module)."""

    name: str = "Pai Gow Poker, exact over every setting"

    def unfit(self, game: Game) -> str | None:
        return None if isinstance(game, PaiGowGame) else "not a Pai Gow Poker game file (no pai_gow: section)"

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        assert isinstance(game, PaiGowGame)
        if rule is not None:
            raise ValueError(f"{game.id}: Pai Gow Poker is priced by its house way and the optimal setting; no rule to force")
        if comb(len(game.deck), 7) > LOCAL_HANDS:
            # the game's own bet needs the sharded count (benchmarks/pai_gow.py): the side bets are counted alone
            logging.getLogger("casino_math.game_file").warning(f"{game.path}: Pai Gow Poker's own bet over {comb(len(game.deck), 7) * comb(len(game.deck) - 7, 7):,} "
                 "deals is not counted here (see benchmarks/pai_gow.py); the side bets are")
            return Solution(self.name, game, None, Strategy(game), None, 0, comb(len(game.deck), 7),
                            lambda: self.side_bets(game))
        counts = kept_or_counted(game)
        table, ends = return_table(game, counts)
        views: tuple[DecisionView, ...] = (HouseWayView(game, counts),)
        own = bool(game.wagers)
        return Solution(self.name, game, table if own else None, Strategy(game, views, Lookup(game, counts)), ends if own else None,
                        len(counts.hands), counts.deals, lambda: self.side_bets(game), counts)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        return {bet.name: side_bet_table(game, bet) for bet in game.side_bets}

    def coups(self, solution: Solution) -> PaiGowCoups:
        """Deals set by the house way card by card, for the simulator (:mod:`.coups`)."""
        return PaiGowCoups(solution)


END_NAMES = (("player_higher", "both hands won"), ("equal", "one hand each (push)"), ("dealer_higher", "both hands lost"))


@dataclass(frozen=True, eq=False)
class PaiGowEnds(Ends):
    """Deals by how they end (both hands won, one each, none), priced at any game's results for them (the commission
    changed): :meth:`Solution.replayed <casino_math.game.method.Solution.replayed>`."""

    deals: tuple[int, int, int] = (0, 0, 0)
    notes: tuple[str, ...] = ()

    def table(self, game: Game) -> ReturnTable:
        bet = game.wagers[0]
        rows = []
        for (situation, name), deals in zip(END_NAMES, self.deals):
            result = bet.settle[situation]
            net = result.unit_net()
            rows.append(Outcome(name, net, deals, pays_text(net), (("situation", situation),)))
        return ReturnTable(game.bet, tuple(rows), notes=self.notes)


def return_table(game: PaiGowGame, counts: Counts) -> tuple[ReturnTable, PaiGowEnds]:
    """Both hands won, one each, none: the player setting by the house way; the optimal setting's in the notes."""
    o_win, o_push, o_lose = counts.ends(counts.optimal)
    optimal = counts.expected(counts.optimal)
    differs = int((counts.optimal != counts.house).sum())
    notes = (*game.notes,
             f"every deal: {len(counts.hands):,} player hands × {counts.banker_hands:,} banker hands, the banker's set "
             "by the house way",
             "the player sets by the house way too (the table); set optimally (the highest exact expected value against "
             f"the banker's hands left) he wins both {percent(Fraction(o_win, counts.deals), 4)}, pushes "
             f"{percent(Fraction(o_push, counts.deals), 4)}, loses both {percent(Fraction(o_lose, counts.deals), 4)}: "
             f"house edge {percent(-optimal, 4)}",
             f"the optimal setting differs from the house way's on {differs:,} of {len(counts.hands):,} hands "
             f"({percent(Fraction(differs, len(counts.hands)), 2)})")
    ends = PaiGowEnds({}, (), None, counts.ends(counts.house), notes)  # type: ignore[arg-type]
    return ends.table(game), ends


def card_rows(game: Game, seen: np.ndarray) -> np.ndarray:
    """Rows of seven card ids as the counts' rows (each hand's colex rank)."""
    return colex(np.sort(seen, axis=1))


@dataclass(frozen=True, eq=False)
class Lookup:
    """The house way looked up: ``set`` for a player's seven cards gives the house way's setting, with every setting's
    exact value (illegal ones very low)."""

    game: PaiGowGame
    counts: Counts

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        if decision != SET:
            raise KeyError(f"{self.game.id} has no decision {decision!r} (set)")
        players = seen["player"]
        if players.shape[1] != 7:
            raise ValueError("Pai Gow Poker's decision sees the player's seven cards")
        rows = card_rows(self.game, players)
        values = self.counts.values()[rows].T
        scale = self.counts.banker_hands * self.game.commission.denominator
        return Decided(SET_OPTIONS, self.counts.house[rows], values.astype(object), scale)


@dataclass(eq=False)
class HouseWayView(UnrankedView):
    """The house way as the par sheet shows it: each rule, the player hands it set, how often the optimal setting
    differs there, and the house way's cost against it (per hand set by the rule, and in all)."""

    game: PaiGowGame
    counts: Counts
    name: str = SET
    by_category: bool = False
    history: str = ""
    threshold: str | None = None

    @property
    def options(self) -> tuple[Option, ...]:
        return SET_OPTIONS

    def taken(self) -> dict[str, int]:
        """Player hands by the setting the house way takes (the positions of the low hand's cards, lowest card 1)."""
        by_setting = Counter(self.counts.house.tolist())
        return {o.name: by_setting.get(i, 0) for i, o in enumerate(SET_OPTIONS)}

    def breakdown(self) -> tuple[str, pd.DataFrame]:
        """The house way rule by rule, as the par sheet shows it."""
        frame = self.frame()
        shown = frame.assign(cost=[percent(c, 4) for c in frame["cost"]]).drop(columns=["cost_float"])
        return ("Each rule of the house way (the published line it transcribes, where the file writes it), the player "
                "hands it sets, how many of them the optimal setting sets otherwise, and the house way's cost there "
                "(expected value given up, per initial stake over all deals).", shown)

    @cached_property
    def kinds(self) -> np.ndarray:
        f = Features.of(self.game.way.hands, self.counts.hands)
        return f.kind * len(COMPLETE) + f.complete

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        c = self.counts
        v = c.values()
        house, best = v[c.rows, c.house], v[c.rows, c.optimal]
        scale = c.deals * self.game.commission.denominator
        rows = []
        for index, rule in enumerate(self.game.way.rules):
            mine = c.rule == index
            if not mine.any():
                continue
            cost = Fraction(int((best[mine] - house[mine]).sum()), scale)
            rows.append({"rule": rule.summary, "where": rule.where, "hands": int(mine.sum()),
                         "optimal differs": int((c.optimal[mine] != c.house[mine]).sum()),
                         "cost": cost, "cost_float": float(cost)})
        return pd.DataFrame(rows)

    def by_hand(self) -> pd.DataFrame:
        """The house way's cost by hand type: hands, how often the optimal setting differs, the cost (per deal)."""
        import pandas as pd

        c = self.counts
        v = c.values()
        gain = v[c.rows, c.optimal] - v[c.rows, c.house]
        scale = c.deals * self.game.commission.denominator
        rows = []
        for code in np.unique(self.kinds):
            mine = self.kinds == code
            kind, complete = KIND_NAMES[code // len(COMPLETE)], COMPLETE[code % len(COMPLETE)]
            cost = Fraction(int(gain[mine].sum()), scale)
            rows.append({"hand": kind + ("" if complete == "nothing" else f" with a {complete}"), "hands": int(mine.sum()),
                         "optimal differs": int((c.optimal[mine] != c.house[mine]).sum()), "cost": cost,
                         "cost_float": float(cost)})
        return pd.DataFrame(rows)

    def compared(self, other: HouseWay) -> pd.DataFrame:
        """Another house way beside this one, by hand type: the player hands it sets otherwise (to other values) and
        what a player setting by it instead gives up against this game's banker (per initial stake over all deals;
        negative where it does better)."""
        import pandas as pd

        c = self.counts
        theirs = other.set_or_fail(c.hands)[0]
        v = c.values()
        mine_high, mine_low = c.high[c.rows, c.house], c.low[c.rows, c.house]
        differs = (c.high[c.rows, theirs] != mine_high) | (c.low[c.rows, theirs] != mine_low)
        loss = v[c.rows, c.house] - v[c.rows, theirs]
        scale = c.deals * self.game.commission.denominator
        rows = []
        for code in np.unique(self.kinds):
            mine = self.kinds == code
            kind, complete = KIND_NAMES[code // len(COMPLETE)], COMPLETE[code % len(COMPLETE)]
            cost = Fraction(int(loss[mine].sum()), scale)
            rows.append({"hand": kind + ("" if complete == "nothing" else f" with a {complete}"), "hands": int(mine.sum()),
                         "set otherwise": int(differs[mine].sum()), "cost": cost, "cost_float": float(cost)})
        return pd.DataFrame(rows)

    def summary(self) -> str:
        c = self.counts
        gain = c.expected(c.optimal) - c.expected(c.house)
        return (f"as casinos quote the game, the player sets as the banker does, by the house way "
                f"({len(self.game.way.rules)} rules), not optimally: setting optimally gains {percent(gain, 4)} of the bet")


PAI_GOW = PaiGow()
