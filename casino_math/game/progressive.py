"""Progressive meters and envy bonuses, as a side bet declares them: what the bet pays beyond its fixed lines.

A *meter* is an amount that grows by a share of every bet (its contribution ``rate``) and pays one or more lines of
the bet's table: a line paid "100%" wins the whole meter, which then starts again from its ``reset``; a line paid a
share (Caribbean Stud's straight flush, 10%) takes that share and leaves the rest. The table writes each metered line
"for 1" at the meter shown in the file (the amount a $1 bet wins today), so the file's figures are the figures at that
meter. Amounts are per unit bet. The meter is general: any line of any bet's table may be one, in any game.

An *envy bonus* pays a player who made the bet a fixed amount for each other seat at the table whose hand makes one of
its lines (Three Card Poker's progressive: $100 when another seat holds a mini royal in spades), whatever the
player's own hand; never for the player's own hand.

When several seats win a whole meter in one round, the house either pays each in full (``each``) or splits the
meter between them (``share``).

>>> meter = Meter("jackpot", (("royal flush", Fraction(1)), ("straight flush", Fraction(1, 10))), Fraction(10000),
...               Fraction(10000), Fraction(15, 100))
>>> meter.share("straight flush"), meter.whole
(Fraction(1, 10), ('royal flush',))
>>> read_fraction("9%"), read_fraction("0.5"), read_fraction("1/8")
(Fraction(9, 100), Fraction(1, 2), Fraction(1, 8))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field

from ..pays import MAX_PAY, Pay

SEATS = 6  # the other seats a par sheet prices an envy bonus for: 1 to 6 (a table of seven)
Several = Literal["each", "share"]


@dataclass(frozen=True)
class Meter:
    """A progressive meter: the lines it pays with the share of the meter each takes (1: the whole meter, which then
    resets), the amount it starts from (``seed``) and starts again from once won whole (``reset``), and the share of
    every unit bet added to it (``rate``)."""

    name: str
    lines: tuple[tuple[str, Fraction], ...]
    seed: Fraction | None = None  # None: not declared (the long-run figures need the reset and the rate)
    reset: Fraction | None = None
    rate: Fraction | None = None

    def share(self, line: str) -> Fraction:
        """The share of the meter ``line`` pays."""
        return dict(self.lines)[line]

    @property
    def whole(self) -> tuple[str, ...]:
        """The lines that win the whole meter (and reset it)."""
        return tuple(line for line, share in self.lines if share == 1)


@dataclass(frozen=True)
class Envy:
    """An envy bonus: per line of another seat's hand, the amount the player is paid (per unit bet, the stake kept)."""

    pays: tuple[tuple[str, Fraction], ...]


@dataclass(frozen=True)
class Progressive:
    """What a side bet pays beyond its fixed lines: its meters, its envy bonus, and who is paid a meter several seats
    win at once."""

    meters: tuple[Meter, ...] = ()
    envy: Envy | None = None
    several: Several = "each"

    def meter_of(self, line: str) -> Meter | None:
        """The meter that pays ``line`` (None: a fixed pay)."""
        return next((m for m in self.meters if line in dict(m.lines)), None)


def read_fraction(value: Any) -> Fraction:
    """A share or amount as written: ``9%``, ``0.09``, ``9/100`` or a number."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"must be a number or a percentage, not {value!r}")
    text = str(value).replace(",", "").strip()
    try:
        return Fraction(text[:-1].strip()) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"must be a number or a percentage (9%), not {value!r}") from None


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MeterSpec(_Spec):
    """A progressive meter as a game file declares it."""

    pays: dict[str, str | float] = Field(description="line -> the share of the meter it wins: 100% (the whole meter, "
                                         "which then resets) or less (10%)")
    seed: str | float | None = Field(None, description="the meter at the start, per unit bet (what a bet wins 'for 1')")
    reset: str | float | None = Field(None, description="the meter once won whole (default: the seed)")
    rate: str | float | None = Field(None, description="the share of every bet added to the meter, e.g. 9%")


class ProgressiveSpec(_Spec):
    """What a side bet pays beyond its fixed lines: progressive meters, an envy bonus, the rule when several seats win."""

    meters: dict[str, MeterSpec] = Field(default_factory=dict, description="meter name -> its lines, seed, reset, rate")
    envy: dict[str, str | float] = Field(default_factory=dict, description="line -> the amount paid to the player for each "
                                         "other seat whose hand makes it (per unit bet)")
    several: Several = Field("each", description="when several seats win a whole meter in one round: each is paid it in "
                             "full (each), or they split it (share)")


Fail = Callable[[tuple[str, ...], str], Exception]


def build_progressive(spec: ProgressiveSpec, table: Mapping[str, Pay], fail: Fail) -> Progressive:
    """The meters and envy bonus of a side bet paid by ``table`` (its lines as written), every field checked against it
    (``fail(path, words)`` is the reader's error at that field's ``file:line``)."""
    meters: list[Meter] = []
    seen: dict[str, str] = {}  # line -> the meter paying it
    for name, m in spec.meters.items():
        lines = []
        for line, written in m.pays.items():
            at = ("meters", name, "pays", line)
            if line not in table:
                raise fail(at, f"the bet's table has no line {line!r} (its lines: {', '.join(table)})")
            if line in seen:
                raise fail(at, f"{line!r} is paid by the meter {seen[line]!r} already")
            share = _read(written, at, fail)
            if not 0 < share <= 1:
                raise fail(at, f"a line wins a share of the meter above 0% and at most 100%, not {written}")
            if not table[line].for_one:
                raise fail(at, f"a metered line is written 'for 1' at the meter shown (e.g. '{table[line].amount} for 1'): "
                           "the bet is taken when the meter is won")
            seen[line] = name
            lines.append((line, share))
        if not lines:
            raise fail(("meters", name, "pays"), "a meter pays one line at least")
        seed = None if m.seed is None else _read(m.seed, ("meters", name, "seed"), fail)
        reset = seed if m.reset is None else _read(m.reset, ("meters", name, "reset"), fail)
        rate = None if m.rate is None else _read(m.rate, ("meters", name, "rate"), fail)
        for what, value in (("seed", seed), ("reset", reset)):
            if value is not None and not 0 < value <= MAX_PAY:
                raise fail(("meters", name, what), f"{value} is not a plausible meter for a unit bet")
        if rate is not None and not 0 <= rate < 1:
            raise fail(("meters", name, "rate"), "the share of each bet added to the meter is at least 0% and below 100%")
        shown = [table[line].amount / share for line, share in lines]
        if len(set(shown)) > 1:
            raise fail(("meters", name, "pays"), "the table's pays of the meter's lines disagree on the meter: "
                       + ", ".join(f"{line} shows {float(s):g}" for (line, _), s in zip(lines, shown)))
        meters.append(Meter(name, tuple(lines), seed, reset, rate))
    envy = []
    for line, written in spec.envy.items():
        if line not in table:
            raise fail(("envy", line), f"the bet's table has no line {line!r} (its lines: {', '.join(table)})")
        amount = _read(written, ("envy", line), fail)
        if not 0 < amount <= MAX_PAY:
            raise fail(("envy", line), f"{written} is not a plausible envy bonus for a unit bet")
        envy.append((line, amount))
    return Progressive(tuple(meters), Envy(tuple(envy)) if envy else None, spec.several)


def _read(value: Any, at: tuple[str, ...], fail: Fail) -> Fraction:
    try:
        return read_fraction(value)
    except ValueError as error:
        raise fail(at, str(error)) from None
