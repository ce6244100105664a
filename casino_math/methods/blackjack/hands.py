"""The player's hands as multisets of card values: what a hand totals, and every hand a shoe can deal.

A hand's play depends on its cards, not their order (the cards left in the shoe are the same whatever the order),
so a hand is a count of its cards by value, ace to ten. Every hand the player can hold totals 21 or less counting
aces as 1: a few thousand of them, the same for every shoe that holds their cards.

>>> hand = Hand.of("A", "6")
>>> hand.total, hand.soft, hand.hard, hand.cards
(17, True, 7, 2)
>>> hand.plus(9).total, hand.plus(9).soft, str(hand.plus(9))
(17, False, 'A 6 T')
>>> len(all_hands())   # every multiset of one card or more totalling at most 21 (aces as 1)
3082
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dealer import hand_total
from .rules import ACE, VALUES, value_name
from ...held import cached


class Hand(tuple):
    """A hand by value counts: ``hand[v]`` cards worth ``v + 1`` (ACE..TEN); immutable, hashable, ordered by counts."""

    __slots__ = ()

    def __new__(cls, counts: tuple[int, ...] | list[int]) -> Hand:
        return super().__new__(cls, tuple(counts))

    @classmethod
    def of(cls, *names: str) -> Hand:
        """A hand from value names: ``Hand.of("A", "T")``, ``Hand.of("8", "8")``."""
        counts = [0] * VALUES
        for name in names:
            counts[_NAMES[name.upper()]] += 1
        return cls(counts)

    @property
    def hard(self) -> int:
        """The total with every ace counted 1."""
        return sum((v + 1) * c for v, c in enumerate(self))

    @property
    def total(self) -> int:
        return hand_total(self.hard, self[ACE] > 0)[0]

    @property
    def soft(self) -> bool:
        """Whether an ace counts 11."""
        return hand_total(self.hard, self[ACE] > 0)[1]

    @property
    def cards(self) -> int:
        """The number of cards (``len`` stays the tuple's ten counts)."""
        return sum(self)

    def plus(self, v: int) -> Hand:
        return Hand(tuple(c + (w == v) for w, c in enumerate(self)))

    def minus(self, v: int) -> Hand:
        return Hand(tuple(c - (w == v) for w, c in enumerate(self)))

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(self)

    @property
    def pair(self) -> int | None:
        """The value of a two-card pair (None: not a pair)."""
        return next((v for v, c in enumerate(self.counts) if c == 2), None) if self.cards == 2 else None

    def values(self) -> list[int]:
        """The values of the cards, lowest first (ace first)."""
        return [v for v, c in enumerate(self.counts) for _ in range(c)]

    def __str__(self) -> str:
        return " ".join(value_name(v) for v in self.values())

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


_NAMES = {"A": 0, "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6, "8": 7, "9": 8, "T": 9, "10": 9, "J": 9, "Q": 9, "K": 9}


@cached(maxsize=1)
def all_hands() -> tuple[Hand, ...]:
    """Every hand of one card or more totalling at most 21 with aces as 1, biggest hands first (so a hand's one-card
    extensions come before it)."""
    out: list[Hand] = []

    def extend(counts: list[int], start: int, hard: int) -> None:
        if sum(counts):
            out.append(Hand(counts))
        for v in range(start, VALUES):
            if hard + v + 1 <= 21:
                counts[v] += 1
                extend(counts, v, hard + v + 1)
                counts[v] -= 1

    extend([0] * VALUES, 0, 0)
    return tuple(sorted(out, key=lambda h: (-h.cards, h.counts)))


@dataclass(frozen=True, eq=False)
class HandTable:
    """:func:`all_hands` by number, with what the engine reads of each, worked out once: ``hard``, ``total``, ``soft``,
    ``cards``, and ``child[i][v]``, the hand made by drawing a ``v`` (-1: a bust)."""

    hands: tuple[Hand, ...]
    index: dict[Hand, int]
    hard: tuple[int, ...]
    total: tuple[int, ...]
    soft: tuple[bool, ...]
    cards: tuple[int, ...]
    child: tuple[tuple[int, ...], ...]
    counts: np.ndarray  # (hands, values)

    def dealable(self, left: tuple[int, ...], holding: int | None = None) -> tuple[int, ...]:
        """The hands a shoe of ``left`` can deal (those holding a ``holding`` only, where given), biggest first."""
        fits = (self.counts <= np.array(left)).all(axis=1)
        if holding is not None:
            fits &= self.counts[:, holding] > 0
        return tuple(np.flatnonzero(fits).tolist())


@cached(maxsize=1)
def hand_table() -> HandTable:
    """The one :class:`HandTable` (biggest hands first, so a hand's children come before it).

    >>> table = hand_table()
    >>> i = table.index[Hand.of("T", "6")]
    >>> table.total[i], table.total[table.child[i][4]]   # T 6 draws a 5: 21
    (16, 21)
    >>> table.child[i][9]   # a ten: bust
    -1
    """
    hands = all_hands()
    index = {h: i for i, h in enumerate(hands)}
    child = tuple(tuple(index.get(h.plus(v), -1) for v in range(VALUES)) for h in hands)
    return HandTable(hands, index, tuple(h.hard for h in hands), tuple(h.total for h in hands), tuple(h.soft for h in hands),
                     tuple(h.cards for h in hands), child, np.array([h.counts for h in hands], dtype=np.int64))
