"""The ``casino-math`` app: its commands, registered in the order ``--help`` lists them, and the entry point.

Every command that prints figures takes ``--format``; bad input prints one line
``error: …`` on stderr and exits with code 2.
"""

from __future__ import annotations

import sys

import typer

from ..errors import InputError
from .design import compare, search, solve, sweep
from .frequencies import frequencies
from .games import analyze, report, schema, verify
from .removal import removal
from .simulate import simulate
from .stud import stud_app

app = typer.Typer(
    help="Exact mathematics of casino table games and their paytables.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,  # plain usage errors: a line, not a box
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"casino-math {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """Exact mathematics of casino table games and their paytables."""


for _command in (frequencies, analyze, report, verify, solve, sweep, search, compare, simulate, schema):
    app.command()(_command)
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
