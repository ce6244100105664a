"""A solution kept whole between runs, for a method whose strategy depends on the pays (blackjack's: a pay of a double
or a blackjack moves the play), so that its counts alone cannot be kept as a level-by-level game's are; and for the
level-by-level games too, whose counts are kept but cost a run of an unchanged game their reading (Caribbean Stud's
261 MB, seconds of page faults) and a solve (:mod:`.solver`).

What every tool reads of a solution is kept as data in the count cache (:mod:`casino_math.count_cache`: an archive read
with ``allow_pickle=False`` and a manifest with its SHA-256, never pickle), keyed by everything the solution depends on
(the method names it: the rules with their pays, the shoe) and the engine's version (the package's, and a digest of the
method's modules): the return table of the game's own bet, and each decision as the tables show it (its name, history
and options, how often each option is taken, its table, its summary in words, what the par sheet prints beside it). A
run that finds it solves nothing; the solution's figures (:class:`~.solution.SolutionFigures`: blackjack's dealer
totals, which claims check) are kept beside it; what needs the method's own working (a hand looked up, the strategy
replayed at other pays, rounds dealt by a simulation) solves the game then, once, as a cold run would have
(:class:`OnDemand`).

>>> import tempfile
>>> from pathlib import Path
>>> from casino_math.count_cache import CountCache
>>> from casino_math.analysis import load_game
>>> from casino_math.registry import method_for
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> cache = CountCache(Path(tempfile.mkdtemp()))
>>> cold = kept_solution(game, "demo", (), lambda: method_for(game).solve(game), cache)
>>> warm = kept_solution(game, "demo", (), lambda: 1 / 0, cache)   # found: nothing solved
>>> warm.table == cold.table, warm.strategy.decisions[0].summary()
(True, 'play Q-6-4 or better; fold the rest')
>>> solution_kept("demo", (), cache), solution_kept("another game", (), cache)
(True, False)
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Protocol, cast

import numpy as np

from ..returns import Outcome, ReturnTable
from ..game.description import Game, Option
from .solution import NO_EXHIBITS, Decided, DecisionView, Exhibits, Lookup, Solution, SolutionFigures, Strategy
from .money import History, Repriced

if TYPE_CHECKING:
    import pandas as pd

    from ..count_cache import CountCache

log = logging.getLogger("casino_math.count_cache")

KIND = "solution"


@dataclass(frozen=True, eq=False)
class KeptView:
    """A decision as the tables showed it when it was solved (a :class:`~.solution.DecisionView` read back)."""

    name: str
    history: str
    options: tuple[Option, ...]
    by_category: bool
    threshold: str | None
    thresholds: list[tuple[str, str]]
    player_values: np.ndarray | None
    counts: dict[str, int]  # taken()
    columns: tuple[str, ...]
    data: tuple[list[Any], ...]  # the frame, column by column
    words: str  # summary()
    exhibits: Exhibits = NO_EXHIBITS  # those that are data (a breakdown, counted when shown, is never kept)
    classes: int | None = None
    whole: bool = True  # the frame and the player's values kept (False: too many classes, read from the working when asked)

    def taken(self) -> dict[str, int]:
        return dict(self.counts)

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(dict(zip(self.columns, self.data)), columns=list(self.columns))

    def summary(self) -> str:
        return self.words


class OnDemand:
    """The method's own solution, solved when first asked for: what a kept solution lacks (the method's working, its
    strategy's look-up, its ends)."""

    def __init__(self, solve: Callable[[], Solution], solved: Solution | None = None) -> None:
        self._solve = solve
        self._solved: Solution | None = solved  # the working, where it is at hand already

    def solution(self) -> Solution:
        if self._solved is None:
            self._solved = self._solve()
        return self._solved

    def working(self) -> object:
        """The method's own working (:meth:`Solution.own <casino_math.contract.solution.Solution.own>`)."""
        return self.solution().working()


class ClassValues(Protocol):
    """A method's view that holds each class's exact values (a level-by-level game's)."""

    def exact(self, row: int, option: str) -> Fraction: ...


