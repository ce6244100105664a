"""A hand's options and the choosers that take one of them: the best, a choice given hand by hand, a chart's order.

A chooser (:data:`Chooser`) reads a hand (its number in :func:`~.hands.hand_table`) and the values of its options, and
names the option taken. The Python walk (:mod:`~casino_math.methods.blackjack.values`) calls it; the compiled kernel (:mod:`~casino_math.methods.blackjack.compiled_values`) takes
the same choices from what each chooser says it takes (the best by the exact sign of a difference, :class:`Given` by its
hands, :class:`ChartChooser` by its order), so both read this module and neither the other.

>>> best(7, {STAND: 3, HIT: 3, DOUBLE: 2})
'stand'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from .hands import hand_table

STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"
PREFERENCE = (DOUBLE, SPLIT, STAND, HIT, SURRENDER)  # the option taken between two of exactly equal value: more wagered

Chooser = Callable[[int, Mapping[str, int]], str]  #: a hand (its number in the hand table) and its options -> the one taken
Key = tuple[str, int, bool]  #: a chart's row: ("pair", value, True) | ("hard" or "soft", total, first two cards)


def best(hand: int, values: Mapping[str, int]) -> str:
    """The option of highest value (values of one hand share a denominator); on an exact tie, the one wagering more."""
    top = max(values.values())
    for option in PREFERENCE:
        if values.get(option) == top:
            return option
    raise ValueError("no option")


@dataclass(frozen=True, eq=False)
class Given:
    """A choice given hand by hand (a :data:`Chooser`): the option ``taken[hand]``, whatever the values (every option
    still valued: what a replay of a strategy at other pays reads), so the compiled kernel takes it too.

    >>> Given({7: HIT})(7, {STAND: 0, HIT: -1})
    'hit'
    """

    taken: Mapping[int, str]

    def __call__(self, hand: int, options: Mapping[str, int]) -> str:
        return self.taken[hand]


@dataclass(frozen=True, eq=False)
class ChartChooser:
    """A basic strategy's choice at a hand after the first two cards (a :data:`Chooser`): the first option of the chart's
    order open to the hand, whatever the values (:meth:`order`), so the compiled kernel takes it too. ``orders``: the
    chart's options in order of preference by up card and :data:`Key` (:class:`~.basic.BasicStrategy`)."""

    orders: Mapping[tuple[int, Key], tuple[str, ...]]
    up: int
    split: bool

    def order(self, hand: int) -> tuple[str, ...] | None:
        """The options in the chart's order of preference at ``hand``; None: by its best option (the first two cards of
        a round, which the round decides (root_chooser), or a total no hand of the strategy reaches: never played)."""
        table = hand_table()
        cards = table.cards[hand]
        key = ("soft" if table.soft[hand] else "hard", table.total[hand], cards == 2)  # key_of without pairs, read off the table
        if cards == 2 and not self.split:
            return None
        return self.orders.get((self.up, key))

    def __call__(self, hand: int, options: Mapping[str, int]) -> str:
        order = self.order(hand)
        if order is None:
            return best(hand, options)
        return next(o for o in order if o in options)


@dataclass(frozen=True, eq=False)
class Unsplit:
    """The split convention CDZ− (a :data:`Chooser` for split hands): a split hand is played as the same cards unsplit
    are (``taken[hand]``, chosen with only the hand's own cards out); an option not open after a split (a double where
    the rules allow none after a split) gives way to the best of those that are.

    >>> Unsplit({7: DOUBLE})(7, {STAND: 0, HIT: -1}), Unsplit({7: HIT})(7, {STAND: 0, HIT: -1, DOUBLE: -3})
    ('stand', 'hit')
    """

    taken: Mapping[int, str]

    def __call__(self, hand: int, options: Mapping[str, int]) -> str:
        option = self.taken.get(hand)
        return option if option is not None and option in options else best(hand, options)

