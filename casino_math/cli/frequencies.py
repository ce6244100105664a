"""``casino-math frequencies``: exact hand frequencies of a deck."""

from __future__ import annotations

from enum import Enum
from typing import Optional

import typer

from ..output import FormatChoice as Format, dumps, render_frame


class DeckName(str, Enum):
    standard = "standard"
    short = "short"
    piquet = "piquet"
    royal = "royal"
    mexican = "mexican"


class JokerRule(str, Enum):
    wild = "wild"
    bug = "bug"


def frequencies(
    cards: int = typer.Option(5, "--cards", "-n", help="Cards in each hand."),
    best: Optional[int] = typer.Option(None, "--best", "-k", help="Cards that count (default: the ranking's hand size)."),
    ranking: str = typer.Option("high", help="high, three-card, ace-to-five, ace-to-six, deuce-to-seven, eight-or-better, soko-finnish, soko-canadian, deuces-wild, deuces-wild-five-wilds."),
    deck: DeckName = typer.Option(DeckName.standard, help="standard (52), short (36: 6-A), piquet (32: 7-A), royal (20: T-A), mexican (40: no 8-9-10)."),
    jokers: int = typer.Option(0, help="Jokers added to the deck (0-2)."),
    joker: JokerRule = typer.Option(JokerRule.wild, help="How a joker plays: fully wild, or the bug (an ace or a card completing a "
                                                         "straight or flush; in ace-to-five and eight-or-better the lowest card not in the hand)."),
    dead: str = typer.Option("", help='Cards known to be out, e.g. "Ah Kd".'),
    fixed: str = typer.Option("", help='Cards known to be in the hand, e.g. "As".'),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """Exact hand frequencies: every hand of a deck, counted by category (strongest first)."""
    from ..frequencies import hand_frequencies

    frame = hand_frequencies(cards, best, ranking, deck.value, jokers, joker.value, dead, fixed)
    if format is Format.json:
        rows = frame[["category", "combinations", "probability"]].to_dict("records")
        typer.echo(dumps({"total": frame.attrs["total"], "rows": rows}))
        return
    if format is Format.table:
        a = frame.attrs
        typer.echo(f"{a['ranking']} ranking, {a['deck']} deck, best {a['best']} of {a['cards']} cards"
                   + (f", dead {a['dead']}" if a["dead"] else "") + (f", fixed {a['fixed']}" if a["fixed"] else "")
                   + f": {a['total']:,} hands\n")
    typer.echo(render_frame(frame, format.value), nl=False)
