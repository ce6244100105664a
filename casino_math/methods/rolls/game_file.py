"""Dice and wheel game files: a ``rolls:`` section (the device and every bet as rules over throws), read with
``file:line`` errors.

::

    game: craps
    id: craps-standard
    rolls:
      dice: {count: 2, faces: 6}              # weights: [1, 1, 1, 1, 1, 1] for loaded dice, exact
      bets:
        pass_line:
          rolls:                              # tried in order on each throw (casino_math/methods/rolls/bets.py)
            - {on: "total 7, 11", when: no point, then: pays win, as: natural on the come-out roll}
            - {on: "total 2, 3, 12", when: no point, then: lose, as: craps on the come-out roll}
            - {on: "total 4-6, 8-10", when: no point, then: point}
            - {on: the point, then: pays win, as: point made}
            - {on: total 7, then: lose, as: seven-out}
        field:                                # settled in one throw: the first line whose event holds pays
          wins: {"2": total 2, "12": total 12, "3, 4, 9, 10, 11": "total 3, 4, 9, 10, 11"}
    paytables:
      pass_line: {win: 1}
      field: {"2": 2, "12": 3, "3, 4, 9, 10, 11": 1}

A wheel is ``wheel: {pockets: "0, 00, 1-36"}`` (the red numbers as on every wheel unless ``red:`` lists others). A
bet is paid by the paytable of its name (or ``pays:``); ``commission: {rate: 5%, of: bet, paid: on a win}`` takes a
commission (``of: win``: of the win; ``paid: with the bet``: placed with it). The loader hands any file with a
``rolls:`` section here (:func:`build_rolls`).

>>> game = load_rolls_text(TINY)
>>> [b.name for b in game.roll_bets], game.paytables["field"].lines[0].pay
(['pass_line', 'field'], Pay('2 to 1'))
>>> load_rolls_text(TINY.replace("total 7, 11", "totals 7, 11"), "bad.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: bad.yaml:8: rolls.bets.pass_line.rolls.on: 'totals 7, 11': not an event (any, total, hard, easy, dice, triple, double, shows, pocket, red, black, green, odd, even, column, the point)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

import numpy as np
from pydantic import BeforeValidator, Field, ValidationError

from ...cards import Deck
from ...errors import InputError
from ...game.description import Game, GameWords, Hand, Line, Names, Paytable, SideBet
from ...game.loader import _NAME, NamesSpec, PayValue, _at, _explain, _Strict
from ...game.sections import Section, Where
from ...pays import Pay
from ...yaml_source import read_mapping
from .bets import Commission, RollBet, Rule, check_action, parse_when
from .devices import ZEROS, Device, Dice, Wheel
from .events import numbers, parse_event

THROW = "throw"  # the one "hand" a dice or wheel game's lines are read on: the throw
MAX_THROWS = 100_000  # ordered throws of the dice, at most (five dice of ten faces)
MAX_BETS = 200
MAX_RULES = 200
TINY = """game: craps
id: tiny
rolls:
  dice: {count: 2}
  bets:
    pass_line:
      rolls:
        - {on: "total 7, 11", when: no point, then: pays win}
        - {on: "total 2, 3, 12", when: no point, then: lose}
        - {on: "total 4-6, 8-10", when: no point, then: point}
        - {on: the point, then: pays win}
        - {on: total 7, then: lose}
    field:
      wins: {"2": total 2, "12": total 12, "3, 4, 9, 10, 11": "total 3, 4, 9, 10, 11"}
paytables:
  pass_line: {win: 1}
  field: {"2": 2, "12": 3, "3, 4, 9, 10, 11": 1}
"""


def _none_or(value: Any) -> Any:
    return {} if value is None else value


class DiceSpec(_Strict):
    """The dice: how many, how many faces, each face's weight (loaded dice, exact)."""

    count: int = Field(2, ge=1, le=6, description="dice thrown together")
    faces: int = Field(6, ge=2, le=30, description="faces of each die, numbered from 1")
    weights: list[int] | None = Field(None, description="each face's weight, a whole number (default: all equal)")


