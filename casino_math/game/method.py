"""The contract every counting method keeps: whether it fits a game (and why not), and a solution of the game.

A game file says what the game is; a *counting method* says how its deals are counted exactly. Each
method (level by level over classes of seen cards, :mod:`.solver`; the hold'em method board by board,
:mod:`.holdem`; shoe games by kinds of card, :mod:`.drawing`, and with a decision, :mod:`.shoe_decisions`;
blackjack, :mod:`.blackjack`) implements :class:`CountingMethod`:

- ``unfit(game)``: None where the method can count the game, else the reason in words;
- ``solve(game, rule)``: a :class:`Solution`, optimal or under a simple rule forcing one decision;
- optionally ``workload(game)``: a :class:`Workload`, the games a solve goes with and what it costs, for tools that
  solve several games at once (``compare``).
- optionally ``solved_alike(game, solved)``: whether a solution of ``solved`` (the same game at other pays) is
  ``game``'s by its pays alone, no decision seeing the pays that differ (a method whose strategy at new pays is a solve
  of seconds says so; the others re-solve an edit from the counts they hold in milliseconds).

A solution carries what every tool needs, in one shape whatever the method: the return table of every
bet, the strategy as one :class:`Strategy` (the option taken for what the player has seen and staked,
with its exact expected value, per hand or for many hands at once), the ends the deals came to (so
that the same strategy can be priced at other pays: :meth:`Solution.replayed`), and the size of the
count. :class:`~casino_math.game.analysis.GameAnalysis` picks the method (:func:`method_for`); the tools
(design, simulate, claims, report, the command line) reach the methods only through it.

>>> from casino_math.game.loader import load_game
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> method_for(game).name, [m.unfit(game) for m in methods()]
('level by level', ['not a blackjack game file (no blackjack: section)', 'not a Pai Gow Poker game file (no pai_gow: section)', 'not dealt from a shoe nor valued in points', 'not dealt from a shoe nor valued in points', 'no board dealt in two stages after two hole cards', 'no dealer hand ranked by its best suit', None])
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
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping, Protocol, Sequence, cast

import numpy as np

from ..cards import parse_cards
from ..errors import UnknownName
from ..returns import ReturnTable
from .description import Game, Option
from .money import History, opening_stakes
from .rules import Rule

if TYPE_CHECKING:
    import pandas as pd

    from ..parallel import Runner
    from .tree import Progress

SEEN_ROLES = ("up", "board", "player")  # what the player sees: the dealer's up cards, the board, his own cards
SEEN_AS = {"player": "player", "board": "board", "dealer": "up"}  # a deal step's role -> where its seen cards lie


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


class DecisionView(Protocol):
    """One decision under one history of stakes, as the report and the tables show it: class by class of what the
    player has seen (``player_values``: his hand's value per class, where he holds a whole hand), or by category
    (``by_category``: the player's hand and the board, where the classes are too many to show)."""

    by_category: bool

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

    def taken(self) -> dict[str, int]: ...

    def frame(self) -> pd.DataFrame: ...

    def summary(self) -> str: ...


class UnrankedView:
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


class Repriced(Protocol):
    """Deals counted by how they end under one strategy (a method's :class:`~.money.Ends`, or its own), priced at the
    pays of any game with the same lines: the same strategy's return there."""

    def table(self, game: Game) -> ReturnTable: ...


@dataclass(frozen=True, eq=False)
class Solution:
    """A game solved by one method: the return table of every bet, the strategy, the ends of the game's own bet
    under that strategy, and the size of the count (classes or boards one solve visits: what a re-solve costs)."""

    method: str
    game: Game
    table: ReturnTable | None  # the game's own bet (None: a game of side bets only)
    strategy: Strategy
    ends: Repriced | None
    size: int
    deals: int
    side_tables: Callable[[], dict[str, ReturnTable]] = field(default=dict, repr=False)
    detail: Any = field(default=None, repr=False)  # the method's own working (its counts), for its own tests only

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
        linear = getattr(self.ends, "linear", None)
        return self.ends if linear is None else cast(Repriced, linear())


class Coups(Protocol):
    """A shoe game's coups settled card by card by the rules its count uses (see :meth:`GameAnalysis.coups
    <casino_math.game.analysis.GameAnalysis.coups>`): ``kinds`` has a row per coup, the kinds of its cards in the order
    the shoe gives them; per bet, each coup's end and the ends (each with its ``net`` and ``keys``)."""

    @property
    def cards(self) -> int: ...

    @property
    def kinds(self) -> np.ndarray: ...

    @property
    def shoe(self) -> Any: ...

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Any, ...]]]: ...


