"""Low poker: the lowest hand wins. Four ways to count an ace, a straight and a flush.

- ace-to-five: ace low, straights and flushes ignored (best: 5-4-3-2-A);
- ace-to-six: ace low, straights and flushes count against (best: 6-4-3-2-A);
- deuce-to-seven: ace high, straights and flushes count against (best: 7-5-4-3-2);
- eight-or-better: an ace-to-five low of five ranks 8 or under, else no low.

>>> from casino_math.rankings import get_ranking
>>> a5, d7 = get_ranking("ace-to-five"), get_ranking("deuce-to-seven")
>>> a5.category_of(a5.evaluate("5h 4h 3h 2h Ah")), d7.category_of(d7.evaluate("5h 4c 3h 2h Ah"))
('5_low', 'ace_low')
>>> a5.evaluate("7c 6d 4h 3s Ac") > a5.evaluate("8c 7d 4h 2s Ac")   # Carol's razz hand beats Alice's
True
"""

from __future__ import annotations

from ..cards import Deck
from .base import Ranking, WildPolicy
from .shapes import (
    FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND,
    TWO_PAIR, HandView, Shape, as_low, low_shape,
)

_PAIRED = tuple(as_low(s) for s in (FOUR_OF_A_KIND, FULL_HOUSE, THREE_OF_A_KIND, TWO_PAIR, ONE_PAIR))
_NO_LOW = Shape("no_low", lambda v: True, lambda v: ())


def _plain(v: HandView) -> bool:
    """Neither straight nor flush: where those count against a low."""
    return not v.is_flush and not v.straight_top


# Where straights and flushes count against a low, each made hand must exclude the others.
_MADE = (
    as_low(STRAIGHT_FLUSH),
    as_low(FOUR_OF_A_KIND),
    as_low(FULL_HOUSE),
    Shape("flush", lambda v: v.is_flush and not v.straight_top, as_low(FLUSH).tiebreak),
    Shape("straight", lambda v: v.straight_top > 0 and not v.is_flush, as_low(STRAIGHT).tiebreak),
    as_low(THREE_OF_A_KIND),
    as_low(TWO_PAIR),
    as_low(ONE_PAIR),
)


def _lows(highest: int, lowest: int, allowed=lambda v: True) -> tuple[Shape, ...]:
    return tuple(low_shape(top, allowed) for top in range(highest, lowest - 1, -1))


def _ranks_from(deck: Deck, ace_low: bool) -> list[int]:
    return sorted(1 if (ace_low and r == 14) else r for r in deck.ranks)


def ace_to_five(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    return Ranking("ace-to-five", deck, _PAIRED + _lows(13, 5), suits="none", ace_low=True, wild=wild,
                   description="ace-to-five low: ace low, straights and flushes ignored")


def ace_to_six(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    ranks = _ranks_from(deck, ace_low=True)
    runs = tuple(tuple(ranks[i : i + 5]) for i in range(len(ranks) - 4) if ranks[i + 4] - ranks[i] == 4)
    return Ranking("ace-to-six", deck, _MADE + _lows(13, 6, _plain), ace_low=True, runs=runs, wild=wild,
                   description="ace-to-six low: ace low, straights and flushes count against")


def deuce_to_seven(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    ranks = _ranks_from(deck, ace_low=False)
    runs = tuple(tuple(ranks[i : i + 5]) for i in range(len(ranks) - 4))
    return Ranking("deuce-to-seven", deck, _MADE + _lows(14, 7, _plain), runs=runs, wild=wild,
                   description="deuce-to-seven low: ace high, straights and flushes count against")


def eight_or_better(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    return Ranking("eight-or-better", deck, (_NO_LOW,) + _lows(8, 5), suits="none", ace_low=True, wild=wild,
                   description="eight-or-better: an ace-to-five low with five ranks 8 or under")
