"""Counts kept between runs: what the cards do in a game, kept on disk, so that a changed pay costs a solve, not a count.

The counts of a game depend on its deck, its deal, its hands and its qualifier, never on its pays (the hold'em
method's totals also on the decisions its kernels take, so on everything its plan holds): each counting method
names what its counts depend on as a *key*, and keeps them here under a digest of the format, the engine's version
and that key. An entry is two files in the cache folder:

- ``<digest>.npz``: the counts, as :mod:`casino_math.shard_store` writes a shard: an uncompressed numpy archive of
  numbers and a JSON tree, read as ``allow_pickle=False`` reads it (a planted file can never run code), its arrays
  read-only views of the file's bytes (whoever loads them copies what it would change);
- ``<digest>.json``: its manifest: format, engine, kind, the key's SHA-256, what it counts (for ``casino-math cache``),
  the archive's size and SHA-256.

An entry is loaded only when its manifest is this entry's and the archive's size and SHA-256 agree with it and it
decodes; otherwise (truncated, changed, foreign, another version) the counts are computed again, with a one-line
warning, and kept anew. The engine's version is the package's and a digest of the code the counts come from (each
method names its files; their syntax, comments and docstrings left out), so an edited engine never reads counts of the
code before it. The cache owns only what it wrote: an entry is an archive beside a manifest naming the cache's format,
a temporary file is named by an entry's digest, and the folder holds :data:`MARKER` once something is kept; eviction and
``casino-math cache clear`` remove nothing else, and a folder holding other files without the marker is refused as the
cache in one line (a folder of entries kept before the marker existed is taken as the cache's). The folder is capped (:data:`DEFAULT_LIMIT`, or
``CASINO_MATH_CACHE_SIZE``): past the cap the entries used least recently go first (a use touches the manifest).

The folder: ``CASINO_MATH_CACHE`` (``off`` turns the cache off), else the user's cache folder (platformdirs);
``casino-math --no-cache`` turns it off for one run.

>>> import tempfile, numpy as np
>>> cache = CountCache(Path(tempfile.mkdtemp()))
>>> cache.keep("demo", "a key", "a demo", {"cells": np.arange(3)})
>>> cache.load("demo", "a key", "a demo")
(True, {'cells': array([0, 1, 2])})
>>> cache.load("demo", "another key", "a demo")
(False, None)
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import time
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .errors import InputError
from .held import cached
from .kept_files import Mismatch, read_regular, read_vouched

FORMAT = "casino-math counts 1"
ENV_FOLDER = "CASINO_MATH_CACHE"
ENV_LIMIT = "CASINO_MATH_CACHE_SIZE"
DEFAULT_LIMIT = 8 << 30  #: every shipped game's counts fit in about 2 GiB: room for them and many variants' worth
MAX_MANIFEST_BYTES = 64 << 10
STALE_SECONDS = 3600  # a temporary file this old is a writer that died, not one at work
MARKER = "CACHEDIR.TAG"  #: the cache directory tag (bford.info/cachedir): backup tools skip the folder too
TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
       "# This folder holds the counts casino-math keeps between runs; 'casino-math cache clear' empties it.\n"
       "# For information about cache directory tags see https://bford.info/cachedir/\n")
ENTRY = re.compile(r"[0-9a-f]{32}\.(npz|json)")
TEMPORARY = re.compile(r"\.[0-9a-f]{32}\.(npz|json)\.[a-z0-9_]+\.tmp")  # write_atomically's names: a digest, no user's
ENGINE = "1"  # bump when counting changes, so that kept counts and shards of an older engine are not reused

log = logging.getLogger("casino_math.count_cache")
_switched_off = False


@cached(maxsize=16)
def engine(code: tuple[str, ...] = ()) -> str:
    """The engine's version: the package version and a digest of the source of the code counts come from: ``code`` (the
    counting method's folder, or modules, as paths in the package) and every module of the package it imports, directly
    or through others (:func:`casino_math.imports.closure`), so that no module a count runs is left out; each module as
    its code (:class:`casino_math.imports.Source`: a comment or docstring reworded is the same engine). Another file
    edited leaves kept counts in force."""
    from . import __version__
    from .imports import PACKAGE, closure, keep_sources, modules, source

    folders = tuple(f"{part}/" for part in code)  # a folder's modules (a path's parents, walked, take a fiftieth of a second)
    roots = [m for m, path in modules().items()
             if (relative := path.relative_to(PACKAGE).as_posix()) in code or relative.startswith(folders)]
    digest = hashlib.sha256()
    for module in sorted(closure(roots)):
        path = modules()[module]
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + source(path).code.encode() + b"\0")
    keep_sources()
    return f"{__version__}+{ENGINE}+{digest.hexdigest()[:16]}"


@dataclass(frozen=True)
class Entry:
    """One kept count, as ``casino-math cache`` lists it."""

    digest: str
    kind: str
    what: str
    bytes: int
    used: float  # when last used (seconds since the epoch)


class CountCache:
    """Counts kept in ``folder``, at most ``limit`` bytes: :meth:`load` what was kept and checks out, :meth:`keep` a count."""

    def __init__(self, folder: Path, limit: int = DEFAULT_LIMIT) -> None:
        self.folder = folder
        self.limit = limit
        self.unkept = False  # a count could not be kept: said once, the run goes on

    def _digest(self, kind: str, key: str, code: tuple[str, ...]) -> str:
        return hashlib.sha256(f"{FORMAT}|{engine(code)}|{kind}|{key}".encode()).hexdigest()[:32]

    def _manifest(self, kind: str, key: str, what: str, code: tuple[str, ...]) -> dict[str, Any]:
        return {"format": FORMAT, "engine": engine(code), "kind": kind, "key_sha256": hashlib.sha256(key.encode()).hexdigest(), "what": what}

    def load(self, kind: str, key: str, what: str, code: tuple[str, ...] = ()) -> tuple[bool, Any]:
        """(True, value) for a kept count that checks out; (False, None) otherwise, with a warning if a file was there.
        ``kind`` and ``key`` name the count, ``what`` the game (for messages), ``code`` the modules it comes from."""
        from .shard_store import from_bytes

        digest = self._digest(kind, key, code)
        manifest_path, path = self.folder / f"{digest}.json", self.folder / f"{digest}.npz"
        again = f"the counts of {what} are computed again"
        try:
            raw = read_regular(manifest_path, MAX_MANIFEST_BYTES)
        except FileNotFoundError:
            return False, None
        except OSError as error:
            log.warning(f"{manifest_path}: cannot read it ({error.strerror or error}); {again}")
            return False, None
        manifest = _json(raw)
        expected = self._manifest(kind, key, what, code)
        if not isinstance(manifest, dict) or any(manifest.get(k) != v for k, v in expected.items() if k != "what") \
                or not isinstance(manifest.get("bytes"), int) or not isinstance(manifest.get("sha256"), str):
            log.warning(f"{manifest_path}: not the manifest of these counts (another version, or a foreign file); {again}")
            return False, None
        try:
            data = read_vouched(path, manifest["bytes"], manifest["sha256"])
        except Mismatch:
            log.warning(f"{path}: its size or SHA-256 is not the manifest's (truncated or changed): not loaded; {again}")
            return False, None
        except OSError as error:
            log.warning(f"{path}: cannot read it ({error.strerror or error}); {again}")
            return False, None
        try:
            value = from_bytes(data, copy=False)  # read-only views of the file's bytes: a copy less of hundreds of megabytes
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError, zipfile.BadZipFile, OSError, EOFError) as error:
            log.warning(f"{path}: not counts this version can read ({type(error).__name__}); {again}")
            return False, None
        _touch(manifest_path)
        return True, value

    def holds(self, kind: str, key: str, code: tuple[str, ...] = ()) -> bool:
        """Whether a count is kept for ``kind`` and ``key``: its manifest is there (whether it checks out is seen when it
        is loaded)."""
        return (self.folder / f"{self._digest(kind, key, code)}.json").is_file()

    def keep(self, kind: str, key: str, what: str, value: Any, code: tuple[str, ...] = ()) -> None:
        """Write a count, then its manifest (a run stopped mid-write leaves nothing that would be loaded); then evict
        the least recently used entries past the limit."""
        from .shard_store import Unstorable, to_bytes, write_atomically

        try:
            data = to_bytes(value)
        except Unstorable as error:
            self._give_up(f"the counts of {what} hold {error}, not plain data")
            return
        if len(data) > self.limit:
            self._give_up(f"the counts of {what} take {len(data):,} bytes, more than the cache's limit of {self.limit:,}")
            return
        digest = self._digest(kind, key, code)
        manifest = self._manifest(kind, key, what, code) | {"file": f"{digest}.npz", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not (self.folder / MARKER).is_file():
                self._mark()
            write_atomically(self.folder / f"{digest}.npz", data)
            write_atomically(self.folder / f"{digest}.json", (json.dumps(manifest) + "\n").encode())
        except OSError as error:
            self._give_up(f"{self.folder}: {error.strerror or error}")
            return
        self.evict(keep=digest)

    def _give_up(self, why: str) -> None:
        if not self.unkept:
            log.warning(f"cannot keep counts ({why}); the run goes on without keeping them")
        self.unkept = True

    # -- what is kept --------------------------------------------------------------------------------------
    def _files(self) -> dict[str, list[os.DirEntry]]:
        """The cache's own files by digest: an entry's manifest (naming the cache's format) and its archive; a writer's
        temporary file as ``.tmp:<name>``. Anything else is not the cache's (an archive whose manifest is gone too)."""
        groups: dict[str, list[os.DirEntry]] = {}
        try:
            with os.scandir(self.folder) as found:
                for item in found:
                    if not item.is_file(follow_symlinks=False):
                        continue
                    if TEMPORARY.fullmatch(item.name):
                        groups[f".tmp:{item.name}"] = [item]
                    elif ENTRY.fullmatch(item.name):
                        groups.setdefault(item.name[:32], []).append(item)
        except (FileNotFoundError, NotADirectoryError):
            pass
        return {name: items for name, items in groups.items() if name.startswith(".tmp:") or _manifest_of(items)}

    def owned(self) -> bool:
        """Whether the folder is the cache's: marked, not there yet or empty, or holding only the cache's files (entries
        kept before the marker, which is then written)."""
        try:
            if read_regular(self.folder / MARKER, len(TAG) + 1) == TAG.encode():
                return True
        except OSError:  # no marker, or none that can be read: the folder's files tell
            pass
        try:
            with os.scandir(self.folder) as found:
                names = {item.name for item in found}
        except (FileNotFoundError, NotADirectoryError):
            return True
        if not names <= {item.name for items in self._files().values() for item in items}:
            return False
        if names:
            try:
                self._mark()
            except OSError:  # a read-only cache still serves
                pass
        return True

    def _mark(self) -> None:
        (self.folder / MARKER).write_text(TAG)  # one short write: not a temporary file left beside it by a run stopped

    def entries(self) -> list[Entry]:
        """Every entry kept, the most recently used first."""
        out = []
        for digest, items in self._files().items():
            if digest.startswith(".tmp:"):
                continue
            about = _manifest_of(items) or {}  # removed by another process since it was listed
            kind = str(about.get("kind", "?"))
            used = max(_stat(i).st_mtime for i in items)
            out.append(Entry(digest, kind, str(about.get("what", "?")), sum(_stat(i).st_size for i in items), used))
        return sorted(out, key=lambda e: -e.used)

    def size(self) -> int:
        return sum(_stat(i).st_size for items in self._files().values() for i in items)

    def evict(self, keep: str = "") -> None:
        """Remove the least recently used entries (and dead writers' temporary files) until the folder fits its limit."""
        groups = self._files()
        now = time.time()
        for name, items in list(groups.items()):
            if name.startswith(".tmp:"):
                if now - _stat(items[0]).st_mtime > STALE_SECONDS:
                    _remove(items)
                del groups[name]
        total = sum(_stat(i).st_size for items in groups.values() for i in items)
        # the entry whose manifest was used longest ago first
        order = sorted((g for g in groups if g != keep), key=lambda g: max(_stat(i).st_mtime for i in groups[g]))
        for digest in order:
            if total <= self.limit:
                break
            total -= sum(_stat(i).st_size for i in groups[digest])
            _remove(groups[digest])

    def clear(self) -> tuple[int, int]:
        """Remove every entry: (entries, bytes) removed."""
        groups = self._files()
        removed = sum(_stat(i).st_size for items in groups.values() for i in items)
        for items in groups.values():
            _remove(items)
        return sum(1 for g in groups if not g.startswith(".tmp:")), removed


# -- the cache in force --------------------------------------------------------------------------------------
def folder() -> Path | None:
    """Where counts are kept: ``CASINO_MATH_CACHE`` (``off``: nowhere), else the user's cache folder."""
    named = os.environ.get(ENV_FOLDER)
    if named is not None:
        return None if named.strip().lower() in ("off", "none", "0", "") else Path(named).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("casino-math", appauthor=False)) / "counts"