class WheelSpec(_Strict):
    """The wheel: its pockets and the red numbers."""

    pockets: str = Field("0, 1-36", description="the pockets: 0, 00, 000 and the numbers, like '0, 00, 1-36'")
    red: str | None = Field(None, description="the red numbers (default: those of every roulette wheel)")
    weights: list[int] | None = Field(None, description="each pocket's weight, in the order of pockets (default: equal)")


class RuleSpec(_Strict):
    """A rule: on which throws, in which states, what it does, and the return table's row it settles in."""

    on: str = Field("any", description="an event of the throw: total 7, hard 6, dice 1 2, triple, pocket 0, red, the point...")
    when: str = Field("", description="conditions on the state: no point, point 4, phase NAME, marked 2-6, marks 4, count 3")
    then: str | list[str] = Field(description="pays LINE, lose, push, lose half, point, clear point, mark, mark the point, "
                                  "count, to PHASE, odds N, odds pays LINE, odds lose, odds push")
    as_: str = Field("", alias="as", description="the return table's row a settlement is counted in ({point}, {total})")


class CommissionSpec(_Strict):
    rate: str = Field(description="a percent, like 5%")
    of: Literal["bet", "win"] = "bet"
    paid: Literal["on a win", "with the bet"] = "on a win"


class BetSpec(_Strict):
    """A bet over throws: its paytable, its rules, one-throw lines, what a throw no rule takes does, its ends."""

    pays: str | None = Field(None, pattern=_NAME, description="its paytable (default: the table of the bet's name)")
    says: str = Field("", description="the bet in a sentence, for the par sheet")
    rolls: list[RuleSpec] = Field(default_factory=list, description="rules tried in order on each throw")
    wins: dict[str, str] = Field(default_factory=dict, description="a bet of one throw: paytable line -> its event")
    otherwise: Literal["stays", "lose"] | None = Field(None, description="a throw no rule takes (default: lose where wins: "
                                                       "is given, else the bet stays)")
    ends: list[RuleSpec] = Field(default_factory=list, description="tried on the state after a throw the bet stays on")
    commission: CommissionSpec | None = None


class RollsSection(_Strict):
    """The device (dice or a wheel) and every bet."""

    dice: DiceSpec | None = None
    wheel: WheelSpec | None = None
    bets: dict[str, BetSpec] = Field(min_length=1)


class RollsFile(_Strict):
    """A dice or wheel game file: identification, the device and bets, their paytables."""

    game: str = Field(pattern=_NAME)
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80)
    name: str = ""
    source: str = ""
    rolls: Annotated[RollsSection, BeforeValidator(_none_or)]
    paytables: dict[str, dict[str, PayValue]] = Field(default_factory=dict)
    names: NamesSpec = Field(NamesSpec.model_validate({}))


@dataclass(frozen=True)
class Settles:
    """A paytable line of a dice or wheel bet: paid where a rule's ``pays`` names it (a line of a
    :class:`~casino_math.game.description.Paytable`, read on no cards)."""

    text: str
    needs_cards: bool = False

    def matches(self, values: np.ndarray, suits: np.ndarray | None = None, ranks: np.ndarray | None = None) -> np.ndarray:
        raise TypeError(f"{self.text!r} is paid where a rule of its bet says so, not on cards")

    def covers(self, other: Any) -> bool:
        return False  # each line is paid where its rules name it: none takes another's throws


@dataclass(frozen=True)
class RollsGame(Game):
    """A dice or wheel game: a :class:`~casino_math.game.description.Game` of bets (no deal, no decision) to every tool,
    with its device and its bets as rules over throws."""

    device: Device | None = None
    roll_bets: tuple[RollBet, ...] = ()

    @property
    def thrown(self) -> Device:
        assert self.device is not None
        return self.device


def load_rolls_text(text: str, filename: str = "<text>") -> RollsGame:
    """A dice or wheel file's text, checked (no ``extends``)."""
    data, where, files = read_mapping(text, filename, "a dice or wheel game file is a mapping with game, id and rolls")
    return build_rolls(data, where, files, filename)


