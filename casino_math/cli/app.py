"""The ``casino-math`` app: its commands, registered in the order ``--help`` lists them, and the entry point.

Every command that prints figures takes ``--format``; bad input prints one line
``error: …`` on stderr and exits with code 2.
"""

from __future__ import annotations

import atexit
import copy
import gc
import logging
import os
import sys
from typing import Any

import typer

from .. import interrupts
from ..errors import InputError, WorkerLost
from ..memory import keep_freed_memory
from ..terminal import escaped_output
from .cache import cache_app
from .design import compare, search, solve, sweep
from .frequencies import frequencies
from .games import analyze, report, schema, verify
from .removal import removal
from .simulate import simulate
from .stud import stud_app
from .studio import studio_app

YOUNG = 10_000  # objects made between two passes of the cycle collector over the youngest (Python's default: 700)
MIDDLE = 100  # passes over the youngest between two over the middle generation too (Python's default: 10)
INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C (128 + SIGINT)
WORKER_LOST = 3  # neither a verdict (1) nor bad input (2): the machine stopped the work

# A command's process ends when the command does: what it built (numba's and pydantic's registries, the engine's
# tables) is frozen as the interpreter begins to end, so that its last passes of the cycle collector do not walk it
# all (about 0.4 s of a two-second video poker analysis). Nothing else changes: exit handlers and finalizers run.
atexit.register(gc.freeze)

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
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor keep counts between runs (before the command or after it)."),
) -> None:
    """Exact mathematics of casino table games and their paytables."""
    if no_cache:
        from ..count_cache import switch_off

        switch_off()


for _command in (frequencies, analyze, report, verify, solve, sweep, search, compare, simulate, schema):
    app.command()(_command)
app.add_typer(stud_app, name="stud")
app.command()(removal)
app.add_typer(cache_app, name="cache")
app.add_typer(studio_app, name="studio")


def command() -> Any:
    """The app as click runs it, its help in one style with an example under every command (``cli/help.py``)."""
    from .help import plain

    return _no_cache_after_commands(plain(typer.main.get_command(app)))


NO_COUNTS = ("cache", "schema")  # commands that count nothing: --no-cache means nothing to them


def _no_cache_after_commands(root: Any) -> Any:
    """``--no-cache`` taken after a command too (``casino-math analyze FILE --no-cache``), not only before it: the root's
    option, given to every command that counts, switching the cache off as it is read (click reads a group's options
    before its command only)."""
    shared = next(p for p in root.params if p.name == "no_cache")

    def switch(context: Any, param: Any, value: bool) -> bool:
        if value:
            from ..count_cache import switch_off

            switch_off()
        return value

    def give(command: Any) -> None:
        if command.name in NO_COUNTS:
            return
        if not any(p.name == "no_cache" for p in command.params):
            option = copy.copy(shared)
            option.expose_value, option.callback, option.is_eager = False, switch, True  # read before the command runs
            command.params.append(option)
        for sub in getattr(command, "commands", {}).values():
            give(sub)

    for sub in root.commands.values():
        give(sub)
    return root


def main() -> None:
    """Entry point: run the app; bad input, a failed write or an interrupt end in one line on stderr, never a traceback.

    Exit codes: 0 done, 1 a verdict of the command (a claim fails, no pay reaches a target), 2 bad input or an
    output that cannot be written, 3 a worker process ended by the system (out of memory), 130 interrupted (Ctrl-C).
    Whatever it prints shows a file's control characters as text (casino_math/terminal.py).
    """
    thresholds = gc.get_threshold()
    # A command makes most of its objects once and keeps them (the engine's modules, numba's and pydantic's registries,
    # the hands valued): passing over the youngest every 700 walked them again and again (0.25 s of a cold video poker
    # analysis); garbage cycles are freed a little later, in fewer passes. Each pass over the middle generation walked
    # the survivors of the last ten (100,000 objects: the imports' and registries' own, 0.01 to 0.03 s a pass).
    gc.set_threshold(YOUNG, MIDDLE, *thresholds[2:])
    keep_freed_memory()  # a big count's arrays freed and made again: about 2 s of system time in a Caribbean Stud analysis
    try:
        with interrupts.handling(), escaped_output():
            _run()
    except KeyboardInterrupt:  # Ctrl-C as the run began, before its handling
        sys.stderr.write("interrupted\n")
        _end_now(INTERRUPTED)
    finally:
        gc.set_threshold(*thresholds)  # as it was, for a caller that goes on (a test)


