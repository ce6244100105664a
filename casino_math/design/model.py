"""Pays applied to a bet: the one mechanism behind solve, sweep and search.

A side bet is paid by its table whatever the player does, so how many deals
each line pays is fixed by the cards: the figures of a whole grid of
paytables are a few array products over those counts, in exact integers
(every pay of a grid is a numerator over one common denominator).

The game's own bet is played by a strategy that depends on the pays (a
bigger bonus makes more hands worth playing), so each paytable is solved
again; the counts of the cards are shared (they are cached per rules, never
per pays), so a solve costs milliseconds on a small game.

>>> model = wager_model("paytables/three_card_poker/standard.yaml", "pair_plus")
>>> grid = PayGrid.product(model.pays, {"flush": [Fraction(3), Fraction(4)]})
>>> [row["house_edge"] for row in price(model, grid).frame().to_dict("records")]
[Fraction(402, 5525), Fraction(128, 5525)]
>>> model = wager_model("paytables/three_card_poker/standard.yaml", "ante_play")
>>> frame = price(model, PayGrid.product(model.pays, {"straight": [Fraction(1)]})).frame()
>>> frame["house_edge"][0], frame["strategy"][0]
(Fraction(686689, 20358520), 'play Q-6-4 or better; fold the rest')
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, partial, reduce
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ..errors import InputError
from ..analysis import GameAnalysis
from ..game.description import Game, Line, Paytable
from ..contract.kept_solution import unkept
from ..analysis import load_game
from ..parallel import Runner, Shards
from ..pays import MAX_PAY
from ..returns import Metrics
from .lines import find_line, line_name, pick_table, table_lines

MAX_DENOMINATOR = 10**6  # pays finer than a millionth of a unit are not a paytable
MAX_SOLVED = 10**8  # paytables of the game's own bet priced at once × the classes of seen cards each solve visits
_CHUNK = 50_000  # side-bet paytables priced at once: keeps the (rows × lines) arrays small
FIGURES = ("house_edge", "element_of_risk", "hit_frequency")


@dataclass(frozen=True)
class PayGrid:
    """Paytables of one bet, one per row: net pays ("to 1") as integer numerators over one denominator."""

    columns: tuple[str, ...]
    numerators: np.ndarray  # (rows, columns) int64
    denominator: int

    def __len__(self) -> int:
        return len(self.numerators)

    def pays(self, row: int) -> dict[str, Fraction]:
        return {c: Fraction(int(n), self.denominator) for c, n in zip(self.columns, self.numerators[row])}

    def rows(self, start: int, stop: int) -> PayGrid:
        return PayGrid(self.columns, self.numerators[start:stop], self.denominator)

    @classmethod
    def product(cls, base: Mapping[str, Fraction], vary: Mapping[str, Sequence[Fraction]]) -> PayGrid:
        """Every combination of the varied pays (first varied column slowest), the rest as in ``base``."""
        columns = tuple(base) + tuple(c for c in vary if c not in base)
        values = [[Fraction(v) for v in vary[c]] if c in vary else [Fraction(base[c])] for c in columns]
        denominator = reduce(math.lcm, (v.denominator for vs in values for v in vs), 1)
        if denominator > MAX_DENOMINATOR:
            raise InputError(f"pays finer than 1/{MAX_DENOMINATOR:,} of a unit are not supported")
        axes = [np.array([int(v * denominator) for v in vs], dtype=np.int64) for vs in values]
        mesh = np.meshgrid(*axes, indexing="ij") if axes else []
        numerators = np.stack([m.ravel() for m in mesh], axis=1) if axes else np.zeros((1, 0), dtype=np.int64)
        return cls(columns, numerators, denominator)


@dataclass(frozen=True, eq=False)
class WagerModel(ABC):
    """One bet of a game with the paytable a tool changes: its lines (any added ones in place), ready for any pays."""

    game: Game
    wager: str
    table: str
    lines: tuple[Line, ...]
    added: tuple[str, ...]  # names of lines the file does not list

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(line_name(line.key) for line in self.lines)

    @property
    def pays(self) -> dict[str, Fraction]:
        """The file's pays, net "to 1", by line name (added lines have none: a tool always gives them one)."""
        return {n: line.pay.net for n, line in zip(self.names, self.lines) if n not in self.added}

    @property
    def for_one(self) -> frozenset[str]:
        """The lines the file pays "for 1" (they stay "for 1" at any pay)."""
        return frozenset(n for n, line in zip(self.names, self.lines) if line.pay.for_one)

    def name(self, text: str) -> str:
        """The name of the line ``text`` names (see :mod:`.lines`)."""
        index = find_line(self.game, self.table, text, self.lines)
        if index is None:
            raise InputError(f"{self.table} has no line {text!r} (its lines: {', '.join(self.names)})")
        return self.names[index]

    def game_with(self, pays: Mapping[str, Fraction]) -> Game:
        """The game with this table's lines paying ``pays`` (net, by line name; the rest as in the file)."""
        lines = tuple(replace(line, pay=line.pay.with_net(pays[n])) if n in pays and pays[n] != line.pay.net else line
                      for n, line in zip(self.names, self.lines))
        return replace(self.game, paytables={**self.game.paytables, self.table: Paytable(self.table, lines)})

    @abstractmethod
    def price(self, grid: PayGrid, runner: Runner | None = None) -> Priced:
        """The figures of every paytable of the grid."""