def limit() -> int:
    """The cache's size limit in bytes: ``CASINO_MATH_CACHE_SIZE`` (``500M``, ``4G``, a number of bytes), else the default."""
    text = os.environ.get(ENV_LIMIT)
    if not text:
        return DEFAULT_LIMIT
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*", text.lower())
    if not found:
        raise InputError(f"{ENV_LIMIT}: a size such as 500M or 4G, not {text!r}")
    return int(float(found[1]) * 1024 ** " kmgt".index(found[2] or " "))


def switch_off() -> None:
    """No counts read or kept in this process from now on (``casino-math --no-cache``)."""
    global _switched_off
    _switched_off = True


@contextmanager
def disabled() -> Iterator[None]:
    """Neither read nor keep counts for a while (a test of what lies below them: the counting, its kept shards)."""
    global _switched_off
    before, _switched_off = _switched_off, True
    try:
        yield
    finally:
        _switched_off = before


def current() -> CountCache | None:
    """The cache in force (None: off); an InputError where its folder holds other files than the cache's."""
    if _switched_off:
        return None
    where = folder()
    if where is None:
        return None
    cache = CountCache(where, limit())
    if not cache.owned():
        raise InputError(f"the count cache's folder {where} holds other files and no {MARKER} (the file the cache writes in "
                         f"its own folder): not used, so that none of them is removed; set {ENV_FOLDER} to an empty or new "
                         f"folder, or to off")
    return cache


# -- files --------------------------------------------------------------------------------------------------------
def _manifest_of(items: list[os.DirEntry]) -> dict[str, Any] | None:
    """The manifest among an entry's files, where it is one the cache wrote (it names the cache's format)."""
    for item in items:
        if item.name.endswith(".json"):
            try:
                about = _json(read_regular(Path(item.path), MAX_MANIFEST_BYTES))
            except OSError:  # removed meanwhile, or unreadable: not an entry this process can vouch for
                return None
            return about if isinstance(about, dict) and about.get("format") == FORMAT else None
    return None


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


class _Gone:
    st_size = 0
    st_mtime = 0.0


def _stat(item: os.DirEntry) -> Any:
    try:
        return item.stat(follow_symlinks=False)
    except OSError:  # removed meanwhile by another process
        return _Gone()


def _touch(path: Path) -> None:
    try:
        os.utime(path)
    except OSError:  # a read-only cache still serves
        pass


def _remove(items: list[os.DirEntry]) -> None:
    for item in sorted(items, key=lambda i: i.name.endswith(".npz")):  # the manifest first: no half entry looks whole
        try:
            os.unlink(item.path)
        except OSError:
            pass