@dataclass(frozen=True)
class Workload:
    """Which games a game's solve goes with, and roughly what it costs, so that a tool solving several games
    (``compare``) can spread them over worker processes. Games of one ``group`` (not None) are solved one after the
    other in one process, as they share work there: counts counted once (blackjack's dealer's counts and positions of
    one shoe and one dealer; the counts a game's paytables share), counts one reads from another's (the totals a
    hold'em game keeps for its other pays, the house ways of a Pai Gow Poker compare), or a big count each runs on
    every core already; None: a group of its own. ``cost`` weighs one game's solve against another's by the same
    method, so that the costliest start first.

    >>> Workload(), Workload(("dealer", 6), 2.0).group
    (Workload(group=None, cost=1.0), ('dealer', 6))
    """

    group: Hashable | None = None
    cost: float = 1.0


class CountingMethod(Protocol):
    """How a kind of game is counted exactly (see the module's introduction)."""

    @property
    def name(self) -> str:
        """The method's name as the par sheet gives it."""
        ...

    def unfit(self, game: Game) -> str | None:
        """Why this method cannot count ``game`` (None: it can)."""
        ...

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        """The game solved: optimal, or with ``rule`` forcing one decision."""
        ...

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        """The return table of every side bet, counted without solving the game's own bet (a side bet is settled by
        the cards alone)."""
        ...


def methods() -> tuple[CountingMethod, ...]:
    """Every counting method, the most specific first (the engines load when asked for, not with the contract)."""
    from .blackjack.method import BLACKJACK
    from .by_kind import BY_KIND
    from .by_suits import BY_SUITS
    from .holdem import HOLDEM
    from .pai_gow.method import PAI_GOW
    from .shoe_decisions import SHOE_DECISIONS
    from .solver import LEVEL_BY_LEVEL

    return BLACKJACK, PAI_GOW, SHOE_DECISIONS, BY_KIND, HOLDEM, BY_SUITS, LEVEL_BY_LEVEL


def method_for(game: Game) -> CountingMethod:
    """The first method that fits ``game``, in the order of :func:`methods` (the most specific first)."""
    for method in _may_fit(game):
        if method.unfit(game) is None:
            return method
    reasons = "; ".join(f"{m.name}: {m.unfit(game)}" for m in methods())
    raise ValueError(f"{game.id}: no counting method fits ({reasons})")


def _may_fit(game: Game) -> tuple[CountingMethod, ...]:
    """The methods of :func:`methods` that may fit ``game``, in its order. Blackjack and Pai Gow Poker count only games of
    their own file types, and their engines import compiled kernels (half a second or more): loaded only for such a game.
    """
    from .blackjack.game_file import BlackjackGame
    from .pai_gow.game_file import PaiGowGame

    if isinstance(game, (BlackjackGame, PaiGowGame)):
        return methods()
    from .by_kind import BY_KIND
    from .by_suits import BY_SUITS
    from .holdem import HOLDEM
    from .shoe_decisions import SHOE_DECISIONS
    from .solver import LEVEL_BY_LEVEL

    return SHOE_DECISIONS, BY_KIND, HOLDEM, BY_SUITS, LEVEL_BY_LEVEL

