"""A bet as an absorbing Markov chain, solved exactly: from the state a bet starts in, the chance of every way it can
settle and the expected number of throws until it does.

The states are those the bet reaches from its start, throw by throw (:func:`.bets.step`); throws that every rule of the
bet treats alike go together (a place bet on 6 tells apart a 6, a 7 and the rest). The chain is solved by its strongly
connected components, the last reached first: each is a small linear system in exact fractions (Gauss-Jordan
elimination), most a single state whose only loop is a throw that leaves the bet as it was (a craps point waiting for
a 6 or a 7): ``x = (what leaves) / (1 - p(stay))``. No simulation, no floating point.

>>> from .devices import Dice
>>> from .bets import RollBet, rule
>>> place_6 = RollBet("place_6", "place", (rule("total 6", "", "pays 7 to 6"), rule("total 7", "", "lose")))
>>> solved = solve_chain(place_6, Dice())
>>> [(e.name, p) for e, p in zip(solved.ends, solved.chances)], solved.rolls
([('7 to 6', Fraction(5, 11)), ('loses', Fraction(6, 11))], Fraction(36, 11))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...errors import InputError
from .bets import RollBet, Settlement, State, step
from .devices import Device, Throw

MAX_STATES = 200_000  # states of one bet's chain, at most


@dataclass(frozen=True, eq=False)
class Chain:
    """A bet's chain: its states (the start first), the throws grouped into classes the bet treats alike, and per
    state and class where the bet goes: a state (its index) or a settlement (``-1 - index`` into ``ends``)."""

    bet: RollBet
    throws: tuple[Throw, ...]
    states: tuple[State, ...]
    ends: tuple[Settlement, ...]
    throw_class: np.ndarray  # (throws,) the class of each throw
    class_weights: tuple[int, ...]
    table: np.ndarray  # (states, classes) int64

    @property
    def total(self) -> int:
        return sum(self.class_weights)


@dataclass(frozen=True, eq=False)
class Solved:
    """A bet's chain solved from its start: each settlement's chance, and the expected throws until it settles."""

    chain: Chain
    chances: tuple[Fraction, ...]
    rolls: Fraction

    @property
    def ends(self) -> tuple[Settlement, ...]:
        return self.chain.ends


def build_chain(bet: RollBet, device: Device) -> Chain:
    """The states a bet reaches from its start, and where each class of throws takes it from each."""
    throws = device.throws()
    classes, throw_class = _classes(bet, throws)
    fired: dict[tuple[int, int], tuple[bool, ...]] = {}  # (class, point) -> each rule's event on the class's throws
    index: dict[tuple, int] = {State().key(): 0}
    states: list[State] = [State()]
    ends: dict[Settlement, int] = {}
    rows: list[list[int]] = []
    at = 0
    while at < len(states):
        state = states[at]
        row = []
        for c, members in enumerate(classes):
            at_point = (c, state.point)
            if at_point not in fired:
                fired[at_point] = tuple(r.on.holds(throws[members[0]], state.point) for r in bet.rules)
            after = step(bet, state, throws[members[0]], fired[at_point])
            if isinstance(after, Settlement):
                row.append(-1 - ends.setdefault(after, len(ends)))
                continue
            key = after.key()
            if key not in index:
                if len(states) >= MAX_STATES:
                    raise InputError(f"{bet.name}: more than {MAX_STATES:,} states: a bet must settle in fewer")
                index[key] = len(states)
                states.append(after)
            row.append(index[key])
        rows.append(row)
        at += 1
    weights = tuple(sum(throws[i].weight for i in members) for members in classes)
    return Chain(bet, throws, tuple(states), tuple(ends), throw_class, weights, np.array(rows, dtype=np.int64).reshape(len(states), len(classes)))


def _classes(bet: RollBet, throws: tuple[Throw, ...]) -> tuple[list[list[int]], np.ndarray]:
    """Throws every rule treats alike (each rule's event, at every point a bet can hold, and the total), grouped."""
    points = sorted({0, *(t.total for t in throws)})
    events = [r.on for r in bet.rules]
    groups: dict[tuple, list[int]] = {}
    for i, t in enumerate(throws):
        signature = tuple(e.holds(t, p) for e in events for p in (points if e.reads_point else (0,))) + (t.total,)
        groups.setdefault(signature, []).append(i)
    classes = list(groups.values())
    throw_class = np.empty(len(throws), dtype=np.int64)
    for c, members in enumerate(classes):
        throw_class[members] = c
    return classes, throw_class


def solve_chain(bet: RollBet, device: Device) -> Solved:
    """Every settlement's chance and the expected throws to settle, from the start, exactly."""
    chain = build_chain(bet, device)
    n, k, total = len(chain.states), len(chain.ends), chain.total
    moves: list[dict[int, int]] = []  # per state: target (state index, or -1 - end) -> weight
    for row in chain.table.tolist():
        out: dict[int, int] = {}
        for target, w in zip(row, chain.class_weights):
            out[target] = out.get(target, 0) + w
        moves.append(out)
    values: list[tuple[list[int], int] | None] = [None] * n  # per state: (each end's chance, then the expected
    # throws, as numerators) over a common denominator
    for component in _components(moves):
        if len(component) == 1:
            _solve_state(bet, component[0], moves, values, k, total)
        else:
            _solve_component(bet, component, moves, values, k, total)
    start = values[0]
    assert start is not None
    nums, den = start
    return Solved(chain, tuple(Fraction(x, den) for x in nums[:k]), Fraction(nums[k], den))


def _solve_state(bet: RollBet, s: int, moves: list[dict[int, int]], values: list[tuple[list[int], int] | None],
                 k: int, total: int) -> None:
    """A component of one state: what leaves it, over what does not stay (in integers, one gcd at the end)."""
    stay = moves[s].get(s, 0)
    if stay == total:
        raise InputError(f"{bet.name}: the bet can stand for ever (some state it reaches is never left): every bet must settle")
    outside = [(t, w) for t, w in moves[s].items() if t >= 0 and t != s]
    common = math.lcm(1, *(values[t][1] for t, _ in outside))  # type: ignore[index]
    nums = [0] * k + [total * common]
    for target, w in moves[s].items():
        if target < 0:
            nums[-1 - target] += w * common
        elif target != s:
            known, den = values[target]  # type: ignore[misc]
            scale = w * (common // den)
            for j in range(k + 1):
                nums[j] += scale * known[j]
    den = common * (total - stay)
    g = math.gcd(den, *nums)
    values[s] = ([x // g for x in nums], den // g)


def _solve_component(bet: RollBet, component: list[int], moves: list[dict[int, int]],
                     values: list[tuple[list[int], int] | None], k: int, total: int) -> None:
    """The states of one strongly connected component, every state it leads to outside it solved already: Gauss-Jordan
    elimination on whole numbers (each row the equation of a state, times the common denominator of what it leads to
    outside, cross-multiplied and divided by its gcd at every step), exact."""
    inside = {s: i for i, s in enumerate(component)}
    size = len(component)
    common = math.lcm(1, *(values[t][1] for s in component for t in moves[s] if t >= 0 and t not in inside))  # type: ignore[index]
    rows = []
    for s in component:
        row = [0] * (size + k + 1)  # the states' coefficients, then each end's chance and the expected throws
        row[inside[s]] += total * common
        row[size + k] += total * common
        for target, w in moves[s].items():
            if target < 0:
                row[size - 1 - target] += w * common
            elif target in inside:
                row[inside[target]] -= w * common
            else:
                known, den = values[target]  # type: ignore[misc]
                scale = w * (common // den)
                for j in range(k + 1):
                    row[size + j] += scale * known[j]
        rows.append(row)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            raise InputError(f"{bet.name}: the bet can stand for ever (some state it reaches is never left): "
                             "every bet must settle")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        for r in range(size):
            factor = rows[r][col]
            if r != col and factor:
                mixed = [a * head[col] - factor * b for a, b in zip(rows[r], head)]
                g = math.gcd(*mixed)
                rows[r] = [x // g for x in mixed] if g > 1 else mixed
    for i, s in enumerate(component):
        row = rows[i]
        nums, den = row[size:], row[i]
        if den < 0:
            nums, den = [-x for x in nums], -den
        g = math.gcd(den, *nums)
        values[s] = ([x // g for x in nums], den // g)


def _components(moves: list[dict[int, int]]) -> list[list[int]]:
    """The strongly connected components (Tarjan's, without recursion), each after every component it leads to."""
    n = len(moves)
    order, low, on_stack = [-1] * n, [0] * n, [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        work = [(root, iter([t for t in moves[root] if t >= 0]))]
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if order[child] < 0:
                    order[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack[child] = True
                    work.append((child, iter([t for t in moves[child] if t >= 0])))
                    advanced = True
                    break
                if on_stack[child]:
                    low[node] = min(low[node], order[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == order[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component.append(member)
                    if member == node:
                        break
                out.append(sorted(component))
    return out
