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

from collections import OrderedDict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Callable, ClassVar, Mapping

import numpy as np

from ...parallel import Runner
from ...returns import ReturnTable
from .chosen import Chosen
from .counts import CODE, ROLE_OF, SCRATCH, Counts, count, game_key, symmetry_for
from ...game.description import Deal, Decision, Game, Option, Paytable
from ...contract.kept_solution import kept_solution
from ...contract.money import Ends, History, Lines, Money, add_stakes, initial_scale, preference, table_of_ends
from ...contract.solution import Solution, Strategy
from ...contract.method import Method, Workload
from ...counting.holdem_shape import HOLDEM_SHAPED, unfit as not_holdem
from ...counting.side_bets import uncountable
from ...game.sections import Problem
from ...game.simple_strategies import Rule
from ...levels import Level, Progress

if TYPE_CHECKING:
    from .strategy import ClassLookup

Policy = Callable[[int, Decision, History, np.ndarray], np.ndarray | None]  # a forced choice per class, or None: optimal


def lines_of(game: Game, counts: Counts) -> Lines:
    """The lines of the game's own paytables per last-level class (kept with the counts: re-priced paytables share them)."""
    key = ("lines", tuple((t, tuple((line.pattern, line.hand) for line in game.paytables[t].lines)) for t in game.own_tables))
    if key not in counts.memo:
        counts.memo[key] = Lines.coded(game, len(counts.last), lambda table: paid_line(table, game, counts))
    return counts.memo[key]


def paid_line(table: Paytable, game: Game, counts: Counts, level: int = -1) -> np.ndarray:
    """Per class, the index of the first line of ``table`` that pays its hand (-1: none). Where the lines' hands hold no
    card dealt at the level, read from the level before: a class's cards there are its parent's, renamed by a renaming
    the classes are made by, which the game's own lines do not see (Caribbean Stud: 134,459 player's hands matched
    against the lines, not 5,649,150)."""
    parents = counts.parents(level)
    roles = {ROLE_OF[r] for line in table.lines for r in game.hands[line.hand].of}
    if parents is not None and not roles & counts.dealt(level):
        return paid_line(table, game, counts, level % len(counts.levels) - 1)[parents]
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
class Solved:
    """A game's own bet under a strategy: its return table and every decision taken."""

    table: ReturnTable
    decisions: tuple[Chosen, ...]
    counts: Counts = field(repr=False)
    ends: Ends | None = field(default=None, repr=False)


def _ends_merged(counts: Counts, lines: Lines) -> tuple[Counts, Lines]:
    """A game with no showdown ends the same way in every card that pays the same lines: the last level's card
    sets merged by (class before them, line code), counted by multiplicity. Mississippi Stud's 4,500,912 last card
    sets become a few hundred thousand, and every pass of the solver over them shrinks as much."""
    key = ("ends merged", id(lines))
    if key not in counts.memo:
        before = counts.levels[-2]
        assert before.parent is not None and before.child is not None
        codes = len(lines.combos)
        groups, sets = np.unique(before.parent.astype(np.int64) * codes + lines.code[before.child], return_counts=True)  # sorted by parent
        parent, code = groups // codes, groups % codes
        edges = Level(before.cards, before.weights, parent, np.arange(len(groups)), sets.astype(np.int64))
        ends = Level({}, before.weights[parent] * sets)
        merged = replace(counts, levels=(*counts.levels[:-2], edges, ends), cells=np.ones((len(groups), 1), dtype=np.int64), memo={})
        counts.memo[key] = (merged, Lines.coded_from(lines, code))
    return counts.memo[key]


