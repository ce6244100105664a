"""Which build of the engine wrote a par sheet: a digest of its code, and the commit it was checked out at.

A lab files a par sheet with the software that produced it. The version alone
(``0.1.0``) names many builds; the build digest names one: the SHA-256 of every
file of the package (its modules, templates and static files), path and bytes,
in path order, so two installs of the same code print the same digest, and a
file edited anywhere prints another. The commit is git's, where the package is a
checkout (an install from a wheel has none), marked when the package's files differ
from it.

>>> len(build_digest()), build_digest() == build_digest()
(16, True)
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

from ..held import cached

PACKAGE = Path(__file__).resolve().parents[1]
NOT_A_CHECKOUT = "not recorded (not a git checkout)"  #: the commit line of a package not run from a git checkout


@cached(maxsize=1)
def build_digest() -> str:
    """The first 16 hexadecimal digits of the SHA-256 over the package's files (compiled files left out)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(PACKAGE), *args], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):  # no git on this machine
        return None
    return done.stdout.strip() if done.returncode == 0 else None


@cached(maxsize=1)
def commit() -> str:
    """The git commit of the checkout the package is in (``+ changes`` where its files differ), else
    :data:`NOT_A_CHECKOUT`."""
    if _git("ls-files", "--error-unmatch", "__init__.py") is None:  # no checkout, or one the package is not part of
        return NOT_A_CHECKOUT
    head = _git("rev-parse", "HEAD")
    if not head:
        return NOT_A_CHECKOUT
    changed = _git("status", "--porcelain", "--untracked-files=no", "--", ".")
    return head + (" + uncommitted changes" if changed else "")
