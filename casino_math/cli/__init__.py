"""The ``casino-math`` command line: a thin layer over the Python API, one module per group of commands.

- ``app.py``: the typer app, the order of its commands and the entry point :func:`~casino_math.cli.app.main` (bad input: one line, exit 2)
- ``options.py``: what several commands share (where big counts run and are kept; design tables' output)
- ``frequencies.py``: hand frequencies; ``games.py``: analyze, report, verify, schema; ``design.py``: solve, sweep,
  search, compare; ``simulate.py``; ``removal.py``: effect of removal; ``stud.py``: the ``stud`` commands

Nothing here imports numpy or pandas before a command runs, so ``casino-math --help`` answers at once.
"""

from __future__ import annotations

try:
    from .app import app, main
except KeyboardInterrupt:  # Ctrl-C while the command line loads, before it handles one itself: the same one line
    import os
    import sys

    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(130)

__all__ = ["app", "main"]
