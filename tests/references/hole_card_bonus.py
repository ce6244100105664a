"""Texas Hold'em Bonus's Bonus bet counted by a plain loop over every deal, reading the posted table card by card."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from casino_math.returns import ReturnTable

ACE, KING, QUEEN, JACK = 14, 13, 12, 11


def posted_pay(player: tuple[tuple[int, int], ...], dealer: tuple[tuple[int, int], ...]) -> int:
    """The Bonus as the casinos post it, read on (rank, suit) cards: what one unit wins (-1: it loses)."""
    (high, high_suit), (low, low_suit) = sorted(player, reverse=True)
    suited = high_suit == low_suit
    if high == low == ACE:
        return 1000 if all(rank == ACE for rank, _ in dealer) else 30
    if (high, low) == (ACE, KING):
        return 25 if suited else 15
    if high == ACE and low in (QUEEN, JACK):
        return 20 if suited else 5
    if high == low:
        return 10 if high >= JACK else 3
    return -1


def brute_force(ranks: range) -> Counter[int]:
    """Every deal of two cards to the player, then two of the rest to the dealer, by what the Bonus pays."""
    cards = [(rank, suit) for rank in ranks for suit in range(4)]
    tally: Counter[int] = Counter()
    for player in combinations(cards, 2):
        rest = [c for c in cards if c not in player]
        for dealer in combinations(rest, 2):
            tally[posted_pay(player, dealer)] += 1
    return tally


def by_pay(table: ReturnTable) -> Counter[int]:
    """A return table's deals by what one unit wins."""
    tally: Counter[int] = Counter()
    for outcome in table.outcomes:
        tally[int(outcome.net)] += outcome.combinations
    return tally
