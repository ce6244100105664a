"""Double Exposure's solution: the rounds of :func:`~.exposed.play_exposed` as the tools read them.

Both dealer cards are in view, so the strategy is printed by the dealer's two cards, as Double Exposure's strategy
cards print it: one column per dealer total (hard 4 to 20, then the soft hands A-A to A-9), one row per player total
(or pair) of the first two cards. A cell is the best play for those totals: the option of highest expected value over
every player's and dealer's two cards making them (a total-dependent strategy card); ``*`` marks a cell where some of
those cards play best otherwise (the optimal play is by the cards: the first view lists every player's and dealer's two
cards). The return table, the simulator's rounds and the replay at
other pays are the ordinary game's, keyed by up card and hole card.

>>> from casino_math.methods.blackjack.game_file import load_blackjack_text
>>> game = load_blackjack_text("game: blackjack\\nid: de\\ndeck: {ranks: 7-A}\\nblackjack:\\n  dealer: {hole_card: face up}\\n"
...                            "  split: {hands: 2}\\n  ties: lose\\n  pays: {blackjack: 1 to 1}\\n")
>>> solution = exposed_solution(game, "blackjack")
>>> solution.strategy.choose("play", {"player": "Th 8c", "up": "7s 7d"}).option   # 18 against the dealer's 14: stand
'stand'
>>> solution.strategy.choose("play", {"player": "Th 7c", "up": "Ts 7d"}).option   # 17 against 17: a tie loses, hit
'hit'
>>> chart = solution.strategy.decisions[1].frame()   # one deck of sevens to aces: the dealer's two cards make 14 to 20
>>> list(chart.columns[:3]), chart.loc[chart["hand"] == "hard 17", "17"].item(), chart.loc[chart["hand"] == "hard 17", "16"].item()
(['hand', '14', '15'], 'H', 'S')
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from ...contract.solution import DecisionView, Exhibits, Solution, SolutionFigures, Strategy, UnrankedView
from ...game.description import Option
from ...text import percent
from .basic import key_of
from .choices import DOUBLE, HIT, SPLIT, STAND
from .coups import BlackjackCoups, Played, Round
from .dealer import dealer_chances, natural
from .exposed import play_exposed
from .game_file import BlackjackGame
from .hands import Hand
from .views import OPTIONS, FirstTwoCards, Lookup, Replay, _row_name, _signed, return_table
from .rounds import BLACKJACK_OPTION, Play, UpCard
from .rules import ACE, VALUES, value_name

if TYPE_CHECKING:
    import pandas as pd

CODES = {STAND: "S", HIT: "H", DOUBLE: "D", SPLIT: "P"}
LEGEND = ("H hit, S stand, D double, P split; * some of the cards making the totals play best otherwise (the optimal "
          "play of each player's and dealer's two cards is listed with the first two cards)")


@dataclass(frozen=True, eq=False)
class ExposedFigures:
    """What a Double Exposure solve worked out: every round played best, by up card and hole card."""

    play: Play


def exposed_solution(game: BlackjackGame, method: str) -> Solution:
    """The game counted exactly (:func:`~.exposed.play_exposed`), its return table, the strategy as tables by the
    dealer's two cards and as a lookup, and the replay at other pays."""
    play = play_exposed(game.rules, game.shoe)
    table = return_table(game, play.ends, notes())
    views: tuple[DecisionView, ...] = (DealerCards(game, play, "first two cards"),
             *(TotalsChart(game, play, kind) for kind in ("hard", "soft", "pair") if TotalsChart(game, play, kind).keys),
             ReturnsByDealer(game, play))
    size = sum(len(u.valued) for u in play.upcards.values())
    figures = ExposedFigures(play)
    return Solution(method, game, table, Strategy(game, views, ExposedLookup(game, play)), Replay(play), size, table.total,
                    dict, SolutionFigures(dealer_totals=dealer_totals(game)), working=lambda: figures)


def dealer_totals(game: BlackjackGame) -> dict[str, dict[str, Fraction]]:
    """Per up card (by name): the chance of each final result of the dealer's hand from the full shoe, the hole card's
    blackjack among them (seen or not, the dealer's cards fall alike)."""
    return {value_name(up): dealer_chances(game.shoe, up, game.rules) for up in range(VALUES) if game.shoe.counts[up]}


def notes() -> tuple[str, ...]:
    """What the return table is and how its rounds are played (the rules in words are the game's own)."""
    return (
        "every round's exact probability (the dealer's two cards dealt face up, the dealer's draws from the cards left, "
        "every option valued exactly), as whole numbers over their common denominator",
        "played by the optimal strategy: each hand by its own cards and the dealer's two cards; split hands by the best "
        "play with the pair's two cards and the dealer's out (CDP1), or given every card seen (CDP) as the file says, "
        "the split's value exact for that play",
        "a split round's spread: each split hand's chance of every result against every dealer total is exact; the "
        "hands are combined as if independent given the dealer's total (the round's average stays exact)",
    )


