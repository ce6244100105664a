"""Money on the counts: the optimal strategy by backward induction, and the return table it gives.

Values are exact integers: the total result, over every way the cards still
to come can fall, of each class of what the player has seen, in units of one
over a common denominator of the pays and stakes. Comparing two options of a
decision compares two integers, so ties are found exactly and broken by the
game's rule (by default the option that wagers more, as published analyses do).

At the last level a class's value under stakes s is Σ over wagers of s times
the wager's per-unit result summed over the showdown cells; at a decision it
is the best option's value; before it, the sum over the next level's classes
of their values times how many card sets lead there.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Callable, Mapping

import numpy as np

from ..returns import Outcome, ReturnTable
from .counts import Counts
from .description import Decision, Game, Option, Paytable, Result
from .showdown import CELL_SITUATION
from .tree import Level

History = tuple[Fraction, ...]  # units staked on each wager with a stake of its own, in the game's order
Policy = Callable[[int, Decision, History, np.ndarray], np.ndarray | None]  # a forced choice per class, or None: optimal
SITUATION_TEXT = {"player_higher": "player wins", "equal": "tie", "dealer_higher": "dealer wins"}


@dataclass(frozen=True, eq=False)
class Lines:
    """Which line of each of the game's own paytables every last-level class is paid by (-1: none), as one code.

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
    def of(cls, game: Game, counts: Counts) -> Lines:
        """The lines of the game's own paytables (kept with the counts: re-priced paytables share their lines)."""
        tables = game.own_tables
        key = ("lines", tuple((t, tuple((line.pattern, line.hand) for line in game.paytables[t].lines)) for t in tables))
        if key not in counts.memo:
            counts.memo[key] = cls.coded(game, len(counts.last), lambda table: paid_line(table, game, counts))
        return counts.memo[key]

    @classmethod
    def coded(cls, game: Game, rows: int, paid: Callable[[Paytable], np.ndarray]) -> Lines:
        """The lines of ``rows`` rows of any kind, ``paid(table)`` giving the line of a table that pays each row (-1: none)."""
        tables = game.own_tables
        sizes = [len(game.paytables[t].lines) + 1 for t in tables]
        code = np.zeros(rows, dtype=np.int64)
        for t, size in zip(tables, sizes):
            code = code * size + paid(game.paytables[t]) + 1
        combos = np.array(list(itertools.product(*(range(-1, size - 1) for size in sizes))), dtype=np.int64)
        order = np.argsort(code, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(code[order]) != 0])
        return cls(tables, code, combos.reshape(len(combos), len(tables)), order, starts, code[order][starts])

    @classmethod
    def coded_from(cls, lines: Lines, code: np.ndarray) -> Lines:
        """The same tables and combinations for other rows, whose codes are given."""
        order = np.argsort(code, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(code[order]) != 0])
        return cls(lines.tables, code, lines.combos, order, starts, code[order][starts])

    def sums(self, values: np.ndarray) -> np.ndarray:
        """Sums of rows of ``values`` (per class) over the classes of each code: (codes, ...)."""
        out = np.zeros((len(self.combos), *values.shape[1:]), dtype=values.dtype)
        out[self.present] = np.add.reduceat(values[self.order], self.starts)
        return out


def paid_line(table: Paytable, game: Game, counts: Counts, level: int = -1) -> np.ndarray:
    """Per class, the index of the first line of ``table`` that pays its hand (-1: none)."""
    out = np.full(len(counts.levels[level]), -1, dtype=np.int64)
    values: dict[str, np.ndarray] = {}
    suits: dict[str, np.ndarray] = {}
    for i in reversed(range(len(table.lines))):
        line = table.lines[i]
        hand = game.hands[line.hand]
        if line.hand not in values:
            values[line.hand] = counts.values(hand, level) if hand.ranking is not None else np.zeros(len(out), dtype=np.int64)
        if line.pattern.needs_cards and line.hand not in suits:
            suits[line.hand] = counts.suits(hand, level)
        out[line.pattern.matches(values[line.hand], suits.get(line.hand))] = i
    return out


@dataclass(frozen=True)
class Chosen:
    """One decision under one history: each option's value per class (options in preference order) and the choice."""

    level: int
    decision: Decision
    history: History
    options: tuple[Option, ...]
    values: np.ndarray  # (options, classes) exact, in units of 1/scale per card set of the class
    choice: np.ndarray  # index into options, per class
    scale: int  # the common denominator of the values per initial unit (pays and stakes as integers)
    completions: int

    def ev(self, option: int, row: int) -> Fraction:
        """The exact expected result, per initial unit, of taking ``option`` in class ``row``."""
        return Fraction(int(self.values[option, row]), self.scale * self.completions)


@dataclass(frozen=True)
class Solved:
    """A game's own bet under a strategy: its return table and every decision taken."""

    table: ReturnTable
    decisions: tuple[Chosen, ...]
    counts: Counts = field(repr=False)


