"""Every deal of a small shoe card by card, each card a value and a suit, for the bets on the dealer's blackjack hand:
the chance of every final hand, written without the engine (no graph of draws, no count of orders, no formula for
suits): the player's two cards (where asked), the up card, then the dealer drawing by the house's rule, each card taken
from the cards of its value and suit left.

A deal's facts: the dealer's cards in order as (value, suit), value 1 (ace) to 10; the player's two, or none.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator

Card = tuple[int, int]  # value 1..10, suit 0..3


def total(values: list[int]) -> tuple[int, bool]:
    """A hand's total and whether it is soft."""
    hard = sum(values)
    if 1 in values and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def stands(values: list[int], hits_soft_17: bool) -> bool:
    points, soft = total(values)
    return points > 17 or (points == 17 and not (soft and hits_soft_17))


def _draws(left: dict[Card, int], hand: list[Card], hits_soft_17: bool, chance: Fraction) -> Iterator[tuple[list[Card], Fraction]]:
    values = [v for v, _ in hand]
    if len(hand) >= 2 and stands(values, hits_soft_17):
        yield list(hand), chance
        return
    size = sum(left.values())
    for card, n in list(left.items()):
        if n:
            left[card] -= 1
            hand.append(card)
            yield from _draws(left, hand, hits_soft_17, chance * Fraction(n, size))
            hand.pop()
            left[card] += 1


def dealer_hands(shoe: dict[Card, int], hits_soft_17: bool, up: int | None = None, peeks: bool = False,
                 player: bool = False) -> Iterator[tuple[list[Card], tuple[Card, ...], Fraction]]:
    """Every final hand of the dealer (cards in order), the player's two cards (``player``: dealt first, else none) and
    its chance. ``up``: given an up card of this value (the suit of its first card in the shoe's order), and where
    ``peeks`` and the up card is an ace or a ten, given no dealer blackjack."""
    left = dict(shoe)
    size = sum(left.values())
    firsts: list[tuple[tuple[Card, ...], Fraction]] = [((), Fraction(1))]
    if player:
        firsts = []
        for a, na in shoe.items():
            left[a] -= 1
            for b in shoe:
                if left[b]:
                    firsts.append(((a, b), Fraction(na, size) * Fraction(left[b], size - 1)))
            left[a] += 1
    for cards, chance in firsts:
        for card in cards:
            left[card] -= 1
        if up is None:
            rest = sum(left.values())
            for card, n in list(left.items()):
                if n:
                    left[card] -= 1
                    for hand, p in _draws(left, [card], hits_soft_17, chance * Fraction(n, rest)):
                        yield hand, cards, p
                    left[card] += 1
        else:
            card = next(c for c in shoe if c[0] == up)
            left[card] -= 1
            hands = list(_draws(left, [card], hits_soft_17, Fraction(1)))
            if peeks and up in (1, 10):
                hands = [(h, p) for h, p in hands if sorted(v for v, _ in h[:2]) != [1, 10]]
                kept = sum(p for _, p in hands)
                hands = [(h, p / kept) for h, p in hands]
            for hand, p in hands:
                yield hand, cards, p
            left[card] += 1
        for card in cards:
            left[card] += 1


def shoe_of(counts: dict[int, int], suits: bool = True) -> dict[Card, int]:
    """A shoe of whole decks' suits: ``counts[value]`` cards of each value, a quarter of them of each suit (``suits``
    false: every card of suit 0, where no line reads suits: fewer deals to visit, the same chances by value)."""
    if not suits:
        return {(v, 0): n for v, n in counts.items()}
    return {(v, s): n // 4 for v, n in counts.items() for s in range(4)}
