"""What the file reader is given by the counting methods, which it names none of: the sections of a game file a method
reads itself (``blackjack:``, ``pai_gow:``) and the problems a method finds in a game it fits.

:mod:`casino_math.registry` hands every method's :class:`Section` and problems to :mod:`.loader`; the reader prints
each :class:`Problem` at its field's ``file:line`` as it prints its own.

>>> Problem(("deal", 2), "a third board card is dealt before the second")
Problem(field=('deal', 2), words='a third board card is dealt before the second')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from .description import Game

Where = dict[tuple[str, ...], str]  # key path -> "file:line"


@dataclass(frozen=True)
class Problem:
    """What a method cannot count in a game file it fits: the path of the field at fault (as the file's keys, e.g.
    ``("side_bets", 0, "hands")``) and what is wrong, in words; the file reader prints it as ``file:line: field: words``."""

    field: tuple[str | int, ...]
    words: str


@dataclass(frozen=True)
class Section:
    """A section of a game file that a counting method reads itself: its ``key`` (a file with it is this method's),
    ``build`` (the game from the file's data, ``extends`` merged: data, where each key is, the files read, the file's
    name) and ``schema`` (a game file's JSON Schema that also takes the section)."""

    key: str
    build: Callable[[dict[str, Any], Where, list[tuple[str, str]], str], Game]
    schema: Callable[[dict[str, Any]], dict[str, Any]]


Problems = Callable[["Game"], Sequence[Problem]]  # what the methods cannot count in a game, by the method that fits it
