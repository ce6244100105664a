"""How figures and names are printed, everywhere: the command line, the design tables and the par sheet.

Exact values stay Fractions until they reach one of these functions; each
rounds once, at a fixed number of places, so that columns line up and the
same figure reads the same in every output.

>>> from fractions import Fraction
>>> percent(Fraction(1, 32)), percent(Fraction(-1, 40), 2, sign="+"), integer(1234567)
('3.1250%', '-2.50%', '1,234,567')
>>> exact(Fraction(3, 2)), fraction(Fraction(-1234, 98765)), exact(Fraction(4)), fraction(Fraction(11520))
('3/2', '-1,234/98,765', '4', '11,520')
>>> ratio(Fraction(4)), ratio(Fraction(-3, 2))
('4/1', '-3/2')
>>> decimal(Fraction(1, 3)), one_in(1000, 7), one_in(10, 0), amount(Fraction(5, 2)), amount(Fraction(11520))
('0.33333333', '142.86', 'never', '2.50', '11,520')
>>> title("three_card_poker"), sentence("play_or_fold"), words("straight_flush"), count(1, "variant"), count(0, "game")
('Three Card Poker', 'Play or fold', 'straight flush', '1 variant', 'no games')
>>> visible("Banker\\u202eTie")
'Banker[U+202E]Tie'
>>> print(escaped("Pair\\x1b]52;c;aGk=\\x07 Plus\\n"), escaped("a\\nb", keep="\\n") == "a\\nb")
Pair\\x1b]52;c;aGk=\\x07 Plus\\n True
"""

from __future__ import annotations

import re
from fractions import Fraction

PERCENT_PLACES = 4
PROBABILITY_PLACES = 8
# Unicode's explicit direction controls (embeddings, overrides, isolates, marks): in a name they can make a file
# read as another (a paytable "evil\u202elmth.yaml" shows as "evilhtml.yaml"), so they are shown, never obeyed
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# control characters (C0, DEL, C1): ESC and C1 start the sequences that set a terminal's title or clipboard (OSC 0,
# OSC 52), move its cursor or recolour it, so a file's text shows them as escapes, never sends them
CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")
CODE_PIECE = 32  # characters of code (a hash) on one line at most: a SHA-256 takes two


def percent(value: Fraction | float, places: int = PERCENT_PLACES, sign: str = "") -> str:
    """A rate as a percentage at fixed places; ``sign="+"`` shows the sign of a difference."""
    return f"{float(value) * 100:{sign}.{places}f}%"


def integer(value: int, sign: str = "") -> str:
    """A count with thousands separators."""
    return f"{value:{sign},}"


def decimal(value: Fraction | float, places: int = PROBABILITY_PLACES, sign: str = "") -> str:
    """A probability or a return at fixed places."""
    return f"{float(value):{sign},.{places}f}"


def one_in(total: int, count: int) -> str:
    """"1 in N": how many deals, on average, between two occurrences."""
    return f"{total / count:,.2f}" if count else "never"


def exact(value: Fraction, sign: str = "") -> str:
    """An exact value as a game file or JSON writes it: ``p/q``, or ``p`` when whole."""
    return f"{value.numerator:{sign}}/{value.denominator}" if value.denominator != 1 else f"{value.numerator:{sign}}"


def ratio(value: Fraction) -> str:
    """An exact value as the JSON and CSV outputs write it: always ``p/q`` (``4/1`` too), one form to parse."""
    return f"{value.numerator}/{value.denominator}"


def fraction(value: Fraction, sign: str = "") -> str:
    """An exact value as a person reads it: ``p/q`` with thousands separators."""
    return f"{value.numerator:{sign},}/{value.denominator:,}" if value.denominator != 1 else f"{value.numerator:{sign},}"


def amount(value: Fraction) -> str:
    """A multiple of the stake: whole numbers with separators, otherwise two places."""
    return integer(int(value)) if value.denominator == 1 else f"{float(value):,.2f}"


def title(name: str) -> str:
    """A snake_case name (a game family, a bet) as a heading: ``pair_plus`` -> ``Pair Plus``."""
    return " ".join(word.capitalize() for word in name.split("_"))


def sentence(name: str) -> str:
    """A snake_case name (a decision) as a heading in sentence case: ``play_or_fold`` -> ``Play or fold``."""
    return name.replace("_", " ").capitalize()


def words(name: str) -> str:
    """A snake_case name (a hand category, a situation) as words: ``straight_flush`` -> ``straight flush``."""
    return name.replace("_", " ")


def count(n: int, noun: str) -> str:
    """``no variants``, ``1 variant``, ``12 variants``."""
    return f"{n or 'no'} {noun}{'s' * (n != 1)}"


def visible(text: str) -> str:
    """Text from a file with its direction controls shown as ``[U+202E]``, so that it reads as the bytes it is."""
    return BIDI_CONTROLS.sub(lambda m: f"[U+{ord(m.group()):04X}]", text)


def escaped(text: str, keep: str = "") -> str:
    """Text as a terminal may show it: control characters written as escapes (``\\x1b``, ``\\n``) except those in
    ``keep``, and direction controls as :func:`visible` shows them."""
    return visible(CONTROLS.sub(lambda m: m.group() if m.group() in keep else repr(m.group())[1:-1], text))


def code_pieces(text: str) -> list[str]:
    """Where a file name or hash may break: after a ``/`` or a ``-``, and every 32 characters of a run without one (a
    hash); never inside a word of a file name.

    >>> code_pieces("three_card_poker/pair-plus-40.yaml"), [len(p) for p in code_pieces("ab" * 32)]
    (['three_card_poker/', 'pair-', 'plus-', '40.yaml'], [32, 32])
    """
    runs = [run for run in re.split(r"(?<=[/-])", text) if run]
    return [run[i:i + CODE_PIECE] for run in runs for i in range(0, len(run), CODE_PIECE)] or [""]