def build_rolls(data: dict[str, Any], where: Where, files: list[tuple[str, str]], fallback: str) -> RollsGame:
    """The game a file's data declares (``extends`` already merged), every problem at its ``file:line``."""
    first = f"{fallback}:1"
    offers = data.get("offers")
    data = {k: v for k, v in data.items() if k not in ("extends", "offers")}
    try:
        spec = RollsFile.model_validate(data)
    except ValidationError as error:
        raise InputError(_explain(error, where, first)) from None

    def fail(path: tuple[str, ...], message: str) -> InputError:
        return InputError(f"{_at(where, path, first)}: {'.'.join(p for p in path if not p.isdigit())}: {message}")

    section = spec.rolls
    device = _device(section, fail)
    if len(section.bets) > MAX_BETS:
        raise fail(("rolls", "bets"), f"{len(section.bets)} bets: at most {MAX_BETS}")
    bets, tables = [], {}
    for name, bet in section.bets.items():
        if offers is not None and name not in offers:
            continue
        if _NAME_OK(name) is False:
            raise fail(("rolls", "bets", name), f"a bet's name is {name!r}: lower-case letters, digits and _, from a letter")
        table = bet.pays or name
        if table not in spec.paytables:
            raise fail(("rolls", "bets", name, "pays"), f"no paytable {table!r} (paytables: {', '.join(spec.paytables) or 'none'})")
        rolled = _bet(name, table, bet, spec.paytables[table], where, first, fail)
        bets.append(rolled)
        tables[table] = Paytable(table, tuple(Line(key, Settles(key), Pay(pay.net, pay.for_one) if not pay.push else pay, THROW)
                                             for key, pay in spec.paytables[table].items()))
    if not bets:
        raise fail(("offers",), "the file offers none of its bets")
    if offers is None:  # a file offering some of its bets may leave the others' lines unpaid
        _every_line_paid(bets, spec.paytables, fail)
    names = Names(spec.names.game, {str(r): n for r, n in spec.names.roles.items()}, dict(spec.names.bets))
    words = GameWords(
        device=f"Thrown with: {device.words()}.",
        deals=("Every bet is counted over every sequence of throws until it settles, as an absorbing Markov chain in "
               "exact fractions; the combinations of a return table are its probabilities over their common denominator. "
               "The house edge is per bet resolved (a push resolves a bet), per unit of the bet; the house edge per roll "
               "is the same expected loss over the average number of throws until the bet settles; with odds behind a "
               "bet (or a commission paid with it), the element of risk is the loss per unit of all that is wagered."),
        settles={b.name: b.words or _said(b) for b in bets})
    return RollsGame(
        family=spec.game, id=spec.id, name=spec.name, source=spec.source, deck=Deck.named("standard"), steps=(),
        hands={THROW: Hand(THROW, ("player",), 1, None)}, wagers=(), side_bets=tuple(SideBet(b.name, b.table) for b in bets),
        paytables=tables, bet=bets[0].name, path=files[0][0], sha256=files[0][1], files=tuple(files), names=names,
        words=words, device=device, roll_bets=tuple(bets))


def _every_line_paid(bets: list[RollBet], paytables: dict[str, dict[str, Pay]], fail: Any) -> None:
    """Each line of a paytable a bet is paid by is named by a rule of such a bet (``{point}``, ``{total}``: any
    number), else it could never be paid: a misspelt line."""
    import re

    named: dict[str, list[str]] = {}
    for bet in bets:
        for r in (*bet.rules, *bet.ends):
            for op, arg in r.ops:
                if op in ("pays", "odds pays"):
                    named.setdefault(bet.table, []).append(
                        "^" + re.escape(arg).replace(r"\{point\}", r"\d+").replace(r"\{total\}", r"\d+") + "$")
    for table, patterns in named.items():
        for line in paytables[table]:
            if not any(re.match(p, line) for p in patterns):
                raise fail(("paytables", table, line), f"no rule of a bet paid by {table} pays {line!r}")


