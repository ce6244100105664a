"""What a winning wager pays: "X to 1", "X for 1", or a push.

"X to 1" wins X and returns the stake; "X for 1" returns X in all (a net
win of X − 1); a push returns the stake and nothing more. A designer's
shorthand for "to" reads the same: "3:1" and "3-1" are 3 to 1 (quoted in a
YAML file, where a bare 3:1 is a base-60 number).

>>> Pay.parse("40 to 1").net, Pay.parse("40 for 1").net, Pay.parse("81/2").net, Pay.parse("push").net
(Fraction(40, 1), Fraction(39, 1), Fraction(81, 2), Fraction(0, 1))
>>> str(Pay.parse(6)), str(Pay.parse("push")), Pay.parse("3 to 2").net, Pay.parse("19 to 20").net
('6 to 1', 'push', Fraction(3, 2), Fraction(19, 20))
>>> [str(Pay.parse(t)) for t in ("3:1", "3-1", "3 to 1", "3/1", "3", "4 for 1", "3 : 2")]
['3 to 1', '3 to 1', '3 to 1', '3 to 1', '3 to 1', '4 for 1', '3/2 to 1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

MAX_PAY = Fraction(10**7)  # no table game pays ten million to one; a bigger number is a typo
_NUMBER = r"[0-9][0-9_,]*(?:\.[0-9]+)?(?:/[0-9]+)?"
_PAY_TEXT = re.compile(rf"^\s*({_NUMBER})\s*(?:(to|for|:|-)\s*({_NUMBER}))?\s*$", re.IGNORECASE)
PAY_HELP = 'a number like 40, "81/2", "40 to 1", "40:1", "3 to 2", "40 for 1", or push'


@dataclass(frozen=True)
class Pay:
    """A pay per unit staked: ``amount`` "to 1" (or "for 1" where ``for_one``), or a push."""

    amount: Fraction
    for_one: bool = False
    push: bool = False

    @property
    def net(self) -> Fraction:
        """The win beyond the returned stake, per unit."""
        if self.push:
            return Fraction(0)
        return self.amount - 1 if self.for_one else self.amount

    def __str__(self) -> str:
        if self.push:
            return "push"
        amount = str(self.amount.numerator) if self.amount.denominator == 1 else f"{self.amount.numerator}/{self.amount.denominator}"
        return f"{amount} {'for' if self.for_one else 'to'} 1"

    def __repr__(self) -> str:
        return f"Pay({str(self)!r})"

    @classmethod
    def to_one(cls, amount: Fraction | int) -> Pay:
        return cls(Fraction(amount))

    def with_net(self, net: Fraction) -> Pay:
        """The same kind of pay ("to 1" or "for 1") with another net win."""
        return Pay(net + 1, True) if self.for_one else Pay(Fraction(net))

    @classmethod
    def parse(cls, value: Any) -> Pay:
        if isinstance(value, Pay):
            return value
        if isinstance(value, bool) or value is None:
            raise ValueError(f"a pay must be {PAY_HELP}, not {value!r}")
        if isinstance(value, (int, Fraction)):
            amount, for_one = Fraction(value), False
        elif isinstance(value, float):
            amount, for_one = Fraction(str(value)), False
        elif isinstance(value, str):
            if value.strip().lower() == "push":
                return cls(Fraction(0), push=True)
            match = _PAY_TEXT.match(value)
            if not match:
                raise ValueError(f"a pay must be {PAY_HELP}, not {value!r}")
            amount, per = _number(match.group(1), value), _number(match.group(3) or "1", value)  # "3 to 2" is 3/2 to 1
            if per == 0:
                raise ValueError(f"{value!r} divides by zero: a pay must be {PAY_HELP}")
            amount /= per
            for_one = (match.group(2) or "to").lower() == "for"
        else:
            raise ValueError(f"a pay must be {PAY_HELP}, not {type(value).__name__}")
        if amount < 0:
            raise ValueError(f"a pay cannot be negative ({value})")
        if for_one and amount < 1:
            raise ValueError(f"\"{value}\" returns less than the stake: write a pay of at least 1 for 1")
        if amount > MAX_PAY:
            raise ValueError(f"{value} is not a plausible pay (over {MAX_PAY} to 1)")
        return cls(amount, for_one)


_GROUPED = re.compile(r"^[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?$")  # commas that group thousands: 1,000 or 10,000.5


def _number(text: str, value: Any) -> Fraction:
    """A number as written in a pay; a zero it is divided by ("1/0", "8 to 0") is a typo, refused in words, and so is a
    comma that groups no thousands ("1,5": a decimal comma, or a slip), with both readings.

    >>> _number("1,000", "1,000"), _number("2,500.5", "2,500.5")
    (Fraction(1000, 1), Fraction(5001, 2))
    >>> _number("1,5", "1,5")
    Traceback (most recent call last):
    ValueError: '1,5' has a comma that groups no thousands: write 1.5 (a decimal point) or 15 (no comma)
    """
    for part in text.partition("/")[::2]:
        if "," in part and not _GROUPED.match(part.replace("_", "")):
            decimal, whole = part.replace(",", ".", 1).replace(",", ""), part.replace(",", "")
            raise ValueError(f"{value!r} has a comma that groups no thousands: write {decimal} (a decimal point) or {whole} "
                             "(no comma)")
    number, _, below = text.replace(",", "").replace("_", "").partition("/")
    if Fraction(below or 1) == 0:
        raise ValueError(f"{value!r} divides by zero: a pay must be {PAY_HELP}")
    return Fraction(number) / Fraction(below or 1)
