"""What several commands share: the options of big counts (where shards run, where they are kept) and the design tables' output."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from ..output import FormatChoice as Format, dumps, render_frame

if TYPE_CHECKING:
    from ..parallel import Runner

SCHEDULER = typer.Option(None, "--scheduler", help="A Dask scheduler (tcp://host:8786) to run big counts on; default: every local core.")
WORKERS = typer.Option(None, "--workers", help="Local worker processes for big counts (default: one per core).")
CACHE = typer.Option(None, "--cache", help="A folder keeping finished shards of big counts, so that a stopped run resumes.")
BET = typer.Option(None, "--bet", "-b", help="The bet, as the game file names it: the game's own (e.g. ante_play) or a side bet "
                   "(e.g. pair_plus).  [required]")  # shown as typer shows it; checked by the_bet (so that --wager still reads)
WAGER = typer.Option(None, "--wager", hidden=True, help="The former name of --bet, still read.")


def the_bet(bet: Optional[str], wager: Optional[str]) -> str:
    """The bet named by ``--bet`` (or ``--wager``, its former name, still read)."""
    from ..errors import InputError

    if bet is not None and wager is not None and bet != wager:
        raise InputError(f"--bet {bet} and --wager {wager}: --wager is the former name of --bet; give one bet")
    named = bet if bet is not None else wager
    if not named:
        raise InputError("--bet: name the bet to work on, as the game file names it (e.g. --bet pair_plus)")
    return named


def runner(scheduler: Optional[str], workers: Optional[int], cache: Optional[Path]) -> "Runner | None":
    """Where big counts run, as the options ask (None: the library's default)."""
    from ..parallel import Runner

    named = scheduler or workers is not None or cache  # --workers 0 is asked for, and refused like -1
    return Runner.of(scheduler, None, workers, cache) if named else None


def echo_frame(frame, format: Format, figure_column: Optional[str] = None) -> None:
    """A design table: exact in csv and json, readable (percentages, pays as 9/2) in table and markdown."""
    from ..design import readable

    if format is Format.json:
        typer.echo(dumps(frame.to_dict("records")))
    elif format is Format.csv:
        typer.echo(render_frame(frame, "csv"), nl=False)
    else:
        typer.echo(render_frame(readable(frame, figure_column), format.value), nl=False)
