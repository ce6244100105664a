"""Effect of removal: how a bet's expected return moves when one card leaves the shoe, and the count it suggests.

For each rank, the *effect of removal* is the change in the bet's expected
return (per unit bet) when one card of that rank is taken out of the full
shoe; where the bet reads suits, the card's suit is averaged over the suits
in proportion to the cards the shoe holds of each. Test labs ask for it to
judge how far card counting can push a side bet: a count tags each rank in
proportion to its effect (rounded to small integers), and its *betting
correlation* (the correlation, over the cards of the shoe, of the tags with
the effects) says how much of the information the count keeps.

A counting method computes it where it can (``Method.removal``): the bets of
games counted by kinds of card (a shoe, draws or points hands) here, exactly, by
re-weighing the bet's deals for each smaller shoe (:func:`counted_removal`); a
game's own bet with a decision (Casino War, Red Dog) solved again for each
smaller shoe, its strategy the best for that shoe; blackjack's played again.

>>> from casino_math.analysis import load_game
>>> effects = counted_removal(load_game("paytables/blackjack_side_bets/royal-match-1-deck.yaml"), "royal_match")
>>> effects.effects[effects.ranks.index(13)], effects.effects[effects.ranks.index(2)]
(Fraction(-33, 2210), Fraction(3, 1105))
>>> sum(n * e for n, e in zip(effects.counts, effects.effects))   # a card taken at random changes nothing on average
Fraction(0, 1)
>>> effects.tags(1), round(effects.betting_correlation(effects.tags(1)), 6)
((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0), 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ..cards import Card, rank_char
from ..errors import InputError
from ..shoe import CARD, SUITS, Shoe
from ..game.description import Game
from .drawing import CountedBet, count_bets

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class RemovalEffects:
    """One bet's expected return from the full shoe, and its change when one card of each rank is removed."""

    game: Game
    bet: str
    expected: Fraction
    ranks: tuple[int, ...]
    counts: tuple[int, ...]  # cards of each rank in the full shoe
    effects: tuple[Fraction, ...]  # per rank: expected return without one card of it, less the full shoe's

    def tags(self, level: int = 2) -> tuple[int, ...]:
        """A count: each rank tagged in proportion to its effect, the largest tag ``level`` (a level-``level`` count)."""
        if level < 1:
            raise InputError(f"a count's level is 1 or more, not {level}")
        largest = max(abs(e) for e in self.effects)
        if largest == 0:
            return (0,) * len(self.ranks)
        return tuple(round(e * level / largest) for e in self.effects)

    def betting_correlation(self, tags: Sequence[int | Fraction]) -> float:
        """The correlation, over every card of the shoe, of a count's tags with the effects of removal."""
        if len(tags) != len(self.ranks):
            raise InputError(f"a count tags each of the {len(self.ranks)} ranks, not {len(tags)}")
        cards = sum(self.counts)
        mean_e = sum((n * e for n, e in zip(self.counts, self.effects)), Fraction(0)) / cards
        mean_t = sum((n * Fraction(t) for n, t in zip(self.counts, tags)), Fraction(0)) / cards
        de = [e - mean_e for e in self.effects]
        dt = [Fraction(t) - mean_t for t in tags]
        both = sum((n * a * b for n, a, b in zip(self.counts, de, dt)), Fraction(0))
        spread = sum((n * a * a for n, a in zip(self.counts, de)), Fraction(0)) * sum((n * b * b for n, b in zip(self.counts, dt)), Fraction(0))
        return max(-1.0, min(1.0, float(both) / math.sqrt(spread))) if spread else 0.0  # rounding may step past ±1

    def frame(self, level: int = 2) -> pd.DataFrame:
        """rank, cards, effect (exact), effect_float, tag (the level-``level`` count)."""
        import pandas as pd

        tags = self.tags(level)
        return pd.DataFrame({
            "rank": [rank_char(r) for r in self.ranks], "cards": list(self.counts), "effect": list(self.effects),
            "effect_float": [float(e) for e in self.effects], "tag": list(tags),
        })

    def to_dict(self, level: int = 2) -> dict[str, Any]:
        tags = self.tags(level)
        return {
            "game": self.game.id, "bet": self.bet, "expected_return": self.expected, "level": level,
            "betting_correlation_float": self.betting_correlation(tags),
            "ranks": [{"rank": rank_char(r), "cards": n, "effect": e, "tag": t}
                      for r, n, e, t in zip(self.ranks, self.counts, self.effects, tags)],
        }


def counted_removal(game: Game, bet: str) -> RemovalEffects:
    """The effect of removing one card of each rank from the full shoe on the expected return of ``bet``, a bet of a game
    counted by kinds of card settled by the cards alone."""
    shoe = Shoe.of(game.deck)
    counted = count_bets(game)
    if bet not in counted:
        raise InputError(f"{game.id} offers no bet {bet!r} (bets: {', '.join(game.bets)})")
    one = counted[bet]
    full = _expected(one, shoe)
    suits = CARD in one.plan.details
    effects = []
    for i, rank in enumerate(shoe.ranks):
        held = shoe.counts[i]
        if suits:
            average = sum((held[s] * _expected(one, shoe.without(Card(rank, s))) for s in range(SUITS) if held[s]), Fraction(0))
            effects.append(average / sum(held) - full)
        else:
            suit = max(range(SUITS), key=lambda s: held[s])
            effects.append(_expected(one, shoe.without(Card(rank, suit))) - full)
    return RemovalEffects(game, bet, full, shoe.ranks, tuple(int(n) for n in shoe.rank_counts), tuple(effects))


def _expected(counted: CountedBet, shoe: Shoe) -> Fraction:
    counts, total = counted.counts(shoe, remember=False)
    return sum((end.net * n for end, n in zip(counted.ends, counts)), Fraction(0)) / total