def backward_induction(game: Game, counts: Counts, policy: Policy | None = None, progress: Progress | None = None) -> Solved:
    """The game's own bet under the optimal strategy (or under ``policy`` where it forces a choice); ``progress(what,
    done, of)`` hears of the hands valued, each class and history solved, and the deals followed to their ends."""
    report = progress or (lambda what, done, of: None)
    report("solving: hands valued", 0, 1)
    lines = lines_of(game, counts)
    if counts.cell_names == ("played",) and len(counts.levels) > 2 and counts.levels[-2].multiplicity is not None \
            and bool((counts.levels[-2].multiplicity == 1).all()):
        counts, lines = _ends_merged(counts, lines)
    money = Money(game, counts.cell_names, lines)
    patched = None if policy else _patched(game, counts, lines, money)
    if patched is not None:
        return patched
    stake_scale = money.stake_scale
    last = len(counts.levels) - 1
    exact = _exact(game, counts, money)
    cells: np.ndarray = np.asarray(counts.cells, dtype=exact)  # no copy where they are of that type already
    # the result per unit of each staked wager, summed over the showdown cells, per last-level class
    # wagers paid alike (Mississippi Stud's four bets) share one basis: the terminal value is their summed stake times it
    alike: dict[bytes, list[str]] = {}
    for name in money.staked:
        alike.setdefault(np.asarray(money.unit[name]).tobytes(), []).append(name)
    basis = [(names, _basis(counts, lines, money.unit[names[0]], exact, cells)) for names in alike.values()]
    start: History = tuple(game.wager[n].stake for n in money.staked)
    ordered = {level: preference(d, game.equal_ev) for level, d in counts.decisions.items()}
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

    def open_to(level: int, options: tuple[Option, ...]) -> np.ndarray | None:
        """Per option and class, whether the player's hand there is one the option is open to (None: every option to all)."""
        if all(o.only_with is None for o in options):
            return None
        held = counts.values(game.hands["player"], level)
        return np.stack([held >= o.only_with.value if o.only_with else np.ones(len(held), dtype=bool) for o in options])

    nodes = _histories(game, counts, money, ordered, start, is_open)

    def value(level: int, h: History) -> np.ndarray:
        if (level, h) in memo:
            return memo[(level, h)]
        decision = counts.decisions.get(level)
        if decision is None or not is_open(decision, h):
            out = after(level, h)
        else:
            options = ordered[level]
            values = np.stack([np.full(len(counts.levels[level]), fold_value(h) * counts.completions[level], dtype=exact)
                               if o.folds else after(level, add_stakes(h, o, money.staked)) for o in options])
            forced = policy(level, decision, h, values) if policy else None
            allowed = open_to(level, options)
            if forced is None:  # a closed option never wins
                choice, _ = _best(values if allowed is None else np.where(allowed, values, values.min() - 1))
            else:
                choice = forced
            out = values[choice, np.arange(values.shape[1])]
            chosen[(level, h)] = Chosen(level, decision, h, options, values, choice,
                                       stake_scale * money.denominator * initial_scale(game), counts.completions[level], allowed)
        memo[(level, h)] = out
        report("solving: backward induction", len(memo), nodes)
        return out

    if counts.decisions:  # the levels before the first decision choose nothing: their values are never read
        value(min(counts.decisions), start)
    report("solving: deals to their ends", 0, 1)
    ends = _ends(game, counts, lines, money, chosen, start)
    report("solving: deals to their ends", 1, 1)
    if policy is None:
        _remember(game, counts, lines, money, chosen, ends)
    return Solved(table_of_ends(game, ends.cell_names, lines, money, ends.rows), tuple(chosen.values()), counts, ends)


# -- a re-solve of the classes a changed pay can move ---------------------------------------------------------
PATCHED_SHARE = 4  # a patch redoes at most a quarter of the classes; past that a solve from scratch is as quick


def _shape(game: Game, counts: Counts, lines: Lines, money: Money) -> tuple | None:
    """What a solve shares with the last one where it may be patched (None: a game it cannot be): one decision, taken at
    the last level with all the seen cards (Caribbean Stud, Four Card Poker: every class ends there, so a pay moves
    the classes it is paid on and no other), and everything but the pays of the lines the same: the lines, the stakes,
    the scales, the fold's results, the options in their order."""
    last = len(counts.levels) - 1
    if list(counts.decisions) != [last] or counts.deals >= EXACT_FLOATS:
        return None
    decision = counts.decisions[last]
    start: History = tuple(game.wager[n].stake for n in money.staked)
    if any(start[money.staked.index(w)] != 0 for w in decision.while_unmade if w in money.staked):
        return None
    return (id(lines), money.staked, money.stake_scale, money.denominator, initial_scale(game), start,
            tuple(sorted(money.fold_unit.items())), preference(decision, game.equal_ev), counts.completions[last])


