"""A plain brute force for games dealt from a shoe: every card visited, one deal at a time.

Cards are physical: a shoe's copies of a card are different cards. Every
sequence of cards the deal can take is visited (casino_math.counting.coup plays
the steps and settles the bets as declared, card by card); it shares nothing
with the counting by kinds (casino_math.counting.drawing) but the declaration
and the rankings' one-hand evaluations. Probabilities are exact: a coup of k
cards has probability 1 / (N (N−1) … (N−k+1)) whatever the cards after it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from casino_math.cards import Card
from casino_math.counting.coup import every_coup, settle
from casino_math.game.description import Game
from casino_math.shoe import falling


def outcome_probabilities(game: Game, cards: list[Card]) -> dict[str, dict[tuple, Fraction]]:
    """For each bet, each way it ends (by the keys of the engine's return-table rows) and its probability."""
    tally: dict[str, Counter] = {bet.name: Counter() for bet in game.side_bets}
    for coup in every_coup(game, cards):
        held = sum(len(c) for c in coup.cards.values())
        for bet in game.side_bets:
            tally[bet.name][(settle(game, bet, coup)[0], held)] += 1
    out: dict[str, dict[tuple, Fraction]] = {}
    for name, counts in tally.items():
        probabilities: defaultdict[tuple, Fraction] = defaultdict(Fraction)
        for (keys, held), n in counts.items():
            probabilities[keys] += Fraction(n, falling(len(cards), held))
        out[name] = dict(probabilities)
    return out
