r"""The contract every counting method keeps: the one base the tools reach a method through, every capability declared.

A game file says what the game is; a *counting method* says how its deals are counted exactly. Each method is a
subclass of :class:`Method` in its own folder of :mod:`casino_math.methods`, and :mod:`casino_math.registry` is the one
module that names them. A method states two facts (``name``, and ``description`` for the par sheet) and implements two
hooks (``unfit``, ``solve``); every other capability a tool may use is declared here, with a default that says "this
method has nothing of its own to add":

- ``unfit(game)``: None where the method can count the game, else the reason in words;
- ``solve(game, rule, progress, runner)``: a :class:`~.solution.Solution`, optimal or under a simple rule;
- ``side_bets(game)``: the return table of every side bet, counted by the cards alone;
- ``problems(game)``: what the method cannot count in a game it fits, as :class:`~casino_math.game.sections.Problem`\ s
  (a field's path and the words), which the file reader reports at that field's ``file:line``;
- ``workload(game)``: the games a solve goes with and what it costs (:class:`Workload`), for tools solving many games;
- ``solved_alike(game, solved)``: whether a solution of ``solved`` (the same game at other pays) is ``game``'s, repriced;
- ``coups(solution)``: the rounds the method deals itself for the simulator (:class:`Coups`), or None;
- ``removal(game, bet)``: the effect of removal of one card of each rank, where the method computes it;
- ``throws(solution)``: coups thrown with dice or a wheel and settled by the method itself for the simulator
  (:class:`Throws`), or None.
- ``seats(game, bet)``: a side bet's hands at several seats dealt from one deck, for an envy bonus or a shared meter.
- ``estimate(game, known)``: the house edge of the game's own bet estimated at once (:class:`Estimate`), for a tool showing a
  figure while a solve of seconds runs, or None where the method gives none.
- ``kept(game)``: whether the game's solution is kept between runs, so that solving it reads it rather than counts it.

>>> from casino_math.registry import load_game, method_for
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> method = method_for(game)
>>> method.name, method.workload(game).group[0], method.coups(method.solve(game))
('level by level', 'level by level', None)
"""

from __future__ import annotations

import math
from fractions import Fraction
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Hashable, Protocol

import numpy as np

from ..errors import InputError
from ..game.description import Game, SideBet
from ..game.sections import Problem
from ..returns import ReturnTable
from .solution import Solution

if TYPE_CHECKING:  # the shared counting loads when a default below counts, not with every method
    from ..counting.removal import RemovalEffects
    from ..counting.seats import SeatCounts
    from ..game.simple_strategies import Rule
    from ..levels import Progress
    from ..parallel import Runner


class Coups(Protocol):
    """A shoe game's coups settled card by card by the rules its count uses (see :meth:`GameAnalysis.coups
    <casino_math.analysis.GameAnalysis.coups>`): ``kinds`` has a row per coup, the kinds of its cards in the order
    the shoe gives them; per bet, each coup's end and the ends (each with its ``net`` and ``keys``)."""

    @property
    def cards(self) -> int: ...

    @property
    def kinds(self) -> np.ndarray: ...

    @property
    def shoe(self) -> Any: ...

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Any, ...]]]: ...


class Throws(Protocol):
    """Coups of a game thrown with dice or a wheel (independent throws, not cards from a shoe), thrown and settled by
    the method: for ``coups`` coups from the generator ``rng``, per bet, each coup's end (an index) and the ends (each with
    its ``net`` and ``keys``), as :class:`Coups` gives them."""

    def __call__(self, rng: np.random.Generator, coups: int) -> dict[str, tuple[np.ndarray, tuple[Any, ...]]]: ...


@dataclass(frozen=True)
class Workload:
    """Which games a game's solve goes with, and roughly what it costs, so that a tool solving several games
    (``compare``) can spread them over worker processes. Games of one ``group`` (not None) are solved one after the
    other in one process, as they share work there: counts counted once (blackjack's dealer's counts and positions of
    one shoe and one dealer; the counts a game's paytables share), counts one reads from another's (the totals a
    hold'em game keeps for its other pays, the house ways of a Pai Gow Poker compare), or a big count each runs on
    every core already; None: a group of its own. ``cost`` is roughly the seconds of processor time the solve takes on
    one core with nothing kept (an estimate, within a factor of two or so, not a measurement; a run on kept counts takes
    far less), so that the costliest start first and a progress bar weighs each game by its own (a report's ETA).

    >>> Workload(), Workload(("dealer", 6), 2.0).group
    (Workload(group=None, cost=1.0), ('dealer', 6))
    """

    group: Hashable | None = None
    cost: float = 1.0

    @classmethod
    def of_deals(cls, group: Hashable | None, game: Game, scale: float = 1.0) -> Workload:
        """A game whose deals are counted, its cost from their number (:func:`dealt_cost`) times ``scale``."""
        return cls(group, dealt_cost(game) * scale)


DEALS_CUBE_ROOT_A_SECOND = 300.0