def _remember(game: Game, counts: Counts, lines: Lines, money: Money, chosen: Mapping[tuple[int, History], Chosen],
              ends: Ends) -> None:
    """Keep, in memory with the counts, what the next solve of the same shape patches: the pays, the decision, the ends."""
    shape = _shape(game, counts, lines, money)
    if shape is not None and len(chosen) == 1:
        (decided,) = chosen.values()
        if decided.values.dtype == np.int64:
            counts.memo[(SCRATCH, "last solve")] = (shape, dict(money.unit), decided, dict(ends.rows))


def _patched(game: Game, counts: Counts, lines: Lines, money: Money) -> Solved | None:
    """The optimal solve, by patching the last one of the same shape (:func:`_shape`) where the pays changed: only the
    classes of the line codes whose results moved are valued and decided again, and the deals they end in counted
    again (taken out at the old choice, put back at the new: every end is a sum over classes). The same integers as a
    solve from scratch, so the same table, choices and values; None where there is no such solve to patch."""
    kept = counts.memo.get((SCRATCH, "last solve"))
    shape = _shape(game, counts, lines, money)
    if kept is None or shape is None or kept[0] != shape or _exact(game, counts, money) is not np.int64:
        return None
    _, units, before, rows_before = kept
    moved = np.zeros(len(lines.combos), dtype=bool)
    for name in money.staked:
        if units[name].shape != money.unit[name].shape:
            return None
        moved |= (units[name] != money.unit[name]).any(axis=0)
    bounds = np.r_[lines.starts, len(lines.code)]
    spans = [(bounds[i], bounds[i + 1]) for i, code in enumerate(lines.present.tolist()) if moved[code]]
    rows = np.sort(np.concatenate([lines.order[a:b] for a, b in spans])) if spans else np.zeros(0, dtype=np.int64)
    if len(rows) * PATCHED_SHARE > len(lines.code):
        return None
    last = len(counts.levels) - 1
    start, options = shape[5], shape[7]
    code, cells = lines.code[rows], np.asarray(counts.cells[rows], dtype=np.int64)
    # each wager's result per unit, summed over the showdown cells, in the classes redone
    basis = {n: np.einsum("ij,ij->i", cells, money.unit[n].astype(np.int64).T[code]) for n in money.staked}
    fold = sum(s * money.fold_unit[n] for n, s in zip(money.staked, (int(x * money.stake_scale) for x in start)))
    values = np.stack([np.full(len(rows), fold * counts.completions[last], dtype=np.int64) if o.folds else
                       sum((int(s * money.stake_scale) * basis[n] for n, s in zip(money.staked, add_stakes(start, o, money.staked))),
                           np.zeros(len(rows), dtype=np.int64)) for o in options])
    allowed = None if before.open is None else before.open[:, rows]
    choice, _ = _best(values if allowed is None or not len(rows) else np.where(allowed, values, values.min() - 1))
    all_values, all_choice = before.values.copy(), before.choice.copy()
    all_values[:, rows], all_choice[rows] = values, choice
    decided = replace(before, values=all_values, choice=all_choice)
    # the deals of the classes redone: out at the old choice, in at the new
    mass = _mass_before_decisions(counts, last)[rows]
    ends: dict[tuple, int] = dict(rows_before)
    folding = len({d.name for d in game.decisions if any(o.folds for o in d.options)}) > 1
    for sign, taken in ((-1, before.choice[rows]), (1, choice)):
        for i, option in enumerate(options):
            share = np.where(taken == i, mass, 0)
            if not share.any():
                continue
            if option.folds:
                key: tuple = ("folded", start, before.decision.name if folding else "")
                ends[key] = ends.get(key, 0) + sign * int(share.sum()) * counts.completions[last]
                continue
            h = add_stakes(start, option, money.staked)
            for cell in range(cells.shape[1]):
                per_code = np.bincount(code, weights=(share * cells[:, cell]).astype(np.float64), minlength=len(lines.combos))
                for c in np.flatnonzero(per_code).tolist():
                    key = ("end", h, cell, c)
                    ends[key] = ends.get(key, 0) + sign * int(per_code[c])
    ends = {k: v for k, v in ends.items() if v}
    counts.memo[(SCRATCH, "last solve")] = (shape, dict(money.unit), decided, ends)
    found = Ends(ends, counts.cell_names, lines)
    return Solved(table_of_ends(game, found.cell_names, lines, money, found.rows), (decided,), counts, found)