class BackedView:
    """A kept view backed by the method's own view (a level-by-level game's, whose views hold more than the tables show:
    each class's exact values): what the tables show is the kept view's; each class's exact value, and the frame and
    player's values of a view whose classes were too many to keep (:attr:`KeptView.whole` False), come from the method's
    own view, once the game is solved."""

    def __init__(self, kept: KeptView, solved: OnDemand, index: int) -> None:
        self._kept, self._solved, self._index = kept, solved, index

    def _own(self) -> DecisionView:
        return self._solved.solution().strategy.decisions[self._index]

    @property
    def name(self) -> str:
        return self._kept.name

    @property
    def history(self) -> str:
        return self._kept.history

    @property
    def options(self) -> tuple[Option, ...]:
        return self._kept.options

    @property
    def by_category(self) -> bool:
        return self._kept.by_category

    @property
    def threshold(self) -> str | None:
        return self._kept.threshold

    @property
    def thresholds(self) -> list[tuple[str, str]]:
        return self._kept.thresholds

    @property
    def exhibits(self) -> Exhibits:
        return self._kept.exhibits

    @property
    def classes(self) -> int | None:
        return self._kept.classes

    @property
    def player_values(self) -> np.ndarray | None:
        return self._kept.player_values if self._kept.whole else self._own().player_values

    def frame(self) -> pd.DataFrame:
        return self._kept.frame() if self._kept.whole else self._own().frame()

    def taken(self) -> dict[str, int]:
        return self._kept.taken()

    def summary(self) -> str:
        return self._kept.summary()

    def exact(self, row: int, option: str) -> Fraction:
        """The exact expected value per initial unit of ``option`` in class ``row`` (of :meth:`frame`): the method's own."""
        return cast(ClassValues, self._own()).exact(row, option)

    def __reduce__(self) -> tuple[Any, ...]:
        # sent to a worker as the method's own view: a worker solves nothing
        return (_same, (self._own(),))


@dataclass(frozen=True, eq=False)
class _Lookup:
    """The strategy's look-up of a kept solution: the method's own, once it is solved."""

    solved: OnDemand

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        return self._own().decide(decision, stakes, seen)

    def _own(self) -> Lookup:
        lookup = self.solved.solution().strategy.lookup
        assert lookup is not None
        return lookup

    def __reduce__(self) -> tuple[Any, ...]:
        # sent to a worker (a simulation's) as the method's own look-up: a worker solves nothing
        return (_same, (self._own(),))


def _same(value: Any) -> Any:
    """``value`` itself: what a kept view or look-up is rebuilt from in a worker (its method's own)."""
    return value


@dataclass(frozen=True, eq=False)
class _Ends(Repriced):
    """The strategy replayed at other pays: the method's own ends, once it is solved."""

    solved: OnDemand

    def table(self, game: Game) -> ReturnTable:
        return self.solved.solution().replayed(game)

    def linear(self) -> Repriced:
        """What prices the strategy at once (:meth:`~casino_math.contract.solution.Solution.repricer`): the method's own, once it is solved."""
        return self.solved.solution().repricer()


@dataclass(frozen=True)
class Kept:
    """What is kept of a solution (plain data: see ``_stored``), as a method's ``fit`` reads and changes it."""

    method: str
    table: ReturnTable | None
    views: tuple[KeptView, ...]
    lookup: bool
    ends: bool
    size: int
    deals: int
    side_tables: dict[str, ReturnTable] = field(default_factory=dict)
    figures: SolutionFigures = field(default_factory=SolutionFigures)  # the figures tools look up (plain data)
    own: dict[str, Any] = field(default_factory=dict)  # what the method keeps for its ``fit``, by name (plain data)


def kept_solution(game: Game, key: str, code: tuple[str, ...], solve: Callable[[], Solution],
                  cache: CountCache | None = None, own: Callable[[Solution], dict[str, Any]] | None = None,
                  fit: Callable[[Kept], Kept] | None = None, sides: Callable[[], dict[str, ReturnTable]] | None = None,
                  largest: int | None = None, reused: bool = False, backed: bool = False) -> Solution:
    """The solution kept for ``key`` (what it depends on, pays included) if it checks out, else ``solve()`` now, kept
    (``code``: the method's modules; ``cache``: the cache in force by default; the solution's figures are kept with it,
    so that reading them solves nothing; ``own``: what the method keeps besides, plain data read from the solution
    just solved, for ``fit``: what was kept made this game's, where ``key`` leaves out what it can change exactly:
    blackjack's pays of a natural).

    ``sides``: the side bets' tables, where the method counts them apart from its own bet (the key then leaves their
    pays out, and none is kept here); ``largest``: a decision of more classes than this keeps what the tables show of
    it, not its classes one by one (its frame and player's values come from the working when asked for: a
    level-by-level game's millions of classes); ``reused``: the working is what the next solve at other pays starts
    from and its views hold more than the tables show (a level-by-level game's counts and last solve, each class's
    exact values): a solution just solved keeps its working, and none is read or kept under :func:`unkept`; ``backed``:
    the method's views hold each class's exact values, which a kept view answers from the working (:class:`BackedView`).
    With no cache in force, a solution whose working is not ``reused`` is given as kept all the same, nothing written:
    what needs its working solves the game again, once, as a solution read from the cache does."""
    from ..count_cache import current
    from ..shard_store import Unstorable

    cache = cache if cache is not None else current()
    if reused and (cache is None or _unkept):
        return solve()
    if cache is not None:
        found, stored = cache.load(KIND, key, game.id, code)
        if found:
            try:
                return _restored(game, stored, solve, fit, sides, backed)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
                log.warning(f"the solution of {game.id} kept in {cache.folder} does not fit this game ({type(error).__name__}); it is solved again")
    solution = solve()
    try:
        kept = _stored(solution, own if cache is not None else None, sides is None, largest)
    except Unstorable:  # a view that is more than a table (a house way's breakdown): solved at every run
        return solution
    if cache is None:  # no cache, and still the solution as kept, its working let go: a report of many rule sets holds
        return _restored(game, kept, solve, None, sides, backed)  # their tables, not every solve (blackjack's: 0.3 GB each)
    cache.keep(KIND, key, game.id, kept, code)
    found, stored = cache.load(KIND, key, game.id, code)  # the solution as kept, not its working: a report of many
    # rule sets holds each one's tables, not gigabytes (but a working the next solve starts from, which the method holds anyway)
    return _restored(game, stored, solve, None, sides, backed, solution if reused else None) if found else solution