def dealt_cost(game: Game) -> float:
    """Roughly the seconds of processor time a count of every deal of ``game`` takes, from the number of its deals: the
    methods group deals into classes and count cells, not deals one by one, so the cost grows far slower than the deals.
    The cube root of the deals over 300 fits the cold runs of the shipped games within a factor of two
    (``benchmarks/README.md``, ``docs/speed.md``): Three Card Poker's 407,170,400 deals 2.5 s (1.1 s measured),
    Caribbean Stud's 1.99e13 deals 90 s (28 s on two cores), Ultimate Texas Hold'em's 2.78e13 101 s (77 s on two cores),
    Pai Gow Poker's 8.25e15 673 s (about 13 min).

    >>> from casino_math.analysis import load_game
    >>> round(dealt_cost(load_game("paytables/three_card_poker/standard.yaml")), 1)
    2.5
    """
    cube_root: float = math.cbrt(game.deals)
    return cube_root / DEALS_CUBE_ROOT_A_SECOND


@dataclass(frozen=True)
class Estimate:
    """The house edge of a game's own bet estimated at once, before its exact count ends (a figure to show while it
    runs, never one to file): ``house_edge``, and ``words`` saying what the estimate is (``an infinite deck``); or no
    figure (``house_edge`` None) and ``words`` saying which rule the estimate does not reach.

    >>> Estimate(0.0064, "an infinite deck").shown, Estimate(None, "Blackjack Switch's switch").shown
    (True, False)
    """

    house_edge: float | None
    words: str

    @property
    def shown(self) -> bool:
        """Whether there is a figure to show."""
        return self.house_edge is not None


class Method(ABC):
    """How a kind of game is counted exactly (see the module): two facts, two hooks, every other capability declared
    with its default."""

    name: ClassVar[str]  # as the par sheet gives it
    description: ClassVar[str] = ""  # the par sheet's sentence on how the method counts ("": the report's own words)
    computes_removal: ClassVar[bool] = False  # whether it gives the effect of removal (its own ``removal``)

    @abstractmethod
    def unfit(self, game: Game) -> str | None:
        """Why this method cannot count ``game`` (None: it can)."""

    @abstractmethod
    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        """The game solved: optimal, or with ``rule`` forcing one decision."""

    def read_rule(self, game: Game, text: str) -> Rule:
        """A simpler strategy the game file names, as this method plays it: by default a rule in words (``play J-high
        or better``); ValueError says what is wrong."""
        from ..game.simple_strategies import parse_rule

        return parse_rule(game, text)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        """The return table of every side bet, counted without solving the game's own bet (a side bet is settled by
        the cards alone)."""
        if not game.side_bets:  # none to count: the shared counting is not loaded
            return {}
        from ..counting.side_bets import side_bet_table

        return {bet.name: side_bet_table(game, bet) for bet in game.side_bets}

    def problems(self, game: Game) -> tuple[Problem, ...]:
        """What this method cannot count in ``game``, a game it fits (none by default)."""
        return ()

    def workload(self, game: Game) -> Workload:
        """The games ``game``'s solve goes with, and what it costs (by default: a group of its own, a solve like any
        other)."""
        return Workload()

    def solved_alike(self, game: Game, solved: Game) -> bool:
        """Whether a solution of ``solved`` (the same game at other pays) gives ``game``'s figures at once, repriced. By
        default yes: a method re-solves a changed pay from the counts it holds in milliseconds."""
        return True

    def coups(self, solution: Solution) -> Coups | None:
        """Rounds dealt and played by ``solution``'s strategy for the simulator, where the method deals its own (None:
        the game's coups are dealt card by card by its declared steps)."""
        return None

    def throws(self, solution: Solution) -> Throws | None:
        """Coups thrown with dice or a wheel and settled by the method, for the simulator (None: the game is dealt)."""
        return None

    def removal(self, game: Game, bet: str) -> RemovalEffects:
        """The effect of removal of one card of each rank on ``bet``'s expected return, where the method computes it."""
        raise InputError(f"{game.id}: effects of removal are computed for games dealt from a shoe, with draws or points hands")

    def estimate(self, game: Game, known: tuple[Game, Fraction] | None = None) -> Estimate | None:
        """The house edge of the game's own bet estimated at once, where the method may use ``known``: a game like it
        solved exactly and its house edge (None by default: the method's figures come at once from the counts it holds,
        or only once counted)."""
        return None

    def kept(self, game: Game) -> bool:
        """Whether ``game``'s solution is kept between runs (the count cache holds it), so that solving it reads it rather
        than counts it: for a tool deciding whether to wait for the solve. By default no: nothing said."""
        return False

    def seats(self, game: Game, bet: SideBet) -> SeatCounts:
        """The side bet's hands at several seats dealt from one deck (an envy bonus, a meter several seats may win): by
        default every hand of the player's own cards and any board the seats share, counted by the cards alone."""
        from ..counting.seats import seat_counts

        return seat_counts(game, bet)
