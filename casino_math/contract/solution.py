"""A game solved, whatever the method: the return tables, the strategy as one lookup, the ends a strategy came to.

A :class:`Solution` carries what every tool needs, in one shape whatever the method counted: the return table of every
bet, the strategy as one :class:`Strategy` (the option taken for what the player has seen and staked, with its exact
expected value, per hand or for many hands at once), the ends the deals came to (so that the same strategy can be
priced at other pays: :meth:`Solution.replayed`), and the size of the count.

>>> from casino_math.analysis import load_game
>>> from casino_math.registry import method_for
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> solution = method_for(game).solve(game)
>>> choice = solution.strategy.choose("play_or_fold", {"player": "Qs 6h 4d"})
>>> choice.option, choice.ev
('play', Fraction(-9151, 9212))
>>> solution.strategy.choose("play_or_fold", {"player": "Qs 6h 3d"}).option
'fold'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Mapping, Protocol, Sequence, TypeVar

import numpy as np

from ..cards import parse_cards
from ..errors import UnknownName
from ..game.description import Game, Option
from ..levels import SEEN_ROLES
from ..returns import ReturnTable
from .money import History, Repriced, opening_stakes

if TYPE_CHECKING:
    import pandas as pd

SEEN_AS = {"player": "player", "board": "board", "dealer": "up"}  # a deal step's role -> where its seen cards lie
W = TypeVar("W")  # a method's own working (see Solution.own)


@dataclass(frozen=True)
class Choice:
    """The option a strategy takes at a decision, and its exact expected value per initial unit."""

    option: str
    ev: Fraction


@dataclass(frozen=True, eq=False)
class Decided:
    """A decision taken for many hands: the options (in the order a tie goes), the option taken per hand (an index
    into ``options``), and every option's value per hand as integers over ``scale`` (per initial unit)."""

    options: tuple[Option, ...]
    choice: np.ndarray  # (hands,)
    values: np.ndarray  # (options, hands), integers
    scale: int | np.ndarray  # the value of one initial unit: one for every hand, or (hands,)

    def ev(self, option: int, hand: int) -> Fraction:
        scale = self.scale if isinstance(self.scale, int) else self.scale[hand]
        return Fraction(int(self.values[option, hand]), int(scale))


class Lookup(Protocol):
    """How a method looks its decisions up: ``decide`` takes what many hands have seen (card ids per seen role, one row
    per hand) and the stakes so far, and returns the decision taken for each (None where the stakes close it)."""

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None: ...


@dataclass(frozen=True)
class Exhibits:
    """What a decision view shows and gives beyond its classes and its words, each where the view has it (the par
    sheet, ``compare`` and the claims read them here, whatever the method).

    >>> Exhibits().chart_legend, Exhibits().optimal_gain
    ('', None)
    """

    chart_legend: str = ""  # a chart printed as players use it (blackjack's basic strategy): what its codes mean
    table_caption: str = ""  # a table of figures by what the player sees, no decision in it: what the figures are
    intro: str = ""  # a strategy the game declares (a house way), not derived: the strategy section's first paragraph
    breakdown: Callable[[], list[tuple[str, pd.DataFrame]]] | None = None  # a strategy written as rules: captioned tables
    other_way_figures: Callable[[Game], list[tuple[str, object]]] | None = None  # another game file's way of taking
    # the decision (its house way) played against this game: (figure, value) rows, as ``compare`` shows them
    optimal_gain: Fraction | None = None  # what deciding optimally gains over the declared strategy, per initial stake


NO_EXHIBITS = Exhibits()


class DecisionView(Protocol):
    """One decision under one history of stakes, as the report and the tables show it: class by class of what the
    player has seen (``player_values``: his hand's value per class, where he holds a whole hand), or by category
    (``by_category``: the player's hand and the board, where the classes are too many to show); what it shows beyond
    that (``exhibits``); and ``classes``: how many classes of seen cards it counts one by one (None: it shows them by
    category, by rule or by figure)."""

    @property
    def by_category(self) -> bool: ...

    @property
    def name(self) -> str: ...

    @property
    def history(self) -> str: ...

    @property
    def options(self) -> tuple[Option, ...]: ...

    @property
    def threshold(self) -> str | None: ...

    @property
    def thresholds(self) -> list[tuple[str, str]]: ...

    @property
    def player_values(self) -> np.ndarray | None: ...

    @property
    def exhibits(self) -> Exhibits: ...

    @property
    def classes(self) -> int | None: ...

    def taken(self) -> dict[str, int]: ...

    def frame(self) -> pd.DataFrame: ...

    def summary(self) -> str: ...


class PlainView:
    """What a :class:`DecisionView` declares beyond its classes and words, as a view without any of it has it (a
    method's views derive from this and override what they have): no exhibits, no count of its classes."""

    @property
    def exhibits(self) -> Exhibits:
        return NO_EXHIBITS

    @property
    def classes(self) -> int | None:
        return None


class UnrankedView(PlainView):
    """The part of a :class:`DecisionView` shared by views whose classes are not ordered by the player's hand value (a
    shoe game's ranks seen, blackjack's totals, Pai Gow's settings, hold'em's categories): no hand values, so no
    "play X or better" thresholds."""

    @property
    def thresholds(self) -> list[tuple[str, str]]:
        return []

    @property
    def player_values(self) -> np.ndarray | None:
        return None