def _run() -> None:
    _warnings_as_lines()
    try:
        code = command()(standalone_mode=False)  # typer returns Ctrl-C as exit code 130
        if code == INTERRUPTED:
            raise KeyboardInterrupt
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not as a note at exit
    except InputError as error:
        for line in str(error).splitlines():  # one line per problem found
            typer.echo(f"error: {line}", err=True)
        sys.exit(2)
    except WorkerLost as error:
        _drop_stdout()
        typer.echo(f"error: {error}{_kept()}", err=True)
        sys.exit(WORKER_LOST)
    except BrokenPipeError:  # the reader went away (casino-math ... | head): nothing left to say to anyone
        _drop_stdout()
        sys.exit(1)
    except OSError as error:
        _drop_stdout()
        typer.echo(f"error: {_written(error)}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        _drop_stdout()
        typer.echo("interrupted" + _kept(), err=True)
        _end_now(INTERRUPTED)
    except Exception as error:
        # click's usage errors (typer vendors click, so match the interface, not the class)
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        context = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help())
            sys.exit(0)
        typer.echo(f"error: {_plain_usage(error.format_message())}", err=True)
        sys.exit(error.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


class _WarningLine(logging.Handler):
    """The library's warnings (a kept shard computed again) as ``warning: …`` lines on the stderr of the moment."""

    def emit(self, record: logging.LogRecord) -> None:
        sys.stderr.write(f"warning: {record.getMessage()}\n")


def _warnings_as_lines() -> None:
    logger = logging.getLogger("casino_math")
    if not any(isinstance(h, _WarningLine) for h in logger.handlers):
        logger.addHandler(_WarningLine(logging.WARNING))  # with a handler here, Python's bare last-resort one stays silent


def _plain_usage(message: str) -> str:
    """A usage error in plain words: typer's checker speaks of "Value error, " and "Input should be"."""
    message = message.replace("Value error, ", "").replace("Input should be greater than or equal to", "should be at least")
    return message.replace("Input should be less than or equal to", "should be at most").replace("Input should be", "should be")


def _written(error: OSError) -> str:
    """An operating-system error in plain words: what could not be done to which file."""
    reason = error.strerror or str(error)
    if error.filename:
        return f"{error.filename}: {reason}"
    return f"cannot write the output: {reason}"


def _kept() -> str:
    """What an interrupted run leaves: the finished shards of big counts, where ``--cache`` keeps them."""
    for i, arg in enumerate(sys.argv):
        if arg == "--cache" and i + 1 < len(sys.argv):
            return f"; finished shards are kept in {sys.argv[i + 1]}, so the same command resumes from them"
        if arg.startswith("--cache="):
            return f"; finished shards are kept in {arg.split('=', 1)[1]}, so the same command resumes from them"
    return ""


def _end_now(code: int) -> None:
    """After a real Ctrl-C, exit at once: the interpreter's own ending would run the finalizers of what the interrupt
    left half made (a worker pool's, a library's), which can print or crash after the one line said. A run that only
    raised KeyboardInterrupt (a test of ``main`` in its own process) exits as usual."""
    sys.stderr.flush()
    if interrupts.came():
        os._exit(code)
    sys.exit(code)


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so that Python's flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real standard output (a test's capture): nothing to protect
        pass
