"""The pays of a three-card 21 of certain cards (Spanish 21's 6-7-8 and 7-7-7), by their suits, exactly, from values.

The engine deals cards by value only, yet a 6-7-8 of one suit pays more than a mixed one. This is exact all the same:
given the values of every card of a round, the suits of the cards of one rank are a uniformly random arrangement of
that rank's cards in the shoe, independent across ranks, and no decision reads a suit. So the chance that the
player's three cards are all of one suit (or all of a named suit) depends only on the full shoe's cards of those ranks:
for a rank ``r`` with ``k`` of the three cards and ``d`` cards of each suit in the shoe (whole decks), the chance that
those ``k`` are all of a named suit is ``C(d, k) / C(4d, k)`` (hypergeometric within the rank), multiplied over the
ranks; of any one suit, four times that. The dealer's up card is no exception: its suit is as random as the others.

A hand's win then pays a spread of pays, each with its chance (:func:`combination_pays`), whose average is what the
hand's value counts (:func:`expected_combination_pay`); how rounds end keeps each pay as its own result.

>>> from fractions import Fraction
>>> shoe = (24,) * 9 + (72,)                                      # six Spanish decks, by value
>>> lines = (((5, 6, 7), None, Fraction(3, 2)), ((5, 6, 7), "suited", Fraction(2)), ((5, 6, 7), "spades", Fraction(3)))
>>> combination_pays(lines, (5, 6, 7), shoe)                    # mixed 3 to 2, suited 2 to 1, spades 3 to 1
((Fraction(3, 2), Fraction(15, 16)), (Fraction(2, 1), Fraction(3, 64)), (Fraction(3, 1), Fraction(1, 64)))
>>> expected_combination_pay(lines, (5, 6, 7), shoe)
Fraction(99, 64)
>>> one_suit_chance((6, 6, 6), shoe)                             # three 7s of one named suit: C(6,3) / C(24,3)
Fraction(5, 506)
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from .rules import TEN, BlackjackRules
from ...held import cached

CombinationLine = tuple[tuple[int, ...], str | None, Fraction]  # the three cards' values (sorted), their suits, the pay
SUIT_CONDITIONS = ("suited", "spades", "hearts", "diamonds", "clubs")  # all of one suit, or all of the suit named
SUITS = 4


def combination_lines(rules: BlackjackRules) -> tuple[CombinationLine, ...]:
    """The rules' pays of three-card 21s by their values: those of any suits, then those of one suit or a named suit."""
    plain: tuple[CombinationLine, ...] = tuple((tuple(sorted(values)), None, pay) for values, pay in rules.combination_bonuses)
    return plain + tuple((tuple(sorted(values)), suits, pay) for values, suits, pay in rules.suit_bonuses)


def one_suit_chance(values: tuple[int, ...], shoe: tuple[int, ...]) -> Fraction:
    """The chance that cards of these values (positions ACE..TEN, one rank each: not ten) are all of one named suit, given
    their values, dealt from a shoe of whole decks holding ``shoe[v]`` cards of value ``v``."""
    out = Fraction(1)
    for value, k in Counter(values).items():
        if value == TEN:
            raise ValueError("a ten-valued card is one of four ranks: its suits are not those of one rank")
        n = shoe[value]
        if n % SUITS:
            raise ValueError(f"a shoe of whole decks has as many cards of each suit: {n} cards of a value")
        out *= Fraction(math.comb(n // SUITS, k), math.comb(n, k))
    return out


@cached(maxsize=256)
def combination_pays(lines: tuple[CombinationLine, ...], values: tuple[int, ...],
                     shoe: tuple[int, ...]) -> tuple[tuple[Fraction, Fraction], ...]:
    """What a won 21 of these values (sorted) pays per unit, each pay with its chance given the values (chances adding to
    one): the line of a named suit where one matches, else the suited line, else the line without suits, else even money.
    Empty where no line names these values."""
    mine = [(suits, pay) for v, suits, pay in lines if v == values]
    if not mine:
        return ()
    by_suits = dict(mine)
    plain = by_suits.get(None, Fraction(1))
    if len(mine) == 1 and None in by_suits:  # no suit read: any shoe
        return ((plain, Fraction(1)),)
    named = one_suit_chance(values, shoe)
    suited = by_suits.get("suited", plain)
    out: dict[Fraction, Fraction] = {}
    left = Fraction(1)
    for suits, pay in mine:
        if suits not in (None, "suited"):  # one named suit
            out[pay] = out.get(pay, Fraction(0)) + named
            left -= named
    other_suited = SUITS * named - (1 - left)  # one suit, but none of the named ones
    out[suited] = out.get(suited, Fraction(0)) + other_suited
    out[plain] = out.get(plain, Fraction(0)) + left - other_suited
    return tuple((pay, chance) for pay, chance in sorted(out.items()) if chance)


def expected_combination_pay(lines: tuple[CombinationLine, ...], values: tuple[int, ...], shoe: tuple[int, ...]) -> Fraction | None:
    """The average pay of a won 21 of these values (sorted) over its suits; None where no line names them."""
    pays = combination_pays(lines, values, shoe)
    return sum((pay * chance for pay, chance in pays), Fraction(0)) if pays else None


SUIT_NUMBERS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}  # as casino_math.cards numbers the suits


def pay_by_suits(lines: tuple[CombinationLine, ...], values: tuple[int, ...], suits: tuple[int, ...]) -> Fraction | None:
    """What a won 21 of these values (sorted) and these suits (numbered as :mod:`casino_math.cards` does) pays, as a
    dealer reads the cards: the named suit's line, else the suited line, else the line of any suits, else even money;
    None where no line names these values.

    >>> lines = (((5, 6, 7), None, Fraction(3, 2)), ((5, 6, 7), "suited", Fraction(2)), ((5, 6, 7), "spades", Fraction(3)))
    >>> [pay_by_suits(lines, (5, 6, 7), s) for s in ((3, 3, 3), (2, 2, 2), (3, 3, 2))]
    [Fraction(3, 1), Fraction(2, 1), Fraction(3, 2)]
    """
    mine = {condition: pay for v, condition, pay in lines if v == values}
    if not mine:
        return None
    one = len(set(suits)) == 1
    named = next((pay for condition, pay in mine.items() if one and condition in SUIT_NUMBERS and SUIT_NUMBERS[condition] == suits[0]), None)
    if named is not None:
        return named
    if one and "suited" in mine:
        return mine["suited"]
    return mine.get(None, Fraction(1))


def pays_denominator(lines: tuple[CombinationLine, ...], shoe: tuple[int, ...]) -> int:
    """The common denominator of the lines' average pays in this shoe (what keeps every value a whole number)."""
    out = 1
    for values in {v for v, _, _ in lines}:
        average = expected_combination_pay(lines, values, shoe)
        assert average is not None
        out = math.lcm(out, average.denominator, *(p.denominator for p, _ in combination_pays(lines, values, shoe)))
    return out
