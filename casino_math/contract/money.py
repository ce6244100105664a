"""The settlement money of a game's own bet: what each wager nets, per unit staked, in every way a deal can end.

Every counting method reaches the same ends: a fold under some stakes, or a showdown cell (who wins,
whether the dealer qualifies) with the lines of the game's own paytables that the player's hand is
paid by. :class:`Money` turns each end into integers over one denominator, so that strategies are
compared exactly; :func:`table_of_ends` turns deals counted by end into the bet's return table. The
table depends on the pays only through :class:`Money`: the same ends re-priced at other pays give
the return of the same strategy there (:class:`Ends`), which is how the design tools find where a
strategy changes.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> [o.name for o in preference(game.decisions[0], game.equal_ev)]
['play', 'fold']
>>> units_text(Fraction(3, 2)), pays_text(Fraction(-1)), history_text(game, (Fraction(1), Fraction(1)))
('3/2', 'loses 1', 'play=1')
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping, Protocol

import numpy as np

from ..returns import Outcome, ReturnTable
from ..text import exact
from ..game.description import Decision, Game, Option, Paytable, Result
from ..showdown import CELL_SITUATION
from ..game.situations import Situation

History = tuple[Fraction, ...]  # units staked on each wager with a stake of its own, in the game's order


def _grouped(code: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows in order of their codes (a stable sort), where each code's rows start, and the codes present. Codes are
    few: sorted as 16-bit integers where they fit, which numpy sorts by radix, eight times quicker on millions of rows.

    >>> _grouped(np.array([2, 0, 2, 1]))
    (array([1, 3, 0, 2]), array([0, 1, 2]), array([0, 1, 2]))
    """
    small = len(code) == 0 or (int(code.min()) >= 0 and int(code.max()) < 2**15)
    order = np.argsort(code.astype(np.int16) if small else code, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(code[order]) != 0])
    return order, starts, code[order][starts]


@dataclass(frozen=True, eq=False)
class Lines:
    """Which line of each of the game's own paytables every row (a class of cards, a hand strength) is paid by (-1: none),
    as one code.

    ``combos[code]`` lists the line of each table for a code; ``order`` and ``starts`` group the
    classes by code, so that sums per code are one pass.
    """

    tables: tuple[str, ...]
    code: np.ndarray  # (classes,)
    combos: np.ndarray  # (codes, tables)
    order: np.ndarray
    starts: np.ndarray
    present: np.ndarray  # the codes some class has, in the order of ``starts``

    @classmethod
    def coded(cls, game: Game, rows: int, paid: Callable[[Paytable], np.ndarray]) -> Lines:
        """The lines of ``rows`` rows of any kind, ``paid(table)`` giving the line of a table that pays each row (-1: none)."""
        tables = game.own_tables
        sizes = [len(game.paytables[t].lines) + 1 for t in tables]
        code = np.zeros(rows, dtype=np.int64)
        for t, size in zip(tables, sizes):
            code = code * size + paid(game.paytables[t]) + 1
        combos = np.array(list(itertools.product(*(range(-1, size - 1) for size in sizes))), dtype=np.int64)
        order, starts, present = _grouped(code)
        return cls(tables, code, combos.reshape(len(combos), len(tables)), order, starts, present)

    @classmethod
    def coded_from(cls, lines: Lines, code: np.ndarray) -> Lines:
        """The same tables and combinations for other rows, whose codes are given."""
        return cls(lines.tables, code, lines.combos, *_grouped(code))

    def sums(self, values: np.ndarray) -> np.ndarray:
        """Sums of rows of ``values`` (per class) over the classes of each code: (codes, ...)."""
        out = np.zeros((len(self.combos), *values.shape[1:]), dtype=values.dtype)
        out[self.present] = np.add.reduceat(values[self.order], self.starts)
        return out


