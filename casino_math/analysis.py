"""A game analysed: every bet's return table and figures, and the strategy, from a game file.

>>> game = analyze("paytables/three_card_poker/standard.yaml")
>>> [(row.bet, str(row.house_edge)) for row in game.summary.itertuples()][:2]
[('ante_play', '686689/20358520'), ('pair_plus', '128/5525')]
>>> game.strategy_summary()["play_or_fold"]
'play Q-6-4 or better; fold the rest'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import InputError, UnknownName
from .parallel import Runner
from .returns import ReturnTable
from .game.description import Game
from .contract.solution import DecisionView, Solution
from .contract.method import Coups, Estimate, Method, Throws, Workload
from .registry import game_schema, load_game, load_game_text, method_for

if TYPE_CHECKING:  # pandas loads when a table is asked for, not with the engine
    import pandas as pd

    from .counting.progressives import EnvySeats, Progression
    from .counting.removal import RemovalEffects
    from .levels import Progress


@dataclass(frozen=True, eq=False)
class GameAnalysis:
    """Every bet of one game file, analysed. Figures are exact Fractions; tables are pandas DataFrames.

    The one way into the counting methods (:mod:`~casino_math.contract.method`): the analysis picks the method that fits the game
    and asks it for a :class:`~casino_math.contract.solution.Solution`; every tool reads the solution from here.
    """

    game: Game
    progress: Progress | None = None  # hears of the counting as it goes: (what, done, of)
    runner: Runner | None = None  # where a big count runs: see casino_math.parallel

    def __reduce__(self) -> tuple[Any, ...]:
        # sent to a worker as its game alone: the counts stay here (a big game's take gigabytes)
        return (GameAnalysis, (self.game,))

    @cached_property
    def method(self) -> Method:
        """The counting method that fits the game (its ``name`` says which)."""
        return method_for(self.game)

    @cached_property
    def workload(self) -> Workload:
        """The games this one's solve goes with and what it roughly costs, as its method says (where it says nothing: a
        group of its own, a solve like any other); read before anything is counted, to spread games over workers."""
        return self.method.workload(self.game)

    def answered_at_once(self, *solved: Game) -> bool:
        """Whether this game's figures come at once in a process that solved the games ``solved`` (the same game at other
        pays): every method re-solves a changed pay from the counts it holds in milliseconds, but one whose strategy at
        pays a decision sees is a solve of seconds (blackjack's) says whether one of them is this game's, repriced
        (its ``solved_alike``)."""
        return any(self.method.solved_alike(self.game, other) for other in solved)

    def estimate(self, known: tuple[Game, Fraction] | None = None) -> Estimate | None:
        """The house edge of the game's own bet estimated at once, what it is in words, by the method (None: the method
        gives no estimate): a figure to show while a solve of seconds runs, never the exact one
        (:class:`~casino_math.contract.method.Estimate`); ``known``: a game like it solved exactly (the file an edit is
        made of) and its house edge, which the method may correct its estimate by."""
        return self.method.estimate(self.game, known)

    def kept(self) -> bool:
        """Whether the game's solution is kept between runs, so that solving it reads it rather than counts it (a method
        that says nothing: no)."""
        return self.method.kept(self.game)

    @cached_property
    def solution(self) -> Solution:
        """The game solved by its method under the optimal strategy."""
        return self.method.solve(self.game, None, self.progress, self.runner)

    def solve(self, rule: str | None = None) -> Solution:
        """The game solved under a simple rule forcing one decision (``play J-high or better``); None: optimal."""
        if rule is None:
            return self.solution
        return self.method.solve(self.game, self.method.read_rule(self.game, rule), self.progress, self.runner)

    def dealer_totals(self) -> dict[str, dict[str, Fraction]]:
        """Blackjack: per dealer up card (``A``, ``2`` ... ``9``, ``T``), the chance of each final result from the full
        shoe before any peek (``17`` to ``21``, ``blackjack``, ``22``, ``bust``: 23 or more)."""
        totals = self.solution.figures.dealer_totals
        if totals is None:
            raise ValueError(f"{self.game.id}: the dealer's final totals are a blackjack game's figure")
        return {up: dict(chances) for up, chances in totals.items()}

    @cached_property
    def side_tables(self) -> dict[str, ReturnTable]:
        """The return table of each side bet (counted without solving the game's own bet)."""
        return self.method.side_bets(self.game)

    @cached_property
    def tables(self) -> dict[str, ReturnTable]:
        """The return table of each bet offered: the game's own first, then the side bets."""
        table = self.solution.table
        return ({self.game.bet: table} if table is not None else {}) | self.side_tables

    @property
    def deals(self) -> int:
        """Equally likely deals of the game's own bet (of its largest bet, for a game of side bets only)."""
        return self.solution.deals

    @property
    def summary(self) -> pd.DataFrame:
        """One row per bet: house edge (exact and float), element of risk, average wager, hit frequency, SD, deals."""
        import pandas as pd

        rows = []
        for name, table in self.tables.items():
            m = table.metrics
            rows.append({
                "bet": name, "house_edge": m.house_edge, "house_edge_float": float(m.house_edge),
                "element_of_risk": m.element_of_risk, "element_of_risk_float": float(m.element_of_risk),
                "average_wager_float": float(m.average_wager), "hit_frequency_float": float(m.hit_frequency),
                "standard_deviation": m.standard_deviation, "combinations": m.combinations,
            })
        return pd.DataFrame(rows)

    def returns(self, bet: str) -> pd.DataFrame:
        """The return table of a bet offered (``summary`` lists them) as a DataFrame."""
        return self.tables[_known(bet, self.tables, "bet", self.game.id)].to_frame()

    # -- the strategy ---------------------------------------------------------------------------------
    @property
    def decisions(self) -> tuple[DecisionView, ...]:
        """Every decision under every history of stakes that reaches it, in the order of the deal."""
        return self.solution.strategy.decisions

    def decision(self, name: str | None = None, history: str = "") -> DecisionView:
        """One decision (the first, by default), under the history of stakes given (the first that reaches it)."""
        matches = [d for d in self.decisions if (name is None or d.name == name) and (not history or d.history == history)]
        if not matches:
            names = ", ".join(dict.fromkeys(d.name for d in self.decisions))
            histories = ", ".join(repr(d.history) for d in self.decisions if d.name == name)
            after = f" after {history!r}" + (f" (its histories: {histories})" if histories else "") if history else ""
            if not self.decisions:
                raise UnknownName(f"{self.game.id} has no decision: the player decides nothing in it")
            raise UnknownName(f"{self.game.id} has no decision {name!r}{after} (decisions: {names})")
        return matches[0]

    def strategy(self, decision: str | None = None, history: str = "") -> pd.DataFrame:
        """The strategy at a decision: one row per class of seen cards, each option's EV, the option taken (the lookup
        for any cards seen: ``solution.strategy.choose``)."""
        return self.decision(decision, history).frame()

    def strategy_summary(self) -> dict[str, str]:
        """Each decision in words (several histories of one decision are joined)."""
        out: dict[str, list[str]] = {}
        for d in self.decisions:
            out.setdefault(d.name, []).append(d.summary())
        return {name: " | ".join(parts) for name, parts in out.items()}

    def under_rule(self, rule: str) -> ReturnTable:
        """The game's own bet played by a simple rule (``play J-high or better``) instead of the optimal strategy; each
        rule solved once (the claims checked and the par sheet's simpler strategies ask for the same ones)."""
        if rule not in self._under_rules:
            table = self.solve(rule).table
            assert table is not None, "a rule needs a decision of the game's own bet"
            self._under_rules[rule] = table
        return self._under_rules[rule]

    @cached_property
    def _under_rules(self) -> dict[str, ReturnTable]:
        return {}

    @cached_property
    def simple_strategies(self) -> dict[str, ReturnTable]:
        """The simpler strategies the game file lists, each played out."""
        return {name: self.under_rule(rule) for name, rule in self.game.strategies.items()}

    # -- what the tools ask of the cards -------------------------------------------------------------------
    def hand_values(self, hand: str, ids: np.ndarray) -> np.ndarray:
        """The value of the hand ``hand`` for each row of card ids, as the counts value it (0 for a hand valued by colour)."""
        from .showdown import hand_values

        ranking = self.game.hands[hand].ranking
        return hand_values(ranking, self.game.deck, ids) if ranking is not None else np.zeros(len(ids), dtype=np.int64)

    def hand_cards(self, hand: str, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ranks (high first) and suits of each row of card ids as the paytables read them (jokers as the ranking
        lets them stand)."""
        from .showdown import card_arrays

        return card_arrays(self.game.deck, self.game.hands[hand].ranking, ids)

    def coups(self) -> Coups | None:
        """The game's coups dealt and settled by its method, for the simulator: a shoe game's card by card by the rules
        its count uses; a method that plays its own rounds (blackjack's draws and splits, Pai Gow's settings) deals
        them itself; None where the simulator deals the game by its steps and plays it by the strategy's lookup."""
        return self.method.coups(self.solution)

    def throws(self) -> Throws | None:
        """The game's coups thrown with its dice or wheel and settled by its method, for the simulator (None: dealt)."""
        return self.method.throws(self.solution)

    def effect_of_removal(self, bet: str) -> RemovalEffects:
        """The change in a shoe game's bet's expected return when one card of each rank leaves the full shoe."""
        return self.method.removal(self.game, bet)

    def dealer_qualifying(self) -> tuple[int, int]:
        """(dealer hands that qualify, all dealer hands), over the dealer's cards alone."""
        from .enumeration import deal, value_counts

        from .rankings import SuitRanking

        dealer = self.game.hands["dealer"]
        assert dealer.ranking is not None and self.game.qualifier is not None
        cards = sum(self.game.cards_of(r) for r in dealer.of)
        if isinstance(dealer.ranking, SuitRanking):  # counted suit by suit
            total = comb(len(self.game.deck.cards), cards)
            return total - dealer.ranking.hands_below(self.game.qualifier.value, cards), total
        values, weights = value_counts(dealer.ranking, deal(dealer.ranking, cards))
        return int(weights[values >= self.game.qualifier.value].sum()), int(weights.sum())

    def break_even(self, bet: str, line: str) -> Fraction:
        """The pay of ``line`` at which the side bet ``bet`` has no house edge, "to 1": the net win per unit staked,
        the convention of every pay here. A line the table writes "for 1" pays it plus one, for 1 (Three Card Poker's
        progressive: 11519 to 1, which is 11,520 for 1); the outputs give both."""
        table = self.tables[_known(bet, self.game.side_bet, "side bet", self.game.id)]
        lines = [str(o.key("line")) for o in table.outcomes if o.key("line")]
        row = next((o for o in table.outcomes if o.key("line") == line), None)
        if row is None and not lines:
            raise UnknownName(f"{bet} is settled by the showdown, not paid by a table: it has no line {line!r} to break even")
        if row is None:
            raise UnknownName(f"{bet} has no line {line!r} (its lines: {', '.join(lines)})")
        if row.combinations == 0:
            raise InputError(f"{bet}: no deal makes {line!r}, so no pay of it breaks even")
        rest = sum((o.net * o.combinations for o in table.outcomes if o is not row), Fraction(0))
        return -rest / row.combinations

    def progression(self, bet: str) -> Progression:
        """A progressive side bet's figures: its return at any meter, in the long run, its break-even meter, each line's
        average win (:mod:`~casino_math.counting.progressives`)."""
        from .counting.progressives import progression

        side = self.game.side_bet[_known(bet, self.game.side_bet, "side bet", self.game.id)]
        return progression(side, self.tables[bet])

    def envy(self, bet: str, most: int = 6) -> tuple[EnvySeats, ...]:
        """A side bet with an envy bonus at a table of 1 to ``most`` other seats, the seats dealt from one deck."""
        from .counting.progressives import envy_seats

        side = self.game.side_bet[_known(bet, self.game.side_bet, "side bet", self.game.id)]
        return envy_seats(side, self.tables[bet], self.method.seats(self.game, side), most)

    def progressive_record(self, bet: str) -> dict[str, Any]:
        """A side bet's meters and envy bonus as plain data: each meter as declared, its break-even and long-run return,
        each line's average win, and per count of other seats (1 to 6) the envy bonus and any shared meter."""
        from .counting.progressives import progressive_record

        side = self.game.side_bet[_known(bet, self.game.side_bet, "side bet", self.game.id)]
        progressive = side.progressive
        needs_seats = progressive is not None and (progressive.envy is not None or progressive.several == "share")
        return progressive_record(side, self.tables[bet], self.method.seats(self.game, side) if needs_seats else None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract: the game, and per bet its figures and return table (exact values as Fractions)."""
        g = self.game
        bets: dict[str, Any] = {}
        for name, table in self.tables.items():
            entry = table.metrics.to_dict()
            entry["returns"] = table.to_records()
            if table.notes:  # e.g. how a shoe game's deals are counted (ordered six-card deals, or sets of cards)
                entry["notes"] = list(table.notes)
            if name == g.bet:
                entry["strategy"] = self.strategy_summary()
            bet = g.side_bet.get(name)
            if bet is not None and bet.meter:
                entry["meter"] = bet.meter
                entry["break_even_pay"] = self.break_even(name, bet.meter)
            if bet is not None and bet.progressive is not None:
                entry["progressive"] = self.progressive_record(name)
            bets[name] = entry
        return {"game": g.family, "id": g.id, "name": g.name, "source": g.source, "file": g.path, "sha256": g.sha256,
                "deals": self.deals, "bets": bets}

    def hand_frequencies(self, hand: str = "player") -> dict[str, int]:
        """How many sets of a hand's cards make each category of its ranking, strongest first: the counts the side bets
        on that hand are priced from (counted once, whoever asks: the par sheet's table of the player's hand)."""
        from .enumeration import category_counts

        chosen = self.game.hands[hand]
        if chosen.ranking is None:
            raise ValueError(f"{self.game.id}: the hand {hand!r} is valued in points or by colour, not by a poker ranking")
        return category_counts(chosen.ranking, sum(self.game.cards_of(r) for r in chosen.of))


__all__ = ["GameAnalysis", "analyze", "game_schema", "load_game", "load_game_text"]  # files read as the registry reads them


def _known(name: str, known: Any, what: str, game: str) -> str:
    """``name`` if it is one of ``known``; else a KeyError naming what there is (not a bare ``KeyError: 'nope'``)."""
    if name not in known:
        raise UnknownName(f"{game} has no {what} {name!r} ({what}s: {', '.join(known) or 'none'})")
    return name


def analyze(game: str | Path | Game, progress: Progress | None = None, *, client: Any = None, scheduler: str | None = None,
            workers: int | None = None, cache: str | Path | None = None) -> GameAnalysis:
    """Analyse a game file (a path, or an already loaded game): every bet it offers, exactly.

    Figures are computed when first asked for; ``progress(what, done, of)`` hears of long counts. A big
    count runs on every local core, or on a Dask cluster (``client``, or a ``scheduler`` address such as
    ``tcp://host:8786``); ``cache`` keeps its finished shards so that a stopped run resumes. The figures
    are the same wherever it runs.
    """
    named = client is not None or scheduler or workers is not None or cache  # workers=0 is refused, not ignored
    runner = Runner.of(scheduler, client, workers, cache) if named else None
    return GameAnalysis(game if isinstance(game, Game) else load_game(game), progress, runner)
