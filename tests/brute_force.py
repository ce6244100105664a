"""Slow, plain references for the tests: every player hand against every dealer hand, one pair at a time.

They share nothing with the fast paths but the ranking's single-hand evaluation
(``Ranking.hand_value``, the declaration itself), so they check the counting.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from casino_math.cards import Card, Deck
from casino_math.rankings import get_ranking


def hand_value(ranking, cards: tuple[Card, ...]) -> int:
    """Best value over every hand_size subset, evaluated one hand at a time in Python."""
    best = -1
    for subset in itertools.combinations(cards, ranking.hand_size):
        ranks = [c.rank for c in subset]
        suits = [c.suit for c in subset]
        flush_suit = max(set(suits), key=suits.count)
        best = max(best, ranking.hand_value(ranks, [s == flush_suit for s in suits]))
    return best


def ante_play_outcomes(deck: Deck, qualifier_top_rank: int | None) -> dict[tuple[Card, ...], Counter]:
    """For every player hand: Counter of 'win', 'tie', 'loss', 'not_qualified' over every disjoint dealer hand.

    The dealer qualifies with a pair or better when ``qualifier_top_rank`` is None, else with that high card or better.
    """
    ranking = get_ranking("three-card", deck)
    hands = list(itertools.combinations(deck.cards, 3))
    value = {h: hand_value(ranking, h) for h in hands}
    pair = ranking.categories.index("pair")

    def qualifies(h):
        category = value[h] >> 20
        if qualifier_top_rank is None:
            return category >= pair
        return category > 0 or max(c.rank for c in h) >= qualifier_top_rank

    result = {}
    for player in hands:
        tally = Counter()
        taken = set(player)
        for dealer in hands:
            if taken.intersection(dealer):
                continue
            if not qualifies(dealer):
                tally["not_qualified"] += 1
            elif value[player] > value[dealer]:
                tally["win"] += 1
            elif value[player] == value[dealer]:
                tally["tie"] += 1
            else:
                tally["loss"] += 1
        result[player] = tally
    return result


def ante_play_edge(deck: Deck, qualifier_top_rank: int | None, ante_bonus: dict[str, Fraction]) -> tuple[Fraction, int]:
    """House edge per ante under the best play of each hand, and how many player hands play."""
    ranking = get_ranking("three-card", deck)
    outcomes = ante_play_outcomes(deck, qualifier_top_rank)
    total, played, deals = Fraction(0), 0, 0
    for player, tally in outcomes.items():
        dealers = sum(tally.values())
        bonus = ante_bonus.get(ranking.category_of(hand_value(ranking, player)), 0)
        play = Fraction(2 * tally["win"] + tally["not_qualified"] - 2 * tally["loss"], dealers) + bonus
        if play > -1:
            played += 1
            total += play * dealers
        else:
            total -= dealers
        deals += dealers
    return -total / deals, played