def dealer_column(up: int, hole: int) -> str:
    """The dealer's two cards as a strategy card heads them: the hard total (``4`` to ``20``), a soft hand (``A-2``), a
    blackjack (``A-T``).

    >>> dealer_column(9, 5), dealer_column(5, ACE), dealer_column(ACE, ACE), dealer_column(ACE, 9)
    ('16', 'A-6', 'A-A', 'A-T')
    """
    if ACE in (up, hole):
        return f"A-{value_name(hole if up == ACE else up)}"
    return str(up + hole + 2)


def dealer_columns(play: Play) -> list[str]:
    """The dealer's columns the shoe can deal, hard totals up, then the soft hands and the blackjack."""
    seen = {dealer_column(u.up, u.shown) for u in play.upcards.values() if u.shown is not None}
    hard = sorted((c for c in seen if not c.startswith("A")), key=int)
    return hard + [f"A-{value_name(v)}" for v in (ACE, *range(1, VALUES)) if f"A-{value_name(v)}" in seen]


def _card(up: UpCard) -> str:
    return f"{value_name(up.up)} {value_name(up.shown if up.shown is not None else up.up)}"


# -- the strategy as tables ------------------------------------------------------------------------------------
@dataclass(eq=False)
class DealerCards(FirstTwoCards):
    """The optimal play of the first two cards against the dealer's two cards: one row per dealer's cards (up card,
    then hole card) and player's cards, each option's value."""

    dealt = 4  # the dealer's two cards and the player's two
    dealer_heading = "dealer's cards"

    def dealer_words(self, upcard: UpCard) -> str:
        return _card(upcard)

    def hand_words(self, hand: Hand) -> str:
        return _row_name(key_of(hand, True, self.play.rules.splits))

    def summary(self) -> str:
        return super().summary() + ", against the dealer's two cards"


@dataclass(eq=False)
class TotalsChart(UnrankedView):
    """The optimal play of the first two cards by the player's total (hard, soft, or a pair) and the dealer's two
    cards' total: the strategy card of Double Exposure (see the module)."""

    game: BlackjackGame
    play: Play
    kind: str
    by_category: bool = False
    history: str = ""
    threshold: str | None = None

    exhibits = Exhibits(chart_legend=LEGEND, table_caption="by the dealer's two cards: their hard total, or the soft hand "
                                                          "(A-A to A-9)")

    @property
    def name(self) -> str:
        return {"hard": "strategy by totals, hard totals", "soft": "strategy by totals, soft totals",
                "pair": "strategy by totals, pairs"}[self.kind]

    @property
    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    @cached_property
    def cells(self) -> dict[tuple[tuple[str, int, bool], str], tuple[dict[str, Fraction], dict[str, Fraction]]]:
        """Per (the player's key, the dealer's column): each option's expected value over the rounds of those totals
        (weighted by their chance), and the chance of the rounds whose optimal play takes each option."""
        out: dict[tuple[tuple[str, int, bool], str], tuple[dict[str, Fraction], dict[str, Fraction]]] = defaultdict(
            lambda: (defaultdict(Fraction), defaultdict(Fraction)))
        for upcard in self.play.upcards.values():
            assert upcard.shown is not None
            if natural(upcard.up, upcard.shown):
                continue  # a dealer blackjack in view: nothing to decide
            column = dealer_column(upcard.up, upcard.shown)
            for hand, root in upcard.roots.items():
                key = key_of(hand, True, self.play.rules.splits)
                if root.taken != BLACKJACK_OPTION and key[0] == self.kind:
                    values, taken = out[key, column]
                    for o, v in root.options.items():
                        values[o] += root.chance * v
                    taken[root.taken] += root.chance
        return out

    @cached_property
    def keys(self) -> list[tuple[str, int, bool]]:
        keys = {key for key, _ in self.cells}
        return sorted(keys, key=lambda k: -((k[1] - 1) % VALUES) if self.kind == "pair" else -k[1])

    @cached_property
    def columns(self) -> list[str]:
        return [c for c in dealer_columns(self.play) if c != "A-T"]

    def best(self, key: tuple[str, int, bool], column: str) -> str:
        """The best option for these totals (of highest expected value over their rounds; on a tie, the one wagering
        more, as :func:`~.rounds.best_root` breaks them)."""
        values, _ = self.cells[key, column]
        top = max(values.values())
        return next(o for o in (DOUBLE, SPLIT, STAND, HIT) if values.get(o) == top)

    def code(self, key: tuple[str, int, bool], column: str) -> str:
        """The cell's code: the best option for the totals, ``*`` where some of their cards play best otherwise."""
        if (key, column) not in self.cells:
            return ""
        best = self.best(key, column)
        _, taken = self.cells[key, column]
        return CODES[best] + ("*" if set(taken) != {best} else "")

    def taken(self) -> dict[str, int]:
        """Deals (the dealer's two cards and the player's, in order) of this part of the chart taking each option, played
        by the chart (each cell's option for every round of its totals)."""
        total = math.perm(self.play.shoe.size, 4)
        out = {o.name: 0 for o in OPTIONS}
        for (key, column), (_, taken) in self.cells.items():
            out[self.best(key, column)] += int(sum(taken.values(), Fraction(0)) * total)
        return out

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([{"hand": _row_name(key), **{c: self.code(key, c) for c in self.columns}} for key in self.keys],
                            columns=["hand", *self.columns])

    def summary(self) -> str:
        mixed = sum(self.code(key, column).endswith("*") for key, column in self.cells)
        return (f"the best play of the first two cards by the player's {self.kind if self.kind != 'pair' else 'pair'} "
                f"and the dealer's two cards' total: {len(self.cells)} cells, in {mixed} of them some cards play best "
                f"otherwise (H hit, S stand, D double, P split, * played otherwise by some cards)")


