"""High poker: the best five cards win, in any deck, with or without wild cards.

>>> from casino_math.rankings import get_ranking
>>> high = get_ranking("high")
>>> high.category_of(high.evaluate("As Ks Qs Js Ts")), high.category_of(high.evaluate("5c 4d 3h 2s Ah"))
('royal_flush', 'straight')
>>> high.evaluate("Ah Ad Kc Kd 2s") > high.evaluate("Ah Ad Qc Qd Ks")
True
>>> get_ranking("high", "short").categories[-5:]   # in a 36-card deck a flush is rarer than a full house
('full_house', 'flush', 'four_of_a_kind', 'straight_flush', 'royal_flush')
"""

from __future__ import annotations

from math import comb

from ..cards import Deck
from ..errors import InputError
from .base import Ranking, WildPolicy
from .shapes import (
    FIVE_OF_A_KIND, FIVE_WILDS, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, ONE_PAIR, ROYAL_FLUSH,
    STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, Shape,
)


def flush_is_rarer(deck: Deck) -> bool:
    """Whether five-card flushes are rarer than full houses in this deck, by counting both."""
    ranks = len(deck.ranks)
    flushes = 4 * (comb(ranks, 5) - len(deck.straights))
    full_houses = ranks * (ranks - 1) * comb(4, 3) * comb(4, 2)
    return flushes < full_houses


def high_hands(
    deck: Deck,
    *,
    wild: bool = False,
    flush_beats_full_house: bool | None = None,
    trips_beat_straight: bool = False,
    five_wilds: bool = False,
) -> tuple[Shape, ...]:
    """High poker's made hands, one pair up to the royal flush, weakest first, as ``deck`` orders them.

    One order for every ranking that has these hands (high, deuces wild,
    Sökö, and the lows that count them against a hand): a flush ranks above
    a full house where the deck deals fewer flushes (Wikipedia's "Stud poker", Mexican stud:
    "with fewer cards of each suit, they are harder to get"), unless
    ``flush_beats_full_house`` says otherwise; five of a kind tops them where
    cards are ``wild``; with ``five_wilds``, a hand of wild cards alone tops every other and a royal flush beats
    five of a kind (DJ Wild's order).

    >>> [s.name for s in high_hands(Deck.named("short"))][4:7]
    ['full_house', 'flush', 'four_of_a_kind']
    >>> [s.name for s in high_hands(Deck.named("standard"), wild=True, five_wilds=True)][-4:]
    ['straight_flush', 'five_of_a_kind', 'royal_flush', 'five_wilds']
    """
    if flush_beats_full_house is None:
        flush_beats_full_house = flush_is_rarer(deck)
    middle = (FULL_HOUSE, FLUSH) if flush_beats_full_house else (FLUSH, FULL_HOUSE)
    low = (STRAIGHT, THREE_OF_A_KIND) if trips_beat_straight else (THREE_OF_A_KIND, STRAIGHT)
    if five_wilds:
        return (ONE_PAIR, TWO_PAIR, *low, *middle, FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND, ROYAL_FLUSH, FIVE_WILDS)
    return (ONE_PAIR, TWO_PAIR, *low, *middle, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH) + (FIVE_OF_A_KIND,) * wild


def high(
    deck: Deck,
    *,
    flush_beats_full_house: bool | None = None,
    trips_beat_straight: bool = False,
    wild: WildPolicy | None = None,
    wild_deuces: bool = False,
    five_wilds: bool = False,
) -> Ranking:
    """Five-card high poker; ``flush_beats_full_house`` defaults to whichever is rarer in ``deck``.

    ``trips_beat_straight`` is the six-plus hold'em rule some short-deck tables play; ``five_wilds`` (with deuces
    wild) ranks five wild cards above all, then the royal flush, then five of a kind.

    >>> dj = high(Deck.named("standard", jokers=1), wild="wild", wild_deuces=True, five_wilds=True)
    >>> [dj.category_of(dj.evaluate(h)) for h in ("2c 2d 2h 2s Jk", "As Ks Qs Js 2d", "Ac Ad Ah 2s Jk")]
    ['five_wilds', 'royal_flush', 'five_of_a_kind']
    """
    if wild_deuces and wild == "bug":
        raise InputError("deuces wild plays a joker fully wild, as it plays its deuces: it has no bug (play the joker wild)")
    if five_wilds and not wild_deuces:
        raise InputError("five wilds needs the deuces wild: jokers alone never make five wild cards")
    shapes = (HIGH_CARD, *high_hands(deck, wild=bool(wild or wild_deuces), flush_beats_full_house=flush_beats_full_house,
                                     trips_beat_straight=trips_beat_straight, five_wilds=five_wilds))
    return Ranking(
        name="deuces-wild-five-wilds" if five_wilds else "deuces-wild" if wild_deuces else "high",
        deck=deck,
        shapes=shapes,
        runs=deck.straights,
        wild="wild" if wild_deuces else wild,
        wild_deuces=wild_deuces,
        description="best five cards, high",
    )