def _exact(game: Game, counts: Counts, money: Money) -> type:
    """The type the values are summed in: 64-bit integers, or Python integers where the totals could pass 64 bits (a pay
    with a large denominator: slower, still exact)."""
    bound = counts.completions[0] * max((int(np.abs(u).max()) for u in money.unit.values()), default=1) * money.stake_scale
    bound *= int(sum((w.stake for w in game.wagers), Fraction(0)) + sum((o.units for d in game.decisions for o in d.options), Fraction(0)) + 1)
    return np.int64 if bound < 2**62 else object


def _best(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per column, the first row of the greatest value (``np.argmax(values, axis=0)``) and that value: a pass per row,
    several times faster than numpy's argmax across the rows of a wide array.

    >>> _best(np.array([[3, 1, 2], [3, 4, 0]]))
    (array([0, 1, 0]), array([3, 4, 2]))
    """
    choice = np.zeros(values.shape[1], dtype=np.intp)
    best = values[0]
    for row in range(1, len(values)):
        better = values[row] > best  # strictly: a tie stays with the earlier option, the preferred one
        choice[better] = row
        best = np.where(better, values[row], best)
    return choice, best


def _histories(game: Game, counts: Counts, money: Money, ordered: Mapping[int, tuple[Option, ...]], start: History,
               is_open: Callable[[Decision, History], bool]) -> int:
    """How many (level, stakes made) the backward induction values: what its progress counts to."""
    level_histories = {start}
    total = 1
    for level in range(min(counts.decisions, default=0), len(counts.levels) - 1):  # valued from the first decision on
        decision = counts.decisions.get(level)
        following: set[History] = set()
        for h in level_histories:
            if decision is None or not is_open(decision, h):
                following.add(h)
            else:
                following |= {add_stakes(h, o, money.staked) for o in ordered[level] if not o.folds}
        level_histories = following
        total += len(level_histories)
    return total


def _ends(game: Game, counts: Counts, lines: Lines, money: Money, chosen: Mapping[tuple[int, History], Chosen],
          start: History) -> Ends:
    """Every deal counted by how it ends under the strategy: stakes, showdown cell and the lines paid."""
    last = len(counts.levels) - 1
    rows: dict[tuple, int] = {}
    first = min(counts.decisions, default=last)
    mass: dict[History, np.ndarray] = {start: _mass_before_decisions(counts, first)}
    folding_decisions = {d.name for d in game.decisions if any(o.folds for o in d.options)}
    for level in range(first, last + 1):
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
                    folded: tuple = ("folded", h, where)
                    rows[folded] = rows.get(folded, 0) + deals
                else:
                    h2 = add_stakes(h, option, money.staked)
                    carry[h2] = carry.get(h2, 0) + taken
        if level == last:
            for h, m in carry.items():
                for code, per_cell in enumerate(_end_sums(counts, lines, m).tolist()):
                    for cell, deals in enumerate(per_cell):
                        if deals:
                            end: tuple = ("end", h, cell, code)
                            rows[end] = rows.get(end, 0) + deals
            break
        mass = {h: _following(counts.levels[level], m) for h, m in carry.items()}
    return Ends(rows, counts.cell_names, lines)


def _following(level: Level, mass: np.ndarray) -> np.ndarray:
    """The card sets of each class of the next level, from those of each class of ``level``: summed as floats where no
    sum can reach 2**53 (none passes the largest times the edges: exactly so, in one pass over the edges, not a sort of them by child), else in their own type.

    >>> edges = Level({}, np.ones(2, dtype=np.int64), np.array([0, 0, 1]), np.array([1, 0, 1]), np.array([2, 3, 4]))
    >>> _following(edges, np.array([5, 7])).tolist(), _following(edges, np.array([5, 7], dtype=object)).tolist()
    ([15, 38], [15, 38])
    """
    assert level.parent is not None and level.child is not None and level.multiplicity is not None
    flowing = mass[level.parent] * level.multiplicity
    if flowing.dtype == np.int64 and len(flowing) and int(flowing.min()) >= 0 and int(flowing.max()) * len(flowing) < EXACT_FLOATS:
        return np.bincount(level.child, weights=flowing).astype(np.int64)
    order, starts = level.by_child
    return np.add.reduceat(flowing[order], starts)


def _mass_before_decisions(counts: Counts, first: int) -> np.ndarray:
    """The card sets of each class at the first decision's level: no choice is made before it, so they are the same at
    every pay (kept with the counts)."""
    key = ("mass", first)
    if key not in counts.memo:
        mass = counts.levels[0].weights.copy()
        for level in counts.levels[:first]:
            mass = _following(level, mass)
        counts.memo[key] = mass
    return counts.memo[key]


EXACT_FLOATS = 2**53  # whole numbers below this add and multiply exactly in 64-bit floats, in any order
COMPILED_FROM = 1_000_000  # classes from which the solve's passes over them run compiled (:mod:`casino_math.kernels.sums`)


def _end_sums(counts: Counts, lines: Lines, mass: np.ndarray) -> np.ndarray:
    """Deals ending in each (line code, showdown cell): the mass of each last-level class times its cells, summed over
    the classes of each code. Where no sum can reach 2**53 (every deal is counted once, so none passes the count of
    deals) the products are summed as floats, exactly: at a first solve per cell with ``np.bincount`` (no copy of the
    cells), at the next ones per code on the cells sorted by code once (kept in memory with the counts). Two to four
    times the integer pass on Caribbean Stud's 5,649,150 classes."""
    if counts.cell_names == ("played",):  # no showdown: one cell, of 1
        return lines.sums(mass[:, None])
    if counts.deals >= EXACT_FLOATS or mass.dtype == object:
        return lines.sums(mass[:, None] * counts.cells)
    key = (SCRATCH, "cells by code", id(lines))  # the lines are kept in the memo too: the id names them while it holds
    if key not in counts.memo:
        once = (SCRATCH, "summed once", id(lines))
        if once not in counts.memo:  # a first solve (the command line's only one): a pass per cell, no copy of the cells
            counts.memo[once] = True
            if len(mass) >= COMPILED_FROM and mass.dtype == np.int64:  # one compiled pass over the classes
                from ...kernels.sums import by_code

                return by_code(lines.code, mass, counts.cells, len(lines.combos))
            columns = [np.bincount(lines.code, weights=mass * counts.cells[:, cell], minlength=len(lines.combos))
                       for cell in range(counts.cells.shape[1])]
            return np.stack(columns, axis=1).astype(np.int64)
        counts.memo[key] = counts.cells[lines.order].astype(np.float64)
    cells = counts.memo[key]
    ordered = mass[lines.order].astype(np.float64)
    bounds = np.r_[lines.starts, len(ordered)]
    out = np.zeros((len(lines.combos), cells.shape[1]), dtype=np.int64)
    for code, start, end in zip(lines.present.tolist(), bounds[:-1].tolist(), bounds[1:].tolist()):
        out[code] = (ordered[start:end] @ cells[start:end]).astype(np.int64)
    return out


def _basis(counts: Counts, lines: Lines, unit: np.ndarray, exact: type, cells: np.ndarray) -> np.ndarray:
    """Per last-level class, the result per unit of a wager summed over its showdown cells (``unit``: per cell and line
    code). The last few are kept in memory with the counts: a wager whose results no pay moves (Caribbean Stud's ante)
    gives the same basis at every pay, and an edit of a few pays moves only the classes of the codes they pay (a
    flush: 0.2% of Caribbean Stud's 5,649,150 classes), so the basis nearest is copied and those classes redone."""
    values = tuple(int(x) for x in np.ravel(unit))
    key = (id(lines), exact, unit.shape, values)
    kept: OrderedDict = counts.memo.setdefault((SCRATCH, "bases"), OrderedDict())
    if key not in kept:
        near = [(np.flatnonzero((np.asarray(k[3], dtype=object).reshape(unit.shape) != unit).any(axis=0)), b)
                for k, b in kept.items() if k[:3] == key[:3]]
        codes, basis = min(near, key=lambda n: len(n[0]), default=(None, None))
        if codes is None or basis is None or len(codes) > len(lines.present) // 2:
            kept[key] = _summed(cells, unit, lines.code, exact)
        else:
            patched = basis.copy()
            bounds = dict(zip(lines.present.tolist(), zip(lines.starts.tolist(), [*lines.starts[1:].tolist(), len(lines.code)])))
            for code in codes.tolist():
                if code in bounds:  # a code no class has moves nothing
                    rows = lines.order[bounds[code][0]:bounds[code][1]]
                    patched[rows] = cells[rows] @ unit[:, code].astype(exact)
            kept[key] = patched
        while len(kept) > KEPT_BASES:
            kept.popitem(last=False)
    kept.move_to_end(key)
    return kept[key]


def _summed(cells: np.ndarray, unit: np.ndarray, code: np.ndarray, exact: type) -> np.ndarray:
    """Per class, Σ over the showdown cells of its deals in the cell times the result per unit there for its code: a pass
    per cell with the cell's results looked up by code (a table of a few numbers), in two buffers reused, rather than one
    gather of a result per class and cell (Caribbean Stud: 34 million numbers, 270 MB written and read again).

    >>> _summed(np.array([[1, 2], [3, 4]]), np.array([[10, 20], [1, 2]], dtype=object), np.array([1, 0]), np.int64)
    array([24, 34])
    """
    if exact is not np.int64:
        return np.einsum("ij,ij->i", cells, unit.astype(exact).T[code])
    if len(code) >= COMPILED_FROM:  # one compiled pass over the classes (the same integers)
        from ...kernels.sums import per_class

        return per_class(cells, unit.astype(np.int64), code)
    out = np.zeros(len(code), dtype=np.int64)
    looked, product = np.empty(len(code), dtype=np.int64), np.empty(len(code), dtype=np.int64)
    for cell in range(cells.shape[1]):
        per_code = unit[cell].astype(np.int64)
        if per_code.any():
            np.take(per_code, code, out=looked)
            np.multiply(cells[:, cell], looked, out=product)
            out += product
    return out


KEPT_BASES = 4  # a game's wagers, and a few edits of one (Caribbean Stud's take 45 MB each)


def rule_policy(game: Game, counts: Counts, rule: Rule) -> Policy:
    """A policy playing ``rule`` (``play J-high or better``) at its decision, the optimal strategy elsewhere."""

    def policy(level: int, decision: Decision, history: History, values: np.ndarray) -> np.ndarray | None:
        if decision.name != rule.decision:
            return None
        options = preference(counts.decisions[level], game.equal_ev)
        names = [o.name for o in options]
        taken = np.full(values.shape[1], names.index(rule.option))
        if rule.most:  # the option wagering the most of those open to each hand, from the rule's own up
            held = counts.values(game.hands["player"], level)
            least = options[names.index(rule.option)].units
            for i in sorted((i for i, o in enumerate(options) if not o.folds and o.units > least), key=lambda i: options[i].units):
                limit = options[i].only_with
                taken = np.where(held >= limit.value, i, taken) if limit else np.full_like(taken, i)
        if rule.threshold is None:
            return taken
        takes = counts.values(game.hands["player"], level) >= rule.threshold
        return np.where(takes, taken, names.index(rule.otherwise))

    return policy


class LevelByLevel(Method):
    """The counting method of any game dealt from one deck: classes of seen cards level by level (:mod:`casino_math.levels`), the
    showdown of the last level's classes (:mod:`~casino_math.methods.level_by_level.counts`), then backward induction (:func:`backward_induction`)."""

    name = "level by level"
    code: ClassVar[tuple[str, ...]] = CODE  # the folder a kept solution comes from (a subclass's own: it imports this one)

    def unfit(self, game: Game) -> str | None:
        return "dealt from a shoe or valued in points: counted by kinds of card" if game.counted_by_kind else None

    def problems(self, game: Game) -> tuple[Problem, ...]:
        return uncountable(game) or too_many_sets(game)

    def solve(self, game: Game, rule: Rule | None = None, progress: Progress | None = None,
              runner: Runner | None = None) -> Solution:
        def side_tables() -> dict[str, ReturnTable]:
            return self.side_bets(game)

        if not game.wagers:  # a game of side bets only (a progressive dealt alone): its size is the rows of its tables
            tables = side_tables()
            return Solution(self.name, game, None, Strategy(game), None, sum(len(t.outcomes) for t in tables.values()),
                            max((t.total for t in tables.values()), default=0), side_tables)
        # kept whole between runs (the count cache): a run on an unchanged game reads no count and solves nothing
        return kept_solution(game, self.solution_key(game, rule), self.code, lambda: self._solve(game, rule, progress, runner),
                             sides=side_tables, largest=KEPT_ROWS, reused=True, backed=True)

    def solution_key(self, game: Game, rule: Rule | None = None) -> str:
        """What a solution depends on: the method, the deck, the deal, the hands, the qualifier, the wagers and the pays of
        the game's own tables, how ties go, the quoting, the names the strategy is written with, and the rule forcing a
        decision (the side bets are counted apart: their pays are not in it).

        >>> from casino_math.analysis import load_game
        >>> key = LEVEL_BY_LEVEL.solution_key(load_game("paytables/three_card_poker/standard.yaml"))
        >>> key.startswith("('level by level', Deck("), "0x" in key
        (True, False)
        """
        tables = {t: game.paytables[t] for t in game.own_tables}
        hands = [(h.name, h.of, h.best, h.ranking_name) for h in game.hands.values()]
        return repr((self.name, game.deck, game.steps, hands, game.qualifier, game.wagers, tables, game.equal_ev, game.quoted_per,
                     game.names, rule))

    def _solve(self, game: Game, rule: Rule | None, progress: Progress | None, runner: Runner | None) -> Solution:
        """The game's own bet solved on its counts (:func:`backward_induction`), the side bets counted apart."""
        from .strategy import DecisionStrategy

        def side_tables() -> dict[str, ReturnTable]:
            return self.side_bets(game)

        counts = self.counts(game, progress, runner)
        solved = backward_induction(game, counts, rule_policy(game, counts, rule) if rule else None, progress)
        order = {d.name: i for i, d in enumerate(game.decisions)}
        views = sorted((DecisionStrategy(game, solved.counts, c) for c in solved.decisions), key=lambda d: (order[d.name], d.history))
        lookup = self.lookup(game, solved.counts, solved.decisions) if solved.decisions else None
        return Solution(self.name, game, solved.table, Strategy(game, tuple(views), lookup), solved.ends,
                        sum(len(level) for level in counts.levels), counts.deals, side_tables, working=lambda: solved)

    def counts(self, game: Game, progress: Progress | None = None, runner: Runner | None = None) -> Counts:
        """The classes of seen cards and their showdown cells (:mod:`~casino_math.methods.level_by_level.counts`)."""
        return count(game, progress, runner)

    def workload(self, game: Game) -> Workload:
        """The paytables of one game (one deck, deal, showdown and qualifier) share its counts: one group."""
        return Workload.of_deals(("level by level", game_key(game, symmetry_for(game)[1])), game)

    def lookup(self, game: Game, counts: Counts, decisions: tuple[Chosen, ...]) -> ClassLookup:
        """The strategy's look-up: classes keyed as the counts grouped them (under the game's suit renamings)."""
        from .strategy import ClassLookup

        return ClassLookup.of(symmetry_for(game)[0], counts, decisions)

    def side_bets(self, game: Game) -> dict[str, ReturnTable]:
        from ...counting.side_bets import side_bet_table

        return {bet.name: side_bet_table(game, bet) for bet in game.side_bets}


MAX_SEEN_SETS = 500_000_000  # sets of seen cards the level-by-level count groups into classes (Mississippi Stud: 155,937,600)


def too_many_sets(game: Game) -> tuple[Problem, ...]:
    """Where the cards the player sees, step by step, make too many sets of cards for the level-by-level count (a typo
    such as ``player: 8`` in Let It Ride would fill memory and be killed): the deal step that crosses the limit; a game
    dealt as hold'em games are (two hole cards, then the board) is told why it cannot be counted board by board."""
    if not game.wagers:
        return ()
    n, seen, sets = len(game.deck.cards), 0, 1
    for i, step in enumerate(game.steps):
        if not (isinstance(step, Deal) and step.seen):
            continue
        sets *= comb(n - seen, step.cards)
        seen += step.cards
        if sets > MAX_SEEN_SETS:
            reason = not_holdem(game)
            board = f"; nor board by board, as hold'em games are: {reason}" if reason != HOLDEM_SHAPED else ""
            return (Problem(("deal", i, step.role), f"by this step the player has seen {seen} cards: {sets:,} sets of cards to "
                            f"count, more than the {MAX_SEEN_SETS:,} counted at most (Mississippi Stud's 5 make 155,937,600){board}; "
                            "deal fewer cards, or from a smaller deck"),)
    return ()


KEPT_ROWS = 20_000  # a decision of more classes keeps what the tables show, not its classes one by one (see kept_solution)
LEVEL_BY_LEVEL = LevelByLevel()
