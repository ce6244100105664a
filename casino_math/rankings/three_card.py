"""Three-card poker hands: a straight beats a flush, since with three cards it is rarer.

>>> from casino_math.rankings import get_ranking
>>> tcp = get_ranking("three-card")
>>> [tcp.category_of(tcp.evaluate(h)) for h in ("Ah 2c 3d", "Qh Kh Ah", "2h 7h 9h")]
['straight', 'straight_flush', 'flush']
>>> tcp.evaluate("Qs 6d 4c") > tcp.evaluate("Qs 6d 3c")
True
"""

from __future__ import annotations

from ..cards import Deck
from .base import Ranking, WildPolicy
from .shapes import FLUSH, HIGH_CARD, PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND


def three_card(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    return Ranking(
        name="three-card",
        deck=deck,
        shapes=(HIGH_CARD, PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH),
        hand_size=3,
        runs=deck.runs(3),
        wild=wild,
        description="three cards: straight flush, trips, straight, flush, pair, high card",
    )