class _Money:
    """Per-unit results of each wager in each showdown cell and line combination, as integers over ``denominator``."""

    def __init__(self, game: Game, counts: Counts, lines: Lines) -> None:
        self.game, self.counts, self.lines = game, counts, lines
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
        out = np.empty((len(self.counts.cell_names), len(self.lines.combos)), dtype=object)
        for c, name in enumerate(self.counts.cell_names):
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


def _ends_merged(counts: Counts, lines: Lines) -> tuple[Counts, Lines]:
    """A game with no showdown ends the same way in every card that pays the same lines: the last level's card
    sets merged by (class before them, line code), counted by multiplicity. Mississippi Stud's 4,500,912 last card
    sets become a few hundred thousand, and every pass of the solver over them shrinks as much."""
    key = ("ends merged", id(lines))
    if key not in counts.memo:
        before = counts.levels[-2]
        assert before.parent is not None and before.child is not None
        codes = len(lines.combos)
        groups, sets = np.unique(before.parent * codes + lines.code[before.child], return_counts=True)  # sorted by parent
        parent, code = groups // codes, groups % codes
        edges = Level(before.cards, before.weights, parent, np.arange(len(groups)), sets.astype(np.int64))
        ends = Level({}, before.weights[parent] * sets)
        merged = replace(counts, levels=(*counts.levels[:-2], edges, ends), cells=np.ones((len(groups), 1), dtype=np.int64), memo={})
        counts.memo[key] = (merged, Lines.coded_from(lines, code))
    return counts.memo[key]


def solve(game: Game, counts: Counts, policy: Policy | None = None) -> Solved:
    """The game's own bet under the optimal strategy (or under ``policy`` where it forces a choice)."""
    lines = Lines.of(game, counts)
    if counts.cell_names == ("played",) and len(counts.levels) > 2 and counts.levels[-2].multiplicity is not None \
            and bool((counts.levels[-2].multiplicity == 1).all()):
        counts, lines = _ends_merged(counts, lines)
    money = _Money(game, counts, lines)
    stake_scale = money.stake_scale
    last = len(counts.levels) - 1
    bound = counts.completions[0] * max((int(np.abs(u).max()) for u in money.unit.values()), default=1) * stake_scale
    bound *= int(sum((w.stake for w in game.wagers), Fraction(0)) + sum((o.units for d in game.decisions for o in d.options), Fraction(0)) + 1)
    # Python integers where the totals could pass 64 bits (a pay with a large denominator): slower, still exact
    exact = np.int64 if bound < 2**62 else object
    cells = counts.cells.astype(exact)
    # the result per unit of each staked wager, summed over the showdown cells, per last-level class
    # wagers paid alike (Mississippi Stud's four bets) share one basis: the terminal value is their summed stake times it
    alike: dict[bytes, list[str]] = {}
    for name in money.staked:
        alike.setdefault(np.asarray(money.unit[name]).tobytes(), []).append(name)
    basis = [(names, np.einsum("ij,ij->i", cells, money.unit[names[0]].astype(exact).T[lines.code])) for names in alike.values()]
    start: History = tuple(game.wager[n].stake for n in money.staked)
    ordered = {level: _preference(d, game.equal_ev) for level, d in counts.decisions.items()}
    memo: dict[tuple[int, History], np.ndarray] = {}
    chosen: dict[tuple[int, History], Chosen] = {}

    def units(h: History) -> list[int]:
        return [int(s * stake_scale) for s in h]

    def terminal(h: History) -> np.ndarray:
        stake = dict(zip(money.staked, units(h)))
        return sum((sum(stake[n] for n in names) * b for names, b in basis), np.zeros(len(counts.last), dtype=exact))

    def fold_value(h: History) -> int:
        return sum(s * money.fold_unit[n] for n, s in zip(money.staked, units(h)))

    def is_open(decision: Decision, h: History) -> bool:
        return all(h[money.staked.index(w)] == 0 for w in decision.while_unmade if w in money.staked)

    def after(level: int, h: History) -> np.ndarray:
        if level == last:
            return terminal(h)
        lv = counts.levels[level]
        return np.add.reduceat(lv.multiplicity * value(level + 1, h)[lv.child], lv.edge_starts)

    def value(level: int, h: History) -> np.ndarray:
        if (level, h) in memo:
            return memo[(level, h)]
        decision = counts.decisions.get(level)
        if decision is None or not is_open(decision, h):
            out = after(level, h)
        else:
            options = ordered[level]
            values = np.stack([np.full(len(counts.levels[level]), fold_value(h) * counts.completions[level], dtype=exact)
                               if o.folds else after(level, _add(h, o, money.staked)) for o in options])
            forced = policy(level, decision, h, values) if policy else None
            choice = np.argmax(values, axis=0) if forced is None else forced
            out = values[choice, np.arange(values.shape[1])]
            chosen[(level, h)] = Chosen(level, decision, h, options, values, choice,
                                       stake_scale * money.denominator * _initial(game), counts.completions[level])
        memo[(level, h)] = out
        return out

    value(0, start)
    table = _return_table(game, counts, lines, money, chosen, start)
    return Solved(table, tuple(chosen.values()), counts)


