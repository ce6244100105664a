"""A bet over a sequence of throws, as data: rules tried in order on each throw, a state carried between throws.

A rule says on which throws it applies (``on``: an event of :mod:`~casino_math.methods.rolls.events`), in which states (``when``), and what it
does (``then``): settle the bet, or change the state it carries. The first rule that applies takes the throw; a throw no
rule takes leaves the bet as it is (a bet settled in one throw says ``otherwise: lose``). The state is:

- the **point**: ``point`` sets it to the throw's total, ``clear point`` clears it; ``the point`` (an event) is a throw
  of that total; ``no point`` / ``point`` / ``point 4, 10`` (conditions) test it;
- the **numbers marked**: ``mark`` marks the throw's total, ``mark the point`` the point; ``marked 2-6`` (every one of
  them marked) and ``marks 4`` / ``marks 4 or more`` (how many) test them;
- a **count**: ``count`` adds one; ``count 6`` / ``count 6 or more`` test it;
- a **phase**: ``to prison`` moves the bet there; ``phase prison`` tests it (the bet starts in no phase: ``phase none``);
- the **odds** behind a line bet: ``odds 3`` puts 3 units of odds behind it.

A bet settles by ``pays LINE`` (the line of its paytable; ``{point}`` and ``{total}`` in a line's name stand for the
point and the throw's total), ``lose``, ``push`` or ``lose half``, and its odds by ``odds pays LINE``, ``odds lose``
or ``odds push`` (odds not settled are returned). After a throw that leaves the bet standing, its ``ends`` (conditions
on the state alone) are tried: the Fire Bet pays as soon as six points are marked.

>>> from .devices import Dice
>>> bet = RollBet("pass_line", "pass_line", (
...     rule("total 7, 11", "no point", "pays win"), rule("total 2, 3, 12", "no point", "lose"),
...     rule("total 4-6, 8-10", "no point", "point"), rule("the point", "", "pays win"), rule("total 7", "", "lose")))
>>> throws = {t.faces: t for t in Dice().throws()}
>>> step(bet, State(), throws[(2, 3)]), step(bet, State(point=5), throws[(1, 6)]).name
(State(phase='', point=5, marks=(), count=0, odds=Fraction(0, 1)), 'loses')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from fractions import Fraction
from typing import Literal, Sequence

from .devices import Throw
from .events import Event, numbers, parse_event

SETTLES = ("pays", "lose", "push", "lose half")


@dataclass(frozen=True)
class State:
    """What a bet carries from one throw to the next."""

    phase: str = ""
    point: int = 0  # 0: no point
    marks: tuple[int, ...] = ()  # ascending
    count: int = 0
    odds: Fraction = Fraction(0)  # units of odds behind the bet

    def key(self) -> tuple[str, int, tuple[int, ...], int, int, int]:
        """The state as plain values (quick to hash)."""
        return self.phase, self.point, self.marks, self.count, self.odds.numerator, self.odds.denominator


START = State()  # where every bet starts


@dataclass(frozen=True)
class Clause:
    """One condition on the state: ``no point``, ``point [LIST]``, ``phase NAME``, ``marked LIST``, ``marks N [or
    more]``, ``count N [or more]``; ``not`` denies it."""

    kind: str
    values: frozenset[int] = frozenset()
    name: str = ""
    n: int = 0
    at_least: bool = False
    denied: bool = False

    def holds(self, s: State) -> bool:
        return self._holds(s) != self.denied

    def _holds(self, s: State) -> bool:
        if self.kind == "no point":
            return s.point == 0
        if self.kind == "point":
            return s.point != 0 and (not self.values or s.point in self.values)
        if self.kind == "phase":
            return s.phase == self.name
        if self.kind == "marked":
            return self.values <= set(s.marks)
        value = len(s.marks) if self.kind == "marks" else s.count
        return value >= self.n if self.at_least else value == self.n


def parse_when(text: str) -> tuple[Clause, ...]:
    """Conditions joined by ``and`` (see :class:`Clause`).

    >>> [c.kind for c in parse_when("point 4, 10 and marks 5 or more")]
    ['point', 'marks']
    """
    return tuple(_clause(part.strip(), text) for part in re.split(r"\s+and\s+", text.strip().lower()) if part.strip())


def _clause(part: str, text: str) -> Clause:
    denied = part.startswith("not ")
    part = part.removeprefix("not ").strip()
    if part == "no point":
        return Clause("no point", denied=denied)
    head, _, rest = part.partition(" ")
    if head == "point":
        return Clause("point", numbers(rest) if rest else frozenset(), denied=denied)
    if head == "phase" and rest:
        return Clause("phase", name="" if rest == "none" else rest, denied=denied)
    if head == "marked" and rest:
        return Clause("marked", numbers(rest), denied=denied)
    if head in ("marks", "count") and rest:
        n, more = rest.removesuffix("or more").strip(), rest.endswith("or more")
        if n.isdigit():
            return Clause(head, n=int(n), at_least=more, denied=denied)
    raise ValueError(f"{text!r}: not a condition (no point, point, point 4, phase NAME, marked 2-6, marks 4, "
                     "marks 4 or more, count 3, count 3 or more; joined by 'and')")


@dataclass(frozen=True)
class Settlement:
    """How a bet ends: its stake's result (``pays`` a line, ``lose``, ``push``, ``lose half``) and its odds' (``pays``
    a line, ``lose``, ``push``), and the row of the return table it is counted in."""

    name: str
    flat: str
    line: str = ""
    odds: Literal["pays", "lose", "push"] = "push"
    odds_line: str = ""
    odds_units: Fraction = Fraction(0)


@dataclass(frozen=True)
class Rule:
    """On throws ``on``, in states ``when``, do ``then``; ``named``: the return table's row for a settlement."""

    on: Event
    when: tuple[Clause, ...]
    then: tuple[str, ...]
    named: str = ""
    where: str = ""  # file:line, for errors found while the bet is stepped

    @cached_property
    def ops(self) -> tuple[tuple[str, str], ...]:
        """The actions read once: (what, its argument as written)."""
        return tuple(_op(action.strip()) for action in self.then)