class Money:
    """Per-unit results of each wager in each showdown cell and line combination, as integers over ``denominator``."""

    def __init__(self, game: Game, cell_names: tuple[str, ...], lines: Lines) -> None:
        self.game, self.cell_names, self.lines = game, cell_names, lines
        staked = [w for w in game.wagers if w.bonus_on is None]
        self.staked = tuple(w.name for w in staked)
        results = {w.name: self._results(w.name) for w in game.wagers}
        fold = {w.name: w.folded_net() for w in game.wagers}
        stakes = [w.stake for w in staked] + [u for d in game.decisions for o in d.options for _, u in o.adds]
        nets = [x for r in results.values() for x in r.ravel()] + list(fold.values())
        self.denominator = math.lcm(*(x.denominator for x in nets), 1)
        self.stake_scale = math.lcm(*(s.denominator for s in stakes), 1)  # stakes as integers: units × stake_scale
        # per wager with a stake: its own results plus those of its bonuses, per unit of its stake
        self.unit = {}
        self.fold_unit = {}
        for name in self.staked:
            riders = [w.name for w in game.wagers if w.name == name or w.bonus_on == name]
            total = sum((results[r] for r in riders[1:]), results[name])
            self.unit[name] = np.vectorize(lambda x: int(x * self.denominator), otypes=[object])(total)
            self.fold_unit[name] = int(sum((fold[r] for r in riders), Fraction(0)) * self.denominator)

    def _results(self, wager: str) -> np.ndarray:
        """Per-unit net of one wager: (cells, line codes) of Fractions."""
        w = self.game.wager[wager]
        out = np.empty((len(self.cell_names), len(self.lines.combos)), dtype=object)
        for c, name in enumerate(self.cell_names):
            qualified, situation = CELL_SITUATION[c] if name != "played" else (True, "played")
            result = w.result(situation, qualified)
            for code, combo in enumerate(self.lines.combos):
                out[c, code] = self._net(result, combo, w.bonus_on is not None)
        return out

    def _net(self, result: Result, combo: np.ndarray, bonus: bool) -> Fraction:
        if result.kind != "pays":
            return result.unit_net(bonus=bonus)
        line = combo[self.lines.tables.index(result.table)]
        return result.unit_net(self.game.paytables[result.table].lines[line].pay.net if line >= 0 else None, bonus)


def initial_scale(game: Game) -> int:
    """The initial stake as an integer scale (house edge is quoted per it; games stake whole units before the deal)."""
    stake = game.initial_stake
    return int(stake) if stake.denominator == 1 and stake > 0 else 1


def preference(decision: Decision, rule: str) -> tuple[Option, ...]:
    """Options in the order a tie goes: to the one that wagers more (or less), a fold last (or first)."""
    more = rule == "wager_more"
    return tuple(sorted(decision.options, key=lambda o: (-o.units if more else o.units, o.folds == more)))


def opening_stakes(game: Game) -> History:
    """The units on each wager with a stake of its own before the deal (the history every deal starts from)."""
    return tuple(w.stake for w in game.wagers if w.bonus_on is None)


def add_stakes(h: History, option: Option, staked: tuple[str, ...]) -> History:
    """The stakes after ``option``: its units added to the wagers it raises."""
    out = list(h)
    for wager, units in option.adds:
        out[staked.index(wager)] += units
    return tuple(out)


class Repriced(Protocol):
    """Deals counted by how they end under one strategy (:class:`Ends`, or a method's own), priced at the pays of any
    game with the same lines: the same strategy's return there."""

    def table(self, game: Game) -> ReturnTable: ...

    def linear(self) -> Repriced:
        """What prices these ends at many pays, one after another: themselves, counts priced by a dot product (a method
        that plays its rounds again to price them works that out once as linear forms of the pays: blackjack's)."""
        return self


# how a deal ended: ("folded", stakes, decision) or ("end", stakes, showdown cell, line code)
EndKey = tuple[Any, ...]

@dataclass(frozen=True, eq=False)
class Ends(Repriced):
    """Deals counted by how they end under one strategy (see :func:`table_of_ends`), with what names the ends:
    the showdown cells and the lines. The same ends at other pays of the same lines are the same strategy's
    return there (:meth:`table`)."""

    rows: Mapping[EndKey, int]
    cell_names: tuple[str, ...]
    lines: Lines

    def table(self, game: Game) -> ReturnTable:
        """The return table of these ends settled by ``game``'s pays (its lines must be the ones counted)."""
        return table_of_ends(game, self.cell_names, self.lines, Money(game, self.cell_names, self.lines), self.rows)