def _NAME_OK(name: str) -> bool:  # noqa: N802 - a check named as the pattern it applies
    import re

    return re.match(_NAME, name) is not None


def _device(section: RollsSection, fail: Any) -> Device:
    if (section.dice is None) == (section.wheel is None):
        raise fail(("rolls",), "name one device: dice or wheel")
    if section.dice is not None:
        d = section.dice
        if d.weights is not None and (len(d.weights) != d.faces or min(d.weights) < 0 or not sum(d.weights)):
            raise fail(("rolls", "dice", "weights"), f"one weight of 0 or more per face ({d.faces}), not all 0")
        if d.faces ** d.count > MAX_THROWS:
            raise fail(("rolls", "dice"), f"{d.count} dice of {d.faces} faces make {d.faces ** d.count:,} throws: at most {MAX_THROWS:,}")
        return Dice(d.count, d.faces, tuple(d.weights or ()))
    w = section.wheel
    assert w is not None
    parts = [p for p in w.pockets.replace(",", " ").split() if p]
    try:
        zeros = [p for p in parts if p in ZEROS]
        pockets = (*zeros, *(str(n) for n in sorted(numbers(" ".join(p for p in parts if p not in ZEROS)))))
        red = numbers(w.red) if w.red is not None else None
    except ValueError as error:
        raise fail(("rolls", "wheel"), str(error)) from None
    if len(set(pockets)) != len(parts) and not any("-" in p for p in parts) or not 2 <= len(pockets) <= 200:
        raise fail(("rolls", "wheel", "pockets"), "from 2 to 200 pockets, each once: 0, 00, 000 and numbers from 1")
    if "0" in [p for p in parts if p not in ZEROS] or any(p not in ZEROS and int(p) < 1 for p in pockets):
        raise fail(("rolls", "wheel", "pockets"), "the numbers start at 1 (the zeros are written 0, 00, 000)")
    if w.weights is not None and (len(w.weights) != len(pockets) or min(w.weights) < 0 or not sum(w.weights)):
        raise fail(("rolls", "wheel", "weights"), f"one weight of 0 or more per pocket ({len(pockets)}), not all 0")
    wheel = Wheel(tuple(pockets), weights=tuple(w.weights or ()))
    return wheel if red is None else Wheel(tuple(pockets), frozenset(red), tuple(w.weights or ()))


def _bet(name: str, table: str, bet: BetSpec, pays: dict[str, Pay], where: Where, first: str, fail: Any) -> RollBet:
    base = ("rolls", "bets", name)
    if not bet.rolls and not bet.wins:
        raise fail(base, "a bet has rolls: (rules) or wins: (lines of one throw)")
    if len(bet.rolls) + len(bet.wins) + len(bet.ends) > MAX_RULES:
        raise fail(base, f"at most {MAX_RULES} rules")
    rules = [_rule(r, (*base, "rolls", str(i)), pays, table, where, first, fail) for i, r in enumerate(bet.rolls)]
    for line, event in bet.wins.items():
        rules.append(_rule(RuleSpec.model_validate({"on": event, "then": f"pays {line}"}), (*base, "wins", line), pays,
                           table, where, first, fail))
    ends = tuple(_rule(r, (*base, "ends", str(i)), pays, table, where, first, fail) for i, r in enumerate(bet.ends))
    for i, end in enumerate(ends):
        if end.on.text != "any" or not any(a.split()[0].lower() in ("pays", "lose", "push") for a in end.then):
            raise fail((*base, "ends", str(i)), "an end reads the state alone (no on:) and settles the bet (pays, lose, push)")
    commission = None
    if bet.commission is not None:
        text = bet.commission.rate.strip()
        try:
            rate = Fraction(text.removesuffix("%")) / 100
        except (ValueError, ZeroDivisionError):
            rate = Fraction(-1)
        if not text.endswith("%") or not 0 <= rate < 1:
            raise fail((*base, "commission", "rate"), f"a commission is a percent from 0% to under 100%, not {text}")
        commission = Commission(rate, bet.commission.of, bet.commission.paid)
    otherwise = bet.otherwise or ("lose" if bet.wins else "stays")
    return RollBet(name, table, tuple(rules), otherwise, ends, commission, bet.says)