def _op(a: str) -> tuple[str, str]:
    low = a.lower()
    for prefix in ("odds pays ", "pays ", "to "):
        if low.startswith(prefix):
            return prefix.strip(), a[len(prefix):].strip()
    if low.startswith("odds ") and low not in ("odds lose", "odds push"):
        return "odds", low[5:]
    return low, ""


@dataclass(frozen=True)
class Commission:
    """A commission: ``rate`` of the bet or of the win, taken from a win or paid with the bet."""

    rate: Fraction
    of: Literal["bet", "win"] = "bet"
    paid: Literal["on a win", "with the bet"] = "on a win"


@dataclass(frozen=True)
class RollBet:
    """A bet: its name, its paytable, its rules, what a throw no rule takes does, its ends, its commission."""

    name: str
    table: str
    rules: tuple[Rule, ...]
    otherwise: Literal["stays", "lose"] = "stays"
    ends: tuple[Rule, ...] = ()
    commission: Commission | None = None
    words: str = field(default="", compare=False)  # the bet in a sentence, for the par sheet


def rule(on: str, when: str, then: str | list[str], named: str = "") -> Rule:
    """A rule from its three texts (``then``: an action, or several)."""
    return Rule(parse_event(on or "any"), parse_when(when or ""), tuple([then] if isinstance(then, str) else then), named)


ACTION = re.compile(r"^(pays .+|lose|push|lose half|point|clear point|mark|mark the point|count|to .+|odds \d+(/\d+)?"
                    r"|odds pays .+|odds lose|odds push)$")


def check_action(text: str) -> str | None:
    """What is wrong with an action (None: nothing)."""
    if ACTION.match(text.strip().lower()) is None:
        return (f"{text!r}: not an action (pays LINE, lose, push, lose half, point, clear point, mark, mark the point, "
                "count, to PHASE, odds N, odds pays LINE, odds lose, odds push)")
    return None


def step(bet: RollBet, state: State, throw: Throw, fired: Sequence[bool] | None = None) -> State | Settlement:
    """The bet after one throw: its new state, or how it settled (``fired``: whether each rule's event holds on the
    throw at the state's point, where the caller knows it already)."""
    for i, r in enumerate(bet.rules):
        if (r.on.holds(throw, state.point) if fired is None else fired[i]) and all(c.holds(state) for c in r.when):
            return _apply(bet, r, state, throw)
    if bet.otherwise == "lose":
        return Settlement("loses", "lose", odds="lose" if state.odds else "push", odds_units=state.odds)
    return state


def _apply(bet: RollBet, r: Rule, state: State, throw: Throw) -> State | Settlement:
    phase, point, marks, count, units = state.phase, state.point, state.marks, state.count, state.odds
    flat, line, odds, odds_line = "", "", "push", ""
    for op, arg in r.ops:
        if op == "pays":
            flat, line = "pays", arg
        elif op in ("lose", "push", "lose half"):
            flat = op
        elif op == "odds pays":
            odds, odds_line = "pays", arg
        elif op in ("odds lose", "odds push"):
            odds = op[5:]
        elif op == "odds":
            units = Fraction(arg)
        elif op == "point":
            point = throw.total
        elif op == "clear point":
            point = 0
        elif op in ("mark", "mark the point"):
            marked = state.point if op == "mark the point" else throw.total
            marks = marks if marked in marks else tuple(sorted((*marks, marked)))
        elif op == "count":
            count += 1
        elif op == "to":
            phase = "" if arg.lower() == "none" else arg
    if flat:
        return _settled(r, flat, line, odds, odds_line, state.odds, state.point, throw.total)
    if (phase, point, marks, count, units) == (state.phase, state.point, state.marks, state.count, state.odds) and (
            not bet.ends or state != START):
        return state  # a throw that changes nothing: the ends were tried when a throw brought the bet here
    new = State(phase, point, marks, count, units)
    for end in bet.ends:
        if all(c.holds(new) for c in end.when):
            return _apply(bet, replace(end, when=()), new, throw)
    return new


def _settled(r: Rule, flat: str, line: str, odds: str, odds_line: str, units: Fraction, point: int, total: int) -> Settlement:
    fill = {"point": str(point), "total": str(total)}
    line, odds_line = _filled(line, fill), _filled(odds_line, fill)
    name = _filled(r.named, fill) if r.named else (line if flat == "pays" else {"lose": "loses", "push": "push",
                                                                               "lose half": "loses half"}[flat])
    if not units:
        odds, odds_line = "push", ""
    return Settlement(name, flat, line, odds, odds_line, units)  # type: ignore[arg-type]


def _filled(text: str, fill: dict[str, str]) -> str:
    if "{" not in text:
        return text
    return text.replace("{point}", fill["point"]).replace("{total}", fill["total"])
