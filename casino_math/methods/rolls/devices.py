"""The devices a game is thrown with: dice (how many, how many faces, loaded or not as exact weights) or a wheel (its
pockets and their colours), as the results of one throw with their exact weights.

Dice are thrown all together; a throw's result is the faces shown, in ascending order (the dice are not told apart), its
weight the sum over every ordered throw of the product of the faces' weights:

>>> dice = Dice(2, 6)
>>> [(t.faces, t.weight) for t in dice.throws()[:3]], dice.total
([((1, 1), 1), ((1, 2), 2), ((1, 3), 2)], 36)
>>> loaded = Dice(1, 6, (1, 1, 1, 1, 1, 3))
>>> [t.weight for t in loaded.throws()], loaded.total
([1, 1, 1, 1, 1, 3], 8)
>>> wheel = Wheel.standard(("0", "00"))
>>> len(wheel.throws()), wheel.throws()[0], wheel.throws()[2].colour
(38, Throw(faces=(), pocket='0', number=0, colour='green', weight=1), 'red')
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cached_property

RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})  # the red numbers of every wheel
ZEROS = ("0", "00", "000")  # the green pockets a wheel may have


@dataclass(frozen=True)
class Throw:
    """One result of a throw, and its weight: the faces the dice show (ascending), or the pocket the ball lands in (its
    number: 0 for every zero pocket; its colour)."""

    faces: tuple[int, ...] = ()
    pocket: str = ""
    number: int = 0
    colour: str = ""
    weight: int = 1

    @property
    def total(self) -> int:
        """The dice's total (a wheel's: the pocket's number)."""
        return sum(self.faces) if self.faces else self.number

    @property
    def alike(self) -> bool:
        """Whether every die shows the same face (a hard way, a triple)."""
        return len(set(self.faces)) == 1 and len(self.faces) > 1


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``faces`` faces, each face's weight as given (all equal by default)."""

    count: int = 2
    faces: int = 6
    weights: tuple[int, ...] = ()

    @cached_property
    def face_weights(self) -> tuple[int, ...]:
        return self.weights or (1,) * self.faces

    @property
    def total(self) -> int:
        return sum(self.face_weights) ** self.count

    def throws(self) -> tuple[Throw, ...]:
        """Every result (faces ascending) with its weight over the ordered throws."""
        weights: dict[tuple[int, ...], int] = {}
        for ordered in itertools.product(range(1, self.faces + 1), repeat=self.count):
            key = tuple(sorted(ordered))
            weights[key] = weights.get(key, 0) + math.prod(self.face_weights[f - 1] for f in ordered)
        return tuple(Throw(faces=key, weight=w) for key, w in sorted(weights.items()) if w)

    def words(self) -> str:
        loaded = "" if len(set(self.face_weights)) == 1 else (
            ", loaded: the faces " + ", ".join(f"{i + 1} weighs {w}" for i, w in enumerate(self.face_weights))
            + f" (of {sum(self.face_weights)})")
        return f"{self.count} dice of {self.faces} faces (1 to {self.faces}){loaded}, thrown together"


@dataclass(frozen=True)
class Wheel:
    """A wheel's pockets in order (``0``, ``00``, ``000``, then the numbers), the red numbers (the other numbers black,
    the zeros green), each pocket's weight (all equal by default)."""

    pockets: tuple[str, ...]
    red: frozenset[int] = RED
    weights: tuple[int, ...] = ()

    @classmethod
    def standard(cls, zeros: tuple[str, ...] = ("0",), numbers: int = 36) -> Wheel:
        return cls((*zeros, *(str(n) for n in range(1, numbers + 1))))

    @property
    def total(self) -> int:
        return sum(self.weights) if self.weights else len(self.pockets)

    def throws(self) -> tuple[Throw, ...]:
        weights = self.weights or (1,) * len(self.pockets)
        return tuple(Throw(pocket=p, number=0 if p in ZEROS else int(p), weight=w,
                           colour="green" if p in ZEROS else "red" if int(p) in self.red else "black")
                     for p, w in zip(self.pockets, weights) if w)

    def words(self) -> str:
        zeros = [p for p in self.pockets if p in ZEROS]
        numbers = [int(p) for p in self.pockets if p not in ZEROS]
        weighted = "" if not self.weights or len(set(self.weights)) == 1 else ", pockets weighted as the file gives"
        return (f"a wheel of {len(self.pockets)} pockets: {', '.join(zeros) or 'no zero'} (green) and the numbers "
                f"{min(numbers)} to {max(numbers)} ({len([n for n in numbers if n in self.red])} red, the others black)"
                + (weighted or "; every pocket equally likely"))


Device = Dice | Wheel