# -- side bets: linear in the pays ---------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class SideBetModel(WagerModel):
    """A side bet: the deals of each row of its return table; a row the table pays takes its line's pay, the others
    (a loss, a push, a win the settlement fixes) keep their net."""

    @cached_property
    def rows(self) -> tuple[tuple[int, int, Fraction], ...]:
        """(deals, index of the paying line in ``lines`` or -1, the row's own net) per row of the return table."""
        bet = self.game.side_bet[self.wager]
        table = GameAnalysis(self.game_with({})).side_tables[self.wager]
        keys = [line.key for line in self.lines]
        out = []
        for o in table.outcomes:
            situation, line = o.key("situation"), o.key("line") or ""
            result = bet.settle.get(situation) if bet.settle and situation else None
            paid = line in keys and (result is None or (result.kind == "pays" and result.table == self.table))
            out.append((o.combinations, keys.index(line) if paid else -1, o.net))
        return tuple(out)

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(deals for deals, _, _ in self.rows)

    @property
    def total(self) -> int:
        return sum(self.counts)

    def price(self, grid: PayGrid, runner: Runner | None = None) -> Priced:
        """Linear in the pays: a dot product of counts and pays per paytable, here (too quick to ship anywhere)."""
        columns = [grid.columns.index(n) if n in grid.columns else -1 for n in self.names]
        if -1 in columns:
            missing = [n for n, c in zip(self.names, columns) if c < 0]
            raise InputError(f"{self.wager}: no pay given for {', '.join(missing)}")
        paid = [(deals, columns[line]) for deals, line, _ in self.rows if line >= 0]
        fixed = [(deals, net) for deals, line, net in self.rows if line < 0]
        finer = math.lcm(grid.denominator, *(net.denominator for _, net in fixed))  # a fixed result of 39/20 (a win less
        if finer != grid.denominator:  # a commission) or -1/2 (La Partage): the pays over a denominator that holds it too
            grid = PayGrid(grid.columns, grid.numerators * (finer // grid.denominator), finer)
        q = grid.denominator
        counts = np.array([d for d, _ in paid], dtype=np.int64 if self.total < 2**62 else object)  # ordered deals may pass int64
        fixed_return = sum(int(net * q) * d for d, net in fixed)  # × q, exact
        fixed_hits = sum(d for d, net in fixed if net > 0)
        fixed_square = sum(float(net) ** 2 * d for d, net in fixed)
        parts = []
        for start in range(0, max(len(grid), 1), _CHUNK):
            nets = grid.numerators[start:start + _CHUNK][:, [c for _, c in paid]]  # × q, exact
            # the sum of counts × net is at most total × max|net|; past int64, Python integers keep it exact
            exact = np.int64 if self.total * (int(np.abs(nets).max(initial=0)) + q) < 2**62 else object
            returned = nets.astype(exact) @ counts.astype(exact) + fixed_return
            hits = (nets > 0).astype(counts.dtype) @ counts + fixed_hits
            second = ((nets / q) ** 2 @ counts.astype(float) + fixed_square) / self.total
            parts.append((returned, hits, second))
        returned, hits, second = (np.concatenate([p[i] for p in parts]) for i in range(3))
        return LinearPriced(self, grid, returned, hits, second)


# -- the game's own bet: solved again per paytable -----------------------------------------------
@dataclass(frozen=True, eq=False)
class GameBetModel(WagerModel):
    """The game's own bet: each paytable solved for its own optimal strategy, over counts shared by all of them."""

    @cached_property
    def classes(self) -> int:
        """Classes of seen cards (or boards) a solve visits, as the game's counting method reports it."""
        return self.analysis({}).solution.size

    @property
    def limit(self) -> int:
        return max(1, MAX_SOLVED // self.classes)

    def analysis(self, pays: Mapping[str, Fraction]) -> GameAnalysis:
        """The game with ``pays``, analysed (its counts come from the cache)."""
        return GameAnalysis(self.game_with(pays))

    def price(self, grid: PayGrid, runner: Runner | None = None) -> Priced:
        """Each paytable solved, in shards of rows: here for a small grid, on every local core for a big one
        (or on ``runner``, a Dask cluster); the figures are the same wherever they ran."""
        if len(grid) > self.limit:
            raise InputError(f"{len(grid):,} paytables of {self.wager}, each solved again over {self.classes:,} classes of seen cards: "
                             f"over the limit of {self.limit:,} for this game; narrow the ranges or take larger steps")
        spans = [(start, min(start + ROWS_PER_SHARD, len(grid))) for start in range(0, len(grid), ROWS_PER_SHARD)]
        where = runner or (Runner.of() if len(grid) * self.classes > LOCAL_FROM else Runner.here())
        key = f"design|{self.game.sha256}|{self.table}|{grid.columns}|{grid.numerators.tobytes().hex()}|{grid.denominator}"
        parts = Shards(partial(_solve_rows, self, grid), spans, key).run(where)
        metrics = tuple(m for part in parts for m, _ in part)
        return SolvedPriced(self, grid, metrics, tuple(words for part in parts for _, words in part))


ROWS_PER_SHARD = 50
LOCAL_FROM = 50_000_000  # paytables x classes solved from which local worker processes pay for their start


def _solve_rows(model: GameBetModel, grid: PayGrid, span: tuple[int, int]) -> list[tuple[Metrics, str]]:
    """One shard: the paytables ``span[0]`` to ``span[1]`` (excluded) of the grid, each solved, with its strategy in words."""
    out = []
    with unkept():  # each paytable solved once, from the last: none read or kept whole
        for row in range(*span):
            analysis = model.analysis(grid.pays(row))
            assert analysis.solution.table is not None
            out.append((analysis.solution.table.metrics, strategy_text(analysis.strategy_summary())))
    return out


def strategy_text(summary: Mapping[str, str]) -> str:
    """A game's strategy on one line: each decision's words (named where there are several)."""
    if len(summary) == 1:
        return next(iter(summary.values()))
    return " / ".join(f"{name}: {text}" for name, text in summary.items())


# -- priced grids --------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Priced(ABC):
    """The figures of every paytable of a grid: exact on demand (:meth:`exact`), floats for sorting and charts."""

    model: WagerModel
    grid: PayGrid

    @property
    @abstractmethod
    def house_edge(self) -> np.ndarray: ...

    @property
    @abstractmethod
    def element_of_risk(self) -> np.ndarray: ...

    @property
    @abstractmethod
    def hit_frequency(self) -> np.ndarray: ...

    @property
    @abstractmethod
    def standard_deviation(self) -> np.ndarray: ...

    @abstractmethod
    def exact(self, row: int, measure: str = "house_edge") -> Fraction:
        """house_edge, element_of_risk or hit_frequency of one row, exactly."""

    def strategy(self, row: int) -> str | None:
        """The strategy the row's paytable is played by, in words (None: a bet with no decisions)."""
        return None

    def frame(self, rows: Sequence[int] | np.ndarray | None = None, pays: Sequence[str] | None = None) -> pd.DataFrame:
        """One row per paytable: its pays (those named, default all), exact house edge, element of risk and hit frequency
        (each with a ``_float`` twin), the standard deviation per initial unit and, for the game's own bet, the strategy."""
        rows = range(len(self.grid)) if rows is None else [int(r) for r in rows]
        shown = list(self.grid.columns if pays is None else pays)
        sd = self.standard_deviation
        strategies = isinstance(self.model, GameBetModel)
        records = []
        for r in rows:
            record: dict[str, object] = {c: v for c, v in self.grid.pays(r).items() if c in shown}
            for measure in FIGURES:
                value = self.exact(r, measure)
                record[measure], record[f"{measure}_float"] = value, float(value)
            record["standard_deviation"] = float(sd[r])
            if strategies:
                record["strategy"] = self.strategy(r)
            records.append(record)
        columns = [*shown, *(f"{m}{s}" for m in FIGURES for s in ("", "_float")), "standard_deviation"] + (["strategy"] if strategies else [])
        return pd.DataFrame(records, columns=columns)


@dataclass(frozen=True, eq=False)
class LinearPriced(Priced):
    """A side bet's grid: ``returned`` is the expected return × total × denominator; ``hits`` deals that win."""

    returned: np.ndarray
    hits: np.ndarray
    second_moment: np.ndarray  # E[net²], float

    @property
    def _total(self) -> int:
        assert isinstance(self.model, SideBetModel)
        return self.model.total

    @property
    def house_edge(self) -> np.ndarray:
        return -self.returned.astype(float) / (self._total * self.grid.denominator)

    @property
    def element_of_risk(self) -> np.ndarray:
        return self.house_edge  # one unit wagered, whatever happens

    @property
    def hit_frequency(self) -> np.ndarray:
        return self.hits / self._total

    @property
    def standard_deviation(self) -> np.ndarray:
        mean = -self.house_edge
        return np.sqrt(np.maximum(self.second_moment - mean * mean, 0.0))

    def exact(self, row: int, measure: str = "house_edge") -> Fraction:
        if measure == "hit_frequency":
            return Fraction(int(self.hits[row]), self._total)
        return Fraction(-int(self.returned[row]), self._total * self.grid.denominator)


@dataclass(frozen=True, eq=False)
class SolvedPriced(Priced):
    """The game's own bet: each paytable's figures, and the strategy it is played by."""

    metrics: tuple[Metrics, ...]
    strategies: tuple[str, ...]

    def _floats(self, measure: str) -> np.ndarray:
        return np.array([float(getattr(m, measure)) for m in self.metrics])

    @property
    def house_edge(self) -> np.ndarray:
        return self._floats("house_edge")

    @property
    def element_of_risk(self) -> np.ndarray:
        return self._floats("element_of_risk")

    @property
    def hit_frequency(self) -> np.ndarray:
        return self._floats("hit_frequency")

    @property
    def standard_deviation(self) -> np.ndarray:
        return np.array([m.standard_deviation for m in self.metrics])

    def exact(self, row: int, measure: str = "house_edge") -> Fraction:
        return getattr(self.metrics[row], measure)

    def strategy(self, row: int) -> str:
        return self.strategies[row]


def price(model: WagerModel, grid: PayGrid, runner: Runner | None = None) -> Priced:
    """Apply every paytable of the grid to the bet (``runner``: where re-solved paytables run; see casino_math.parallel)."""
    return model.price(grid, runner)


def wager_model(game: str | Path | Game, wager: str, lines: Sequence[str] = (), table: str | None = None) -> WagerModel:
    """A bet of a game file, ready for any pays of its paytable (``table``: which one, where the bet has several);
    ``lines`` names the lines a tool will price, added to the table where it lacks them."""
    game = game if isinstance(game, Game) else load_game(game)
    name = pick_table(game, wager, lines, table)
    found, added = table_lines(game, name, lines)
    kind = SideBetModel if wager in game.side_bet else GameBetModel
    return kind(game, wager, name, tuple(found), added)


def check_pays(model: WagerModel, vary: Mapping[str, Sequence[Fraction]]) -> dict[str, list[Fraction]]:
    """The varied pays by line name, checked: values given, none negative or implausible, no line named twice."""
    out: dict[str, list[Fraction]] = {}
    for text, values in vary.items():
        name = model.name(text)
        if name in out:
            raise InputError(f"{text}: the line {name} is named twice")
        if not values:
            raise InputError(f"no values given for {text}")
        if min(values) < 0:
            raise InputError(f"{text}: a pay cannot be negative ({min(values)})")
        if max(values) > MAX_PAY:
            raise InputError(f"{text}: {max(values)} is not a plausible pay (over {MAX_PAY} to 1)")
        out[name] = [Fraction(v) for v in values]
    return out
