"""Video poker as a counting method behind the contract of :mod:`casino_math.contract.method`.

``DRAW_METHOD`` counts a :class:`~.game_file.DrawGame` exactly: every deal (by class under the renamings of suits) × every
hold × every draw, by inclusion–exclusion over the discards (:mod:`~casino_math.methods.draw.counting`), then each deal played by its hold of
highest exact expected value at the game's pays (:mod:`~casino_math.methods.draw.solving`). The return table is the published one: each line
of the paytable with its weighted combinations. The strategy is a lookup (``strategy.choose("draw", {"player":
"Ah Kh Qh Jh 2c"})``: the hold and its exact expected value) and the hand-rank table strategy cards print
(:mod:`~casino_math.methods.draw.strategy_table`).

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> game = load_draw_text(TINY)
>>> solution = DRAW_METHOD.solve(game)
>>> solution.strategy.choose("draw", {"player": "Ah Ad Kc Qs Jd"})
Choice(option='hold Ah Ad', ev=Fraction(-2, 55))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from typing import TYPE_CHECKING, Any, Mapping

import numpy as np

from ...cards import format_cards
from ...contract.method import Method, Workload
from ...contract.money import History
from ...contract.solution import Decided, Exhibits, Solution, Strategy, UnrankedView
from ...game.description import Game, Option
from ...returns import Outcome
from .counting import DrawCounts
from .game_file import DRAW, HOLD_OPTIONS, DrawGame, hold_name
from .codes import HOLDS
from .lookup import in_deal, member, member_holds
from .posted import PostedRule
from .solving import DrawEnds, Played, pays_of, solved

if TYPE_CHECKING:
    import pandas as pd

    from .strategy_card import CardPlay

    from ...game.simple_strategies import Rule
    from ...levels import Progress
    from ...parallel import Runner


class Draw(Method):
    """The draw method (see the module)."""

    name = "video poker, exact over every hold and draw"
    description = ("exhaustive enumeration of every deal, every one of its 32 holds and every draw from the cards left: "
                   "the deals by class under the renamings of suits, each hold's draws counted by paytable line by "
                   "inclusion-exclusion over the discarded cards; every hold weighted to the same number of draws; exact "
                   "integers, rounded only for printing")

    def unfit(self, game: Game) -> str | None:
        return None if isinstance(game, DrawGame) else "not a video poker game file (no draw: section)"

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        assert isinstance(game, DrawGame)
        if rule is not None and not (isinstance(rule, PostedRule) and rule.card is not None):
            raise ValueError(f"{game.id}: video poker is played by its optimal holds or by a posted card; no rule to force")
        counts, played = solved(game)
        if rule is not None:
            return self._posted(game, counts, played, rule)
        notes = (f"every deal of {comb(len(game.deck), 5):,} × every hold × every draw; each hold weighted to "
                 f"{counts.per_hold:,} draws, so {counts.total:,} weighted combinations in all",
                 f"pays per coin with {game.coins} coin{'s' * (game.coins > 1)} bet; between holds of equal expected "
                 "value, the less volatile")
        by_class = tuple(int(x) for x in played.by_class)
        ends = DrawEnds(by_class, notes)
        view = DrawView(game, counts, played)
        return Solution(self.name, game, ends.table(game), Strategy(game, (view,), DrawLookup(game, counts, played)), ends,
                        len(counts.deals), comb(len(game.deck), 5), working=lambda: view)

    def read_rule(self, game: Game, text: str) -> Rule:
        """A posted strategy card the game file lists (``draw: strategies:``), by its name or its words."""
        assert isinstance(game, DrawGame)
        for card in game.posted:
            if text in (card.name, card.rule_text):
                return PostedRule(card.rule_text, DRAW, "", "", None, card=card)
        listed = ", ".join(card.name for card in game.posted) or "none"
        raise ValueError(f"{text!r}: video poker is played by its optimal holds or by a posted strategy card the game "
                         f"file lists under draw: strategies: (its cards: {listed})")

    def _posted(self, game: DrawGame, counts: DrawCounts, played: Played, rule: PostedRule) -> Solution:
        """The game played by a posted card: its return table (the strategy shown beside it stays the optimal one)."""
        from .strategy_card import posted_play

        assert rule.card is not None
        card = posted_play(game, counts, played, rule.card)
        notes = (f"played by the posted card {rule.card.name!r} ({rule.card.source}): each deal held by the first of its "
                 f"{len(rule.card.lines)} lines the deal has (the best hold of that line)",)
        ends = DrawEnds(tuple(int(x) for x in card.by_class), notes)
        view = DrawView(game, counts, played)
        return Solution(self.name, game, ends.table(game), Strategy(game, (view,), DrawLookup(game, counts, played)), ends,
                        len(counts.deals), comb(len(game.deck), 5), working=lambda: view)

    def workload(self, game: Game) -> Workload:
        """The files of one deck and ranking go together: they share the deal classes' counts where their lines agree."""
        assert isinstance(game, DrawGame)
        return Workload(("video poker", game.deck, game.ranking_name))

    def coups(self, solution: Solution) -> DrawCoups:
        """Hands dealt, held by the solution's strategy and drawn card by card, for the simulator."""
        return DrawCoups(solution)


