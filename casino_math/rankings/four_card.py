"""Four-card poker hands (Four Card Poker): three of a kind beats a straight and a flush, rarer with four cards.

Order, weakest first: high card, pair, two pair, straight, flush, three of a
kind, straight flush, four of a kind (the rarest of all in four cards).

>>> from casino_math.rankings import get_ranking
>>> four = get_ranking("four-card")
>>> [four.category_of(four.evaluate(h)) for h in ("Ah Kh Qh Jh", "9c 9d 9h 2s", "5s 6s 7s 8d", "Ac Ad Ah As")]
['straight_flush', 'three_of_a_kind', 'straight', 'four_of_a_kind']
>>> four.evaluate("2h 5h 9h Kh") > four.evaluate("5s 6d 7h 8c")
True
"""

from __future__ import annotations

from ..cards import Deck
from .base import Ranking, WildPolicy
from .shapes import FLUSH, FOUR_OF_A_KIND, HIGH_CARD, PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR


def four_card(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    return Ranking(
        name="four-card",
        deck=deck,
        shapes=(HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, FLUSH, THREE_OF_A_KIND, STRAIGHT_FLUSH, FOUR_OF_A_KIND),
        hand_size=4,
        runs=deck.runs(4),
        wild=wild,
        description="four cards: four of a kind, straight flush, trips, flush, straight, two pair, pair, high card",
    )