def _rule(spec: RuleSpec, path: tuple[str, ...], pays: dict[str, Pay], table: str, where: Where, first: str, fail: Any) -> Rule:
    try:
        on = parse_event(spec.on)
    except ValueError as error:
        raise fail((*path, "on") if path[-2] != "wins" else path, str(error)) from None
    try:
        when = parse_when(spec.when)
    except ValueError as error:
        raise fail((*path, "when"), str(error)) from None
    then = tuple([spec.then] if isinstance(spec.then, str) else spec.then)
    for action in then:
        wrong = check_action(action)
        if wrong:
            raise fail((*path, "then") if path[-2] != "wins" else path, wrong)
        line = action.strip()[5:].strip() if action.strip().lower().startswith("pays ") else (
            action.strip()[10:].strip() if action.strip().lower().startswith("odds pays ") else None)
        if line is not None and "{" not in line and line not in pays:
            raise fail((*path, "then") if path[-2] != "wins" else path,
                       f"{table} has no line {line!r} (its lines: {', '.join(pays) or 'none'})")
    settles = [a for a in then if a.strip().lower().split()[0] in ("pays", "lose", "push")]
    if len(settles) > 1:
        raise fail((*path, "then"), "a rule settles the bet once (one of pays, lose, push, lose half)")
    return Rule(on, when, then, spec.as_, _at(where, path, first))


def _said(bet: RollBet) -> str:
    """A bet in words, from its rules, for the settlement table."""
    if bet.otherwise == "lose" and all(len(r.then) == 1 and not r.when for r in bet.rules):
        wins = "; ".join(f"{r.on.text}: {r.then[0]}" for r in bet.rules)
        return f"one throw: {wins}; anything else loses"
    parts = []
    for r in bet.rules:
        when = f" when {' and '.join(_clause_text(c) for c in r.when)}" if r.when else ""
        parts.append(f"{r.on.text}{when}: {', '.join(r.then)}")
    parts += [f"then, when {' and '.join(_clause_text(c) for c in e.when)}: {', '.join(e.then)}" for e in bet.ends]
    rest = "; any other throw loses" if bet.otherwise == "lose" else "; any other throw leaves the bet standing"
    return "; ".join(parts) + rest


def _clause_text(c: Any) -> str:
    if c.kind == "no point":
        text = "no point"
    elif c.kind == "point":
        text = "a point" + (f" of {', '.join(map(str, sorted(c.values)))}" if c.values else "")
    elif c.kind == "phase":
        text = f"in {c.name or 'no phase'}"
    elif c.kind == "marked":
        text = f"{', '.join(map(str, sorted(c.values)))} marked"
    else:
        text = f"{c.n}{' or more' if c.at_least else ''} {'numbers marked' if c.kind == 'marks' else 'counted'}"
    return f"not {text}" if c.denied else text


def with_rolls(schema: dict[str, Any]) -> dict[str, Any]:
    """A game file's JSON Schema that also takes dice and wheel files: a ``rolls:`` section, then no ``deal:``."""
    section = RollsSection.model_json_schema(mode="validation", by_alias=True, ref_template="#/$defs/{model}")
    out = dict(schema)
    out["$defs"] = {**schema.get("$defs", {}), **section.pop("$defs", {}), "RollsSection": section}
    out["properties"] = {**schema["properties"], "rolls": {"$ref": "#/$defs/RollsSection",
                                                           "description": "dice or a wheel, and every bet as rules over throws (no deal:)"}}
    out["anyOf"] = [*schema.get("anyOf", [{"required": ["deal"]}]), {"required": ["rolls"]}]
    return out


SECTION = Section("rolls", build_rolls, with_rolls)  # the file reader's rolls: section (casino_math.registry gives it to the reader)
