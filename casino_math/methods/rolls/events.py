"""What a rule reads on one throw, as a dealer says it: a total, a hard way, a combination of dice, a triple, a
pocket, a colour; ``and`` joins events, ``not`` denies one, ``the point`` is the total that a bet's point holds.

==========================  ==========================================================================
``any``                     every throw
``total 2, 3, 12``          the dice's total is one of these (ranges: ``4-6``)
``hard 4, 10``              every die alike and the total one of these (``easy 6``: the total, not alike)
``dice 1 2``                the dice show these faces (among others, for three dice)
``triple`` / ``triple 5``   every die alike (showing 5)
``double 3``                at least two dice show 3
``shows 4 twice``           exactly two dice show 4 (``once``, ``twice``, ``three times``; ``shows 4``: any)
``pocket 0, 00, 1-3``       the ball lands in one of these pockets
``red``, ``black``          the pocket's colour (``green``: a zero's)
``odd``, ``even``           a number pocket's parity (a zero is neither)
``column 1``                the numbers 1, 4, ..., 34 (``column 3``: the multiples of 3)
``the point``               the total is the bet's point
==========================  ==========================================================================

>>> from .devices import Dice
>>> throws = Dice(3, 6).throws()
>>> small = parse_event("total 4-10 and not triple")
>>> sum(t.weight for t in throws if small.holds(t)), sum(t.weight for t in throws if parse_event("shows 2 twice").holds(t))
(105, 15)
>>> parse_event("totals 7")
Traceback (most recent call last):
...
ValueError: 'totals 7': not an event (any, total, hard, easy, dice, triple, double, shows, pocket, red, black, green, odd, even, column, the point)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .devices import ZEROS, Throw

KINDS = ("any", "total", "hard", "easy", "dice", "triple", "double", "shows", "pocket", "red", "black", "green", "odd",
         "even", "column", "the point")
TIMES = {"once": 1, "twice": 2, "three times": 3, "thrice": 3}


def numbers(text: str) -> frozenset[int]:
    """A list of whole numbers and ranges: ``2, 3, 12`` or ``4-6, 8-10`` (commas or spaces).

    >>> sorted(numbers("4-6, 8-10"))
    [4, 5, 6, 8, 9, 10]
    """
    out: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"{text!r}: numbers are written like 2, 3, 12 or 4-6")
        out.update(range(int(low), int(high) + 1) if dash else (int(low),))
    return frozenset(out)


@dataclass(frozen=True)
class Atom:
    """One event: its kind, the numbers (or pockets) it names, how many dice (``shows``), denied or not."""

    kind: str
    values: frozenset[int] = frozenset()
    pockets: frozenset[str] = frozenset()
    times: int = 0  # shows: exactly this many dice (0: at least one)
    denied: bool = False

    def holds(self, throw: Throw, point: int = 0) -> bool:
        return self._holds(throw, point) != self.denied

    def _holds(self, t: Throw, point: int) -> bool:
        kind = self.kind
        if kind == "any":
            return True
        if kind == "total":
            return t.total in self.values
        if kind == "hard":
            return t.alike and t.total in self.values
        if kind == "easy":
            return not t.alike and t.total in self.values
        if kind == "dice":
            wanted = sorted(self.values) if len(self.values) > 1 else [*self.values] * self.times
            return all(t.faces.count(f) >= wanted.count(f) for f in set(wanted))
        if kind == "triple":
            return t.alike and (not self.values or t.faces[0] in self.values)
        if kind == "double":
            return any(t.faces.count(f) >= 2 for f in self.values)
        if kind == "shows":
            return any((t.faces.count(f) == self.times) if self.times else f in t.faces for f in self.values)
        if kind == "pocket":
            return t.pocket in self.pockets
        if kind in ("red", "black", "green"):
            return t.colour == kind
        if kind in ("odd", "even"):
            return bool(t.pocket) and t.pocket not in ZEROS and t.number % 2 == (kind == "odd")
        if kind == "column":
            return bool(t.pocket) and t.pocket not in ZEROS and t.number % 3 == next(iter(self.values)) % 3
        return point != 0 and t.total == point  # the point


@dataclass(frozen=True)
class Event:
    """A rule's event as written: every one of its atoms holds."""

    text: str
    atoms: tuple[Atom, ...]

    @property
    def reads_point(self) -> bool:
        return any(a.kind == "the point" for a in self.atoms)

    def holds(self, throw: Throw, point: int = 0) -> bool:
        return all(a.holds(throw, point) for a in self.atoms)


def parse_event(text: str) -> Event:
    """An event as written in a rule (see the module)."""
    return Event(text, tuple(_atom(part.strip(), text) for part in re.split(r"\s+and\s+", str(text).strip().lower())))


def _atom(part: str, text: str) -> Atom:
    denied = part.startswith("not ")
    part = part.removeprefix("not ").strip()
    kind = next((k for k in sorted(KINDS, key=len, reverse=True) if part == k or part.startswith(k + " ")), None)
    if kind is None:
        raise ValueError(f"{text!r}: not an event ({', '.join(KINDS)})")
    rest = part[len(kind):].strip()
    if kind in ("any", "red", "black", "green", "odd", "even", "the point"):
        if rest:
            raise ValueError(f"{text!r}: {kind} takes nothing after it")
        return Atom(kind, denied=denied)
    if kind == "pocket":
        pockets = {p for p in re.split(r"[,\s]+", rest) if p}
        named = {p for p in pockets if p in ZEROS} | {str(n) for n in numbers(" ".join(p for p in pockets if p not in ZEROS))}
        if not named:
            raise ValueError(f"{text!r}: name the pockets, like pocket 0, 00 or pocket 1-3")
        return Atom(kind, pockets=frozenset(named), denied=denied)
    times = 0
    if kind == "shows":
        for word, n in sorted(TIMES.items(), key=lambda kv: -len(kv[0])):
            if rest.endswith(" " + word):
                rest, times = rest[: -len(word)].strip(), n
                break
    if kind == "dice":
        faces = [int(f) for f in re.split(r"[,\s-]+", rest) if f.isdigit()]
        if not 1 <= len(faces) <= 3 or len(faces) != len(re.split(r"[,\s-]+", rest)):
            raise ValueError(f"{text!r}: dice are written by their faces, like dice 1 2 or dice 3 3")
        if len(set(faces)) == 1:
            return Atom(kind, frozenset(faces), times=len(faces), denied=denied)
        if len(set(faces)) != len(faces):
            raise ValueError(f"{text!r}: write a pair as dice 3 3, or the faces all different")
        return Atom(kind, frozenset(faces), denied=denied)
    values = numbers(rest) if rest else frozenset()
    if not values and kind != "triple":
        raise ValueError(f"{text!r}: {kind} names its numbers, like {kind} 4" + (" twice" if kind == "shows" else ""))
    if kind == "column" and (len(values) != 1 or not values <= {1, 2, 3}):
        raise ValueError(f"{text!r}: the columns are 1, 2 and 3")
    return Atom(kind, values, times=times, denied=denied)
