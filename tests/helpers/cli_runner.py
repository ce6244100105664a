"""Running the command line in-process, through its real entry point (for the CLI tests)."""

from __future__ import annotations

import sys

import pytest

from casino_math.cli import main


def run(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``casino-math *args``."""
    monkeypatch.setattr(sys, "argv", ["casino-math", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return exit_info.value.code or 0, out, err
