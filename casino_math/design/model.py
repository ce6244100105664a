"""Pays applied to counts: the one mechanism behind solve, sweep and search.

The cards fix how many deals fall in each *cell* of a wager (a Pair Plus
flush; an Ante/Play straight that the dealer beats, played). A paytable only
says what each cell nets: ``offset + pay`` when a category the cell pays as is
on the table, ``unpaid`` when none is. So the figures of a whole grid of
paytables are a few array products over counts computed once, in exact
integers: every pay of a grid is a numerator over one common denominator.

Ante/Play's strategy depends on its Ante Bonus: a hand plays when
``gain + dealer_hands × (1 + bonus) > 0`` (gain: twice the wins, plus the
non-qualifying deals, less twice the losses). Within each category the hands
are kept sorted by gain, so the hands a bonus makes fold are a prefix, found
by binary search, and the played counts are differences of running sums.

>>> model = wager_model("paytables/three_card_poker/standard.yaml", "pair_plus")
>>> grid = PayGrid.product(model.pays, {"flush": [Fraction(3), Fraction(4)]})
>>> [row["house_edge"] for row in price(model, grid).frame().to_dict("records")]
[Fraction(402, 5525), Fraction(128, 5525)]
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, reduce
from pathlib import Path
from typing import Mapping, Sequence, get_args

import numpy as np
import pandas as pd

from ..cards import Deck
from ..enumeration import category_counts
from ..errors import InputError
from ..games.three_card_poker import CATEGORY_LABELS, PAYS_AS, Deal, deal, paid_on_player_cards, prime
from ..paytable import FiveCardCategory, GameConfig, PairPlusCategory, Pay, PrimeCategory, ProgressiveCategory, ThreeCardCategory, load_game
from ..rankings import get_ranking

# what a wager can pay on, from the game-file schema
CATEGORIES: dict[str, tuple[str, ...]] = {
    "ante_play": get_args(ThreeCardCategory),
    "pair_plus": get_args(PairPlusCategory),
    "six_card_bonus": get_args(FiveCardCategory),
    "prime": get_args(PrimeCategory),
    "progressive": get_args(ProgressiveCategory),
}
MAX_DENOMINATOR = 10**6  # pays finer than a millionth of a unit are not a paytable
_CHUNK = 50_000  # rows priced at once: keeps an Ante/Play grid's (rows × 30) arrays small


@dataclass(frozen=True)
class PayGrid:
    """Paytables of one wager, one per row: net pays ("to 1") as integer numerators over one denominator."""

    columns: tuple[str, ...]
    numerators: np.ndarray  # (rows, columns) int64
    denominator: int

    def __len__(self) -> int:
        return len(self.numerators)

    def pays(self, row: int) -> dict[str, Fraction]:
        return {c: Fraction(int(n), self.denominator) for c, n in zip(self.columns, self.numerators[row])}

    def column(self, name: str) -> np.ndarray:
        return self.numerators[:, self.columns.index(name)]

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


@dataclass(frozen=True)
class Cells:
    """Deals per cell (one row per paytable, or one row for all) and how a paytable sets each cell's net."""

    counts: np.ndarray  # (rows, K) or (K,) int64
    column: np.ndarray  # (K,) the pay column that adds to the cell's net, -1 when none applies
    offset: np.ndarray  # (K,) net besides the pay, when one applies
    unpaid: np.ndarray  # (K,) net when no pay applies
    stake: np.ndarray  # (K,) units wagered in the cell's deals


