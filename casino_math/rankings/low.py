"""Low poker: the lowest hand wins. Four ways to count an ace, a straight and a flush.

- ace-to-five: ace low, straights and flushes ignored (best: 5-4-3-2-A);
- ace-to-six: ace low, straights and flushes count against (best: 6-4-3-2-A);
- deuce-to-seven: ace high, straights and flushes count against (best: 7-5-4-3-2);
- eight-or-better: an ace-to-five low of five ranks 8 or under, else no low.

A joker played as the bug is, in ace-to-five and eight-or-better, the lowest
card not already in the hand (the California rule); ace-to-six and
deuce-to-seven have no bug rule and refuse it.

>>> from casino_math.cards import Deck
>>> from casino_math.rankings import get_ranking
>>> a5, d7 = get_ranking("ace-to-five"), get_ranking("deuce-to-seven")
>>> a5.category_of(a5.evaluate("5h 4h 3h 2h Ah")), d7.category_of(d7.evaluate("5h 4c 3h 2h Ah"))
('5_low', 'ace_low')
>>> a5.evaluate("7c 6d 4h 3s Ac") > a5.evaluate("8c 7d 4h 2s Ac")   # Carol's razz hand beats Alice's
True
>>> bug = get_ranking("eight-or-better", Deck.standard(jokers=1), "bug")
>>> bug.evaluate("Jk Ac 2d 4h 8s") == bug.evaluate("3c Ac 2d 4h 8s")
True
"""

from __future__ import annotations

from typing import Callable

from ..cards import ACE, Deck
from ..errors import InputError
from .base import Ranking, WildPolicy
from .high import high_hands
from .shapes import (
    FOUR_OF_A_KIND, FULL_HOUSE, ONE_PAIR, ROYAL_FLUSH, THREE_OF_A_KIND, TWO_PAIR, HandView, Shape, as_low, low_shape,
)

_PAIRED = tuple(as_low(s) for s in (FOUR_OF_A_KIND, FULL_HOUSE, THREE_OF_A_KIND, TWO_PAIR, ONE_PAIR))
_NO_LOW = Shape("no_low", lambda v: True, lambda v: ())
# The lowball bug (the California rule: the lowest card not in the hand) is an ace-to-five rule; where
# straights and flushes count against a hand, no rule says whether the card it becomes may make one.
_NO_BUG = ("{} has no rule for the bug: lowball plays it as the lowest card not in the hand, an ace-to-five rule, "
           "and no rule says whether it may make the straight or flush that counts against this hand (play the joker wild)")


def _plain(v: HandView) -> bool:
    """Neither straight nor flush: where those count against a low."""
    return not v.is_flush and not v.straight_top


def _against(deck: Deck) -> tuple[Shape, ...]:
    """High poker's made hands as a low game counts them against a hand, worst first.

    Each is exactly the hand high poker would call it (a straight flush is no
    straight here), in the order high poker gives them in ``deck``, reversed.
    """
    high = [s for s in high_hands(deck) if s is not ROYAL_FLUSH]  # a royal flush is a straight flush to a low
    exact = [as_low(Shape(shape.name, _only(shape, tuple(high[i + 1 :])), shape.tiebreak)) for i, shape in enumerate(high)]
    return tuple(reversed(exact))


def _only(shape: Shape, stronger: tuple[Shape, ...]) -> Callable[[HandView], bool]:
    """The hands of ``shape`` that no stronger made hand takes."""
    return lambda v: shape.matches(v) and not any(a.matches(v) for a in stronger)


def _lows(highest: int, lowest: int, allowed: Callable[[HandView], bool] = lambda v: True) -> tuple[Shape, ...]:
    return tuple(low_shape(top, allowed) for top in range(highest, lowest - 1, -1))


def ace_to_five(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    return Ranking("ace-to-five", deck, _PAIRED + _lows(13, 5), suits="none", ace_low=True, wild=wild, bug="lowest_missing",
                   description="ace-to-five low: ace low, straights and flushes ignored")


def ace_to_six(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    if wild == "bug":
        raise InputError(_NO_BUG.format("ace-to-six"))
    runs = tuple(tuple(1 if r == ACE else r for r in run) for run in deck.runs(5, "low"))  # the ace plays low: rank 1
    return Ranking("ace-to-six", deck, _against(deck) + _lows(13, 6, _plain), ace_low=True, runs=runs, wild=wild,
                   description="ace-to-six low: ace low, straights and flushes count against")


def deuce_to_seven(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    if wild == "bug":
        raise InputError(_NO_BUG.format("deuce-to-seven"))
    return Ranking("deuce-to-seven", deck, _against(deck) + _lows(14, 7, _plain), runs=deck.runs(5, "high"), wild=wild,
                   description="deuce-to-seven low: ace high, straights and flushes count against")


def eight_or_better(deck: Deck, *, wild: WildPolicy | None = None) -> Ranking:
    return Ranking("eight-or-better", deck, (_NO_LOW,) + _lows(8, 5), suits="none", ace_low=True, wild=wild, bug="lowest_missing",
                   description="eight-or-better: an ace-to-five low with five ranks 8 or under")