def table_of_ends(game: Game, cell_names: tuple[str, ...], lines: Lines, money: Money, rows: Mapping[EndKey, int]) -> ReturnTable:
    """The return table of deals counted by how they end: ``("folded", stakes, decision)`` or
    ``("end", stakes, showdown cell, line code)`` -> deals."""
    initial = game.initial_stake or Fraction(1)
    wagered = sum((deals * sum(key[1], Fraction(0)) for key, deals in rows.items()), Fraction(0))
    total = sum(rows.values())
    stakes = {sum(key[1], Fraction(0)) for key in rows if key[0] == "end"}
    outcomes: dict[tuple[str, Fraction], list[Any]] = {}
    for key, deals in rows.items():
        h = key[1]
        if key[0] == "folded":
            net = sum((s * Fraction(money.fold_unit[n], money.denominator) for n, s in zip(money.staked, h)), Fraction(0)) / initial
            label = Situation.FOLDED.outcome(game.names.roles) + (f" at {key[2]}" if key[2] else "")
            keys = {"situation": "folded", "stake": str(sum(h, Fraction(0)))} | ({"decision": key[2]} if key[2] else {})
        else:
            cell, code = key[2], key[3]
            net = sum((s * Fraction(int(money.unit[n][cell, code]), money.denominator) for n, s in zip(money.staked, h)),
                      Fraction(0)) / initial
            label, keys = _label(game, cell_names, lines, cell, code, sum(h, Fraction(0)) if len(stakes) > 1 else None)
            keys["stake"] = str(sum(h, Fraction(0)))
        entry = outcomes.setdefault((label, net), [0, keys])
        entry[0] += deals
        entry[1] = {k: v for k, v in entry[1].items() if keys.get(k) == v}
    ordered = sorted(outcomes.items(), key=lambda item: (-item[0][1], item[0][0]))
    table_rows = tuple(Outcome(label, net, deals, pays_text(net), tuple(sorted(keys.items())))
                       for (label, net), (deals, keys) in ordered)
    return ReturnTable(game.bet, table_rows, average_wager=wagered / total / initial if total else Fraction(1))


def _label(game: Game, cell_names: tuple[str, ...], lines: Lines, cell: int, code: int, stake: Fraction | None) -> tuple[str, dict[str, str]]:
    """A row's name as a dealer would say it (the lines paid, then the situation) and its keys."""
    name = cell_names[cell]
    qualified, comparison = CELL_SITUATION[cell] if name != "played" else (True, "played")
    merged = not qualified and not _showdown_when_not_qualified(game)
    keys = {"situation": "dealer_not_qualified" if merged else comparison}
    if not qualified and not merged:
        keys["qualified"] = "no"
    applying = [r.table for w in game.wagers for r in [w.result(comparison, qualified)] if r.kind == "pays"]
    parts = []
    for table, line in zip(lines.tables, lines.combos[code]):
        if table in applying:
            keys[f"line:{table}"] = game.paytables[table].lines[line].key if line >= 0 else ""
            if line >= 0:
                parts.append(game.paytables[table].lines[line].key)
    roles = game.names.roles
    if comparison == "played":
        text = ", ".join(parts) or "no paying hand"
    elif merged:
        text = ": ".join([*parts, Situation.DEALER_NOT_QUALIFIED.outcome(roles)])
    else:
        unqualified = "" if qualified else f" ({Situation.DEALER_NOT_QUALIFIED.outcome(roles)})"
        text = ": ".join([*parts, Situation(comparison).outcome(roles) + unqualified])
    if stake is not None:
        text += f" ({units_text(stake)} units)"
    return text, keys


def _showdown_when_not_qualified(game: Game) -> bool:
    """Whether some wager is settled by the showdown even when the dealer does not qualify."""
    return any("dealer_not_qualified" not in w.settle for w in game.wagers if w.bonus_on is None)


def units_text(x: Fraction) -> str:
    """Units as written in a game file: ``3``, ``3/2``."""
    return exact(x)


def history_text(game: Game, history: History) -> str:
    """The wagers a history of stakes has made beyond their stakes before the deal, e.g. ``third_street=3``."""
    staked = [w.name for w in game.wagers if w.bonus_on is None]
    return ", ".join(f"{n}={units_text(s)}" for n, s in zip(staked, history) if s != game.wager[n].stake)


def pays_text(net: Fraction) -> str:
    """A row's net in words: ``wins 3``, ``loses 1``, ``push``."""
    if net > 0:
        return f"wins {units_text(net)}"
    if net < 0:
        return f"loses {units_text(-net)}"
    return "push"
