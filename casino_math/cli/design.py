"""The paytable design commands: ``solve``, ``sweep``, ``search`` and ``compare``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..output import FormatChoice as Format, dumps
from .options import BET as _BET, CACHE as _CACHE, SCHEDULER as _SCHEDULER, WAGER as _WAGER, WORKERS as _WORKERS, echo_frame as _echo_frame
from .options import runner as _runner, the_bet as _the_bet

_TABLE_HELP = "The paytable to change, where the bet is paid by several."


def solve(
    file: Path = typer.Argument(..., help="A game file (YAML)."),
    bet: Optional[str] = _BET,
    pay: Optional[str] = typer.Option(None, "--pay", help="The line whose pay to solve for, e.g. flush (a hand the table does not list is added)."),
    target_edge: str = typer.Option(..., "--target-edge", help="The target, e.g. 3% or 0.03."),
    measure: str = typer.Option("house_edge", "--measure", help="house_edge, or element_of_risk."),
    table: Optional[str] = typer.Option(None, "--table", help=_TABLE_HELP),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    wager: Optional[str] = _WAGER,
    meter: Optional[str] = typer.Option(None, "--meter", help="Instead of a pay: the progressive meter at which the bet has the "
                                        "target house edge (0: where it breaks even)."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Instead of a pay: the seed of this progressive meter that gives the "
                                       "target long-run house edge (the house's share of the bets in the long run)."),
) -> None:
    """Solve for the exact pay ("X to 1") that gives a bet a target house edge, and practical pays near it; or for a
    progressive meter (--meter), or a meter's seed (--seed).

    Exit code 1 when no pay reaches the target.
    """
    from ..design import parse_number, pay_for_target

    bet = _the_bet(bet, wager)
    if sum(x is not None for x in (pay, meter, seed)) != 1:
        raise typer.BadParameter("name one of --pay, --meter or --seed")
    if pay is None:
        from ..design.meters import meter_for_target, seed_for_target

        solver = meter_for_target if meter is not None else seed_for_target
        found = solver(file, bet, meter or seed or "", parse_number(target_edge, "--target-edge"))
        if format is Format.json:
            typer.echo(dumps({"wager": bet, "meter": found.meter, "solved_for": found.what, "target": found.target,
                              "value": found.value, "message": found.message}))
        else:
            typer.echo(found.message)
        return
    solution = pay_for_target(file, bet, pay, parse_number(target_edge, "--target-edge"), measure, table)
    if format is Format.json:
        typer.echo(dumps({
            "wager": bet, "table": solution.table, "line": solution.line, "measure": measure, "target": solution.target,
            "pay": None if solution.pay is None else str(solution.pay), "pay_float": None if solution.pay is None else float(solution.pay),
            "pays": [str(p) for p in solution.pays], "message": solution.message, "nearby": solution.nearby.to_dict("records"),
        }))
    else:
        typer.echo(solution.message)
        if solution.pay is not None:
            typer.echo(f"exact pay: {solution.pay} to 1 = {float(solution.pay):.6f} to 1"
                       + (f" ({solution.pay + 1} for 1)" if solution.for_one else "") + "\n\npractical pays nearby:")
            _echo_frame(solution.nearby, format)
    if solution.pay is None:
        raise typer.Exit(1)


def sweep(
    file: Path = typer.Argument(..., help="A game file (YAML)."),
    bet: Optional[str] = _BET,
    pay: Optional[str] = typer.Option(None, "--pay", help="The line whose pay to sweep, e.g. straight (a hand the table does not list is added)."),
    start: str = typer.Option(..., "--from", help="First pay (to 1)."),
    stop: str = typer.Option(..., "--to", help="Last pay (to 1), included when the steps land on it."),
    step: str = typer.Option("1", "--step", help="Step between pays, e.g. 1 or 0.5."),
    table: Optional[str] = typer.Option(None, "--table", help=_TABLE_HELP),
    chart: Optional[Path] = typer.Option(None, "--chart", help="Also draw house edge, hit frequency and SD against the pay (PNG, SVG or PDF)."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    wager: Optional[str] = _WAGER,
    meter: Optional[str] = typer.Option(None, "--meter", help="Instead of a pay: a progressive meter (for 1) to sweep."),
) -> None:
    """House edge, hit frequency and standard deviation of a bet as one pay runs over a range (and the strategy, for the game's own bet);
    or a progressive bet's return and house edge as its meter runs over a range (--meter)."""
    from ..design import parse_number, sweep as run, sweep_chart
    from ..design.ranges import values

    bet = _the_bet(bet, wager)
    if chart is not None:
        from ..design.explore import chart_path
        from ..targets import file_to_write

        chart = file_to_write(chart_path(chart), "--chart")  # before the sweep is computed: the file written, .png added
    what = "--from/--to/--step"
    if (pay is None) == (meter is None):
        raise typer.BadParameter("name one of --pay or --meter")
    if meter is not None:
        from ..design.meters import meter_sweep

        _echo_frame(meter_sweep(file, bet, meter, values(parse_number(start, "--from"), parse_number(stop, "--to"),
                                                        parse_number(step, "--step"), what)), format)
        return
    assert pay is not None
    frame = run(file, bet, pay, values(parse_number(start, "--from"), parse_number(stop, "--to"), parse_number(step, "--step"), what), table)
    _echo_frame(frame, format)
    if chart is not None:
        written = sweep_chart(frame, chart)
        if format is not Format.json:
            typer.echo(f"\nchart: {written}")


def search(
    file: Path = typer.Argument(..., help="A game file (YAML): the pays not varied stay as in it."),
    bet: Optional[str] = _BET,
    vary: str = typer.Option(..., "--vary", help='Pays to vary, e.g. "flush=2..6,straight=4..8,three_of_a_kind=25..40" (lo..hi:step for steps other than 1).'),
    edge: str = typer.Option(..., "--edge", help="The band to keep, e.g. 2%..4%."),
    measure: str = typer.Option("house_edge", "--measure", help="house_edge, or element_of_risk."),
    table: Optional[str] = typer.Option(None, "--table", help=_TABLE_HELP),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Print only the first N paytables found."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = _WORKERS,
    cache: Optional[Path] = _CACHE,
    wager: Optional[str] = _WAGER,
) -> None:
    """Every paytable of a grid whose house edge lies in a band, lowest edge first (at most 1,000,000 paytables; fewer for
    the game's own bet, whose strategy is solved for each, in shards on every local core or a Dask cluster)."""
    from ..design import parse_band, parse_vary, search as run

    bet = _the_bet(bet, wager)
    frame = run(file, bet, parse_vary(vary), parse_band(edge, "--edge"), measure, table=table, runner=_runner(scheduler, workers, cache))
    found = len(frame)
    if limit is not None:
        frame = frame.head(limit)
    if format is Format.table:
        typer.echo(f"{found:,} of {frame.attrs['grid']:,} paytables have their {measure.replace('_', ' ')} in {edge}"
                   + (f"; the first {len(frame):,}:" if len(frame) < found else ":"))
    _echo_frame(frame, format)


def compare(
    files: list[Path] = typer.Argument(..., help="Two or more game files (YAML)."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = typer.Option(None, "--workers", help="Local worker processes: the game files solved at once, "
                                          "and big counts' workers (default: one per core; 1: one file at a time)."),
    cache: Optional[Path] = _CACHE,
) -> None:
    """The figures of each bet of several game files side by side, with each file's difference from the first (the files
    solved at once, one per core)."""
    from ..design import compare as run
    from ..progress import Bar

    runner = _runner(scheduler, workers, cache)  # --cache checked before anything is counted
    with Bar() as bar:
        frame = run(files, bar, runner)
    _echo_frame(frame, format, figure_column="figure")
