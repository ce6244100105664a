"""``casino-math simulate``: real deals played by the derived strategy, beside the exact figures."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..output import FormatChoice as Format, dumps, render_frame
from .options import CACHE as _CACHE, SCHEDULER as _SCHEDULER, WORKERS as _WORKERS, echo_frame as _echo_frame, runner as _runner


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
    from ..progress import Bar
    from ..simulate import CHUNK, simulate as run
    from ..text import percent

    runner = _runner(scheduler, workers, cache)  # --cache checked before a hand is dealt
    # shards of whole chunks deal the same hands as any other whole number of chunks: a hundredth of the run each
    # moves the bar smoothly (the default shard is 2,000,000 hands: a 10,000,000-hand run would move in fifths)
    shard = max(CHUNK, hands // 100 // CHUNK * CHUNK)
    with Bar() as bar:
        bar.status("exact figures to compare with")
        frame = run(file, hands, seed, progress=lambda done: bar.status("dealing", done, hands), runner=runner, shard=shard)
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
