"""The ``casino-math`` command line: a thin layer over the Python API.

Every command that prints figures takes ``--format``; bad input prints one line
``error: …`` on stderr and exits with code 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from enum import Enum
from typing import Optional

import typer

from .errors import InputError
from .output import FormatChoice as Format, dumps, render_frame
from .removal_cli import removal
from .stud.cli import stud_app

app = typer.Typer(
    help="Exact mathematics of casino table games and their paytables.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,  # plain usage errors: a line, not a box
)


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"casino-math {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """Exact mathematics of casino table games and their paytables."""


class DeckName(str, Enum):
    standard = "standard"
    short = "short"
    piquet = "piquet"
    royal = "royal"
    mexican = "mexican"


class JokerRule(str, Enum):
    wild = "wild"
    bug = "bug"


@app.command()
def frequencies(
    cards: int = typer.Option(5, "--cards", "-n", help="Cards in each hand."),
    best: Optional[int] = typer.Option(None, "--best", "-k", help="Cards that count (default: the ranking's hand size)."),
    ranking: str = typer.Option("high", help="high, three-card, ace-to-five, ace-to-six, deuce-to-seven, eight-or-better, soko-finnish, soko-canadian, deuces-wild."),
    deck: DeckName = typer.Option(DeckName.standard, help="standard (52), short (36: 6-A), piquet (32: 7-A), royal (20: T-A), mexican (40: no 8-9-10)."),
    jokers: int = typer.Option(0, help="Jokers added to the deck (0-2)."),
    joker: JokerRule = typer.Option(JokerRule.wild, help="How a joker plays: fully wild, or the bug (an ace or a card completing a "
                                                         "straight or flush; in ace-to-five and eight-or-better the lowest card not in the hand)."),
    dead: str = typer.Option("", help='Cards known to be out, e.g. "Ah Kd".'),
    fixed: str = typer.Option("", help='Cards known to be in the hand, e.g. "As".'),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """Exact hand frequencies: every hand of a deck, counted by category (strongest first)."""
    from .frequencies import hand_frequencies

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


_SCHEDULER = typer.Option(None, "--scheduler", help="A Dask scheduler (tcp://host:8786) to run big counts on; default: every local core.")
_WORKERS = typer.Option(None, "--workers", help="Local worker processes for big counts (default: one per core).")
_CACHE = typer.Option(None, "--cache", help="A folder keeping finished shards of big counts, so that a stopped run resumes.")


def _runner(scheduler: Optional[str], workers: Optional[int], cache: Optional[Path]):
    from .parallel import Runner

    return Runner.of(scheduler, None, workers, cache) if (scheduler or workers or cache) else None


@app.command()
def analyze(
    file: Path = typer.Argument(..., help="A game file (YAML), e.g. paytables/three_card_poker/standard.yaml."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = _WORKERS,
    cache: Optional[Path] = _CACHE,
) -> None:
    """Analyse every bet of a game file: return tables, house edge, element of risk, the strategy."""
    from .game.analysis import GameAnalysis
    from .game.loader import load_game
    from .progress import Bar

    game = load_game(file)
    with Bar() as bar:
        result = GameAnalysis(game, bar, _runner(scheduler, workers, cache))
        result.tables  # noqa: B018 - count while the bar shows
    if format is Format.json:
        typer.echo(dumps(result.to_dict()))
        return
    if format is Format.csv:
        import pandas as pd

        frames = [table.to_frame().assign(bet=name) for name, table in result.tables.items()]
        frame = pd.concat(frames, ignore_index=True)
        typer.echo(render_frame(frame[["bet", *frames[0].columns]], "csv"), nl=False)
        return
    game = result.game
    typer.echo(f"{game.title} ({game.id}): {result.deals:,} equally likely deals")
    strategy = result.strategy_summary()
    for name, table in result.tables.items():
        m = table.metrics
        typer.echo(f"\n{name}: house edge {float(m.house_edge):.4%}, element of risk {float(m.element_of_risk):.4%}, "
                   f"average wager {float(m.average_wager):.4f}, hit frequency {float(m.hit_frequency):.4%}, "
                   f"standard deviation {m.standard_deviation:.4f}")
        if name == game.bet:
            for decision, words in strategy.items():
                typer.echo(f"strategy at {decision}: {words}")
        bet = game.side_bet.get(name)
        if bet is not None and bet.meter:
            typer.echo(f"break-even {bet.meter}: {float(result.break_even(name, bet.meter)):,.2f} to 1")
        frame = table.to_frame().drop(columns=["probability", "net"])
        typer.echo(render_frame(frame, "markdown" if format is Format.markdown else "table"), nl=False)


@app.command()
def report(
    paths: Optional[list[Path]] = typer.Argument(None, help="Game files, or folders of them (default: every game under paytables/, with an index)."),
    out: Path = typer.Option(Path("reports"), "--out", "-o", help="Folder for <game>.html, <game>.pdf (and index.html)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing: no progress bar, no file names."),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = _WORKERS,
    cache: Optional[Path] = _CACHE,
) -> None:
    """Write the par sheet of each game family (its main game and paytable variants) as HTML and PDF: every file or none."""
    from .report import write_report

    for written in write_report(paths or (), out, quiet=quiet, runner=_runner(scheduler, workers, cache)):
        if not quiet:
            typer.echo(written)


@app.command()
def verify(
    claims: list[Path] = typer.Argument(..., help="Claims files (YAML), or folders of them, e.g. paytables/three_card_poker/claims/."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """Check published figures against the exact ones. Exit code 0: all pass; 1: a claim fails; 2: bad input."""
    from .claims import verify_files

    frame = verify_files(claims)
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


def _echo_frame(frame, format: Format, figure_column: Optional[str] = None) -> None:
    """A design table: exact in csv and json, readable (percentages, pays as 9/2) in table and markdown."""
    from .design import readable

    if format is Format.json:
        typer.echo(dumps(frame.to_dict("records")))
    elif format is Format.csv:
        typer.echo(render_frame(frame, "csv"), nl=False)
    else:
        typer.echo(render_frame(readable(frame, figure_column), format.value), nl=False)


_WAGER_HELP = "A bet of the file: the game's own (e.g. ante_play) or a side bet (e.g. pair_plus)."
_TABLE_HELP = "The paytable to change, where the bet is paid by several."


@app.command()
def solve(
    file: Path = typer.Argument(..., help="A game file (YAML)."),
    wager: str = typer.Option(..., "--wager", help=_WAGER_HELP),
    pay: str = typer.Option(..., "--pay", help="The line whose pay to solve for, e.g. flush (a hand the table does not list is added)."),
    target_edge: str = typer.Option(..., "--target-edge", help="The target, e.g. 3% or 0.03."),
    measure: str = typer.Option("house_edge", "--measure", help="house_edge, or element_of_risk."),
    table: Optional[str] = typer.Option(None, "--table", help=_TABLE_HELP),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """Solve for the exact pay ("X to 1") that gives a bet a target house edge, and practical pays near it.

    Exit code 1 when no pay reaches the target.
    """
    from .design import parse_number, solve as run

    solution = run(file, wager, pay, parse_number(target_edge, "--target-edge"), measure, table)
    if format is Format.json:
        typer.echo(dumps({
            "wager": wager, "table": solution.table, "line": solution.line, "measure": measure, "target": solution.target,
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


@app.command()
def sweep(
    file: Path = typer.Argument(..., help="A game file (YAML)."),
    wager: str = typer.Option(..., "--wager", help=_WAGER_HELP),
    pay: str = typer.Option(..., "--pay", help="The line whose pay to sweep, e.g. straight (a hand the table does not list is added)."),
    start: str = typer.Option(..., "--from", help="First pay (to 1)."),
    stop: str = typer.Option(..., "--to", help="Last pay (to 1), included when the steps land on it."),
    step: str = typer.Option("1", "--step", help="Step between pays, e.g. 1 or 0.5."),
    table: Optional[str] = typer.Option(None, "--table", help=_TABLE_HELP),
    chart: Optional[Path] = typer.Option(None, "--chart", help="Also draw house edge, hit frequency and SD against the pay (PNG, SVG or PDF)."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """House edge, hit frequency and standard deviation of a bet as one pay runs over a range (and the strategy, for the game's own bet)."""
    from .design import parse_number, sweep as run, sweep_chart
    from .design.ranges import values

    what = "--from/--to/--step"
    frame = run(file, wager, pay, values(parse_number(start, "--from"), parse_number(stop, "--to"), parse_number(step, "--step"), what), table)
    _echo_frame(frame, format)
    if chart is not None:
        sweep_chart(frame, chart)
        if format is not Format.json:
            typer.echo(f"\nchart: {chart}")


@app.command()
def search(
    file: Path = typer.Argument(..., help="A game file (YAML): the pays not varied stay as in it."),
    wager: str = typer.Option(..., "--wager", help=_WAGER_HELP),
    vary: str = typer.Option(..., "--vary", help='Pays to vary, e.g. "flush=2..6,straight=4..8,three_of_a_kind=25..40" (lo..hi:step for steps other than 1).'),
    edge: str = typer.Option(..., "--edge", help="The band to keep, e.g. 2%..4%."),
    measure: str = typer.Option("house_edge", "--measure", help="house_edge, or element_of_risk."),
    table: Optional[str] = typer.Option(None, "--table", help=_TABLE_HELP),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Print only the first N paytables found."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = _WORKERS,
    cache: Optional[Path] = _CACHE,
) -> None:
    """Every paytable of a grid whose house edge lies in a band, lowest edge first (at most 1,000,000 paytables; fewer for
    the game's own bet, whose strategy is solved for each, in shards on every local core or a Dask cluster)."""
    from .design import parse_band, parse_vary, search as run

    frame = run(file, wager, parse_vary(vary), parse_band(edge, "--edge"), measure, table=table, runner=_runner(scheduler, workers, cache))
    found = len(frame)
    if limit is not None:
        frame = frame.head(limit)
    if format is Format.table:
        typer.echo(f"{found:,} of {frame.attrs['grid']:,} paytables have their {measure.replace('_', ' ')} in {edge}"
                   + (f"; the first {len(frame):,}:" if len(frame) < found else ":"))
    _echo_frame(frame, format)


@app.command()
def compare(
    files: list[Path] = typer.Argument(..., help="Two or more game files (YAML)."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
) -> None:
    """The figures of each bet of several game files side by side, with each file's difference from the first."""
    from .design import compare as run

    _echo_frame(run(files), format, figure_column="figure")


@app.command()
def simulate(
    file: Path = typer.Argument(..., help="A game file (YAML)."),
    hands: int = typer.Option(1_000_000, "--hands", help="Hands to deal."),
    seed: int = typer.Option(1, "--seed", help="Seed of the random generator: the same seed deals the same hands."),
    format: Format = typer.Option(Format.table, "--format", "-f"),
    scheduler: Optional[str] = _SCHEDULER,
    workers: Optional[int] = _WORKERS,
    cache: Optional[Path] = _CACHE,
) -> None:
    """Deal real hands, play the derived strategy, settle by the rules: each bet's observed return (95% interval) beside the exact one.

    Big runs deal in shards on every local core, or on a Dask cluster (--scheduler); the same seed deals the same hands anywhere.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .design.show import percent
    from .simulate import simulate as run

    console = Console(stderr=True)
    columns = (TextColumn("dealing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("deal", total=hands)
        frame = run(file, hands, seed, progress=lambda done: bar.update(task, completed=done), runner=_runner(scheduler, workers, cache))
    checks = frame.attrs.get("strategy")
    if format is Format.json:
        typer.echo(dumps({"hands": hands, "seed": seed, "bets": frame.to_dict("records"),
                          "strategy": [] if checks is None else checks.to_dict("records")}))
        return
    if format is Format.csv:
        _echo_frame(frame, format)
        return
    shown = frame.assign(
        observed=frame["observed_return"].map(percent), interval=[f"{percent(lo)} .. {percent(hi)}" for lo, hi in zip(frame["ci_low"], frame["ci_high"])],
        exact=frame["exact_return"].map(percent), z=frame["z"].map(lambda z: f"{z:+.2f}"), check=frame["inside"].map({True: "inside", False: "OUTSIDE"}),
    )[["wager", "observed", "interval", "exact", "z", "check"]]
    typer.echo(f"{hands:,} hands, seed {seed}: return per initial unit, observed (95% interval) and exact\n")
    typer.echo(render_frame(shown, format.value), nl=False)
    outside = int((~frame["inside"]).sum())
    typer.echo("\n" + (f"{outside} exact value(s) OUTSIDE the 95% interval (a correct value is outside one time in twenty)"
                       if outside else "every exact value lies inside its 95% interval"))
    if checks is not None:
        played = checks.assign(observed=[f"{v:.6f}" for v in checks["observed"]], exact=[f"{float(v):.6f}" for v in checks["exact"]],
                               z=checks["z"].map(lambda z: f"{z:+.2f}"), check=checks["inside"].map({True: "inside", False: "OUTSIDE"}))
        typer.echo("\nthe strategy played beside the analysed one:\n")
        typer.echo(render_frame(played[["figure", "observed", "exact", "z", "check"]], format.value), nl=False)


@app.command()
def schema() -> None:
    """Print the JSON Schema of game files, for editors."""
    import json

    from .game.loader import game_schema

    typer.echo(json.dumps(game_schema(), indent=2))


app.add_typer(stud_app, name="stud")
app.command()(removal)


def main() -> None:
    """Entry point: run the app, turning bad input into one line per problem and exit code 2."""
    try:
        code = app(standalone_mode=False)
    except InputError as error:
        for line in str(error).splitlines():  # one line per problem found
            typer.echo(f"error: {line}", err=True)
        sys.exit(2)
    except Exception as error:
        # click's usage errors (typer vendors click, so match the interface, not the class)
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        context = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help())
            sys.exit(0)
        typer.echo(f"error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
