"""How figures are printed on a par sheet: fixed places so that columns line up.

Exact values stay Fractions until this point; each function rounds once.

>>> from fractions import Fraction
>>> percent(Fraction(1, 32)), integer(1234567), one_in(1000, 7), one_in(10, 0)
('3.1250%', '1,234,567', '142.86', 'never')
>>> title("three_card_poker"), sentence("play_or_fold"), exact(Fraction(3, 2)), fraction(Fraction(-1234, 98765))
('Three Card Poker', 'Play or fold', '3/2', '-1,234/98,765')
"""

from __future__ import annotations

from fractions import Fraction

PERCENT_PLACES = 4
PROBABILITY_PLACES = 8


def percent(value: Fraction | float, places: int = PERCENT_PLACES) -> str:
    return f"{float(value) * 100:.{places}f}%"


def integer(value: int) -> str:
    return f"{value:,}"


def decimal(value: Fraction | float, places: int = PROBABILITY_PLACES) -> str:
    return f"{float(value):,.{places}f}"


def one_in(total: int, count: int) -> str:
    """"1 in N": how many deals, on average, between two occurrences."""
    return f"{total / count:,.2f}" if count else "never"


def exact(value: Fraction) -> str:
    """The exact value as printed in JSON: ``p/q``."""
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)


def fraction(value: Fraction) -> str:
    """An exact value as printed on a par sheet: ``p/q`` with thousands separators."""
    return f"{value.numerator:,}/{value.denominator:,}" if value.denominator != 1 else f"{value.numerator:,}"


def title(name: str) -> str:
    """A snake_case name (a game family, a bet, a decision) as a heading: ``pair_plus`` -> ``Pair Plus``."""
    return " ".join(word.capitalize() for word in name.split("_"))


def sentence(name: str) -> str:
    """A snake_case name (a decision) as a heading in sentence case: ``play_or_fold`` -> ``Play or fold``."""
    return name.replace("_", " ").capitalize()


def amount(value: Fraction) -> str:
    """A multiple of the stake: whole numbers with separators, otherwise two places."""
    return integer(int(value)) if value.denominator == 1 else f"{float(value):,.2f}"
