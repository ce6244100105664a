"""Where a variant's ``extends:`` may point, and whether the file there is a game file at all.

The rule (docs/game-files.md, "Limits of what is read"): ``extends:`` names a game file, relative to the file that
extends it, that lies (symbolic links followed) inside the folder of the game file first named — the
one given to ``casino-math`` or ``load_game`` — or a folder below it, or inside the shipped
``paytables/``, or inside a folder listed in the environment variable ``CASINO_MATH_EXTENDS`` (folders
separated by ``:``). The file must be named ``*.yaml`` or ``*.yml`` and be a game file: a mapping whose
keys are game-file fields, with ``game:`` or ``extends:`` among them. A chain of variants is at most
``MAX_EXTENDS`` files deep. A file that breaks the rule is refused with one line that quotes nothing of
it, so ``extends: /etc/passwd`` cannot print a line of that file.

A claims file's ``game:`` follows the same rule, its folders being the claims file's folder and the one above it
(and those below them), the shipped ``paytables/`` and ``CASINO_MATH_EXTENDS``: :func:`claimed_game`.

>>> shipped = allowed_folders(Path("paytables/baccarat/standard.yaml"))[-1]
>>> shipped.name
'paytables'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Collection

import casino_math

from ..errors import InputError

MAX_EXTENDS = 16  # files in one chain of variants
SUFFIXES = (".yaml", ".yml")
ENVIRONMENT = "CASINO_MATH_EXTENDS"


def shipped_paytables() -> Path | None:
    """The project's ``paytables/`` beside the package (a checkout or an editable install), if there is one."""
    folder = Path(casino_math.__file__).resolve().parents[1] / "paytables"
    return folder if folder.is_dir() else None


def resolved(path: Path) -> Path:
    """``path`` with its symbolic links followed, a loop of them refused with one line."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # Python 3.11 and 3.12 raise RuntimeError("Symlink loop"), later ones OSError
        raise InputError(f"{path}: cannot read: a loop of symbolic links") from None


def allowed_folders(first: Path) -> tuple[Path, ...]:
    """The folders a chain of variants starting at ``first`` may read game files from (resolved)."""
    folders = [resolved(first).parent]
    folders += [Path(f).expanduser().resolve() for f in os.environ.get(ENVIRONMENT, "").split(os.pathsep) if f.strip()]
    shipped = shipped_paytables()
    if shipped is not None:
        folders.append(shipped)
    return tuple(dict.fromkeys(folders))


def target(where: str, written: Any, base: Path, allowed: tuple[Path, ...], depth: int) -> Path:
    """The game file ``extends: written`` (on ``where``, in a file of folder ``base``) names, checked against the rule."""
    if not isinstance(written, str) or not written.strip():
        raise InputError(f"{where}: extends: name a game file, relative to this one")
    if depth >= MAX_EXTENDS:
        raise InputError(f"{where}: extends: more than {MAX_EXTENDS} files in a chain of variants")
    path = resolved(base / written)
    check_inside(f"{where}: extends", written, path, allowed, "the folders a variant may extend (the first file's folder "
                 f"and those below it, the shipped paytables/, or a folder in {ENVIRONMENT})")
    check_named(f"{where}: extends", written, path)
    if not path.is_file():
        raise InputError(f"{where}: extends: no such file {written}")
    return path


def claimed_game(where: str, written: str, claims: Path) -> Path:
    """The game file a claims file (``claims``) names by ``game: written`` on ``where``, checked against the rule."""
    path = resolved(claims.parent / written)
    check_inside(f"{where}: game", written, path, allowed_folders(resolved(claims).parent),
                 "the folders a claims file may name a game file in (its folder, the one above and those below them, "
                 f"the shipped paytables/, or a folder in {ENVIRONMENT})")
    if not path.exists():
        raise InputError(f"{where}: game: no such file {written} (the path is relative to the claims file's folder, {claims.parent})")
    if path.is_dir():
        raise InputError(f"{where}: game: {written} is a folder; name a game file in it")
    check_named(f"{where}: game", written, path)
    return path


def check_inside(where: str, written: str, path: Path, allowed: tuple[Path, ...], folders: str) -> None:
    """Refuse ``path`` (resolved), named ``written`` on ``where``, unless it lies in one of the ``allowed`` folders."""
    if not any(path.is_relative_to(folder) for folder in allowed):
        raise InputError(f"{where}: {written} lies outside {folders}")


def check_named(where: str, written: str, path: Path) -> None:
    """Refuse a file not named like a game file, before anything of it is read."""
    if path.suffix not in SUFFIXES:
        raise InputError(f"{where}: {written} is not a game file (a game file is named *.yaml or *.yml)")


def check_is_game(where: str, written: str, data: Any, fields: Collection[str]) -> None:
    """Refuse, without quoting it, a file another names (``where`` ends with the field naming it) that is not a game file."""
    if not isinstance(data, dict) or not ({"game", "extends"} & set(data)) or not set(data) <= set(fields):
        raise InputError(f"{where}: {written} is not a game file (a game file is a mapping of game-file "
                         f"fields with game: or extends: among them)")