@dataclass(eq=False)
class ReturnsByDealer(UnrankedView):
    """The expected return of a round by the dealer's two cards' total, printed as a table."""

    game: BlackjackGame
    play: Play
    by_category: bool = False
    history: str = ""
    threshold: str | None = None
    name: str = "expected return by the dealer's cards"

    exhibits = Exhibits(table_caption="the expected return of a round per initial bet under the optimal strategy, given "
                                      "the dealer's two cards' total (A-T: the dealer's blackjack), and its chance")

    @property
    def options(self) -> tuple[Option, ...]:
        return ()

    def taken(self) -> dict[str, int]:
        return {}

    @cached_property
    def returns(self) -> dict[str, tuple[Fraction, Fraction]]:
        """Per dealer column: its chance and the expected return given it."""
        chance: dict[str, Fraction] = defaultdict(Fraction)
        value: dict[str, Fraction] = defaultdict(Fraction)
        for upcard in self.play.upcards.values():
            assert upcard.shown is not None
            column = dealer_column(upcard.up, upcard.shown)
            chance[column] += upcard.chance
            value[column] += upcard.chance * upcard.ev
        return {c: (chance[c], value[c] / chance[c]) for c in dealer_columns(self.play)}

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([{"dealer's cards": c, "probability": f"{float(p):.6f}", "optimal": _signed(ev)}
                             for c, (p, ev) in self.returns.items()])

    def summary(self) -> str:
        best = max(self.returns, key=lambda c: self.returns[c][1])
        worst = min(self.returns, key=lambda c: self.returns[c][1])
        return (f"the player does best against the dealer's {best} ({percent(self.returns[best][1], 2)}) and worst "
                f"against {worst} ({percent(self.returns[worst][1], 2)}), under the optimal strategy")


# -- the strategy as a lookup, the simulator's rounds ---------------------------------------------------------
@dataclass(frozen=True, eq=False)
class ExposedLookup(Lookup):
    """The optimal strategy looked up with both dealer cards in view: ``up`` is the up card, then the hole card."""

    def dealer_key(self, dealer: list[int]) -> int:
        if len(dealer) != 2:
            raise ValueError("Double Exposure's decisions see the dealer's two cards (the up card, then the hole card)")
        return dealer[0] * VALUES + dealer[1]


@dataclass(frozen=True, eq=False)
class ExposedCoups(BlackjackCoups):
    """Rounds dealt card by card with both dealer cards face up (the player's first card, the up card, the player's
    second card, the hole card), played by the optimal strategy of those four cards."""

    def round(self, values: list[int], suits: list[int]) -> Round:
        return ExposedRound(self, values, suits)


class ExposedRound(Round):
    """One Double Exposure round: a dealer blackjack in view takes every hand but a player's blackjack (a push, or paid
    where blackjack ties win); a player's blackjack beats every other dealer hand; a tie loses where ties lose."""

    def end(self) -> tuple[str, Fraction]:
        rules = self.rules
        first, up, second, hole = self.card(), self.card(), self.card(), self.card()
        key = up * VALUES + hole
        dealt = Hand(tuple((v == first) + (v == second) for v in range(VALUES)))
        root = self.coups.play.upcards[key].roots[dealt]
        if root.taken == BLACKJACK_OPTION:
            if natural(up, hole) and not rules.blackjack_ties_win:
                return "both blackjack", Fraction(0)
            if rules.suited_blackjack_pays is not None and self.suits[0] == self.suits[2]:
                return "suited blackjack", rules.suited_blackjack_pays
            return "blackjack", rules.blackjack_pays
        if root.taken == SPLIT:
            hands, kind = self.split(key, first), "split"
        else:
            hands, kind = [self.hand(key, dealt, root.taken)], "double" if root.taken == DOUBLE else "hand"
        dealer = self.dealer(up, hole)
        return kind, sum((self.settle(h, dealer) for h in hands), Fraction(0))

    def settle(self, hand: Played, dealer: str) -> Fraction:
        cards, stakes, _, _ = hand
        if self.rules.ties_lose and dealer.isdigit() and cards.hard <= 21 and cards.total == int(dealer):
            return Fraction(-stakes.own)
        return super().settle(hand, dealer)


__all__ = ["ExposedCoups", "ExposedFigures", "ExposedLookup", "exposed_solution"]
