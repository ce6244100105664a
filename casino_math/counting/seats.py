"""Several seats dealt from one deck: what a bet paid on other seats' hands (an envy bonus, a shared meter) is worth.

Every seat's hand comes from the same deck, so seats are not independent: a mini royal at one seat leaves fewer
for the next. Where the seats also share a board (Ultimate Texas Hold'em's flop), their hands are tied through it:
each board is counted on its own, the seats' own cards dealt from what it leaves. The mean of a sum over seats is
linear (each seat alone is the whole-deck table), but its variance needs every pair of seats, and "at least one
other seat" needs every set of them. Both are counted exactly, board by board:

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
from ..game.description import Game, Line, SideBet
from ..held import Held
from ..subsets import colex
from .side_bets import line_of_every_hand

MAX_SETS = 2_000_000  # sets of disjoint paying hands visited at most for "at least one other seat"
_HELD: Held[tuple, SeatCounts] = Held(most=8)


@dataclass(frozen=True)
class SeatCounts:
    """Every hand the bet's lines read (``ids``: a seat's own cards and any board; ``first``: the line that pays it,
    ``len(lines)`` for none), and each seat's paying hands: its own cards (``own``), their line (``line``) and the
    board they were dealt with (``on``: the board's index; 0 where there is no board). ``pairs[i, j]``: ordered pairs
    of two seats' disjoint hands of lines i and j, over every board."""

    lines: tuple[str, ...]
    cards: int  # a seat's own cards
    deck: int  # cards in the deck
    ids: np.ndarray
    first: np.ndarray
    pairs: np.ndarray  # object ints, lines × lines
    own: np.ndarray
    line: np.ndarray
    on: np.ndarray
    board: int = 0  # cards every seat shares

    @property
    def boards(self) -> int:
        """The boards the seats may share (1 where there is none)."""
        return comb(self.deck, self.board)

    @property
    def hands(self) -> int:
        """Deals of one seat's hand: its board and its own cards."""
        return self.boards * comb(self.deck - self.board, self.cards)

    @property
    def others(self) -> int:
        """Deals of a second seat's own cards, once the first seat's hand is dealt."""
        return comb(self.deck - self.board - self.cards, self.cards)

    def count(self, line: str) -> int:
        """Hands whose first line is ``line``."""
        return int((self.line == self.lines.index(line)).sum())

    def deals(self, seats: int) -> int:
        """Ordered deals of ``seats`` seats' own cards from the deck the board leaves."""
        left = self.deck - self.board
        return int(np.prod([comb(left - i * self.cards, self.cards) for i in range(seats)], dtype=object)) if seats else 1

    def pair(self, first: str, second: str) -> int:
        """Ordered pairs of disjoint hands, the first of line ``first``, the second of ``second``."""
        return int(self.pairs[self.lines.index(first), self.lines.index(second)])

    def together(self, lines: Iterable[str], most: int = 6, without: np.ndarray | None = None) -> tuple[int, ...]:
        """Ordered k-tuples (k = 0 … ``most``) of pairwise disjoint hands each of one of ``lines``, on one board, summed
        over the boards; sharing no card with the hand ``without`` (card ids) where given (no board)."""
        wanted = np.isin(self.line, [self.lines.index(line) for line in lines])
        rows, on = self.own[wanted].astype(np.int64), self.on[wanted]
        masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), rows), axis=1) if len(rows) else np.zeros(0, dtype=np.int64)
        if without is not None:
            used = int(np.bitwise_or.reduce(np.left_shift(np.int64(1), without.astype(np.int64))))
            keep = (masks & used) == 0
            masks, on = masks[keep], on[keep]
        sets = [0] * (most + 1)
        sets[0] = self.boards - len(np.unique(on))  # a board no paying hand is dealt with: the empty tuple alone
        order = np.argsort(on, kind="stable")
        starts = np.flatnonzero(np.diff(on[order], prepend=-1)) if len(on) else np.zeros(0, dtype=np.int64)
        budget = [MAX_SETS]
        for group in np.split(masks[order], starts[1:]) if len(starts) else ():
            _walk([int(m) for m in group], most, sets, budget)
        return tuple(s * factorial(k) for k, s in enumerate(sets))

    def none_of(self, lines: Iterable[str], seats: int) -> Fraction:
        """The chance that none of ``seats`` seats holds a hand of ``lines``."""
        tuples = self.together(tuple(lines), seats)
        return sum((Fraction((-1) ** k * comb(seats, k) * tuples[k], self.boards * self.deals(k)) for k in range(seats + 1)),
                   Fraction(0))


