"""Every ranking casino-math knows, by name.

>>> sorted(RANKINGS)[:4]
['ace-to-five', 'ace-to-six', 'deuce-to-seven', 'deuces-wild']
>>> get_ranking("eight-or-better").categories
('no_low', '8_low', '7_low', '6_low', '5_low')
"""

from __future__ import annotations

from typing import Callable

from ..cards import Deck
from ..errors import InputError
from .base import CATEGORY_SHIFT, WILD, Ranking, WildPolicy, cards_to_arrays, sort_hands
from .four_card import four_card
from .high import high
from .low import ace_to_five, ace_to_six, deuce_to_seven, eight_or_better
from .soko import soko
from .suit_length import SuitRanking, high_card_flush, straight_flush
from .three_card import three_card
from ..held import cached

RANKINGS: dict[str, Callable[..., Ranking]] = {
    "high": high,
    "three-card": three_card,
    "four-card": four_card,
    "ace-to-five": ace_to_five,
    "ace-to-six": ace_to_six,
    "deuce-to-seven": deuce_to_seven,
    "eight-or-better": eight_or_better,
    "soko-finnish": soko,
    "soko-canadian": lambda deck, **kw: soko(deck, canadian=True, **kw),
    "deuces-wild": lambda deck, **kw: high(deck, wild_deuces=True, **kw),
    "deuces-wild-five-wilds": lambda deck, **kw: high(deck, wild_deuces=True, five_wilds=True, **kw),
    "high-card-flush": high_card_flush,
    "straight-flush": straight_flush,
}


@cached(maxsize=64)
def get_ranking(name: str = "high", deck: Deck | str = "standard", joker: WildPolicy = "wild", **options: bool) -> Ranking:
    """The ranking ``name`` over ``deck``; jokers in the deck play as ``joker`` (wild or the bug).

    ``options`` go to the ranking's declaration (e.g. ``flush_beats_full_house``).
    Rankings are cached, so their lookup tables fill once per process.
    """
    if isinstance(deck, str):
        deck = Deck.named(deck)
    if name not in RANKINGS:
        raise InputError(f"unknown ranking {name!r} (choose from {', '.join(RANKINGS)})")
    if joker not in ("wild", "bug"):
        raise InputError(f"unknown joker rule {joker!r} (choose wild or bug)")
    try:
        return RANKINGS[name](deck, wild=joker if deck.jokers else None, **options)
    except TypeError as error:
        raise InputError(f"ranking {name}: {error}") from None


__all__ = ["CATEGORY_SHIFT", "RANKINGS", "WILD", "Ranking", "SuitRanking", "cards_to_arrays", "get_ranking", "sort_hands"]
