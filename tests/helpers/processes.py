"""Processes of a session, read from /proc: a test checks that a run stopped leaves none behind."""

from __future__ import annotations

import os
from pathlib import Path


def live_in_session(sid: int) -> list[str]:
    """Live processes of session ``sid`` (a zombie is dead: it only waits for init to read its exit code)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(pid)
    return found
