"""Writing report files atomically: all or nothing, never a half-written report.

Each file is written to a temporary file in its own folder (so the final
rename stays on one file system, where it is atomic) and only when every
file has been written are they renamed into place. A failure before that
leaves the previous reports as they were and removes the temporaries.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Mapping


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every file or none; returns the paths written."""
    staged: list[tuple[str, Path]] = []
    mode = 0o666 & ~_umask()  # what open() would give; mkstemp's 0600 would hide the report from others
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            staged.append((temporary, path))
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, mode)
        for temporary, path in staged:
            os.replace(temporary, path)
    finally:
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
    return list(files)