@dataclass(frozen=True, eq=False)
class DrawLookup:
    """The best hold of any deal (see :mod:`~casino_math.methods.draw.lookup`), with every hold's exact expected value."""

    game: DrawGame
    counts: DrawCounts
    played: Played

    @cached_property
    def keys(self) -> np.ndarray:
        from ...subsets import colex

        return colex(self.counts.deals.astype(np.int64))

    def rows(self, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each deal's class (a row of the counts) and where its cards lie in the class's member."""
        keys, places = member(cards, 4 * len(self.game.deck.ranks))
        rows = np.searchsorted(self.keys, keys)
        return rows, places

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        cards = np.asarray(seen["player"], dtype=np.int64)
        if cards.ndim != 2 or cards.shape[1] != 5 or len({*cards[0].tolist()}) != 5:
            raise ValueError(f"{self.game.id}: a deal is five different cards")
        rows, places = self.rows(cards)
        holds = member_holds(places)  # (deals, 32): each own hold as a hold of the member's positions
        sizes = np.array([bin(m).count("1") for m in range(HOLDS)])
        by_member = self.counts.values(self._pays, rows, self._by_set) * self.counts.scale[sizes][None, :]  # (deals, 32)
        values = np.take_along_axis(by_member, holds, axis=1).T - self.played.unit  # (32, deals): net, over unit
        choice = in_deal(self.played.choice[rows].astype(np.int64), places)
        options = HOLD_OPTIONS
        if len(cards) == 1:  # one deal: its holds named by its cards
            dealt = [self.game.deck.cards[c] for c in cards[0]]
            options = tuple(Option(f"hold {format_cards([dealt[i] for i in range(5) if m >> i & 1])}" if 0 < m < HOLDS - 1
                                   else hold_name(m)) for m in range(HOLDS))
        return Decided(options, choice, values, self.played.unit)

    @cached_property
    def _pays(self) -> np.ndarray:
        pays = pays_of(self.game)
        scale = self.played.unit // self.counts.per_hold
        return np.array([int(p * scale) for p in pays], dtype=np.int64)

    @cached_property
    def _by_set(self) -> np.ndarray:
        return self.counts.by_set(self._pays)


@dataclass(frozen=True, eq=False)
class DrawView(UnrankedView):
    """The draw as the par sheet shows it: holds by number of cards drawn, the hand-rank strategy table, multi-play
    and the progressive royal (:mod:`~casino_math.methods.draw.strategy_table`, :mod:`~casino_math.methods.draw.figures`)."""

    game: DrawGame
    counts: DrawCounts
    played: Played
    name: str = DRAW
    by_category: bool = False
    history: str = ""
    threshold: str | None = None

    @property
    def options(self) -> tuple[Option, ...]:
        return HOLD_OPTIONS

    @property
    def classes(self) -> int | None:
        return len(self.counts.deals)

    def drawn(self) -> dict[int, int]:
        """Deals by the number of cards the best hold draws."""
        sizes = np.array([5 - bin(int(m)).count("1") for m in range(HOLDS)])
        drawn = sizes[self.played.choice.astype(np.int64)]
        return {k: int(self.counts.weights[drawn == k].sum()) for k in range(6)}

    def taken(self) -> dict[str, int]:
        """Deals by hold, the holds named by the positions of the class member's cards (ids ascending)."""
        by = np.bincount(self.played.choice.astype(np.int64), weights=self.counts.weights, minlength=HOLDS)
        return {o.name: int(round(by[i])) for i, o in enumerate(HOLD_OPTIONS)}

    @property
    def exhibits(self) -> Exhibits:
        return Exhibits(intro="", breakdown=self.breakdown)

    def breakdown(self) -> list[tuple[str, pd.DataFrame]]:
        """The par sheet's strategy tables: the hand-rank table (and what following it costs), the holds by cards
        drawn, multi-play and the progressive royal."""
        import pandas as pd

        from ...text import percent
        from .figures import figures_tables
        from .strategy_card import posted_play
        from .strategy_table import derived_card

        total = comb(len(self.game.deck), 5)
        card = derived_card(self)
        drawn = pd.DataFrame([{"Cards drawn": k, "Deals": n, "Share of deals": percent(Fraction(n, total), 4)}
                              for k, n in self.drawn().items()])
        posted = []
        for listed in self.game.posted:
            played = posted_play(self.game, self.counts, self.played, listed)
            posted.append((f"The posted strategy card {listed.name!r} ({listed.source}), played exactly: each deal held "
                           f"by the first line it has (where several of its holds fit that line, the best of them). "
                           f"{_priced(played)}", _card_frame(played, total)))
        return [(f"The hand-rank strategy table, derived from the optimal holds: each line is a kind of hold the optimal "
                 f"play keeps, ordered by Ethier, Kim and Lee's method (a kind above another where deals whose optimal "
                 f"hold is the one have the other too; conflicts resolved by the expected value given up; refined on "
                 f"the card's exact return); per line, the deals it decides, their share, the average expected value "
                 f"of the card's hold there and the deals among them held worse than optimal. {_priced(card)}",
                 _card_frame(card, total)),
                *posted,
                ("Deals by the number of cards the optimal hold draws (0: the hand is stood on).", drawn),
                *figures_tables(self)]

    def frame(self) -> pd.DataFrame:
        from .strategy_table import strategy_table

        return strategy_table(self)

    def summary(self) -> str:
        return ("hold the cards of highest exact expected value among the 32 ways (between equal values, the less "
                "volatile); the hand-rank table is its card, priced")


def _priced(card: CardPlay) -> str:
    """A card's price in words: its return, its cost against the optimal holds, the deals it errs on."""
    from ...text import percent

    return (f"Played exactly as a card it returns {percent(card.returned, 4)}, {percent(card.cost, 4)} less than the "
            f"optimal holds ({percent(card.optimal, 4)}); it holds {card.erring:,} of the {card.deals:,} deals "
            f"({percent(Fraction(card.erring, card.deals), 4)}) worse than the optimal hold.")


def _card_frame(card: CardPlay, total: int) -> pd.DataFrame:
    import pandas as pd

    from ...text import percent

    return pd.DataFrame([{"Line (hold the first your hand has)": name, "Deals": deals,
                          "Share of deals": percent(Fraction(deals, total), 4), "Average EV (net, per coin)": f"{float(ev):+.6f}",
                          "Deals held worse than optimal": erring} for name, deals, ev, erring in card.by_line()])


@dataclass(frozen=True)
class _Deck:
    size: int


@dataclass(frozen=True, eq=False)
class DrawCoups:
    """Hands for the simulator: five cards dealt, held by the strategy's lookup, the others replaced in turn from the
    next five cards of the shuffled deck, the final hand paid by the first line it matches (valued card by card)."""

    solution: Solution

    @property
    def game(self) -> DrawGame:
        assert isinstance(self.solution.game, DrawGame)
        return self.solution.game

    @property
    def shoe(self) -> Any:
        return _Deck(len(self.game.deck))

    @property
    def cards(self) -> int:
        return 10

    @property
    def kinds(self) -> np.ndarray:
        return np.arange(len(self.game.deck))

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Outcome, ...]]]:
        from ...subsets import colex
        from .counting import final_hands

        game = self.game
        deal = kinds[:, :5].astype(np.int64)
        lookup = self.solution.strategy.lookup
        assert lookup is not None
        decided = lookup.decide(DRAW, (Fraction(1),), {"player": deal})
        assert decided is not None
        hold = decided.choice.astype(np.int64)
        final = deal.copy()
        taken = np.full(len(deal), 5)
        for i in range(5):  # each discarded card replaced by the next card of the deck
            out = (hold >> i & 1) == 0
            final[out, i] = kinds[out, taken[out]]
            taken += out
        classes = final_hands(game).classes[colex(np.sort(final, axis=1))]
        table = self.solution.table
        assert table is not None
        return {game.bet: (classes.astype(np.int64), table.outcomes)}


DRAW_METHOD = Draw()