def solution_kept(key: str, code: tuple[str, ...], cache: CountCache | None = None) -> bool:
    """Whether a solution is kept for ``key`` (``code``: the method's modules), so that :func:`kept_solution` reads it,
    not solves it (``cache``: the cache in force by default)."""
    from ..count_cache import current

    cache = cache if cache is not None else current()
    return cache is not None and cache.holds(KIND, key, code)


@contextmanager
def unkept() -> Iterator[None]:
    """Solutions of a method whose working the next solve starts from (``reused``: a level-by-level game's counts and last
    solve, which a changed pay patches in milliseconds) neither read nor kept for a while: what a designer's edits and a
    sweep's paytables do, each solved once from the last, where keeping each would cost as much as the solve (blackjack's
    are still read and kept: a pay of a natural is repriced from them)."""
    global _unkept
    _unkept += 1
    try:
        yield
    finally:
        _unkept -= 1


_unkept = 0  # how many unkept() are in force


def _stored(solution: Solution, own: Callable[[Solution], dict[str, Any]] | None = None, sides: bool = True,
            largest: int | None = None) -> Kept:
    from ..shard_store import Unstorable

    views = []
    for view in solution.strategy.decisions:
        exhibits = view.exhibits
        if exhibits.breakdown is not None or exhibits.other_way_figures is not None:
            raise Unstorable("a view whose exhibits are counted when shown (a house way's breakdown)")
        classes = view.classes
        whole = largest is None or classes is None or classes <= largest
        frame = view.frame() if whole else None
        values = view.player_values if whole else None
        views.append(KeptView(view.name, view.history, tuple(view.options), view.by_category, view.threshold,
                              [(str(a), str(b)) for a, b in view.thresholds], None if values is None else np.asarray(values),
                              dict(view.taken()), tuple(str(c) for c in frame.columns) if frame is not None else (),
                              tuple(_plain(frame[c].tolist()) for c in frame.columns) if frame is not None else (), view.summary(),
                              exhibits, classes, whole))
    return Kept(solution.method, solution.table, tuple(views), solution.strategy.lookup is not None, solution.ends is not None,
                solution.size, solution.deals, dict(solution.side_tables()) if sides else {}, solution.figures,
                own(solution) if own is not None else {})


def _plain(values: list[Any]) -> list[Any]:
    """A frame's column as plain data (numpy scalars as Python's)."""
    return [v.item() if isinstance(v, np.generic) else v for v in values]


def _restored(game: Game, kept: Any, solve: Callable[[], Solution], fit: Callable[[Kept], Kept] | None = None,
              sides: Callable[[], dict[str, ReturnTable]] | None = None, backed: bool = False,
              solved: Solution | None = None) -> Solution:
    """The solution ``_stored`` kept, made ``game``'s by ``fit`` (TypeError where the data is not such); ``sides``:
    the side bets' tables counted apart; ``backed``: the method's views back every view kept (:class:`BackedView`);
    ``solved``: its working where it is at hand already."""
    if not isinstance(kept, Kept) or not all(isinstance(v, KeptView) for v in kept.views) \
            or not (kept.table is None or isinstance(kept.table, ReturnTable)) \
            or not all(isinstance(o, Outcome) for t in [kept.table, *kept.side_tables.values()] if t is not None for o in t.outcomes) \
            or not isinstance(kept.figures, SolutionFigures) or not isinstance(kept.own, dict):
        raise TypeError("not a kept solution")
    if fit is not None:
        kept = fit(kept)
    on_demand = OnDemand(solve, solved)
    kept_sides = dict(kept.side_tables)
    shown: tuple[DecisionView, ...] = tuple(BackedView(view, on_demand, i) if backed or not view.whole else view
                                            for i, view in enumerate(kept.views))
    strategy = Strategy(game, shown, _Lookup(on_demand) if kept.lookup else None)
    return Solution(kept.method, game, kept.table, strategy, _Ends(on_demand) if kept.ends else None, kept.size, kept.deals,
                    sides if sides is not None else lambda: dict(kept_sides), kept.figures, on_demand.working)
