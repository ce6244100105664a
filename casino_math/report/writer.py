"""Writing report files atomically: all or nothing, never a half-written report, never a new HTML beside an old PDF.

The whole set is staged first: each file is written to a temporary file in its own folder (so the final
rename stays on one file system, where it is atomic) and synced. Then the set is swapped in: each previous
file is kept under a temporary name (a hard link, or a copy where links are not possible) and the new one
renamed over it. A failure at any point (a disk full while staging, a rename refused midway) puts every
previous file back, removes the new ones, the temporaries and any folder made for them, and re-raises. Ctrl-C is held
meanwhile (casino_math.interrupts): one that came puts the previous set back the same way, once every file was swapped,
and stops the run; once the set is in place, the work is done and an interrupt ends nothing.

Two runs writing into one folder take turns (a lock on the folder), and a run the system killed leaves nothing behind
for good: while a set is swapped in, a journal in the folder names each file's previous copy, and the next run into the
folder, before its own, puts that previous set back and removes the temporaries of this module's own names
(``.casino-math.*``; a user's files are never touched).
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import secrets
import shutil
import tempfile
from pathlib import Path
from typing import Iterator, Mapping
from contextlib import contextmanager

from .. import interrupts


OWN = ".casino-math."  #: the start of every temporary name this module gives: the next run removes what a killed one left
JOURNAL = f"{OWN}swap.json"  #: while a set is swapped in: each file, its previous copy and its staged copy
_LEFT = re.compile(re.escape(OWN) + r".+\.(tmp|old)")


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
        backup = str(path.parent / f"{OWN}{path.name}.{secrets.token_hex(6)}.old")  # linking to a name taken fails: no race
        try:
            os.link(path, backup)
            return backup
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links
            handle, backup = tempfile.mkstemp(dir=path.parent, prefix=f"{OWN}{path.name}.", suffix=".old")
            with os.fdopen(handle, "wb") as stream, open(path, "rb") as previous:
                shutil.copyfileobj(previous, stream)
            shutil.copystat(path, backup)
            return backup


def write_atomically(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every file or none; returns the paths written."""
    if not files:
        return []
    folder = _existing(Path(os.path.commonpath([path.parent for path in files])))
    with interrupts.held(), _locked(folder):
        put_back(folder, {path.parent for path in files})
        return _write(files, folder)


def _existing(folder: Path) -> Path:
    """``folder`` or its nearest folder above that exists: where a report's set is locked and journaled."""
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent
    return folder


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """The folder to this run alone while it writes (another run's writing waits): a lock on the folder itself, so
    that no lock file is left in it."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def put_back(folder: Path, others: set[Path] | frozenset[Path] = frozenset()) -> None:
    """What a run killed while writing into ``folder`` left: its previous set put back where the journal says it was being
    swapped, then every temporary of this module's names removed (in ``folder`` and the ``others``).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "tcp.html").write_text("new"), (folder / ".casino-math.tcp.html.1.old").write_text("old")
    >>> _ = (folder / ".casino-math.tcp.pdf.x.tmp").write_text("new"), (folder / ".tcp.html.mine.tmp").write_text("a user's")
    >>> _ = (folder / JOURNAL).write_text('[["tcp.html", ".casino-math.tcp.html.1.old", null]]')
    >>> put_back(folder)
    >>> sorted(p.name for p in folder.iterdir()), (folder / "tcp.html").read_text()
    (['.tcp.html.mine.tmp', 'tcp.html'], 'old')
    """
    journal = folder / JOURNAL
    if journal.is_file():
        for name, backup, staged in json.loads(journal.read_text()):
            path = folder / name
            if backup is not None and (folder / backup).is_file():
                os.replace(folder / backup, path)  # the previous file back, the new one gone
            elif backup is None and staged is not None and not (folder / staged).exists() and path.is_file():
                path.unlink()  # a new file the killed run had placed: the previous set had none
        journal.unlink()
    for place in {folder, *others}:
        if place.is_dir():
            for left in place.iterdir():
                if _LEFT.fullmatch(left.name) and left.is_file():
                    left.unlink()


def _write(files: Mapping[Path, bytes], folder: Path) -> list[Path]:
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
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f"{OWN}{path.name}.", suffix=".tmp")
            staged.append((temporary, path))
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, mode)
        for _, path in staged:
            if path.exists():
                backups[path] = _keep_previous(path)
        _journal(folder, staged, backups)
        for temporary, path in staged:
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
        if (folder / JOURNAL).exists():  # the set is whole again, new or previous: before the previous copies go
            (folder / JOURNAL).unlink()
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
        for backup in backups.values():
            if os.path.exists(backup):
                os.unlink(backup)
        if not done:
            _remove_folders(made)
    return list(files)


def _journal(folder: Path, staged: list[tuple[str, Path]], backups: dict[Path, str]) -> None:
    """Before the swap: each file (by its path from ``folder``), its previous copy and its staged copy, for
    :func:`put_back` should the run be killed before the set is in place."""
    def relative(path: str | Path | None) -> str | None:
        return None if path is None else os.path.relpath(path, folder)

    entries = [(relative(path), relative(backups.get(path)), relative(temporary)) for temporary, path in staged]
    with open(folder / JOURNAL, "w") as stream:
        json.dump(entries, stream)
        stream.flush()
        os.fsync(stream.fileno())
