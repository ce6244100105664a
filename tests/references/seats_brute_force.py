"""A plain reference for bets on several seats' hands: every deal of the seats, one after another from one small deck.

It shares nothing with :mod:`casino_math.counting.seats` but the deck's cards: each hand is named here from the rules
(three cards: a mini royal is A-K-Q of one suit, three of a kind, a pair; five cards: the poker hands), and every
ordered deal of the board the seats share (if any), the player's cards and the other seats' cards is visited.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import sqrt
from typing import Callable, Iterator

from casino_math.cards import Card

Namer = Callable[[tuple[Card, ...], tuple[str, ...]], str]


def line_of(hand: tuple[Card, ...], lines: tuple[str, ...]) -> str:
    """The first of ``lines`` a three-card hand makes ('' for none), named from the rules."""
    ranks = sorted(c.rank for c in hand)
    suited = len({c.suit for c in hand}) == 1
    made = {
        "mini royal in spades": suited and ranks == [12, 13, 14] and hand[0].suit == 3,
        "mini royal": suited and ranks == [12, 13, 14],
        "three of a kind": len(set(ranks)) == 1,
        "pair": len(set(ranks)) == 2,
    }
    return next((line for line in lines if made[line]), "")


def poker_line_of(hand: tuple[Card, ...], lines: tuple[str, ...]) -> str:
    """The first of ``lines`` a five-card poker hand makes ('' for none), named from the rules (the deck's lowest rank
    present may follow the ace only in a full deck: the small decks here have no straights but A-K-Q-J-T)."""
    ranks = sorted((c.rank for c in hand), reverse=True)
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c.suit for c in hand}) == 1
    straight = len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4
    made = {
        "royal flush": flush and straight and ranks[0] == 14,
        "straight flush": flush and straight,
        "four of a kind": shape[0] == 4,
        "full house": shape == [3, 2],
        "flush": flush,
        "straight": straight,
        "three of a kind": shape[0] == 3,
        "two pair": shape[:2] == [2, 2],
        "pair": shape[0] == 2,
    }
    return next((line for line in lines if made[line]), "")


def table_deals(cards: tuple[Card, ...], seats: int, size: int = 3, board: int = 0) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every ordered deal of a ``board`` every seat shares, then ``seats`` hands of ``size`` own cards (the player's
    first) from ``cards``: each seat's hand is its own cards and the board."""
    for deal in index_deals(len(cards), seats, size, board):
        yield tuple(tuple(cards[i] for i in hand) for hand in deal)


def index_deals(cards: int, seats: int, size: int = 3, board: int = 0) -> Iterator[tuple[tuple[int, ...], ...]]:
    """:func:`table_deals` by the cards' positions in the deck (each hand ascending)."""
    def deal(left: frozenset[int], n: int) -> Iterator[tuple[tuple[int, ...], ...]]:
        if n == 0:
            yield ()
            return
        for hand in itertools.combinations(sorted(left), size):
            for more in deal(left.difference(hand), n - 1):
                yield (hand, *more)

    for shared in itertools.combinations(range(cards), board):
        for hands in deal(frozenset(range(cards)).difference(shared), seats):
            yield tuple(tuple(sorted(hand + shared)) for hand in hands)


def envy_figures(cards: tuple[Card, ...], others: int, nets: dict[str, Fraction], envy: dict[str, Fraction],
                 size: int = 3, board: int = 0, namer: Namer = line_of) -> tuple[Fraction, float, Fraction]:
    """(expected net, standard deviation, chance another seat pays envy) of the bet with ``others`` other seats:
    the player's own line's net (−1 where none pays) plus the envy bonus of each other seat's line."""
    lines = tuple(nets)
    named = {hand: namer(tuple(cards[i] for i in hand), lines) for hand in itertools.combinations(range(len(cards)), size + board)}
    tally: Counter[tuple[str, ...]] = Counter()  # deals by every seat's line, the others' in order of their lines
    for deal in index_deals(len(cards), others + 1, size, board):
        seen = [named[hand] for hand in deal]
        tally[(seen[0], *sorted(seen[1:]))] += 1
    deals = sum(tally.values())
    total = square = Fraction(0)
    paid = 0
    for (own, *rest), count in tally.items():
        result = nets.get(own, Fraction(-1)) + sum((envy.get(line, Fraction(0)) for line in rest), Fraction(0))
        total += count * result
        square += count * result * result
        paid += count * any(line in envy for line in rest)
    mean = total / deals
    return mean, sqrt(square / deals - mean * mean), Fraction(paid, deals)
