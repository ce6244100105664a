"""Reading what a designer types: amounts, percentages, ranges of pays, grids and bands.

>>> parse_number("3%"), parse_number("81/2"), parse_number("-0.5")
(Fraction(3, 100), Fraction(81, 2), Fraction(-1, 2))
>>> [str(v) for v in parse_range("2..4:0.5")]
['2', '5/2', '3', '7/2', '4']
>>> {k: len(v) for k, v in parse_vary("flush=2..6, straight=4..8:2, pair=1").items()}
{'flush': 5, 'straight': 3, 'pair': 1}
>>> parse_band("2%..4%")
(Fraction(1, 50), Fraction(1, 25))
>>> parse_range("6..2")
Traceback (most recent call last):
...
casino_math.errors.InputError: range 6..2 is empty: its start is above its end
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import InputError
from ..yaml_source import MAX_DIGITS, too_many_digits

MAX_STEPS = 1_000_000  # values in one range; a grid has its own limit
_NUMBER = re.compile(r"^\s*([-+−]?)\s*([0-9][0-9_,]*(?:\.[0-9]*)?|\.[0-9]+)(?:\s*/\s*([0-9]+))?\s*(%?)\s*$")


def parse_number(text: str | int | float | Fraction, what: str = "value") -> Fraction:
    """An exact number from ``3``, ``4.5``, ``81/2``, ``1,000`` or a percentage ``3%`` (= 3/100)."""
    if isinstance(text, (int, Fraction)) and not isinstance(text, bool):
        return Fraction(text)
    if isinstance(text, float):
        return Fraction(str(text))
    if too_many_digits(str(text)):
        raise InputError(f"{what}: a number of more than {MAX_DIGITS:,} digits")
    match = _NUMBER.match(str(text))
    if not match:
        raise InputError(f"{what}: {text!r} is not a number (write e.g. 4, 4.5, 81/2 or 3%)")
    sign, digits, denominator, percent = match.groups()
    value = Fraction(digits.replace(",", "").replace("_", ""))
    if denominator is not None:
        if int(denominator) == 0:
            raise InputError(f"{what}: {text!r} divides by zero")
        value /= int(denominator)
    value = -value if sign in ("-", "−") else value
    return value / 100 if percent else value


def values(start: Fraction, stop: Fraction, step: Fraction, what: str = "range") -> list[Fraction]:
    """start, start + step, ... up to stop (included when the steps land on it)."""
    if step <= 0:
        raise InputError(f"{what}: the step must be positive, not {step}")
    if start > stop:
        raise InputError(f"{what} is empty: its start is above its end")
    count = int((stop - start) // step) + 1
    if count > MAX_STEPS:
        raise InputError(f"{what} has {count:,} values, over the limit of {MAX_STEPS:,}: take a larger step")
    return [start + i * step for i in range(count)]


def parse_range(text: str, what: str | None = None) -> list[Fraction]:
    """``lo..hi`` (step 1), ``lo..hi:step``, or a single value."""
    what = what or f"range {text}"
    low, dots, rest = text.partition("..")
    if not dots:
        return [parse_number(text, what)]
    high, _, step = rest.partition(":")
    return values(parse_number(low, what), parse_number(high, what), parse_number(step, what) if step else Fraction(1), what)


def parse_vary(text: str) -> dict[str, list[Fraction]]:
    """``name=range,name=range``: the values of each pay to try (commas separate pays, so no thousands separators)."""
    out: dict[str, list[Fraction]] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, equals, spec = part.partition("=")
        name = name.strip()
        if not equals or not name or not spec.strip():
            raise InputError(f"--vary: {part!r} is not name=lo..hi (e.g. flush=2..6 or straight=4..8:0.5)")
        if name in out:
            raise InputError(f"--vary: {name} is named twice")
        out[name] = parse_range(spec.strip(), f"--vary {name}={spec.strip()}")
    if not out:
        raise InputError("--vary: name at least one pay to vary, e.g. flush=2..6")
    return out


def parse_band(text: str, what: str = "band") -> tuple[Fraction, Fraction]:
    """``lo..hi`` as exact numbers (percentages allowed): a closed interval."""
    low, dots, high = text.partition("..")
    if not dots:
        raise InputError(f"{what}: {text!r} is not lo..hi (e.g. 2%..4%)")
    lo, hi = parse_number(low, what), parse_number(high, what)
    if lo > hi:
        raise InputError(f"{what} {text} is inverted: its low end is above its high end")
    return lo, hi