def _resolve(pays_as: Sequence[tuple[str, ...]], columns: tuple[str, ...]) -> np.ndarray:
    return np.array([next((columns.index(c) for c in chain if c in columns), -1) for chain in pays_as], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class WagerModel(ABC):
    """A wager's counts, ready for any paytable: ``pays`` is the game file's, ``for_one`` the pays it writes "for 1"."""

    wager: str
    pays: dict[str, Fraction]
    total: int
    for_one: frozenset[str]

    @property
    def categories(self) -> tuple[str, ...]:
        return CATEGORIES[self.wager]

    @abstractmethod
    def cells(self, grid: PayGrid) -> Cells:
        """How many deals fall in each cell of the wager, and what each cell nets, for every paytable of ``grid``."""

    def breakpoints(self, category: str) -> list[Fraction]:
        """Pays of ``category`` at which the strategy changes (none where the strategy is fixed)."""
        return []


@dataclass(frozen=True, eq=False)
class FixedModel(WagerModel):
    """A bet with no decisions: each cell is a category (the most specific on the table pays), the rest lose."""

    counts: tuple[int, ...] = ()
    pays_as: tuple[tuple[str, ...], ...] = ()

    def cells(self, grid: PayGrid) -> Cells:
        k = len(self.counts)
        return Cells(np.array(self.counts, dtype=np.int64), _resolve(self.pays_as, grid.columns),
                     np.zeros(k, dtype=np.int64), np.full(k, -1, dtype=np.int64), np.ones(k, dtype=np.int64))


_RESULTS = (("not_qualified", 1), ("wins", 2), ("ties", 0), ("losses", -2))  # Deal field, net of ante and play


@dataclass(frozen=True, eq=False)
class AntePlayModel(WagerModel):
    """Ante/Play with the optimal strategy for each paytable: five cells (fold, and four results played) per category."""

    deal: Deal | None = None

    def cells(self, grid: PayGrid) -> Cells:
        d, q = self.deal, grid.denominator
        counts, column = [], []
        for name, gains, running in _gain_order(d):
            bonus = grid.column(name) if name in grid.columns else np.zeros(len(grid), dtype=np.int64)
            # plays iff gain·q > −D·(q + bonus): the hands folding are those with gain ≤ floor(−D·(q + bonus)/q)
            folded = np.searchsorted(gains, -(d.dealer_hands * (q + bonus)) // q, side="right")
            counts.append(folded * d.dealer_hands)
            counts.extend(running[i, -1] - running[i, folded] for i in range(len(_RESULTS)))
            column.extend([-1] + [grid.columns.index(name) if name in grid.columns else -1] * len(_RESULTS))
        nets = [net for _, net in _RESULTS]
        n = len(d.categories)
        return Cells(np.stack(counts, axis=1), np.array(column, dtype=np.int64), np.tile([0, *nets], n),
                     np.tile([-1, *nets], n), np.tile([1] + [2] * len(nets), n))

    def breakpoints(self, category: str) -> list[Fraction]:
        d = self.deal
        for name, gains, _ in _gain_order(d):
            if name == category:
                return sorted({Fraction(-d.dealer_hands - int(g), d.dealer_hands) for g in np.unique(gains)})
        return []


@lru_cache(maxsize=8)
def _gain_order(d: Deal) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """Per category: the hands' gains sorted, and running sums of each result's deals in that order (leading 0)."""
    gain = 2 * d.wins + d.not_qualified - 2 * d.losses
    out = []
    for i, name in enumerate(d.categories):
        mask = d.category == i
        order = np.argsort(gain[mask], kind="stable")
        results = np.stack([getattr(d, field)[mask][order] for field, _ in _RESULTS])
        running = np.concatenate([np.zeros((len(_RESULTS), 1), dtype=np.int64), np.cumsum(results, axis=1)], axis=1)
        out.append((name, gain[mask][order], running))
    return out


# -- the models of a game file ---------------------------------------------------------------
def wager_model(game: str | Path | GameConfig, wager: str) -> WagerModel:
    """The counts of one wager a game file offers, with the file's pays."""
    config = game if isinstance(game, GameConfig) else load_game(game)
    offered = [w for w in CATEGORIES if getattr(config.wagers, w) is not None]
    if wager not in offered:
        known = wager in CATEGORIES
        raise InputError(f"{config.path or config.id}: {'the file offers no' if known else 'unknown wager'} {wager!r} "
                         f"({'it offers' if known else 'choose from'} {', '.join(offered if known else CATEGORIES)})")
    spec = getattr(config.wagers, wager)
    raw: Mapping[str, Pay | str] = spec.ante_bonus if wager == "ante_play" else spec.pays
    jackpot = getattr(spec, "jackpot", None)
    pays = {c: jackpot - 1 if p == "jackpot" else p.net for c, p in raw.items()}  # type: ignore[union-attr,operator]
    for_one = frozenset(c for c, p in raw.items() if p == "jackpot" or getattr(p, "for_one", False))
    return _model(wager, Deck.named(config.rules.deck), config.rules.dealer_qualifies, pays, for_one)


def _model(wager: str, deck: Deck, dealer_qualifies: str, pays: dict[str, Fraction], for_one: frozenset[str]) -> WagerModel:
    d = deal(deck, dealer_qualifies)
    if wager == "ante_play":
        return AntePlayModel(wager, pays, d.deals, for_one, d)
    counts = _category_counts(wager, d, deck)
    return FixedModel(wager, pays, sum(counts.values()), for_one, tuple(counts.values()),
                      tuple(PAYS_AS.get(c, (c,)) if c in CATEGORIES[wager] else () for c in counts))


@lru_cache(maxsize=32)
def _category_counts(wager: str, d: Deal, deck: Deck) -> dict[str, int]:
    """Deals per most specific category (the unpaid rest as ``loses``), read off the game's own settlement
    with every category on the table."""
    probe = {c: Pay.to_one(1) for c in CATEGORIES[wager]}
    if wager == "six_card_bonus":
        return category_counts(get_ranking("high", deck), 6)
    table = prime(d, probe) if wager == "prime" else paid_on_player_cards(wager, d, probe)
    by_label = {CATEGORY_LABELS.get(c, c.replace("_", " ")): c for c in CATEGORIES[wager]}
    return {by_label.get(o.name, o.name): o.combinations for o in table.outcomes}


# -- pricing a grid ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Priced:
    """The figures of every paytable of a grid: exact integers, and floats for sorting and charts.

    ``returned`` is the expected return × total × denominator, ``wagered`` the average wager × total.
    """

    model: WagerModel
    grid: PayGrid
    returned: np.ndarray
    wagered: np.ndarray
    hits: np.ndarray
    second_moment: np.ndarray  # E[net²], float

    @property
    def _scale(self) -> int:
        return self.model.total * self.grid.denominator

    @property
    def house_edge(self) -> np.ndarray:
        return -self.returned.astype(float) / self._scale

    @property
    def element_of_risk(self) -> np.ndarray:
        return -self.returned.astype(float) / (self.grid.denominator * self.wagered.astype(float))

    @property
    def hit_frequency(self) -> np.ndarray:
        return self.hits / self.model.total

    @property
    def standard_deviation(self) -> np.ndarray:
        mean = self.returned.astype(float) / self._scale
        return np.sqrt(np.maximum(self.second_moment - mean * mean, 0.0))

    def exact(self, row: int, measure: str = "house_edge") -> Fraction:
        """house_edge, element_of_risk or hit_frequency of one row, exactly."""
        if measure == "house_edge":
            return Fraction(-int(self.returned[row]), self._scale)
        if measure == "element_of_risk":
            return Fraction(-int(self.returned[row]), self.grid.denominator * int(self.wagered[row]))
        return Fraction(int(self.hits[row]), self.model.total)

    def frame(self, rows: Sequence[int] | np.ndarray | None = None, pays: Sequence[str] | None = None) -> pd.DataFrame:
        """One row per paytable: its pays (those named, default all), exact house edge, element of risk and
        hit frequency (each with a ``_float`` twin), and the standard deviation per initial wager."""
        rows = range(len(self.grid)) if rows is None else [int(r) for r in rows]
        shown = list(self.grid.columns if pays is None else pays)
        sd = self.standard_deviation
        records = []
        for r in rows:
            record: dict[str, object] = {c: v for c, v in self.grid.pays(r).items() if c in shown}
            for measure in ("house_edge", "element_of_risk", "hit_frequency"):
                value = self.exact(r, measure)
                record[measure], record[f"{measure}_float"] = value, float(value)
            record["standard_deviation"] = float(sd[r])
            records.append(record)
        columns = [*shown, "house_edge", "house_edge_float", "element_of_risk", "element_of_risk_float",
                   "hit_frequency", "hit_frequency_float", "standard_deviation"]
        return pd.DataFrame(records, columns=columns)


def price(model: WagerModel, grid: PayGrid) -> Priced:
    """Apply every paytable of the grid to the wager's counts."""
    parts = [_price_rows(model, _rows(grid, start)) for start in range(0, max(len(grid), 1), _CHUNK)]
    returned, wagered, hits, second = (np.concatenate([p[i] for p in parts]) for i in range(4))
    return Priced(model, grid, returned, wagered, hits, second)


def _rows(grid: PayGrid, start: int) -> PayGrid:
    return PayGrid(grid.columns, grid.numerators[start:start + _CHUNK], grid.denominator)


def _price_rows(model: WagerModel, grid: PayGrid) -> tuple[np.ndarray, ...]:
    cells = model.cells(grid)
    q = grid.denominator
    padded = np.concatenate([grid.numerators, np.zeros((len(grid), 1), dtype=np.int64)], axis=1)
    pay = padded[:, cells.column]  # column -1 picks the zero pad
    net = np.where(cells.column >= 0, cells.offset * q + pay, cells.unpaid * q)  # × q, exact
    counts = np.broadcast_to(cells.counts, net.shape)
    # the sum of counts × net is at most total × max|net|; past int64, Python integers keep it exact
    exact_type = np.int64 if model.total * (int(np.abs(net).max(initial=0)) + 1) < 2**62 else object
    returned = (counts.astype(exact_type) * net.astype(exact_type)).sum(axis=1)
    wagered = (counts * cells.stake).sum(axis=1)
    hits = np.where(net > 0, counts, 0).sum(axis=1)
    net_float = net / q
    second = (counts * net_float * net_float).sum(axis=1) / model.total
    return returned, wagered, hits, second
