"""The help's names of values (``FILE...``, ``N``, ``table|csv|json|markdown``) come from click's public API and the
commands' own signatures (issue #34, item 10): once read from a private attribute of typer's parameters, every command
failed at start with typer 0.27 (``AttributeError: ... 'type_descriptor'``)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from casino_math.cli.help import plain
from casino_math.output import FormatChoice


def _run(files: list[Path], format: FormatChoice = FormatChoice.table, workers: Optional[int] = None, quiet: bool = False) -> None:
    """A command."""


def test_the_help_names_values_on_click_s_own_parameters():
    command = click.Command("compare", callback=_run, params=[
        click.Argument(["files"], nargs=-1, required=True), click.Option(["--format"]), click.Option(["--workers"]),
        click.Option(["--quiet"], is_flag=True)])
    text = plain(command, "compare").get_help(click.Context(command, info_name="casino-math"))
    assert "Usage: casino-math [OPTIONS] FILE..." in text
    assert "--format table|csv|json|markdown" in text and "--workers N" in text and "  --quiet\n" in text  # a flag names no value
