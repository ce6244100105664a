"""A plain brute force of a draw game: every deal, every one of its 32 holds, every draw from the cards left, each final
hand valued one by one.

It shares nothing with the draw method but the game's declaration: the ranking's one-hand evaluation
(:func:`tests.references.brute_force.hand_value`) and the paytable's lines. No suit classes, no inclusion–exclusion:
the draws of a hold are listed card set by card set. Each deal takes its hold of highest exact expected value; between
equal values, the one of lower second moment (the less volatile), then the one holding more cards.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np

from casino_math.rankings import WILD
from casino_math.subsets import colex

from tests.references.brute_force import hand_value


def final_class(game, cards) -> int:
    """The first line of the paytable the five cards match (len(lines): none), the hand valued card by card."""
    ranking = game.ranking
    value = hand_value(ranking, tuple(cards))
    ranks = np.array([[WILD if ranking.is_wild(c) else c.rank for c in cards]])
    for index, line in enumerate(game.draw_lines):
        if line.matches(np.array([value]), None, ranks)[0]:
            return index
    return len(game.draw_lines)


@dataclass
class BruteForce:
    """Per deal (ids ascending) its 32 holds' draws by class; the return table's weighted combinations; the return."""

    holds: dict
    by_class: list
    rtp: Fraction
    total: int


def brute_force(game, deals=None) -> BruteForce:
    """Every deal of ``game`` (or those given, as tuples of ascending ids) × every hold × every draw."""
    n = len(game.deck)
    cards = game.deck.cards
    every = list(itertools.combinations(range(n), 5))
    classes = np.empty(len(every), dtype=np.int64)  # by colex rank of the hand
    classes[colex(np.array(every, dtype=np.int64))] = [final_class(game, [cards[i] for i in hand]) for hand in every]
    width = len(game.draw_lines) + 1
    left = n - 5
    per_hold = lcm(*(comb(left, j) for j in range(6)))
    pays = [line.pay.net + 1 for line in game.lines] + [Fraction(0)]
    unit = lcm(*(p.denominator for p in pays))
    coins = np.array([int(p * unit) for p in pays], dtype=np.int64)  # every pay over one denominator
    draws = {j: np.array(list(itertools.combinations(range(left), j)), dtype=np.int64).reshape(comb(left, j), j) for j in range(6)}
    holds, by_class, returned = {}, [0] * width, 0
    for deal in (every if deals is None else deals):
        rest = np.array([c for c in range(n) if c not in deal], dtype=np.int64)
        found, best = [], None
        for mask in range(32):
            kept = [deal[i] for i in range(5) if mask >> i & 1]
            drawn = rest[draws[5 - len(kept)]]
            finals = np.sort(np.concatenate([np.tile(np.array(kept, dtype=np.int64), (len(drawn), 1)), drawn], axis=1), axis=1)
            counts = np.bincount(classes[colex(finals)], minlength=width)
            found.append(counts)
            weight = per_hold // len(drawn)  # every hold over the same number of draws: its values compare as integers
            key = (int(counts @ coins) * weight, -int(counts @ (coins * coins)) * weight, len(kept))
            if best is None or key > best[0]:
                best = (key, mask, weight)
        holds[deal] = np.array(found)
        assert best is not None
        (value, _, _), mask, weight = best
        for k in range(width):
            by_class[k] += int(found[mask][k]) * weight
        returned += value
    counted = len(every) if deals is None else len(deals)
    return BruteForce(holds, by_class, Fraction(returned, counted * per_hold * unit), counted * per_hold)
