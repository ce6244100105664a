"""Hold'em-shaped games counted exactly: two hole cards, a board dealt in two stages, the dealer's two hidden cards.

The shape: the player gets two cards; the board comes as a *flop* (three cards or more) and then the
*later* cards, in one step or more; the dealer's two cards are never seen; the player may decide after
his cards, after the flop, after one later step (the *turn*: Texas Hold'em Bonus) and after the whole
board; both hands are the best five of two cards and the board, by a ranking where only flushes read
suits (high poker). Ultimate Texas Hold'em, Texas Hold'em Bonus and Casino Hold'em are of it. The generic engine (:mod:`~casino_math.methods.level_by_level.counts`, :mod:`~casino_math.methods.level_by_level.solver`) solves such games on small decks, but on 52
cards its last level would hold about 10^8 classes; this method counts them board by board instead:

- flops by suit class (1,755 of the 22,100 on 52 cards), each with its weight; on a flop that some renamings of the
  suits leave as it is (one of a single suit: the other three suits in any order), one board of each class of them
  shown and one hole pair of each class counted, times its class's pairs (:mod:`.kernels.renamings`);
- for a flop, every later-card set: the strength of all hole pairs on the board (one table serves
  player and dealer, who both add two cards to it), and each pair's showdown against the pairs left
  to the dealer by inclusion–exclusion over shared cards (:mod:`casino_math.kernels`);
- the last decision per board and hole pair; the turn decision per turn and hole pair once its rivers are
  summed; the flop decision per hole pair once its turns are summed; the first decision per class of hole pairs (169 on 52 cards), once every flop is in: for a
  class K, Σ over canonical flops F of weight(F) × Σ over pairs P in K of P's total on F equals ``|K|``
  times one member's total over every flop, since renaming suits maps the class onto itself.

Everything is an exact integer. The work splits into *shards* of flops (:func:`count_shard`, a pure
function of the plan and the shard, returning integer arrays that are summed), so that separate
processes or machines share it (:mod:`casino_math.parallel`).

The flop, turn and last decisions are taken board by board with the money of the game's own bet, so the totals
depend on its pays, but only through those decisions (the totals are tallies by paytable line, valued afterwards).
Beside them the kernels keep each line's *reach*: how far its pay may move before any decision would take another
option, but the flop decisions *near* a change (whose reach on some line is under its pay, or 1), which are kept apart
with their options' paths. A game whose pays lie within reach of totals kept (a designer's edit of Ultimate Texas
Hold'em's Blind, Texas Hold'em Bonus's or Casino Hold'em's Ante) takes those very totals, with each near decision taken
again at its pays (:func:`repriced`): no board is counted (:func:`within_reach`).

Deals are counted with every step of the deal dealt apart (as the generic engine does): Ultimate Texas
Hold'em on 52 cards C(52,2)·C(50,3)·C(47,2)·C(45,2) = 27,813,810,024,000, ten times the
2,781,381,002,400 of an analysis that deals the five board cards at once; Texas Hold'em Bonus, its turn
and river apart, C(52,2)·C(50,3)·47·46·C(45,2) = 55,627,620,048,000. Probabilities are the same.

The flop, turn and last decisions are described by category (the player's hand and how the board pairs),
not one row per class of seen cards (about 1.1 million classes at the flop, 10^8 after the board).

>>> from casino_math.analysis import load_game
>>> game = load_game("tests/games/holdem-small.yaml")
>>> unfit(game) is None, unfit(load_game("paytables/three_card_poker/standard.yaml"))
(True, 'no board dealt in two stages after two hole cards')
>>> stages(load_game("paytables/ultimate_texas_holdem/standard.yaml"))
Stages(flop=3, turn=0, later=2, orders=(1, 1), levels={1: 1, 2: 2, 3: 4})
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import logging
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from ...cards import rank_char
from ...parallel import Runner, Shards
from ...pays import Pay
from ...subsets import all_subsets
from ...suits import Symmetry
from ..level_by_level.counts import Counts
from ...game.description import Deal, Decision, Game, Option
from ...game.sections import Problem
from ...game.simple_strategies import Rule
from ...showdown import CELLS
from ...contract.money import Ends, History, Lines, Money, add_stakes, history_text, initial_scale, preference, table_of_ends
from ...contract.solution import UnrankedView
from ...contract.method import Method, Workload
from ...counting.holdem_shape import unfit
from ...counting.side_bets import uncountable
from ..level_by_level.chosen import Chosen
from ..level_by_level.solver import Solved
from ..level_by_level.strategy import DecisionStrategy
from ...levels import Progress, build_levels, completions
from ...held import Held

if TYPE_CHECKING:  # pandas loads when a table is asked for
    import pandas as pd

log = logging.getLogger("casino_math.count_cache")
PAIRINGS = ("unpaired board", "paired board", "board with three of a kind", "board with four of a kind")
SHARDS = 64  # shards of flops by default: more than the cores of most machines, few enough to sum in no time
BIG = 1_000_000  # boards (flop and later cards) from which the shards go to every local core by default


def fits(game: Game) -> bool:
    return unfit(game) is None


@dataclass(frozen=True)
class Stages:
    """How a hold'em-shaped game deals its board and where it decides: the flop's cards, the turn's (0 where no decision
    comes between the flop and the last card), the cards after the flop, the ways of dealing the turn cards and the river
    cards each in the steps the game deals them, and each decision's level in the count (1 the hole cards, 2 the
    flop, 3 the turn, 4 the whole board) by its level in the game (the steps of seen cards before it)."""

    flop: int
    turn: int
    later: int
    orders: tuple[int, int]
    levels: dict[int, int]


def stages(game: Game) -> Stages:
    """The board's stages and the decisions' levels of a hold'em-shaped game (see :class:`Stages`)."""
    board = [s.cards for s in game.steps if isinstance(s, Deal) and s.seen][1:]
    last = len(board) + 1
    levels = {level: 1 if level == 1 else 2 if level == 2 else 4 if level == last else 3 for level in game.decision_levels}
    at = next((level for level, kernel in levels.items() if kernel == 3), 2)  # the river's first step (without a turn: all)
    turn, river = board[1:at - 1], board[at - 1:]
    return Stages(board[0], sum(turn), sum(board[1:]), (_orders(turn), _orders(river)), levels)


def _orders(steps: list[int]) -> int:
    """Ways of dealing sum(steps) cards in those steps: the multinomial coefficient."""
    ways, dealt = 1, 0
    for k in steps:
        dealt += k
        ways *= comb(dealt, k)
    return ways