@dataclass(frozen=True, eq=False)
class Strategy:
    """A solution's strategy, whatever the method: every decision as a table (``decisions``, in the order of the deal)
    and as a lookup, per hand (:meth:`choose`) or for many hands at once (:meth:`decide`)."""

    game: Game
    decisions: tuple[DecisionView, ...] = ()
    lookup: Lookup | None = None

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        """The decision ``decision`` taken by every hand (rows of ``seen``: card ids per seen role) under ``stakes``."""
        names = [d.name for d in self.game.decisions]
        if self.lookup is None or decision not in names:
            raise UnknownName(f"{self.game.id} has no decision {decision!r} (decisions: {', '.join(names) or 'none'})")
        return self.lookup.decide(decision, stakes, seen)

    def choose(self, decision: str, seen: Mapping[str, str | Sequence[int]], stakes: History | None = None) -> Choice:
        """The option taken at ``decision`` by a player who has seen ``seen`` (cards per seen role: ``player``,
        ``board``, ``up``; as text or card ids) after staking ``stakes`` (default: the stakes before the deal)."""
        stakes = opening_stakes(self.game) if stakes is None else stakes
        rows = {role: np.array([self._ids(seen.get(role, ()))], dtype=np.int64).reshape(1, -1) for role in SEEN_ROLES}
        decided = self.decide(decision, stakes, rows)
        if decided is None:
            staked = [w.name for w in self.game.wagers if w.bonus_on is None]
            words = ", ".join(f"{name} {units}" for name, units in zip(staked, stakes)) if len(stakes) == len(staked) else repr(stakes)
            raise UnknownName(f"{decision} is not open after stakes of {words} (units on {', '.join(staked)}, in that order)")
        taken = int(decided.choice[0])
        return Choice(decided.options[taken].name, decided.ev(taken, 0))

    def _ids(self, cards: str | Sequence[int]) -> list[int]:
        if not isinstance(cards, str):
            return [int(c) for c in cards]
        index = {card: i for i, card in enumerate(self.game.deck.cards)}
        missing = [str(card) for card in parse_cards(cards) if card not in index] if cards else []
        if missing:
            raise UnknownName(f"the {self.game.deck} deck has no {' '.join(missing)}")
        return [index[card] for card in parse_cards(cards)] if cards else []


@dataclass(frozen=True)
class SolutionFigures:
    """Figures of a solved game beyond its return tables, declared by name for the tools that look them up (claims
    check them); None where the game's method has no such figure. ``dealer_totals``: blackjack's dealer, per up card by
    name (``A``, ``2`` ... ``T``), the chance of each final result of his hand from the full shoe. ``per_bet``: per bet,
    figures the trade quotes beside its return table, by name (a bet over several throws: ``rolls_to_resolve``, the
    expected throws until it settles, and ``house_edge_per_roll``, the house edge over them).

    >>> SolutionFigures().dealer_totals is None, SolutionFigures().per_bet
    (True, {})
    """

    dealer_totals: Mapping[str, Mapping[str, Fraction]] | None = None
    per_bet: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Solution:
    """A game solved by one method: the return table of every bet, the strategy, the ends of the game's own bet
    under that strategy, the size of the count (classes or boards one solve visits: what a re-solve costs), the
    figures tools look up beside the tables, and the method's own working, which only the method reads (:meth:`own`)."""

    method: str
    game: Game
    table: ReturnTable | None  # the game's own bet (None: a game of side bets only)
    strategy: Strategy
    ends: Repriced | None
    size: int
    deals: int
    side_tables: Callable[[], dict[str, ReturnTable]] = field(default=dict, repr=False)
    figures: SolutionFigures = field(default_factory=SolutionFigures, repr=False)
    working: Callable[[], object] = field(default=lambda: None, repr=False)  # a function: a kept solution solves it late

    def own(self, kind: type[W]) -> W:
        """The method's own working (its counts, its play), as the type its method knows it by: for the method's own
        code and tests, never a tool's (a kept solution solves the game when this is first asked for).

        >>> from casino_math.analysis import load_game
        >>> from casino_math.registry import method_for
        >>> game = load_game("paytables/three_card_poker/standard.yaml")
        >>> method_for(game).solve(game).own(list)
        Traceback (most recent call last):
        ...
        TypeError: tcp-standard: the working of a solution by level by level is no list
        """
        working = self.working()
        if not isinstance(working, kind):
            raise TypeError(f"{self.game.id}: the working of a solution by {self.method} is no {kind.__name__}")
        return working

    @cached_property
    def tables(self) -> dict[str, ReturnTable]:
        """Every bet's return table: the game's own first, then the side bets."""
        own = {self.game.bet: self.table} if self.table is not None else {}
        return own | self.side_tables()

    def replayed(self, game: Game) -> ReturnTable:
        """The game's own bet played by this solution's strategy but paid by ``game``'s pays (the same game with other
        pays): what the strategy returns there. Linear in every pay, which is how the design tools find where the best
        strategy changes and write a return as an expression of the pays."""
        if self.ends is None:
            raise ValueError(f"{self.game.id} has no own bet to replay")
        return self.ends.table(game)

    def repricer(self) -> Repriced:
        """What prices this solution's strategy at other pays at once (its ``table(game)`` is :meth:`replayed`'s): the ends
        themselves where they are counts priced by a dot product; where the method plays its rounds again to price them
        (blackjack's replay, seconds), that replay worked out once as linear forms of the pays (a method's ends say so
        with ``linear()``), then milliseconds a paytable: the figures of the strategy last solved at the pays a designer
        types, while the optimal strategy at those pays is solved."""
        if self.ends is None:
            raise ValueError(f"{self.game.id} has no own bet to replay")
        return self.ends.linear()
