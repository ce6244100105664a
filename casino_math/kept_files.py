"""Files the engine kept on disk (counts, finished shards), read with care: a planted pipe or device is never waited on,
and a forged size never makes a read take more than the file holds.

>>> import tempfile, hashlib
>>> path = Path(tempfile.mkdtemp()) / "kept"
>>> _ = path.write_bytes(b"counts")
>>> read_vouched(path, 6, hashlib.sha256(b"counts").hexdigest())
b'counts'
>>> read_vouched(path, 6_000_000_000, hashlib.sha256(b"counts").hexdigest())
Traceback (most recent call last):
...
casino_math.kept_files.Mismatch: its size is not the manifest's
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import Any, Callable

CHUNK = 1 << 30  # a file up to this size is one read: joined without a copy of hundreds of megabytes


class Mismatch(ValueError):
    """A kept file whose size or SHA-256 is not what its manifest says (truncated, changed, or planted)."""


def _open_regular(path: Path) -> tuple[int, int]:
    """A read-only handle on ``path`` and its size; OSError if it is not a regular file (never waiting on a pipe)."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    found = os.fstat(handle)
    if not stat.S_ISREG(found.st_mode):
        os.close(handle)
        raise OSError(0, "not a regular file")
    return handle, found.st_size


def _read(handle: int, most: int, seen: Callable[[bytes], Any] = len) -> bytes:
    """At most ``most`` bytes from ``handle``, in reads of at most :data:`CHUNK`, each shown to ``seen`` as it comes."""
    chunks = []
    while most > 0:
        chunk = os.read(handle, min(most, CHUNK))
        if not chunk:
            break
        seen(chunk)
        chunks.append(chunk)
        most -= len(chunk)
    return b"".join(chunks)


def read_regular(path: Path, most: int) -> bytes:
    """At most ``most`` bytes of a regular file, never more than it holds (OSError for anything else)."""
    handle, size = _open_regular(path)
    try:
        return _read(handle, min(most, size + 1))
    finally:
        os.close(handle)


def read_vouched(path: Path, size: int, sha256: str) -> bytes:
    """The bytes of a regular file whose manifest says it holds ``size`` bytes of SHA-256 ``sha256``: OSError where it
    cannot be read, :class:`Mismatch` where its size on disk (looked at before a byte is read) or its digest differs."""
    handle, found = _open_regular(path)
    try:
        if found != size:
            raise Mismatch("its size is not the manifest's")
        digest = hashlib.sha256()
        data = _read(handle, size, digest.update)
        if len(data) != size or os.read(handle, 1) or digest.hexdigest() != sha256:  # changed while read, or another file
            raise Mismatch("its SHA-256 is not the manifest's")
        return data
    finally:
        os.close(handle)