# -- the game, compiled to arrays -------------------------------------------------------------------------
# the six showdown cells (CELLS) of one hole pair on one board, from (weaker dealer pairs, as strong, below the
# qualifier, 1) and the number of dealer pairs: as a matrix per flag (the player's hand reaches the qualifier or not)
def _cell_matrix(reaches: bool, dealer_pairs: int) -> np.ndarray:
    t = dealer_pairs
    if reaches:  # every dealer hand below the qualifier is below the player's
        rows = [[0, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, -1, 0], [0, 1, 0, 0], [-1, -1, 0, t]]
    else:  # every qualifying dealer hand beats the player's
        rows = [[1, 0, 0, 0], [0, 1, 0, 0], [-1, -1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, -1, t]]
    return np.array(rows, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class KernelPlan:
    """What the kernels need of a game: tables, flops, and the decisions compiled to arrays. Picklable, small.

    Histories enter the flop decision (``h2``), the turn's (``h3``) and the last one (``h4``); ``ends`` are how a
    deal ends (a final stake, or a fold); ``coef[end, key]`` values a tally of one key in that end, in units of
    1/denominator², and ``slopes[line, end, key]`` is what that value gains per unit more net pay on a line of the
    game's own paytables (their lines in order). Of the ``later`` cards after the flop, ``turn`` come before the turn
    decision.
    """

    n_cards: int
    flop_cards: int
    later: int
    dealer_pairs: int
    tables: Any  # kernels.hands.StrengthTables
    qualifier: int  # strength
    key_of: np.ndarray
    category_of: np.ndarray
    pairings: int
    coef: np.ndarray
    turn: int
    boards: np.ndarray
    splits: np.ndarray
    orders: np.ndarray
    h4_ends: np.ndarray
    h4_count: np.ndarray
    h4_open: np.ndarray
    open4: np.ndarray
    rule4: np.ndarray
    h3_next: np.ndarray
    h3_count: np.ndarray
    h3_open: np.ndarray
    open3: np.ndarray
    rule3: np.ndarray
    h2_next: np.ndarray
    h2_count: np.ndarray
    h2_open: np.ndarray
    rule2: np.ndarray
    class_of: np.ndarray
    classes: int
    flops: np.ndarray
    weights: np.ndarray
    slopes: np.ndarray
    key_lines: np.ndarray
    line_keys: np.ndarray
    floors: np.ndarray
    renamings: np.ndarray  # (renamings, cards): the suit renamings under which the game is the same

    @property
    def categories(self) -> int:
        return int(self.category_of.max()) + 1

    @property
    def turns(self) -> int:
        """The sets of turn cards after one flop (1 where the game has no turn decision: the empty set)."""
        return comb(self.n_cards - self.flop_cards, self.turn)

    def rivers(self, seen: int) -> int:
        """Ways to deal the board's cards after the first ``seen`` (the flop, or the flop and the turn) with the turn and the
        river apart, leaving two hole cards: what one decision's values are summed over."""
        left = self.n_cards - seen - 2
        if seen == self.flop_cards:
            return comb(left, self.turn) * comb(left - self.turn, self.later - self.turn)
        return comb(left, self.flop_cards + self.later - seen)

    def kernel_inputs(self) -> tuple[Any, Any]:
        """The card tables and the compiled decisions, as the kernels take them (:mod:`casino_math.methods.holdem.kernels.boards`)."""
        from .kernels.boards import CardTables, Decisions

        t = self.tables
        board = self.flop_cards + self.later
        cards = CardTables(t.rank_of, t.suit_of, t.ranks, t.binomial, t.multisets[2 + board], t.multisets[2 + self.flop_cards],
                           t.multisets[2 + self.flop_cards + self.turn], t.flushes)
        decisions = Decisions(*(getattr(self, name) for name in Decisions._fields))  # the plan's fields of the same names
        return cards, decisions

    def flop_outputs(self, totals: Totals, looked_up: bool = True) -> Any:
        """``totals`` to add a flop into, with room for the flop and turn decisions of every hole pair on it (none where
        they are not ``looked_up``)."""
        from .kernels.boards import FlopTotals

        pairs = comb(self.n_cards, 2) if looked_up else 0
        options, ends, keys = self.h2_next.shape[1], self.coef.shape[0], self.coef.shape[1]
        most = len(self.h2_count) * comb(self.n_cards, 2)  # near flop decisions of one flop, at most
        return FlopTotals(totals.class_tally, totals.class_cells, totals.flop_taken, totals.river_taken, totals.turn_taken, totals.reach,
                          np.zeros(1, dtype=np.int64), np.zeros((most, 5), dtype=np.int64),
                          np.zeros((most, options, ends, keys, 4), dtype=np.int64),
                          np.zeros((len(self.h2_count), pairs, self.h2_next.shape[1]), dtype=np.int64),
                          np.zeros((len(self.h2_count), pairs), dtype=np.int64),
                          np.zeros((len(self.h3_count), self.turns, pairs, self.h3_next.shape[1]), dtype=np.int64),
                          np.zeros((len(self.h3_count), self.turns, pairs), dtype=np.int64))

    def scratch(self) -> Any:
        from .kernels.boards import Scratch

        keys, pairs = self.coef.shape[1], comb(self.n_cards, 2)
        # one board's tally is at most C(45, 2) dealer pairs and its rivers at most C(47, 2): 32-bit integers hold their
        # sums, in half the memory (what the tallies per turn are read and written at)
        return Scratch(np.zeros((self.turns, pairs, keys, 4), dtype=np.int32),
                       np.zeros((self.turns, len(self.open4), pairs, self.h4_ends.shape[1], keys, 4), dtype=np.int32),
                       np.zeros(len(self.tables.values), dtype=np.int64),
                       np.zeros((len(self.h3_count), len(self.coef), keys, 4), dtype=np.int64),
                       np.zeros(pairs, dtype=np.int64))

    def symmetry(self, flop: np.ndarray, renamed: bool = True) -> Any:
        """The flop's boards and hole pairs by class under the renamings of suits that fix it (``renamed``), or each its
        own class (where every hole pair's decisions are looked up)."""
        from .kernels.renamings import flop_symmetry

        renamings = self.renamings if renamed else np.arange(self.n_cards, dtype=np.int64)[None]
        return flop_symmetry(flop, self.boards, self.n_cards, renamings)


@dataclass(frozen=True, eq=False)
class Totals:
    """A shard's counts (integer arrays, summed over shards).

    ``class_tally[h2, class, end, key]``: the tally of every deal of the class's hole pairs reaching the flop
    decision with history h2, by how it ends; ``class_cells[class, key]``: the tally of every showdown;
    ``flop_taken[h2, category, option]``, ``river_taken[open h4, category, option]`` and ``turn_taken[open h3, category,
    option]``: card sets taking each option; ``reach[line]``: how far the line's net pay may rise and fall, every other
    pay as it is, with no decision taking another option (the least over shards: :mod:`casino_math.methods.holdem.kernels.boards`), but
    the *near* flop decisions, kept apart to be decided again (:func:`repriced`): ``near_points[n]`` (history, class,
    category, option taken, flop weight times the hole pairs alike on the flop), each option's value ``near_values[n, option]`` and its slope on each line
    ``near_slopes[n, option, line]``, and the tallies of the options' paths, row by row: ``near_tally[r]`` the tally of
    the decision ``near_of[r]``'s option, end and key ``near_row[r]`` (flat, in that order; rows in order of decision,
    then of row).
    """

    class_tally: np.ndarray
    class_cells: np.ndarray
    flop_taken: np.ndarray
    river_taken: np.ndarray
    turn_taken: np.ndarray
    reach: np.ndarray
    near_points: np.ndarray
    near_values: np.ndarray
    near_slopes: np.ndarray
    near_of: np.ndarray
    near_row: np.ndarray
    near_tally: np.ndarray

    @classmethod
    def zeros(cls, plan: KernelPlan) -> Totals:
        keys, ends = plan.coef.shape[1], plan.coef.shape[0]
        categories = plan.categories * plan.pairings
        return cls(np.zeros((len(plan.h2_count), plan.classes, ends, keys, 4), dtype=np.int64),
                   np.zeros((plan.classes, keys, 4), dtype=np.int64),
                   np.zeros((len(plan.h2_count), categories, plan.h2_next.shape[1]), dtype=np.int64),
                   np.zeros((len(plan.open4), categories, plan.h4_ends.shape[1]), dtype=np.int64),
                   np.zeros((len(plan.open3), categories, plan.h3_next.shape[1]), dtype=np.int64),
                   np.full((len(plan.slopes), 2), np.inf), *_no_near(plan))

    def __add__(self, other: Totals) -> Totals:
        return Totals.summed([self, other])

    @staticmethod
    def summed(parts: list[Totals]) -> Totals:
        """Shards' totals together: the counts added, each pay's least reach, the near decisions one after another (each
        one's rows renumbered), joined once: not shard by shard, which copied Casino Hold'em's tens of megabytes of near
        rows again at each of 64 shards."""
        counts = [functools.reduce(np.add, [_arrays(t)[i] for t in parts]) for i in range(5)]
        reach = functools.reduce(np.minimum, [t.reach for t in parts])
        offsets = np.cumsum([0] + [len(t.near_points) for t in parts[:-1]])
        near = {name: np.concatenate([getattr(t, name) for t in parts]) for name in NEAR_FIELDS if name != "near_of"}
        near["near_of"] = np.concatenate([t.near_of + offset for t, offset in zip(parts, offsets)])
        return Totals(counts[0], counts[1], counts[2], counts[3], counts[4], reach, **near)


NEAR_FIELDS = ("near_points", "near_values", "near_slopes", "near_of", "near_row", "near_tally")


def _arrays(totals: Totals) -> list[np.ndarray]:
    """The arrays of ``totals`` in field order, as they are (``dataclasses.astuple`` would copy every one: hundreds of
    megabytes at every designer's edit)."""
    return [getattr(totals, f.name) for f in dataclasses.fields(totals)]


def _no_near(plan: KernelPlan) -> tuple[np.ndarray, ...]:
    options = plan.h2_next.shape[1]
    return (np.zeros((0, 5), dtype=np.int64), np.zeros((0, options), dtype=np.int64),
            np.zeros((0, options, len(plan.slopes)), dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64),
            np.zeros((0, 4), dtype=np.int64))


@dataclass(frozen=True, eq=False)
class _Compiled:
    """The game's side of a plan: histories, ends and the money, kept by the caller (not sent to shards)."""

    plan: KernelPlan
    money: Money
    lines: Lines
    counts: Counts  # the first level's classes (cells filled in at the end)
    start: History
    first: Decision | None
    first_options: tuple[Option, ...]
    first_next: tuple[int, ...]  # per option: h2 index, or -(end + 1) for a fold
    first_rule: int | None  # the option a simple rule forces at the first decision
    nets: tuple[Fraction, ...]  # the net pay of every line of the game's own paytables, in order (what ``plan.slopes`` are per)
    h2: tuple[History, ...]
    h3: tuple[History, ...]
    h4: tuple[History, ...]
    ends: tuple[tuple[Any, ...], ...]  # ("end", history) or ("folded", history, where)
    decisions: dict[int, Decision]  # by level in the count: 1 the hole cards, 2 the flop, 3 the turn, 4 the whole board


def compile_game(game: Game, rule: Rule | None = None) -> _Compiled:
    """The plan of a hold'em-shaped game (and of a simple rule forcing one decision)."""
    from .kernels.tables import strength_tables

    reason = unfit(game)
    if reason:
        raise ValueError(f"{game.id}: not a hold'em-shaped game: {reason}")
    deck, player = game.deck, game.hands["player"]
    assert player.ranking is not None
    n = len(deck.cards)
    shape = stages(game)
    flop_cards, turn, later = shape.flop, shape.turn, shape.later
    board = flop_cards + later
    tables = strength_tables(player.ranking, deck, tuple(sorted({2 + flop_cards, 2 + flop_cards + turn, 2 + board})))
    dealer_pairs = comb(n - board - 2, 2)
    symmetry = Symmetry.of(deck)
    hole_levels = build_levels(deck, [("player", 2)], symmetry)
    decisions = {shape.levels[level]: d for level, d in game.decision_levels.items()}
    dealt = [s.cards for s in game.steps if isinstance(s, Deal) and s.seen][1:] + [2]
    ways = (completions(n, 0, [2, *dealt]), completions(n, 2, dealt))
    counts = Counts(deck, tuple(hole_levels), {1: decisions[1]} if 1 in decisions else {}, ways,
                    np.zeros((len(hole_levels[1]), len(CELLS)), dtype=np.int64), CELLS)
    strengths = len(tables.values)
    lines = Lines.coded(game, strengths, lambda table: _paid(table, tables.values))
    money = Money(game, counts.cell_names, lines)
    qualifier = tables.strength(game.qualifier.value) if game.qualifier else 0
    reaches = np.arange(strengths) >= qualifier
    key_of = lines.code * 2 + reaches
    matrices = [_cell_matrix(False, dealer_pairs), _cell_matrix(True, dealer_pairs)]

    staked = money.staked
    scale = money.stake_scale
    start: History = tuple(game.wager[name].stake for name in staked)
    folding = [d for d in game.decisions if any(o.folds for o in d.options)]
    ends: dict[tuple, int] = {}

    def end(key: tuple) -> int:
        return ends.setdefault(key, len(ends))

    def is_open(level: int, h: History) -> bool:
        d = decisions.get(level)
        return d is not None and all(h[staked.index(w)] == 0 for w in d.while_unmade if w in staked)

    def folded(level: int, h: History) -> tuple:
        return ("folded", h, decisions[level].name if len(folding) > 1 else "")

    def options(level: int) -> tuple[Option, ...]:
        return preference(decisions[level], game.equal_ev)

    h2: list[History] = []
    first_next: list[int] = []
    if is_open(1, start):
        for o in options(1):
            if o.folds:
                first_next.append(-(end(folded(1, start)) + 1))
            else:
                first_next.append(_index(h2, add_stakes(start, o, staked)))
    else:
        h2.append(start)

    def step(level: int, entering: list[History], following: list[History]) -> tuple[list[list[int]], list[int]]:
        """Where each option leads from each history entering ``level``'s decision (the history after it, or a fold's
        -(end + 1)); and which histories find the decision open."""
        rows, opened = [], []
        for i, h in enumerate(entering):
            if is_open(level, h):
                opened.append(i)
                rows.append([-(end(folded(level, h)) + 1) if o.folds else _index(following, add_stakes(h, o, staked))
                             for o in options(level)])
            else:
                rows.append([_index(following, h)])
        return rows, opened

    h3: list[History] = []
    h4: list[History] = []
    h2_rows, _ = step(2, h2, h3)
    h3_rows, open3 = step(3, h3, h4)
    h4_rows: list[list[int]] = []
    open4: list[int] = []
    for i, h in enumerate(h4):
        if is_open(4, h):
            open4.append(i)
            h4_rows.append([end(folded(4, h)) if o.folds else end(("end", add_stakes(h, o, staked))) for o in options(4)])
        else:
            h4_rows.append([end(("end", h))])

    def coefficients(money: Money) -> np.ndarray:
        """What a tally of each key is worth in each end, by ``money``."""
        keys = 2 * len(lines.combos)
        coef = np.zeros((len(ends), keys, 4), dtype=np.int64)
        for key, e in ends.items():
            stakes = [int(s * scale) for s in key[1]]
            if key[0] == "folded":
                coef[e, :, 3] = sum(s * money.fold_unit[name] for s, name in zip(stakes, staked)) * dealer_pairs
                continue
            unit = sum(s * money.unit[name] for s, name in zip(stakes, staked))  # (cells, codes)
            for k in range(keys):
                coef[e, k] = unit[:, k // 2] @ matrices[k % 2]
        return coef

    coef = coefficients(money)
    own = [(t, i) for t in game.own_tables for i in range(len(game.paytables[t].lines))]
    # the money is affine in each line's net pay, over one denominator while the pays' denominators are the same: a line
    # paying one more moves every value by its slope
    slopes = np.array([coefficients(Money(_raised(game, t, i), counts.cell_names, lines)) - coef for t, i in own],
                      dtype=np.int64).reshape(len(own), *coef.shape)
    moving = np.asarray(slopes.any(axis=(1, 3)))  # (lines, keys): the keys whose values a line moves

    pairs = all_subsets(n, 2)
    class_keys = symmetry.key([hole_levels[1].cards["player"]])
    class_of = np.searchsorted(class_keys, symmetry.canonical([pairs])[0])
    flop_levels = build_levels(deck, [("board", flop_cards)], symmetry)
    rules = {level: np.zeros(4, dtype=np.int64) for level in (2, 3, 4)}
    first_rule = None
    if rule is not None:
        level = next(lv for lv, d in decisions.items() if d.name == rule.decision)
        names = [o.name for o in options(level)]
        forced = np.array([1 if rule.threshold is None else 2, 0 if rule.threshold is None else tables.strength(rule.threshold),
                           names.index(rule.option), names.index(rule.otherwise)], dtype=np.int64)
        if level == 1:
            first_rule = int(forced[2])
        else:
            rules[level] = forced

    def opened(indices: list[int], histories: int) -> tuple[np.ndarray, np.ndarray]:
        """The open histories' indices, and per history its index among them (-1: closed)."""
        return (np.array(indices, dtype=np.int64).reshape(-1),
                np.array([indices.index(i) if i in indices else -1 for i in range(histories)], dtype=np.int64))

    open3_of, h3_open = opened(open3, len(h3))
    open4_of, h4_open = opened(open4, len(h4))
    plan = KernelPlan(
        n_cards=n, flop_cards=flop_cards, later=later, dealer_pairs=dealer_pairs, tables=tables, qualifier=qualifier,
        key_of=key_of.astype(np.int64), category_of=tables.categories().astype(np.int64), pairings=len(PAIRINGS),
        coef=coef, turn=turn, boards=_board_order(n - flop_cards, later, turn), splits=np.array(list(itertools.combinations(range(later), turn)), dtype=np.int64).reshape(comb(later, turn), turn),
        orders=np.array(shape.orders, dtype=np.int64),
        h4_ends=_padded(h4_rows), h4_count=np.array([len(r) for r in h4_rows], dtype=np.int64), h4_open=h4_open,
        open4=open4_of, rule4=rules[4],
        h3_next=_padded(h3_rows), h3_count=np.array([len(r) for r in h3_rows], dtype=np.int64), h3_open=h3_open,
        open3=open3_of, rule3=rules[3],
        h2_next=_padded(h2_rows), h2_count=np.array([len(r) for r in h2_rows], dtype=np.int64),
        h2_open=np.array([is_open(2, h) for h in h2], dtype=np.int64), rule2=rules[2],
        class_of=class_of.astype(np.int64), classes=len(hole_levels[1]),
        flops=flop_levels[1].cards["board"].astype(np.int64), weights=flop_levels[1].weights.astype(np.int64),
        slopes=slopes, key_lines=_listed(moving.T), line_keys=_listed(moving),
        floors=np.array([float(NEAR * max(Fraction(1), abs(game.paytables[t].lines[i].pay.net))) for t, i in own], dtype=np.float64),
        renamings=symmetry.maps,
    )
    first = decisions.get(1) if is_open(1, start) else None
    first_options = options(1) if first is not None else ()
    nets = tuple(game.paytables[t].lines[i].pay.net for t, i in own)
    return _Compiled(plan, money, lines, counts, start, first, first_options, tuple(first_next), first_rule, nets, tuple(h2),
                     tuple(h3), tuple(h4), tuple(sorted(ends, key=ends.__getitem__)), decisions)


def _raised(game: Game, table: str, index: int) -> Game:
    """``game`` with the line ``index`` of ``table`` paying one more (net)."""
    paytable = game.paytables[table]
    line = paytable.lines[index]
    lines = (*paytable.lines[:index], dataclasses.replace(line, pay=Pay(line.pay.net + 1)), *paytable.lines[index + 1:])
    return dataclasses.replace(game, paytables={**game.paytables, table: dataclasses.replace(paytable, lines=lines)})


def _listed(marks: np.ndarray) -> np.ndarray:
    """Per row, the columns marked, padded with -1 (at least one column).

    >>> _listed(np.array([[True, False, True], [False, False, False]])).tolist()
    [[0, 2], [-1, -1]]
    """
    width = max(1, int(marks.sum(axis=1).max(initial=0)))
    out = np.full((len(marks), width), -1, dtype=np.int64)
    for row, columns in enumerate(marks):
        found = np.flatnonzero(columns)
        out[row, :len(found)] = found
    return out


def _board_order(cards: int, later: int, turn: int) -> np.ndarray:
    """The later cards of every board after one flop, as positions among the ``cards`` left: in colex order, or where a
    turn card is split off two cards, in tiles of four by four positions, so that the few turns whose tallies a run of
    boards adds to stay in the processor's cache.

    >>> _board_order(5, 2, 1).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3], [0, 4], [1, 4], [2, 4], [3, 4]]
    """
    if turn == 0 or later != 2:
        return all_subsets(cards, later).reshape(-1, later)
    tile = 4
    order = [(i, j) for high in range(0, cards, tile) for low in range(0, high + 1, tile)
             for j in range(high, min(high + tile, cards)) for i in range(low, min(low + tile, j))]
    return np.array(order, dtype=np.int64).reshape(-1, 2)


def _index(items: list[History], h: History) -> int:
    if h not in items:
        items.append(h)
    return items.index(h)


def _padded(rows: list[list[int]]) -> np.ndarray:
    out = np.zeros((len(rows), max(len(r) for r in rows)), dtype=np.int64)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    return out


def _paid(table: Any, values: np.ndarray) -> np.ndarray:
    """The first line of ``table`` paying each value (-1: none)."""
    out = np.full(len(values), -1, dtype=np.int64)
    for i in reversed(range(len(table.lines))):
        out[table.lines[i].pattern.matches(values)] = i
    return out


# -- shards -------------------------------------------------------------------------------------------------
def count_shard(plan: KernelPlan, index: int, of: int) -> Totals:
    """Shard ``index`` of ``of``: the flops index, index + of, index + 2·of, ... (a pure function of its arguments)."""
    from .kernels.boards import flop_counts

    totals = Totals.zeros(plan)
    cards, decisions = plan.kernel_inputs()
    out, scratch = plan.flop_outputs(totals, looked_up=False), plan.scratch()
    near = [_no_near(plan)]
    kept = 0
    for f in range(index, len(plan.flops), of):
        flop_counts(plan.flops[f], int(plan.weights[f]), plan.n_cards, plan.later, cards, decisions, out, scratch,
                    plan.symmetry(plan.flops[f]))
        n = int(out.near_count[0])
        if n:  # the flop's near decisions: their options' values and slopes, their paths' tallies row by row (those holding any)
            paths = out.near_paths[:n]
            values = np.einsum("noekc,ekc->no", paths, plan.coef)
            slopes = np.einsum("noekc,lekc->nol", paths, plan.slopes)
            rows = paths.reshape(n, -1, 4)
            of_point, row = np.nonzero(rows.any(axis=2))
            near.append((out.near_points[:n].copy(), values, slopes, of_point + kept, row, rows[of_point, row]))
            kept += n
            out.near_count[0] = 0
    return dataclasses.replace(totals, **{name: np.concatenate([part[i] for part in near]) for i, name in enumerate(NEAR_FIELDS)})


# -- solving -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class HoldemSolved(Solved):
    """A hold'em-shaped game solved: the return table, the first decision per class of hole cards (``decisions``,
    over ``counts``' first level), and every decision's strategy (the later ones by category)."""

    strategies: tuple[Any, ...] = ()
    compiled: Any = None  # the plan it was counted by, for looking decisions up card by card


CACHED = 8
_CACHE: Held[tuple, HoldemSolved] = Held(most=CACHED)


def board_by_board(game: Game, rule: Rule | None = None, progress: Progress | None = None, runner: Runner | None = None,
          shards: int = SHARDS) -> HoldemSolved:
    """The game's own bet under the optimal strategy (or ``rule`` forcing one decision), exactly.

    The shards of flops run on ``runner`` (default: every local core for a big game, this process for a
    small one); results are cached per game and rule.
    """
    key = (_key(game), rule)
    if key not in _CACHE:
        compiled = compile_game(game, rule)
        plan = compiled.plan
        shards = min(shards, len(plan.flops))
        boards = int(plan.weights.sum()) * comb(plan.n_cards - plan.flop_cards, plan.later)
        where = (runner or (Runner.of() if boards > BIG else Runner.here())).forking()
        job = Shards(functools.partial(count_shard, plan, of=shards), range(shards), f"holdem|{shards}|{key[0]}|{rule}")
        totals = _kept_totals(game, compiled, lambda: Totals.summed(list(job.run(where, progress, "hold'em: the boards of every flop"))))
        _CACHE[key] = assemble(game, compiled, totals)
    _CACHE.move_to_end(key)
    return _CACHE[key]


# -- totals kept between runs ---------------------------------------------------------------------------------------
KIND = "hold'em totals"
CODE = ("methods/holdem",)  # the method's folder: the digest adds every module it imports (see count_cache.engine)


KEPT = 2  # counts kept per game at other pays (the last counted first)
NEAR = 1  # a flop decision moved by a pay moving less than this share of itself (or than 1 where less) is kept apart
SAFE = 1 - Fraction(1, 2**40)  # a reach is a quotient of integers rounded to a double: trusted to within this


@dataclass(frozen=True, eq=False)
class Counted:
    """Totals as counted at some pays: the net pay of every line of the game's own paytables then (``nets``)."""

    nets: tuple[Fraction, ...]
    totals: Totals


def _kept_totals(game: Game, compiled: _Compiled, count: Callable[[], Totals]) -> Totals:
    """The plan's totals, kept on disk between runs.

    The kernels take the later decisions board by board, by the money of the game's own bet: the totals depend on its
    pays only through those decisions. So they are keyed by the plan without its money (:func:`shape_digest`), beside the
    pays they were counted at and each line's reach (``Totals.reach``); pays within reach of totals kept (:func:`within_reach`)
    take every decision as counted, and take the very totals, re-priced by the caller. Others are counted, and kept too
    (the last :data:`KEPT` counts of a game's shape)."""
    from ...count_cache import current

    cache = current()
    if cache is None:
        return count()
    plan = compiled.plan
    key = shape_digest(plan)
    held = (str(cache.folder), key)
    if held in _READ:  # read (or kept) by this process: a designer's edits read no file and check no digest again
        _READ.move_to_end(held)
        found, stored = True, _READ[held]
    else:
        found, stored = cache.load(KIND, key, game.id, CODE)
    kept: list[Counted] = []
    if found:
        if isinstance(stored, list) and all(isinstance(c, Counted) and len(c.nets) == len(compiled.nets) and _fits(c.totals, plan)
                                            for c in stored):
            kept = stored
        else:
            log.warning(f"the hold'em totals of {game.id} kept in {cache.folder} do not fit this game's plan; they are computed again")
    _hold(held, kept)
    for counted in sorted(kept, key=lambda c: c.nets != compiled.nets):  # the same pays first
        if counted.nets == compiled.nets:
            return counted.totals
        if within_reach(counted.nets, compiled.nets, counted.totals.reach):
            again = repriced(counted.totals, plan, counted.nets, compiled.nets)
            if again is not None:
                return again
    totals = count()
    kept = [Counted(compiled.nets, totals), *kept][:KEPT]
    cache.keep(KIND, key, game.id, kept, CODE)
    _hold(held, kept)
    return totals


HELD = 2
_READ: Held[tuple[str, str], list[Counted]] = Held(most=HELD)  # (cache folder, key): the counts kept there, as read


def _hold(held: tuple[str, str], kept: list[Counted]) -> None:
    _READ[held] = kept
    _READ.move_to_end(held)


def _fits(totals: Any, plan: KernelPlan) -> bool:
    """Whether kept totals are of this plan's shape (the near decisions' arrays of any length, alike)."""
    if not isinstance(totals, Totals):
        return False
    expected, kept = _arrays(Totals.zeros(plan)), _arrays(totals)
    near = len(expected) - len(NEAR_FIELDS)
    return all(isinstance(a, np.ndarray) and a.dtype == b.dtype and (a.shape == b.shape if i < near else a.shape[1:] == b.shape[1:])
               for i, (a, b) in enumerate(zip(kept, expected))) \
        and len({len(a) for a in kept[near:near + 3]}) == 1 and len({len(a) for a in kept[near + 3:]}) == 1


def repriced(totals: Totals, plan: KernelPlan, counted: tuple[Fraction, ...], nets: tuple[Fraction, ...]) -> Totals | None:
    """The totals counted at the net pays ``counted`` for the pays ``nets`` (within their reach: every decision but the
    near flop decisions takes the same option): each near decision taken again, by its options' values moved by their
    slopes; one that moves takes its deals out of the path of the option it took and puts them into the other's, in its
    class, and moves its card sets from one option to the other. The integers of a count at ``nets`` (None where a value
    could pass 64 bits: counted again)."""
    points = totals.near_points
    if not len(points):
        return totals
    moves = {line: now - was for line, (was, now) in enumerate(zip(counted, nets)) if now != was}
    scale = math.lcm(*(m.denominator for m in moves.values()))
    # each option's value at ``nets``, times ``scale``, in the units of the count
    slopes = {line: totals.near_slopes[:, :, line] for line in moves}
    largest = float(np.abs(totals.near_values).max(initial=0)) * scale \
        + sum(float(np.abs(slopes[line]).max(initial=0)) * abs(float(m * scale)) for line, m in moves.items())
    if largest >= 2.0**62:
        return None
    values = totals.near_values * scale
    for line, m in moves.items():
        values += slopes[line] * int(m * scale)
    options = values.shape[1]
    closed = np.arange(options)[None, :] >= plan.h2_count[points[:, 0]][:, None]  # no such option at that history
    choice = np.argmax(np.where(closed, values.min() - 1, values), axis=1)  # the first of equal values, as the kernels take it
    moved = np.flatnonzero(choice != points[:, 3])
    if not len(moved):
        return totals
    class_tally, flop_taken = np.array(totals.class_tally), np.array(totals.flop_taken)
    ends, keys = plan.coef.shape[:2]
    starts, stops = np.searchsorted(totals.near_of, moved), np.searchsorted(totals.near_of, moved, side="right")
    lengths = stops - starts  # the rows of each decision moved, one range each, laid end to end
    rows = np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(int(lengths.sum()))
    of = totals.near_of[rows]
    option, at = np.divmod(totals.near_row[rows], ends * keys)
    end, key = np.divmod(at, keys)
    sign = (option == choice[of]).astype(np.int64) - (option == points[of, 3]).astype(np.int64)
    dealt = points[of, 4] * int(plan.orders[0]) * int(plan.orders[1])
    np.add.at(class_tally, (points[of, 0], points[of, 1], end, key), (sign * dealt)[:, None] * totals.near_tally[rows])
    np.add.at(flop_taken, (points[moved, 0], points[moved, 2], points[moved, 3]), -points[moved, 4])
    np.add.at(flop_taken, (points[moved, 0], points[moved, 2], choice[moved]), points[moved, 4])
    return dataclasses.replace(totals, class_tally=class_tally, flop_taken=flop_taken)


def within_reach(counted: tuple[Fraction, ...], nets: tuple[Fraction, ...], reach: np.ndarray) -> bool:
    """Whether every decision counted at the net pays ``counted`` takes the same option at ``nets``: each line's move, as
    a share of its reach that way, summed, under one (a margin spent by no more than that share, at every decision).

    >>> reach = np.array([[2.0, 0.0], [np.inf, 1.0]])
    >>> within_reach((Fraction(5), Fraction(1)), (Fraction(6), Fraction(3, 4)), reach), within_reach((Fraction(5), Fraction(1)), (Fraction(6), Fraction(0)), reach)
    (True, False)
    >>> within_reach((Fraction(5), Fraction(1)), (Fraction(4), Fraction(1)), reach), within_reach((Fraction(5), Fraction(1)), (Fraction(5), Fraction(9)), reach)
    (False, True)
    """
    spent = Fraction(0)
    for was, now, (up, down) in zip(counted, nets, reach.tolist()):
        moved = now - was
        most = up if moved > 0 else down
        if moved == 0 or most == np.inf:
            continue
        if most <= 0:
            return False
        spent += abs(moved) / (Fraction(most) * SAFE)
    return spent < 1


def shape_digest(plan: KernelPlan) -> str:
    """The digest of a plan without its money (:func:`plan_digest`): what its totals depend on, beside the decisions."""
    return plan_digest(dataclasses.replace(plan, coef=np.zeros_like(plan.coef), slopes=np.zeros_like(plan.slopes),
                                           floors=np.zeros_like(plan.floors)))


def plan_digest(plan: KernelPlan) -> str:
    """A digest of everything a plan holds (its numbers and the tables of hand strength): what its totals depend on."""
    import hashlib
    import json

    from ...shard_store import encode

    arrays: list[np.ndarray] = []
    digest = hashlib.sha256(json.dumps(encode(plan, arrays), separators=(",", ":")).encode())
    for array in arrays:
        array = np.ascontiguousarray(array)
        digest.update(f"|{array.dtype.str}{array.shape}|".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def _key(game: Game) -> str:
    """What the solution depends on: the deck, the deal, the hands, the qualifier, the wagers, their tables, the quoting."""
    tables = {t: game.paytables[t] for t in game.own_tables}
    hands = [(h.name, h.of, h.best, h.ranking_name) for h in game.hands.values()]
    return repr((game.deck, game.steps, hands, game.qualifier, game.wagers, tables, game.equal_ev, game.quoted_per))


def assemble(game: Game, compiled: _Compiled, totals: Totals) -> HoldemSolved:
    """The first decision per class, the return table and the strategies, from every shard's totals summed."""
    plan, money = compiled.plan, compiled.money
    level = compiled.counts.levels[1]
    sizes = [int(w) for w in level.weights]
    ways = compiled.counts.completions[1]
    coef = plan.coef.astype(object)
    path = (totals.class_tally.astype(object) * coef[None, None]).sum(axis=(2, 3, 4))  # (h2, classes)

    def per_set(total: int, k: int) -> int:
        assert total % sizes[k] == 0, "a class whose members differ: the suit symmetry is broken"
        return total // sizes[k]

    chosen: Chosen | None = None
    choice = np.zeros(plan.classes, dtype=np.int64)
    if compiled.first is not None:
        values = np.array([[per_set(path[nxt, k], k) if nxt >= 0 else int(plan.coef[-nxt - 1, 0, 3]) * (ways // plan.dealer_pairs)
                            for k in range(plan.classes)] for nxt in compiled.first_next], dtype=np.int64)
        choice = np.argmax(values, axis=0) if compiled.first_rule is None else np.full(plan.classes, compiled.first_rule)
        scale = money.stake_scale * money.denominator * initial_scale(game)
        chosen = Chosen(1, compiled.first, compiled.start, compiled.first_options, values, choice, scale, ways)
    # how every deal ends: sum the chosen paths' tallies over the classes
    rows: dict[tuple[Any, ...], int] = {}
    keys = int(plan.coef.shape[1])
    ended = np.zeros((len(compiled.ends), keys, 4), dtype=np.int64)
    for k in range(plan.classes):
        nxt = compiled.first_next[choice[k]] if compiled.first is not None else 0
        if nxt < 0:
            key = compiled.ends[-nxt - 1]
            rows[key] = rows.get(key, 0) + sizes[k] * ways
        else:
            ended += totals.class_tally[nxt, k]
    matrices = [_cell_matrix(False, plan.dealer_pairs), _cell_matrix(True, plan.dealer_pairs)]
    for e, key in enumerate(compiled.ends):
        if key[0] == "folded":
            deals = int(ended[e, :, 3].sum()) * plan.dealer_pairs
            if deals:
                rows[key] = rows.get(key, 0) + deals
            continue
        for k in range(keys):
            for cell, deals in enumerate((matrices[k % 2] @ ended[e, k]).tolist()):
                if deals:
                    rows[("end", key[1], cell, k // 2)] = rows.get(("end", key[1], cell, k // 2), 0) + deals
    ends = Ends(rows, CELLS, compiled.lines)
    table = table_of_ends(game, CELLS, compiled.lines, money, rows)
    cells = np.array([sum(matrices[k % 2] @ totals.class_cells[c, k] for k in range(keys)) // sizes[c]
                      for c in range(plan.classes)], dtype=np.int64)
    counts = dataclasses.replace(compiled.counts, cells=cells)
    strategies: list[Any] = []
    if chosen is not None:
        strategies.append(HoleStrategy(game, counts, chosen))
    decisions = compiled.decisions
    later = [(2, compiled.h2[i], totals.flop_taken[i]) for i in np.flatnonzero(plan.h2_open)]
    later += [(3, compiled.h3[h], totals.turn_taken[j]) for j, h in enumerate(plan.open3)]
    later += [(4, compiled.h4[h], totals.river_taken[j]) for j, h in enumerate(plan.open4)]
    for at, h, taken in sorted(later, key=lambda entry: entry[:2]):
        strategies.append(CategoryStrategy(game, decisions[at], h, preference(decisions[at], game.equal_ev), taken))
    return HoldemSolved(table, (chosen,) if chosen is not None else (), counts, ends, tuple(strategies), compiled)


# -- the strategy, in words -----------------------------------------------------------------------------------
def hole_name(game: Game, cards: Iterable[int]) -> str:
    """Two hole cards as players name their class: ``AA``, ``AKs`` (suited), ``AKo`` (offsuit)."""
    a, b = sorted((game.deck.cards[c] for c in cards), key=lambda card: -card.rank)
    if a.rank == b.rank:
        return rank_char(a.rank) * 2
    return rank_char(a.rank) + rank_char(b.rank) + ("s" if a.suit == b.suit else "o")


def hole_ranges(game: Game, names: Iterable[str]) -> str:
    """Hole classes written as ranges, strongest first: ``33+`` (threes or better), ``K5o+`` (K5o to KQo), ``A2+``
    (every ace, suited or not), ``Q6s-Q8s``.

    >>> from casino_math.analysis import load_game
    >>> game = load_game("paytables/ultimate_texas_holdem/standard.yaml")
    >>> hole_ranges(game, ["AA", "KK", "QQ", "AKs", "AKo", "AQs", "AQo", "K9s", "KTs", "KJs", "KQs", "T8o", "55"])
    'QQ+, 55, AQ+, K9s+, T8o'
    """
    order = sorted(game.deck.ranks)
    chars = {rank_char(r): r for r in order}
    wanted = set(names)
    parts: list[str] = []
    pairs = [r for r in order if rank_char(r) * 2 in wanted]
    parts += _runs(pairs, order, top=order[-1], name=lambda r: rank_char(r) * 2)
    for high in reversed(order):
        below = [r for r in order if r < high]
        suited = [r for r in below if f"{rank_char(high)}{rank_char(r)}s" in wanted]
        offsuit = [r for r in below if f"{rank_char(high)}{rank_char(r)}o" in wanted]
        for kickers, suffix in ([(suited, "")] if suited == offsuit else [(suited, "s"), (offsuit, "o")]):
            if below:
                parts += _runs(kickers, below, top=below[-1], name=functools.partial(_two, high, suffix=suffix))
    assert all(n[0] in chars for n in wanted)
    return ", ".join(parts)


def _two(high: int, low: int, suffix: str) -> str:
    return f"{rank_char(high)}{rank_char(low)}{suffix}"


def _runs(ranks: list[int], order: list[int], top: int, name: Callable[[int], str]) -> list[str]:
    """Consecutive ranks (in ``order``) as ``X+`` where the run reaches ``top``, ``X-Y`` or ``X`` otherwise; highest first."""
    runs: list[list[int]] = []
    for r in ranks:
        if runs and order.index(r) == order.index(runs[-1][-1]) + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    out = []
    for run in reversed(runs):
        if run[-1] == top and len(run) > 1:
            out.append(name(run[0]) + "+")
        elif len(run) > 1:
            out.append(f"{name(run[0])}-{name(run[-1])}")
        else:
            out.append(name(run[0]))
    return out


class HoleStrategy(DecisionStrategy):
    """The decision on the hole cards alone: one row per class (``AKs``), and in words as ranges of classes."""

    @property
    def names(self) -> list[str]:
        return [hole_name(self.game, row) for row in self.counts.levels[self.chosen.level].cards["player"].tolist()]

    def frame(self) -> pd.DataFrame:
        frame = super().frame()
        frame.insert(0, "hand", self.names)
        return frame

    def summary(self) -> str:
        options = sorted(self.chosen.options, key=lambda o: (-o.units, o.folds))
        least = min(self.chosen.options, key=lambda o: (o.units, not o.folds))
        names = self.names
        parts = []
        for option in options:
            if option is least:
                continue
            index = self.chosen.options.index(option)
            taking = [names[k] for k in np.flatnonzero(self.chosen.choice == index)]
            parts.append(f"{option.name} with {hole_ranges(self.game, taking)}" if taking else f"{option.name} never")
        prefix = f"after {self.history}: " if self.history else ""
        return prefix + "; ".join(parts) + f"; {least.name} the rest"


@dataclass(frozen=True, eq=False)
class CategoryStrategy(UnrankedView):
    """A decision after board cards, by category: the player's hand there and how the board pairs.

    ``taken[category, option]`` counts the card sets (hole cards and board) of each category taking each
    option, where category = the hand's category × len(PAIRINGS) + the board's pairing.
    """

    game: Game
    decision: Decision
    stakes: History
    options: tuple[Option, ...]
    taken_by: np.ndarray

    @property
    def name(self) -> str:
        return self.decision.name

    @property
    def history(self) -> str:
        return history_text(self.game, self.stakes)

    threshold = None
    by_category = True  # described by category, not class by class

    def taken(self) -> dict[str, int]:
        return {o.name: int(self.taken_by[:, i].sum()) for i, o in enumerate(self.options)}

    def _categories(self) -> list[tuple[str, str, np.ndarray]]:
        """(hand, board, card sets per option) of each category met: unpaired boards first, then by pairing; strongest hand first."""
        ranking = self.game.hands["player"].ranking
        assert ranking is not None
        out = []
        for c in sorted(range(len(self.taken_by)), key=lambda c: (c % len(PAIRINGS), -c)):
            row = self.taken_by[c]
            if row.any():
                hand, pairing = divmod(c, len(PAIRINGS))
                out.append((ranking.categories[hand].replace("_", " "), PAIRINGS[pairing], row))
        return out

    def frame(self) -> pd.DataFrame:
        """One row per category: the hand, the board, the card sets, and how many take each option."""
        import pandas as pd

        rows = []
        for hand, board, row in self._categories():
            entry: dict[str, Any] = {"hand": hand, "board": board, "combinations": int(row.sum())}
            for option, n in zip(self.options, row.tolist()):
                entry[option.name] = n
                entry[f"share_{option.name}"] = n / row.sum()
            rows.append(entry)
        return pd.DataFrame(rows)

    def summary(self) -> str:
        """Board by board, hands strongest first: ``unpaired board: two pair or better bet_2x, one pair bet_2x 95.58%
        (check 4.42%), ...``; hands taking one option alike are merged."""
        boards: dict[str, list[tuple[list[str], str]]] = {}
        for hand, board, row in self._categories():
            order = np.argsort(-row, kind="stable")
            main, total = self.options[order[0]].name, row.sum()
            rest = [f"{self.options[i].name} {row[i] / total:.2%}" for i in order[1:] if row[i]]
            shown = f"{main} {row[order[0]] / total:.2%} ({', '.join(rest)})" if rest else main
            groups = boards.setdefault(board, [])
            if groups and not rest and groups[-1][1] == shown:
                groups[-1][0].append(hand)
            else:
                groups.append(([hand], shown))

        def hands(group: list[str], first: bool) -> str:
            if len(group) == 1:
                return group[0]
            return f"{group[-1]} or better" if first else f"{group[0]} to {group[-1]}"

        parts = [f"{board}: " + ", ".join(f"{hands(group, i == 0)} {shown}" for i, (group, shown) in enumerate(groups))
                 for board, groups in boards.items()]
        prefix = f"after {self.history}: " if self.history else ""
        return prefix + "; ".join(parts)




# -- the strategy, card by card ----------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class BoardLookup:
    """Hold'em decisions looked up for the very cards seen: the first by the class of the hole cards (as solved); the
    flop's and the turn's by counting that flop's boards again (kept per flop up to suits: every hole pair's values, on
    every turn, come at once); the last by that board's showdown against every pair left to the dealer. Exact, as the
    count is."""

    game: Game
    compiled: _Compiled
    first: Any  # a ClassLookup of the first decision, or None
    symmetry: Symmetry
    scale: int  # one initial unit, in the money's integers
    flops: dict[bytes, Any] = dataclasses.field(default_factory=dict, repr=False)

    def decide(self, decision: str, stakes: History, seen: Any) -> Any:
        from ...contract.solution import Decided

        level = next((lv for lv, d in self.compiled.decisions.items() if d.name == decision), None)
        if level is None:
            raise KeyError(f"no decision {decision!r}")
        if level == 1:
            return self.first.decide(decision, stakes, seen) if self.first is not None else None
        plan = self.compiled.plan
        options = preference(self.compiled.decisions[level], self.game.equal_ev)
        hole, board = seen["player"], seen["board"]
        histories, still_open = {2: (self.compiled.h2, plan.h2_open > 0), 3: (self.compiled.h3, plan.h3_open >= 0),
                                 4: (self.compiled.h4, plan.h4_open >= 0)}[level]
        if tuple(stakes) not in histories or not still_open[histories.index(tuple(stakes))]:
            return None
        h = histories.index(tuple(stakes))
        hand = self._on_board if level == 4 else functools.partial(self._on_flop, level)
        values = np.zeros((len(options), len(hole)), dtype=np.int64)
        choice = np.zeros(len(hole), dtype=np.int64)
        for r in range(len(hole)):
            values[:, r], choice[r] = hand(h, board[r], hole[r], len(options))
        # what one initial unit is worth summed over the cards still to come: the later boards (at the flop and the turn),
        # the dealer's pairs
        boards = plan.rivers(plan.flop_cards + (plan.turn if level == 3 else 0)) if level < 4 else 1
        return Decided(options, choice, values, self.scale * boards * plan.dealer_pairs)

    def _on_flop(self, level: int, h: int, board: np.ndarray, hole: np.ndarray, options: int) -> tuple[np.ndarray, int]:
        """Each option's value and the option taken at the flop decision (level 2) or the turn's (level 3), for one hand:
        looked up among the values of every hole pair and turn on the flop, as counted for that flop."""
        plan = self.compiled.plan
        flop = board[:plan.flop_cards]
        mapped_flop, mapped = self._canonical(flop, np.concatenate([hole, board[plan.flop_cards:plan.flop_cards + plan.turn]]))
        values, choices = self._flop(mapped_flop)[0 if level == 2 else 1]
        a, c = sorted(mapped[:2].tolist())
        g = int(plan.tables.binomial[c, 2]) + a
        if level == 2:
            return values[h, g, :options], int(choices[h, g])
        rest = [x for x in range(plan.n_cards) if x not in set(mapped_flop.tolist())]
        t = sum(comb(rest.index(x), i + 1) for i, x in enumerate(sorted(mapped[2:].tolist())))  # the turn's colex rank
        return values[h, t, g, :options], int(choices[h, t, g])

    def _on_board(self, h4: int, board: np.ndarray, hole: np.ndarray, options: int) -> tuple[np.ndarray, int]:
        """Each option's value and the option taken at the last decision, for one hand on the whole board."""
        from .kernels.boards import ruled

        plan = self.compiled.plan
        strength, x = self._showdown(board, hole)
        key = plan.key_of[strength]
        values = np.array([int(plan.coef[e, key] @ x) for e in plan.h4_ends[h4, :options]], dtype=np.int64)
        return values, ruled(plan.rule4, strength, values.tolist())

    def _canonical(self, flop: np.ndarray, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The flop renamed to the least of its suit renamings (sorted ids), and the other cards renamed alike."""
        maps = self.symmetry.maps
        renamed = np.sort(maps[:, flop], axis=1)
        best = min(range(len(maps)), key=lambda m: renamed[m].tolist())
        return renamed[best], maps[best, cards]

    def _flop(self, flop: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
        """Every hole pair's flop decision on ``flop``, and its turn decision on every turn: the flop's boards counted
        again (into scratch totals)."""
        key = flop.tobytes()
        if key not in self.flops:
            from .kernels.boards import flop_counts

            plan = self.compiled.plan
            cards, decisions = plan.kernel_inputs()
            out = plan.flop_outputs(Totals.zeros(plan))
            flop_counts(flop.astype(np.int64), 1, plan.n_cards, plan.later, cards, decisions, out, plan.scratch(),
                        plan.symmetry(flop, renamed=False))
            self.flops[key] = ((out.flop_values, out.flop_choice), (out.turn_values, out.turn_choice))
        return self.flops[key]

    def _showdown(self, board: np.ndarray, hole: np.ndarray) -> tuple[int, np.ndarray]:
        """The hole pair's strength on the whole board, and the dealer pairs left that are weaker, as strong, below the
        qualifier, and all of them (as the kernels tally them)."""
        from .kernels.hands import pair_strengths
        from .kernels.pairs import showdown_counts

        plan = self.compiled.plan
        t = plan.tables
        used = set(board.tolist())
        pool = np.array([c for c in range(plan.n_cards) if c not in used], dtype=np.int64)
        strengths = np.empty(len(pool) * (len(pool) - 1) // 2, dtype=np.int64)
        pair_strengths(board.astype(np.int64), pool, t.rank_of, t.suit_of, t.multisets[2 + len(board)], t.flushes, t.binomial,
                       t.ranks, strengths)
        less, equal, below = showdown_counts(strengths, len(pool), plan.qualifier, np.zeros(len(t.values), dtype=np.int64))
        i, j = sorted(int(np.searchsorted(pool, c)) for c in hole)
        p = j * (j - 1) // 2 + i
        return int(strengths[p]), np.array([less[p], equal[p], below[p], 1], dtype=np.int64)


class Holdem(Method):
    """The counting method of hold'em-shaped games (see the module's introduction)."""

    name = "hold'em, board by board"

    def unfit(self, game: Game) -> str | None:
        return unfit(game)

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None, runner: Runner | None = None) -> Any:
        from ...contract.solution import Solution, Strategy
        from ..level_by_level.strategy import ClassLookup

        solved = board_by_board(game, rule, progress, runner)
        compiled = solved.compiled
        plan = compiled.plan
        first = ClassLookup.of(self._symmetry(game), solved.counts, solved.decisions) if solved.decisions else None
        lookup = BoardLookup(game, compiled, first, self._symmetry(game), compiled.money.stake_scale * compiled.money.denominator * initial_scale(game))
        order = {d.name: i for i, d in enumerate(game.decisions)}
        views = tuple(sorted(solved.strategies, key=lambda d: (order[d.name], d.history)))
        boards = int(plan.weights.sum()) * comb(plan.n_cards - plan.flop_cards, plan.later)

        return Solution(self.name, game, solved.table, Strategy(game, views, lookup), solved.ends, boards, solved.table.total,
                        lambda: self.side_bets(game), working=lambda: solved)

    def problems(self, game: Game) -> tuple[Problem, ...]:
        return uncountable(game)

    def side_bets(self, game: Game) -> dict[str, Any]:
        from ...counting.side_bets import side_bet_table

        return {bet.name: side_bet_table(game, bet) for bet in game.side_bets}

    def workload(self, game: Game) -> Workload:
        """The paytables of one hold'em game (one deck and hands) go together: one reads the totals another kept (pays
        within their reach), and a big one's shards run on every core already."""
        return Workload.of_deals(("hold'em", game.deck, tuple((h.name, h.of, h.best, h.ranking_name) for h in game.hands.values())), game)

    @staticmethod
    def _symmetry(game: Game) -> Symmetry:
        return Symmetry.of(game.deck)


HOLDEM = Holdem()

__all__ = ["HOLDEM", "BoardLookup", "CategoryStrategy", "Holdem", "HoldemSolved", "HoleStrategy", "KernelPlan", "Totals", "board_by_board",
           "compile_game", "count_shard", "fits", "hole_name", "hole_ranges", "unfit"]
