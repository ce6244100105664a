"""Which paytable of a bet a design tool changes, and which of its lines, named as players write them.

A line is named by its key in the game file, in any spelling :func:`~casino_math.game.patterns.normal`
accepts (``straight_flush`` or ``straight flush``), or by the same hand
pattern written another way (``one pair`` for ``pair``). A pay for a hand the
table does not list adds a line for it: after the existing lines, or, where
an existing line would always take its hands first (a mini royal below a
straight flush), just before that line, so that it is paid.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/three_card_poker/standard.yaml")
>>> bet_tables(game, "ante_play"), bet_tables(game, "pair_plus")
(('ante_bonus',), ('pair_plus',))
>>> lines, added = table_lines(game, "pair_plus", ["flush", "mini_royal"])
>>> [line.key for line in lines], added
(['mini royal', 'straight flush', 'three of a kind', 'straight', 'flush', 'pair'], ('mini_royal',))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..errors import InputError
from ..game.description import Game, Line
from ..game.patterns import LinePredicate, Pattern, normal, parse_pattern, unreachable
from ..pays import Pay


def line_name(key: str) -> str:
    """A line's name in tables and JSON: its key in snake case (``pair_of_tens_or_better``)."""
    return normal(key).replace(" ", "_")


def bet_tables(game: Game, bet: str) -> tuple[str, ...]:
    """The paytables that pay a bet: a side bet's one, or every table the game's own wagers are paid by."""
    if bet not in game.bets:
        raise InputError(f"{game.path or game.id}: the file offers no bet {bet!r} (it offers {', '.join(game.bets)})")
    if bet in game.side_bet:
        return game.side_bet[bet].tables
    return game.own_tables


def pick_table(game: Game, bet: str, names: Sequence[str], table: str | None = None) -> str:
    """The paytable of ``bet`` a tool changes: ``table`` where given, the bet's only one, or the only one listing every name."""
    tables = bet_tables(game, bet)
    if not tables:
        raise InputError(f"{bet} is paid by no paytable (its results are fixed: win, push or lose), so it has no pay to change")
    if table is not None:
        if table not in tables:
            raise InputError(f"{bet} is paid by no table {table!r} (its tables: {', '.join(tables)})")
        return table
    if len(tables) == 1:
        return tables[0]
    listing = [t for t in tables if all(find_line(game, t, n) is not None for n in names)]
    if len(listing) == 1:
        return listing[0]
    raise InputError(f"{bet} is paid by several tables ({', '.join(tables)}): name one with --table")


def _default_hand(game: Game, table: str) -> str:
    """The hand a table pays on where a line names none (a line ``X on HAND`` names its own)."""
    for line in game.paytables[table].lines:
        if line.key.rpartition(" on ")[2].strip() not in game.hands:
            return line.hand
    return game.paytables[table].lines[0].hand if game.paytables[table].lines else "player"


def _parse(game: Game, table: str, name: str) -> tuple[str, Pattern]:
    """The hand and pattern a name stands for (``X on HAND`` names the hand; otherwise the table's)."""
    text, hand = name, _default_hand(game, table)
    head, on, tail = name.rpartition(" on ")
    if on and tail.strip() in game.hands:
        text, hand = head, tail.strip()
    try:
        return hand, parse_pattern(text, game.hands[hand].ranking)
    except ValueError as error:
        keys = ", ".join(line_name(line.key) for line in game.paytables[table].lines)
        raise InputError(f"{table} has no line {name!r} (its lines: {keys}), and it is no hand to add: {error}") from None


def _same(a: LinePredicate, b: LinePredicate) -> bool:
    """Whether two lines pay on the same hands, however written."""
    return a.covers(b) and b.covers(a)


def find_line(game: Game, table: str, name: str, lines: Sequence[Line] | None = None) -> int | None:
    """The index of the line ``name`` names, by its key or by the same pattern on the same hand; None: not listed."""
    lines = game.paytables[table].lines if lines is None else lines
    for i, line in enumerate(lines):
        if normal(line.key) == normal(name):
            return i
    try:
        hand, pattern = _parse(game, table, name)
    except InputError:
        return None
    return next((i for i, line in enumerate(lines) if line.hand == hand and _same(line.pattern, pattern)), None)


def table_lines(game: Game, table: str, names: Sequence[str]) -> tuple[list[Line], tuple[str, ...]]:
    """The table's lines with a line added for each name it does not list (paying nothing until priced), and the added names."""
    lines = list(game.paytables[table].lines)
    added = []
    for name in names:
        if find_line(game, table, name, lines) is not None:
            continue
        hand, pattern = _parse(game, table, name)
        line = Line(normal(name), pattern, Pay(Fraction(0)), hand)
        # before the first line that would always take its hands first, else last
        at = next((i for i, old in enumerate(lines) if old.hand == hand and old.pattern.covers(pattern)), len(lines))
        lines.insert(at, line)
        added.append(line_name(line.key))
    clash = unreachable([(line.hand, line.pattern) for line in lines])
    if clash is not None:
        raise InputError(f"{table}: {lines[clash[1]].key!r} would never be paid: every such hand is paid first as {lines[clash[0]].key!r}")
    return lines, tuple(added)
