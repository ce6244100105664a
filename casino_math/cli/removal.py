"""``casino-math removal``: a side bet's effect of removal, card rank by card rank, and the count it suggests.

Registered on the app in ``cli/app.py``; for example:

    casino-math removal paytables/baccarat/super-6.yaml --bet lucky_6 --level 18
    casino-math removal paytables/baccarat/ez-baccarat.yaml --bet dragon_7 --tags "0 0 0 0 0 0 0 0 0 0 0 0 0" -f json
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..errors import InputError
from ..output import FormatChoice as Format, dumps, render_frame
from .options import BET as _BET, WAGER as _WAGER, the_bet as _the_bet

def removal(
    file: Path = typer.Argument(..., help="A game file dealt from a shoe, e.g. paytables/baccarat/ez-baccarat.yaml."),
    bet: Optional[str] = _BET,
    level: int = typer.Option(2, "--level", help="The count's largest tag: tags are the effects scaled to it and rounded."),
    tags: Optional[str] = typer.Option(None, "--tags", help="A count of your own to judge: one tag per rank, lowest rank first."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    wager: Optional[str] = _WAGER,
) -> None:
    """The change in a bet's expected return when one card of each rank leaves the full shoe, a count, its betting correlation."""
    from ..analysis import analyze

    bet = _the_bet(bet, wager)
    effects = analyze(file).effect_of_removal(bet)
    own = _tags(tags, len(effects.ranks)) if tags else None
    if format.value == "json":
        data = effects.to_dict(level)
        if own is not None:
            data["own_tags"] = list(own)
            data["own_betting_correlation_float"] = effects.betting_correlation(own)
        typer.echo(dumps(data))
        return
    frame = effects.frame(level)
    if own is not None:
        frame["own_tag"] = list(own)
    if format.value == "table":
        typer.echo(f"{effects.game.title} ({effects.game.id}), {bet}: expected return {float(effects.expected):.6%} "
                   f"from the full shoe; effect of removing one card of each rank\n")
    typer.echo(render_frame(frame.drop(columns=["effect"]) if format.value != "csv" else frame, format.value), nl=False)
    if format.value in ("table", "markdown"):
        typer.echo(f"\nbetting correlation of the level-{level} count: {effects.betting_correlation(effects.tags(level)):.4f}")
        if own is not None:
            typer.echo(f"betting correlation of your count: {effects.betting_correlation(own):.4f}")


def _tags(text: str, ranks: int) -> tuple[int, ...]:
    words = text.replace(",", " ").split()
    try:
        values = tuple(int(w) for w in words)
    except ValueError:
        raise InputError(f"--tags: whole numbers, one per rank (lowest rank first), not {text!r}") from None
    if len(values) != ranks:
        raise InputError(f"--tags: {len(values)} tags given, but the shoe holds {ranks} ranks (one tag per rank, lowest first)")
    return values
