"""The commands on game files: ``analyze``, ``report``, ``verify`` (claims) and ``schema``."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Optional

import typer

from ..output import FormatChoice as Format, dumps, render_frame
from .options import CACHE as _CACHE, SCHEDULER as _SCHEDULER, WORKERS as _WORKERS, runner as _runner


def analyze(
    file: Path = typer.Argument(..., help="A game file (YAML), e.g. paytables/three_card_poker/standard.yaml."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = _WORKERS,
    cache: Optional[Path] = _CACHE,
) -> None:
    """Analyse every bet of a game file: return tables, house edge, element of risk, the strategy."""
    from ..analysis import GameAnalysis
    from ..analysis import load_game
    from ..progress import Bar
    from ..text import amount, decimal, escaped, percent, words as said

    runner = _runner(scheduler, workers, cache)  # --cache checked before anything is counted
    game = load_game(file)
    with Bar() as bar:
        result = GameAnalysis(game, bar, runner)
        result.tables  # noqa: B018 - count while the bar shows
    for name, table in result.tables.items():  # allowed (a promotion, a stripped deck), but worth a look
        if table.metrics.house_edge < 0:
            logging.getLogger("casino_math.analyze").warning(
                f"{file}: {name}: the player has the edge (house edge {percent(table.metrics.house_edge)}): check the pays and the rules")
    if format is Format.json:
        typer.echo(dumps(result.to_dict()))
        return
    if format is Format.csv:
        import pandas as pd

        frames = [table.to_frame().assign(bet=name) for name, table in result.tables.items()]
        frame = pd.concat(frames, ignore_index=True)
        typer.echo(render_frame(frame[["bet", *(c for c in frame.columns if c != "bet")]], "csv"), nl=False)
        return
    game = result.game
    # a game thrown with dice or spun on a wheel says what it counts over (its first sentence), not "deals"
    counted = game.words.deals.split("; ")[0].lower() if game.words.deals else f"{result.deals:,} equally likely deals"
    typer.echo(f"{escaped(game.title)} ({game.id}): {counted}")  # a name cannot turn the line round or break it
    strategy = result.strategy_summary()
    for name, table in result.tables.items():
        m = table.metrics
        typer.echo(f"\n{escaped(game.names.bet(name))}: house edge {percent(m.house_edge)}, element of risk {percent(m.element_of_risk)}, "
                   f"average wager {decimal(m.average_wager, 4)}, hit frequency {percent(m.hit_frequency)}, "
                   f"standard deviation {decimal(m.standard_deviation, 4)}")
        if name == game.bet:
            for decision, words in strategy.items():
                typer.echo(f"strategy at {said(decision)}: {words}")
        bet = game.side_bet.get(name)
        if bet is not None and bet.meter and not (bet.progressive and bet.progressive.meters):  # else: its meters' own lines
            even = result.break_even(name, bet.meter)
            written = next(line.pay for line in game.paytables[bet.table].lines if line.key == bet.meter)
            typer.echo(f"break-even pay of {bet.meter}: {amount(even)} to 1"
                       + (f" ({amount(even + 1)} for 1, as the table writes it)" if written.for_one else ""))
        if bet is not None and bet.progressive is not None:
            from ..design.meters import progressive_summary

            typer.echo("\n".join(progressive_summary(result, name)))
        frame = table.to_frame().drop(columns=["probability", "net"])
        typer.echo(render_frame(frame, "markdown" if format is Format.markdown else "table"), nl=False)


def report(
    paths: Optional[list[Path]] = typer.Argument(None, help="Game files, or folders of them (default: every game under paytables/, with an index)."),
    out: Path = typer.Option(Path("reports"), "--out", "-o", help="Folder for the par sheets, GAME.html and GAME.pdf (and index.html)."),
    formats: str = typer.Option("html,pdf", "--format", help="What to write of each sheet, joined by commas: html, pdf, xlsx (an Excel "
                                "workbook, a sheet per bet, exact fractions beside decimals), json (the figures, schema "
                                "casino_math/report/par-sheet.schema.json)."),
    revision: str = typer.Option("1", "--revision", help="The document revision printed on every sheet (a re-issue: 2, 1.1, B)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing: no progress bar, no file names."),
    issued: Optional[str] = typer.Option(None, "--date", help="The issue date printed on the sheets, YYYY-MM-DD (default: "
                                         "SOURCE_DATE_EPOCH, else today); the same files and date give the same bytes."),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = typer.Option(None, "--workers", help="Local worker processes: the families written at once, "
                                          "and big counts' workers (default: one per core; 1: one family at a time)."),
    cache: Optional[Path] = _CACHE,
) -> None:
    """Write the par sheet of each game family (its main game and paytable variants) as HTML and PDF: every file or none."""
    from ..report import write_report
    from ..targets import folder_to_write

    out = folder_to_write(out, "--out")
    for written in write_report(paths or (), out, quiet=quiet, runner=_runner(scheduler, workers, cache), issued=issued,
                                formats=formats, revision=revision):
        if not quiet:
            typer.echo(written)


def verify(
    claims: list[Path] = typer.Argument(..., help="Claims files (YAML), or folders of them, e.g. paytables/three_card_poker/claims/."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """Check published figures against the exact ones. Exit code 0: all pass; 1: a claim fails; 2: bad input."""
    from ..claims import verify_files
    from ..progress import Bar

    with Bar() as bar:
        frame = verify_files(claims, progress=bar)
    if format is Format.json:
        rows = frame.drop(columns=["computed_float"]).to_dict("records")
        typer.echo(dumps({"passed": bool(frame["passed"].all()), "failed": int((~frame["passed"]).sum()), "claims": rows}))
    else:
        shown = frame[["claim", "game", "published", "computed", "computed_text", "result", "error_text"]]
        shown = shown.rename(columns={"computed": "computed (exact)", "computed_text": "computed", "error_text": "error"})
        typer.echo(render_frame(shown, format.value), nl=False)
        if format is Format.table:
            failed = int((~frame["passed"]).sum())
            typer.echo(f"\n{len(frame) - failed} of {len(frame)} claims pass" + (f"; {failed} FAIL" if failed else ""))
    if not frame["passed"].all():
        raise typer.Exit(1)


def schema() -> None:
    """Print the JSON Schema of game files, for editors."""
    import json

    from ..analysis import game_schema

    typer.echo(json.dumps(game_schema(), indent=2))