def _walk(masks: list[int], most: int, sets: list[int], budget: list[int]) -> None:
    """Adds to ``sets[k]`` the sets of k pairwise disjoint hands among ``masks`` (card bits), k ≤ ``most``."""

    def walk(start: int, used: int, size: int) -> None:
        sets[size] += 1
        budget[0] -= 1
        if budget[0] < 0:
            raise InputError(f"more than {MAX_SETS:,} sets of seats' paying hands to visit: too many to count exactly; "
                             "an envy bonus is counted on rarer lines")
        if size == most:
            return
        for i in range(start, len(masks)):
            if not masks[i] & used:
                walk(i + 1, used | masks[i], size + 1)

    walk(0, 0, 0)


def seat_counts(game: Game, bet: SideBet) -> SeatCounts:
    """Every hand of the bet's table by its line, and two seats' hands by their lines (counted once per deck and table).
    The lines read each seat's own cards, or its own cards and a board every seat shares."""
    table = game.paytables[bet.table]
    reads = {game.hands[line.hand].of for line in table.lines}
    roles = set(next(iter(reads))) if len(reads) == 1 else set()
    if roles not in ({"player"}, {"player", "board"}):
        raise InputError(f"{game.id}: {bet.name}: bets on other seats' hands are counted where the bet's lines read the "
                         "player's own cards, with or without a board every seat shares (no dealer card)")
    board = game.cards_of("board") if "board" in roles else 0
    key = (game.deck, game.cards_of("player"), board, tuple((line.key, line.pattern, line.hand) for line in table.lines))
    if key not in _HELD:
        _HELD[key] = _counted(game, table.lines, board)
    return _HELD[key]


def _counted(game: Game, lines: tuple[Line, ...], board: int) -> SeatCounts:
    """The seats' hands of the table's lines: every hand named, then each seat's paying hands board by board."""
    cards, deck = game.cards_of("player"), len(game.deck.cards)
    ids, first = line_of_every_hand(game, lines, cards + board)
    if board:
        own, paid, on = _on_boards(ids, first, cards, len(lines))
    else:
        paying = first < len(lines)
        own, paid, on = ids[paying], first[paying], np.zeros(int(paying.sum()), dtype=np.int64)
    return SeatCounts(tuple(line.key for line in lines), cards, deck, ids, first, _disjoint_pairs(own, paid, on, len(lines), deck),
                      own, paid, on, board)


def _on_boards(ids: np.ndarray, first: np.ndarray, cards: int, lines: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each seat's paying hands with a board: every paying hand of own cards and board, split every way into the seat's
    ``cards`` and the board's (colex index ``on``)."""
    paying, paid = ids[first < lines], first[first < lines]
    own, line, on = [], [], []
    for chosen in itertools.combinations(range(ids.shape[1]), cards):
        rest = [c for c in range(ids.shape[1]) if c not in chosen]
        own.append(paying[:, list(chosen)])
        line.append(paid)
        on.append(colex(paying[:, rest]))
    return np.concatenate(own), np.concatenate(line), np.concatenate(on)


def _disjoint_pairs(own: np.ndarray, line: np.ndarray, on: np.ndarray, lines: int, deck: int) -> np.ndarray:
    """``[i, j]``: ordered pairs of disjoint hands of lines i and j on one board, by inclusion–exclusion over the cards
    they share: Σ over boards and card sets T of (−1)^|T| · (hands of i holding T) · (hands of j holding T). A set of
    cards on a board is named by one number: the board, then each card id + 1, in base deck + 1."""
    rows = own.astype(np.int64)
    base = deck + 1
    if (int(on.max(initial=0)) + 1) * base ** rows.shape[1] >= 2 ** 62:
        raise InputError(f"{deck} cards, hands of {rows.shape[1]}: too many sets of cards to name for pairs of seats")
    keys, signs, owners = [], [], []
    for size in range(rows.shape[1] + 1):
        for chosen in itertools.combinations(range(rows.shape[1]), size):
            key = on.astype(np.int64)
            for column in chosen:
                key = key * base + rows[:, column] + 1
            keys.append(key * base ** (rows.shape[1] - size))
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
