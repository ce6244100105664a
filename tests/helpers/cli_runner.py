"""Running the command line in-process, through its real entry point (for the CLI tests)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from casino_math.cli import main


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``casino-math *args``."""
    monkeypatch.setattr(sys, "argv", ["casino-math", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    code = exit_info.value.code
    assert not isinstance(code, str), code  # the app exits with a number, its message on stderr
    return code or 0, out, err


def refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> str:
    """Run ``casino-math *args``: exit 2, one line on stderr, nothing on stdout, nothing written in ``tmp_path`` (not
    even a folder); the line."""
    before = sorted(tmp_path.rglob("*"))
    code, out, err = run(monkeypatch, capsys, *args)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert sorted(tmp_path.rglob("*")) == before
    return err