def _initial(game: Game) -> int:
    """The initial stake as an integer scale (house edge is quoted per it; games stake whole units before the deal)."""
    stake = game.initial_stake
    return int(stake) if stake.denominator == 1 and stake > 0 else 1


def _preference(decision: Decision, rule: str) -> tuple[Option, ...]:
    """Options in the order a tie goes: to the one that wagers more (or less), a fold last (or first)."""
    more = rule == "wager_more"
    return tuple(sorted(decision.options, key=lambda o: (-o.units if more else o.units, o.folds == more)))


def _add(h: History, option: Option, staked: tuple[str, ...]) -> History:
    out = list(h)
    for wager, units in option.adds:
        out[staked.index(wager)] += units
    return tuple(out)


def _return_table(game: Game, counts: Counts, lines: Lines, money: _Money, chosen: Mapping[tuple[int, History], Chosen],
                  start: History) -> ReturnTable:
    """Every deal counted by how it ends under the strategy: stakes, showdown cell and the lines paid."""
    last = len(counts.levels) - 1
    rows: dict[tuple, int] = {}
    mass: dict[History, np.ndarray] = {start: counts.levels[0].weights.copy()}
    folding_decisions = {d.name for d in game.decisions if any(o.folds for o in d.options)}
    for level in range(last + 1):
        carry: dict[History, np.ndarray] = {}
        for h, m in mass.items():
            decision = chosen.get((level, h))
            if decision is None:
                carry[h] = carry.get(h, 0) + m
                continue
            for i, option in enumerate(decision.options):
                taken = np.where(decision.choice == i, m, 0)
                if not taken.any():
                    continue
                if option.folds:
                    deals = int(taken.sum()) * counts.completions[level]
                    where = decision.decision.name if len(folding_decisions) > 1 else ""
                    key = ("folded", h, where)
                    rows[key] = rows.get(key, 0) + deals
                else:
                    h2 = _add(h, option, money.staked)
                    carry[h2] = carry.get(h2, 0) + taken
        if level == last:
            for h, m in carry.items():
                ends = m[:, None] if counts.cell_names == ("played",) else m[:, None] * counts.cells  # no showdown: one cell
                for code, per_cell in enumerate(lines.sums(ends).tolist()):
                    for cell, deals in enumerate(per_cell):
                        if deals:
                            key = ("end", h, cell, code)
                            rows[key] = rows.get(key, 0) + deals
            break
        lv = counts.levels[level]
        order, starts = lv.by_child
        mass = {h: np.add.reduceat((m[lv.parent] * lv.multiplicity)[order], starts) for h, m in carry.items()}
    return table_of_ends(game, counts.cell_names, lines, money, rows)


def table_of_ends(game: Game, cell_names: tuple[str, ...], lines: Lines, money: _Money, rows: Mapping[tuple, int]) -> ReturnTable:
    """The return table of deals counted by how they end: ``("folded", stakes, decision)`` or
    ``("end", stakes, showdown cell, line code)`` -> deals."""
    initial = game.initial_stake or Fraction(1)
    wagered = sum((deals * sum(key[1], Fraction(0)) for key, deals in rows.items()), Fraction(0))
    total = sum(rows.values())
    stakes = {sum(key[1], Fraction(0)) for key in rows if key[0] == "end"}
    outcomes: dict[tuple[str, Fraction], list] = {}
    for key, deals in rows.items():
        h = key[1]
        if key[0] == "folded":
            net = sum((s * Fraction(money.fold_unit[n], money.denominator) for n, s in zip(money.staked, h)), Fraction(0)) / initial
            label = "fold" + (f" at {key[2]}" if key[2] else "")
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
    table_rows = tuple(Outcome(label, net, deals, _pays_text(net), tuple(sorted(keys.items())))
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
    if comparison == "played":
        text = ", ".join(parts) or "no paying hand"
    elif merged:
        text = ": ".join([*parts, "dealer does not qualify"])
    else:
        text = ": ".join([*parts, SITUATION_TEXT[comparison] + ("" if qualified else " (dealer does not qualify)")])
    if stake is not None:
        text += f" ({units_text(stake)} units)"
    return text, keys


def _showdown_when_not_qualified(game: Game) -> bool:
    """Whether some wager is settled by the showdown even when the dealer does not qualify."""
    return any("dealer_not_qualified" not in w.settle for w in game.wagers if w.bonus_on is None)


def units_text(x: Fraction) -> str:
    """Units as written in a game file: ``3``, ``3/2``."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def history_text(game: Game, history: History) -> str:
    """The wagers a history of stakes has made beyond their stakes before the deal, e.g. ``third_street=3``."""
    staked = [w.name for w in game.wagers if w.bonus_on is None]
    return ", ".join(f"{n}={units_text(s)}" for n, s in zip(staked, history) if s != game.wager[n].stake)


def _pays_text(net: Fraction) -> str:
    if net > 0:
        return f"wins {units_text(net)}"
    if net < 0:
        return f"loses {units_text(-net)}"
    return "push"
