"""Points rankings: a hand is worth the points of its cards added up, as in baccarat and blackjack.

- ``baccarat``: ace 1, two to nine their pips, tens and faces 0; only the last
  digit of the total counts (0 to 9). A two-card 8 or 9 is a *natural*. The
  higher total wins.
- ``blackjack``: ace 1 or 11, two to nine their pips, tens and faces 10; an
  ace counts 11 while the total stays at 21 or less. A two-card 21 is a
  *natural* (a blackjack). Blackjack hands are not compared here (playing
  blackjack itself is another matter); its side bets read totals and cards.
- ``rank``: a card is worth its rank, two to ten their pips, jack 11, queen 12,
  king 13, ace 14 (always high); a hand of one card is compared by it (Casino
  War). A hand of several cards is read by the events of its cards in order
  (Red Dog's spread), never by a total.

A points hand has no best cards to choose: every card it holds counts.

>>> baccarat = get_points("baccarat")
>>> baccarat.total((9, 13, 6)), baccarat.is_natural((14, 7)), baccarat.is_natural((9, 10, 10))
(5, True, False)
>>> blackjack = get_points("blackjack")
>>> blackjack.total((14, 9)), blackjack.total((14, 14, 9)), blackjack.is_natural((14, 12))
(20, 21, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Sequence

import numpy as np

from ..cards import ACE, Deck
from ..errors import InputError
from ..held import cached


@dataclass(frozen=True)
class Points:
    """A points ranking over ``deck``: each rank's points, how a total is read, and which two-card totals are naturals."""

    name: str
    deck: Deck
    card_points: tuple[int, ...]  # the points of each rank of deck.ranks
    modulo: int | None  # baccarat keeps the last digit
    soft_ace: bool  # blackjack: one ace counts 10 more where the total stays at most 21
    naturals: frozenset[int]  # two-card totals that are naturals
    natural_words: tuple[str, ...] = ("natural",)
    compares: bool = True  # whether the higher total wins a showdown
    description: str = ""

    def points_of(self, rank: int) -> int:
        return self.card_points[self.deck.ranks.index(rank)]

    def total(self, ranks: Sequence[int]) -> int:
        """The total of one hand, given its ranks (plain Python: the declaration the vectorised path must agree with)."""
        total = sum(self.points_of(r) for r in ranks)
        if self.soft_ace and ACE in ranks and total + 10 <= 21:
            total += 10
        return total % self.modulo if self.modulo else total

    def is_natural(self, ranks: Sequence[int]) -> bool:
        return len(ranks) == 2 and self.total(ranks) in self.naturals

    @cached_property
    def classes(self) -> tuple[int, ...]:
        """Ranks grouped by points (tens and faces together), as an index per rank of the deck; the class of each."""
        return tuple(sorted(set(self.card_points)).index(p) for p in self.card_points)

    @cached_property
    def class_points(self) -> np.ndarray:
        """The points of each class of :attr:`classes`."""
        return np.array(sorted(set(self.card_points)), dtype=np.int64)

    @cached_property
    def totals_range(self) -> tuple[int, int]:
        """The smallest and largest total a hand can show."""
        if self.modulo:
            return 0, self.modulo - 1
        return min(self.card_points) * 2, 21 + 10 * max(self.card_points)

    def totals(self, points: np.ndarray, aces: np.ndarray) -> np.ndarray:
        """Totals of many hands: the summed points of each row's cards, and how many aces each holds."""
        total: np.ndarray = points.sum(axis=1)
        if self.soft_ace:
            total = total + np.where((aces > 0) & (total + 10 <= 21), 10, 0)
        return total % self.modulo if self.modulo else total


def baccarat(deck: Deck) -> Points:
    return Points("baccarat", deck, tuple(1 if r == ACE else r if r < 10 else 0 for r in deck.ranks), 10, False,
                  frozenset({8, 9}), ("natural",), True, "baccarat points: the last digit of the total; a two-card 8 or 9 is a natural")


def blackjack(deck: Deck) -> Points:
    return Points("blackjack", deck, tuple(1 if r == ACE else min(r, 10) for r in deck.ranks), None, True,
                  frozenset({21}), ("natural", "blackjack"), False, "blackjack totals: an ace counts 11 while the total stays at most 21")


def rank(deck: Deck) -> Points:
    return Points("rank", deck, tuple(deck.ranks), None, False, frozenset(), ("natural",), True,
                  "each card by its rank, two to ten their pips, jack 11, queen 12, king 13, ace 14 (always high)")


POINTS: dict[str, Callable[[Deck], Points]] = {"baccarat": baccarat, "blackjack": blackjack, "rank": rank}


@cached(maxsize=32)
def get_points(name: str, deck: Deck | str = "standard") -> Points:
    """The points ranking ``name`` over ``deck``."""
    if isinstance(deck, str):
        deck = Deck.named(deck)
    if name not in POINTS:
        raise InputError(f"unknown points ranking {name!r} (choose from {', '.join(POINTS)})")
    return POINTS[name](deck)
