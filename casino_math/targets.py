"""Where output goes, checked before any work: a folder to write files in (``report --out``, ``--cache``), a file to write.

A run that counts for minutes must not find out at the end that it cannot write: each target is checked
first, and a bad one is refused with one line (an ``InputError``, exit code 2 from the command line).
``~`` is expanded. A folder that does not exist yet is fine when the nearest folder above it can be
written in; it is made when the output is written, not before, so a refused or failed run leaves nothing.

>>> folder_to_write("/dev/null", "--out")
Traceback (most recent call last):
...
casino_math.errors.InputError: --out: /dev/null is a device, not a folder
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import InputError


def expand(path: str | Path) -> Path:
    """``path`` with a leading ``~`` or ``~user`` made the home folder it names."""
    return Path(path).expanduser()


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    return "a special file"


def _probe(folder: Path) -> None:
    """Create and remove a file in ``folder``: the one test that sees read-only mounts, permissions and ACLs alike."""
    handle, name = tempfile.mkstemp(dir=folder, prefix=".casino-math-probe-")
    os.close(handle)
    os.unlink(name)


def folder_to_write(path: str | Path, what: str, named: Path | None = None) -> Path:
    """``path`` (``~`` expanded) if files can be written in it, or in the folder it would be made in; else a one-line InputError
    (about ``named``, when the folder is that of a file to write)."""
    folder = expand(path)
    named = named or folder
    existing = folder
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    try:
        mode = existing.stat().st_mode
    except OSError as error:  # a dangling link, a folder we may not look into
        raise InputError(f"{what}: {named}: cannot use it: {error.strerror}") from None
    if not stat.S_ISDIR(mode):
        shown = f"{existing} is {_kind(mode)}, not a folder"
        raise InputError(f"{what}: {shown}" if existing == named else f"{what}: {named}: {shown}")
    try:
        _probe(existing)
    except OSError as error:
        raise InputError(f"{what}: {named}: cannot write in {existing}: {error.strerror}") from None
    return folder


def file_to_write(path: str | Path, what: str) -> Path:
    """``path`` (``~`` expanded) if it can be written as a file: not a folder, its folder writable."""
    file = expand(path)
    if file.is_dir():
        raise InputError(f"{what}: {file} is a folder, not a file")
    if file.exists() and not file.is_file():
        raise InputError(f"{what}: {file} is {_kind(file.stat().st_mode)}, not a file")
    folder_to_write(file.parent, what, file)
    return file
