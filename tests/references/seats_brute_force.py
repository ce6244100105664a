"""A plain reference for bets on several seats' hands: every deal of the seats, one after another from one small deck.

It shares nothing with :mod:`casino_math.counting.seats` but the deck's cards: each three-card hand is named here from
the rules (a mini royal is A-K-Q of one suit; three of a kind; a pair), and every ordered deal of the player's hand
and the other seats' hands is visited.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import sqrt

from casino_math.cards import Card


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


def table_deals(cards: tuple[Card, ...], seats: int) -> itertools.chain:
    """Every ordered deal of ``seats`` three-card hands (the player's first) from ``cards``."""
    def deal(left: tuple[Card, ...], n: int):
        if n == 0:
            yield ()
            return
        for hand in itertools.combinations(left, 3):
            rest = tuple(c for c in left if c not in hand)
            for more in deal(rest, n - 1):
                yield (hand, *more)
    return deal(cards, seats)


def envy_figures(cards: tuple[Card, ...], others: int, nets: dict[str, Fraction], envy: dict[str, Fraction]
                 ) -> tuple[Fraction, float, Fraction]:
    """(expected net, standard deviation, chance another seat pays envy) of the bet with ``others`` other seats:
    the player's own line's net (−1 where none pays) plus the envy bonus of each other seat's line."""
    lines = tuple(nets)
    total = square = Fraction(0)
    paid = deals = 0
    for deal in table_deals(cards, others + 1):
        named = [line_of(hand, lines) for hand in deal]
        result = nets.get(named[0], Fraction(-1)) + sum((envy.get(line, Fraction(0)) for line in named[1:]), Fraction(0))
        total += result
        square += result * result
        paid += any(line in envy for line in named[1:])
        deals += 1
    mean = total / deals
    return mean, sqrt(square / deals - mean * mean), Fraction(paid, deals)
