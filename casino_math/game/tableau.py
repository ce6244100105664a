"""Drawing rules as data: a draw step's numbers, read and checked against the hands they are about.

A game file deals a third card (or more) with ``draw`` steps and ends the
deal on a natural with ``stop: natural``. Baccarat's whole tableau:

.. code-block:: yaml

    deal:
      - player: 2
      - dealer: 2                   # the banker
      - stop: natural               # an 8 or 9 in two cards, on either hand: no more cards
      - draw: {to: player, on: 0-5} # the player draws on 0 to 5
      - draw:                       # the banker
          to: dealer
          on: 0-5                   # when the player stood
          by: player                # when the player drew: banker's points -> values of that card he draws on
          table: {0-2: any, 3: not 8, 4: 2-7, 5: 4-7, 6: 6-7, 7: none}

Numbers are written ``5``, ``0-5``, ``0-7, 9``, ``not 8``, ``any``, ``none``
or as a list; points not listed in a table stand.

>>> numbers("0-7, 9", 0, 9) == numbers("not 8", 0, 9) == frozenset(range(10)) - {8}
True
>>> sorted(numbers([6, 7], 0, 9)), numbers("none", 0, 9)
([6, 7], frozenset())
>>> numbers("4-12", 0, 9)
Traceback (most recent call last):
...
ValueError: '4-12': numbers run from 0 to 9 here
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from .description import Deal, Draw, Hand, Role, Step, Stop
from .situations import RoleNames, role_name


class StepError(ValueError):
    """A problem in a draw step, at ``path`` below the step."""

    def __init__(self, path: tuple[str, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


def numbers(value: Any, low: int, high: int) -> frozenset[int]:
    """The numbers a draw rule names, each within [low, high]."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number")
    if isinstance(value, int):
        items: list[str] = [str(value)]
    elif isinstance(value, list):
        items = [str(v) for v in value]
    else:
        items = [t.strip() for t in str(value).split(",")]
    out: set[int] = set()
    for item in items:
        words = item.lower()
        if words == "any":
            out |= set(range(low, high + 1))
            continue
        if words == "none":
            continue
        negated = words.startswith("not ")
        match = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", words.removeprefix("not ").strip())
        if not match:
            raise ValueError(f"{item!r} is not a number, a range like 0-5, any, none or not N")
        first, last = int(match[1]), int(match[2] or match[1])
        if not low <= first <= last <= high:
            raise ValueError(f"{item!r}: numbers run from {low} to {high} here")
        chosen = set(range(first, last + 1))
        out |= (set(range(low, high + 1)) - chosen) if negated else chosen
    return frozenset(out)


def role_hand(role: str, hands: Mapping[str, Hand]) -> Hand | None:
    """The points hand made of ``role``'s cards alone, whose points decide its draws."""
    return next((h for h in hands.values() if h.of == (role,) and h.points is not None), None)


def draw_rule(to: Role, on: Any, by: Role | None, table: Mapping[str, Any], before: Sequence[Step],
              hands: Mapping[str, Hand]) -> Draw:
    """A draw step, checked against the steps before it and the hands; problems raise :class:`StepError`."""
    hand = role_hand(to, hands)
    if hand is None or hand.points is None:
        raise StepError(("to",), f"a draw reads the points of a hand of the {to}'s cards alone: declare one "
                                 f"(hands: {{{to}: {{of: [{to}], ranking: baccarat}}}})")
    if not any(isinstance(s, Deal) and s.role == to for s in before):
        raise StepError(("to",), f"the {to} draws before being dealt any card")
    low, high = hand.points.totals_range
    try:
        on_points = numbers(on, low, high)
    except ValueError as error:
        raise StepError(("on",), str(error)) from None
    if (by is None) != (not table):
        raise StepError(("by",) if by is not None else ("table",), "by and table go together: the table reads the card by drew")
    rules: dict[int, frozenset[int]] = {}
    if by is not None:
        if by == to or not any(isinstance(s, Draw) and s.role == by for s in before):
            raise StepError(("by",), f"by names a role that drew at an earlier draw step (here: {by})")
        by_hand = role_hand(by, hands)
        assert by_hand is not None and by_hand.points is not None  # it drew, so it has one
        values = sorted(set(by_hand.points.card_points))
        for key, value in table.items():
            try:
                points = numbers(key, low, high)
                drawn = numbers(value, values[0], values[-1])
            except ValueError as error:
                raise StepError(("table", key), str(error)) from None
            for p in sorted(points):
                if p in rules:
                    raise StepError(("table", key), f"{to} points {p} are listed twice")
                rules[p] = drawn
    return Draw(to, on_points, by, rules)


def ranges(values: frozenset[int]) -> str:
    """Numbers as a person writes them: ``0-5``, ``0-7, 9``, ``none``.

    >>> ranges(frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9})), ranges(frozenset()), ranges(frozenset({6}))
    ('0-7, 9', 'none', '6')
    """
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs) or "none"


def step_words(step: Draw | Stop, roles: RoleNames | None = None) -> str:
    """A draw or stop step in words, for a par sheet's deal (a draw's table: :func:`tableau_rows`).

    >>> step_words(Stop()), step_words(Draw("player", frozenset(range(6))))
    ('If either hand is a natural, no more cards are drawn.', 'The player draws a card on 0-5.')
    >>> step_words(Draw("dealer", frozenset(range(6)), "player", {3: frozenset({1, 2})}))
    "The dealer draws a card on 0-5 if the player drew none; else by its total and the value of the player's card drawn (table)."
    """
    if isinstance(step, Stop):
        return "If either hand is a natural, no more cards are drawn."
    text = f"The {role_name(step.role, roles)} draws a card on {ranges(step.on)}"
    if step.by is None:
        return text + "."
    by = role_name(step.by, roles)
    return text + f" if the {by} drew none; else by its total and the value of the {by}'s card drawn (table)."


def tableau_rows(step: Draw) -> list[tuple[str, str]]:
    """A draw's table: (the drawing role's total, the values of ``by``'s drawn card on which it draws).

    >>> tableau_rows(Draw("dealer", frozenset(), "player", {3: frozenset(set(range(10)) - {8}), 7: frozenset()}))
    [('3', '0-7, 9'), ('7', 'none')]
    """
    return [(str(points), ranges(values)) for points, values in sorted(step.table.items())]
