"""Slow shards on local Dask worker processes, behind a command added to the real app: what the Ctrl-C test interrupts.

Run as ``python slow_shards.py --cache DIR`` (this folder on PYTHONPATH, so that the workers find ``slow``).
"""

from __future__ import annotations

import time
from pathlib import Path

import typer

SHARDS = 40


def slow(x: int) -> int:
    """A shard that takes a second (the first a fifth of one, so that one is kept early)."""
    time.sleep(1.0 if x else 0.2)
    return x * x


def slow_shards(cache: Path = typer.Option(..., "--cache")) -> None:
    """Square 0..39 in shards on two local workers, keeping finished shards in --cache."""
    from casino_math.parallel import Runner, Shards

    typer.echo(Shards(slow, list(range(SHARDS)), "interrupt-test").run(Runner.of(workers=2, cache=cache)))


if __name__ == "__main__":  # worker processes import this module: only the parent runs the app
    import sys

    from casino_math.cli import app, main

    app.command("slow-shards")(slow_shards)
    sys.argv = [sys.argv[0], "slow-shards", *sys.argv[1:]]
    main()
