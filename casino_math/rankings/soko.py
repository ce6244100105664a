"""Sökö (Scandinavian stud): a four-flush and a four-straight are hands.

In the Finnish ranking both rank below a pair; in the Canadian, above one pair
and below two pair. In both a four-flush beats a four-straight. Above them the
hands are high poker's, in the order the deck gives them (five of a kind on
top where cards are wild). The bug completes any straight or flush, the
four-card ones included, or plays as an ace.

>>> from casino_math.rankings import get_ranking
>>> fin, can = get_ranking("soko-finnish"), get_ranking("soko-canadian")
>>> fin.category_of(fin.evaluate("2h 5h 9h Kh 3c")), fin.category_of(fin.evaluate("5c 6d 7h 8s Kc"))
('four_flush', 'four_straight')
>>> fin.evaluate("2c 2d 5h 9s Kc") > fin.evaluate("2h 5h 9h Kh 3c"), can.evaluate("2c 2d 5h 9s Kc") > can.evaluate("2h 5h 9h Kh 3c")
(True, False)
"""

from __future__ import annotations

from ..cards import Deck
from .base import Ranking, WildPolicy
from .high import high_hands
from .shapes import FOUR_FLUSH, FOUR_STRAIGHT, HIGH_CARD


def soko(deck: Deck, *, canadian: bool = False, wild: WildPolicy | None = None) -> Ranking:
    one_pair, *above = high_hands(deck, wild=wild is not None)
    bottom = (HIGH_CARD, one_pair, FOUR_STRAIGHT, FOUR_FLUSH) if canadian else (HIGH_CARD, FOUR_STRAIGHT, FOUR_FLUSH, one_pair)
    return Ranking(
        name="soko-canadian" if canadian else "soko-finnish",
        deck=deck,
        shapes=(*bottom, *above),
        suits="groups",
        runs=deck.straights,
        short_runs=deck.runs(4),
        wild=wild,
        description="Sökö: four-flush and four-straight " + ("between one pair and two pair" if canadian else "below a pair"),
    )
