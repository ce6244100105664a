"""Several seats dealt from one deck: what a bet paid on other seats' hands (an envy bonus, a shared meter) is worth.

Every seat's hand comes from the same deck, so seats are not independent: a mini royal at one seat leaves fewer
for the next. The mean of a sum over seats is linear (each seat alone is the whole-deck table), but its variance
needs every pair of seats, and "at least one other seat" needs every set of them. Both are counted exactly:

- pairs: of two hands of given lines, how many share no card, by inclusion–exclusion over the cards they share
  (all pairs − those sharing a card + those sharing two − ...), each term a count of hands holding a set of cards;
- sets of seats: ordered tuples of pairwise disjoint hands of the lines that pay, visited as sets; the chance that
  none of ``n`` seats holds one follows by inclusion–exclusion over how many do.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/three_card_poker/progressive-envy.yaml")
>>> seats = seat_counts(game, game.side_bet["progressive"])
>>> seats.lines[:2], seats.hands, seats.together(("mini royal in spades", "mini royal"))[:4]
(('mini royal in spades', 'mini royal'), 22100, (1, 4, 12, 24))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial
from typing import Iterable

import numpy as np

from ..errors import InputError
from ..game.description import Game, SideBet
from ..held import Held
from .side_bets import line_of_every_hand

MAX_SETS = 2_000_000  # sets of disjoint paying hands visited at most for "at least one other seat"
_HELD: Held[tuple, SeatCounts] = Held(most=8)


@dataclass(frozen=True)
class SeatCounts:
    """The hands of one seat by the line that pays them (``ids``, ``first``: ``len(lines)`` for none), and ordered pairs
    of two seats' disjoint hands by their lines (``pairs[i, j]``)."""

    lines: tuple[str, ...]
    cards: int  # in a hand
    deck: int  # cards in the deck
    ids: np.ndarray
    first: np.ndarray
    pairs: np.ndarray  # object ints, lines × lines

    @property
    def hands(self) -> int:
        return comb(self.deck, self.cards)

    def count(self, line: str) -> int:
        """Hands whose first line is ``line``."""
        return int((self.first == self.lines.index(line)).sum())

    def deals(self, seats: int) -> int:
        """Ordered deals of ``seats`` hands from the deck."""
        return int(np.prod([comb(self.deck - i * self.cards, self.cards) for i in range(seats)], dtype=object)) if seats else 1

    def pair(self, first: str, second: str) -> int:
        """Ordered pairs of disjoint hands, the first of line ``first``, the second of ``second``."""
        return int(self.pairs[self.lines.index(first), self.lines.index(second)])

    def together(self, lines: Iterable[str], most: int = 6, without: np.ndarray | None = None) -> tuple[int, ...]:
        """Ordered k-tuples (k = 0 … ``most``) of pairwise disjoint hands each of one of ``lines``, sharing no card with
        the hand ``without`` (card ids) where given."""
        wanted = [self.lines.index(line) for line in lines]
        rows = self.ids[np.isin(self.first, wanted)]
        masks = [int(m) for m in np.bitwise_or.reduce(np.left_shift(np.int64(1), rows.astype(np.int64)), axis=1)] if len(rows) else []
        if without is not None:
            used = int(np.bitwise_or.reduce(np.left_shift(np.int64(1), without.astype(np.int64))))
            masks = [m for m in masks if not m & used]
        sets = [0] * (most + 1)
        visited = 0

        def walk(start: int, used: int, size: int) -> None:
            nonlocal visited
            sets[size] += 1
            visited += 1
            if visited > MAX_SETS:
                raise InputError(f"more than {MAX_SETS:,} sets of seats' paying hands to visit: too many to count exactly; "
                                 "an envy bonus is counted on rarer lines")
            if size == most:
                return
            for i in range(start, len(masks)):
                if not masks[i] & used:
                    walk(i + 1, used | masks[i], size + 1)

        walk(0, 0, 0)
        return tuple(s * factorial(k) for k, s in enumerate(sets))

    def none_of(self, lines: Iterable[str], seats: int) -> Fraction:
        """The chance that none of ``seats`` seats holds a hand of ``lines``."""
        tuples = self.together(tuple(lines), seats)
        return sum((Fraction((-1) ** k * comb(seats, k) * tuples[k], self.deals(k)) for k in range(seats + 1)), Fraction(0))


def seat_counts(game: Game, bet: SideBet) -> SeatCounts:
    """Every hand of the bet's table by its line, and two seats' hands by their lines (counted once per deck and table)."""
    table = game.paytables[bet.table]
    hands = {game.hands[line.hand].of for line in table.lines}
    if len(hands) != 1 or next(iter(hands)) != ("player",):
        raise InputError(f"{game.id}: {bet.name}: bets on other seats' hands are counted where the bet's lines read the "
                         "player's own cards only (each seat holds its own, no board or dealer card shared)")
    key = (game.deck, game.cards_of("player"), tuple((line.key, line.pattern, line.hand) for line in table.lines))
    if key not in _HELD:
        ids, first = line_of_every_hand(game, table.lines)
        _HELD[key] = SeatCounts(tuple(line.key for line in table.lines), ids.shape[1], len(game.deck.cards), ids, first,
                                _disjoint_pairs(ids, first, len(table.lines)))
    return _HELD[key]


def _disjoint_pairs(ids: np.ndarray, first: np.ndarray, lines: int) -> np.ndarray:
    """``[i, j]``: ordered pairs of disjoint hands of lines i and j, by inclusion–exclusion over the cards they share:
    Σ over card sets T of (−1)^|T| · (hands of i holding T) · (hands of j holding T)."""
    paying = first < lines
    rows, line = ids[paying].astype(np.int64), first[paying]
    keys, signs, owners = [], [], []
    for size in range(rows.shape[1] + 1):
        for chosen in itertools.combinations(range(rows.shape[1]), size):
            keys.append(np.bitwise_or.reduce(np.left_shift(np.int64(1), rows[:, list(chosen)]), axis=1) if chosen
                        else np.zeros(len(rows), dtype=np.int64))
            signs.append(np.full(len(rows), -1 if size % 2 else 1, dtype=np.int64))
            owners.append(line)
    key, sign, owner = np.concatenate(keys), np.concatenate(signs), np.concatenate(owners)
    unique, index = np.unique(key, return_inverse=True)
    holding = np.zeros((len(unique), lines), dtype=np.int64)
    np.add.at(holding, (index, owner), 1)
    size_sign = np.zeros(len(unique), dtype=np.int64)
    size_sign[index] = sign
    weighted = holding * size_sign[:, None]
    exact = int(holding.max(initial=0)) ** 2 * len(unique) < 2 ** 62  # int64 products and sums cannot overflow
    if exact:
        return (weighted.T @ holding).astype(object)
    return weighted.astype(object).T @ holding.astype(object)
