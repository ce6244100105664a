"""Writing report files atomically: all or nothing, never a half-written report, never a new HTML beside an old PDF.

The whole set is staged first: each file is written to a temporary file in its own folder (so the final
rename stays on one file system, where it is atomic) and synced. Then the set is swapped in: each previous
file is kept under a temporary name (a hard link, or a copy where links are not possible) and the new one
renamed over it. A failure at any point (a disk full while staging, a rename refused midway) puts every
previous file back, removes the new ones, the temporaries and any folder made for them, and re-raises. Ctrl-C is held
meanwhile (casino_math.interrupts): one that came puts the previous set back the same way, once every file was swapped,
and stops the run; once the set is in place, the work is done and an interrupt ends nothing.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import tempfile
from pathlib import Path
from typing import Mapping

from .. import interrupts


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _made_folders(folder: Path) -> list[Path]:
    """Make ``folder`` and the folders above it that are missing; the ones made, deepest first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    made = []
    try:
        for path in reversed(missing):
            path.mkdir()
            made.append(path)
    except OSError:
        _remove_folders(made[::-1])
        raise
    return made[::-1]


def _remove_folders(folders: list[Path]) -> None:
    for folder in folders:  # deepest first; a folder something else wrote in stays
        try:
            folder.rmdir()
        except OSError:
            pass


def _keep_previous(path: Path) -> str:
    """A second name for the file at ``path`` (a hard link, else a copy), to put it back if the swap fails."""
    while True:
        backup = str(path.parent / f".{path.name}.{secrets.token_hex(6)}.old")  # linking to a name taken fails: no race
        try:
            os.link(path, backup)
            return backup
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links
            handle, backup = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old")
            with os.fdopen(handle, "wb") as stream, open(path, "rb") as previous:
                shutil.copyfileobj(previous, stream)
            shutil.copystat(path, backup)
            return backup


def write_atomically(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every file or none; returns the paths written."""
    with interrupts.held():
        return _write(files)


def _write(files: Mapping[Path, bytes]) -> list[Path]:
    staged: list[tuple[str, Path]] = []
    backups: dict[Path, str] = {}
    placed: list[Path] = []
    made: list[Path] = []
    mode = 0o666 & ~_umask()  # what open() would give; mkstemp's 0600 would hide the report from others
    done = False
    try:
        for path, data in files.items():
            if path.is_dir():
                raise IsADirectoryError(errno.EISDIR, "a folder is where the file would go", str(path))
            made += _made_folders(path.parent)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            staged.append((temporary, path))
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, mode)
        for temporary, path in staged:
            if path.exists():
                backups[path] = _keep_previous(path)
            os.replace(temporary, path)
            placed.append(path)
        if interrupts.take():  # Ctrl-C came while the set was written: the previous one back, the run stopped
            raise KeyboardInterrupt
        done = True
        interrupts.done()
    finally:
        if not done:
            for path in reversed(placed):  # the previous set back, as it was
                if path in backups:
                    os.replace(backups.pop(path), path)
                else:
                    os.unlink(path)
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
        for backup in backups.values():
            if os.path.exists(backup):
                os.unlink(backup)
        if not done:
            _remove_folders(made)
    return list(files)
