"""Finished shards kept on disk as data only, so that a file planted in a cache folder can never run code.

A job (one :class:`~casino_math.parallel.Shards` run: what its results depend on) keeps its shards in a folder
of its own, named by a digest of the format, the engine and the job's key:

- ``000003.npz``: shard 3, an uncompressed numpy archive read with ``allow_pickle=False``: its arrays (numbers
  only) and ``tree``, the structure around them as JSON (lists, tuples, dicts, counters, fractions, numbers,
  strings, and dataclasses of the casino_math package, named, never imported);
- ``manifest.jsonl``: a header line (format, engine, key), then one line per shard kept: its file, size and SHA-256.

A shard is loaded only when its manifest line, its size and its SHA-256 agree and it decodes as above;
otherwise (truncated, changed, foreign, written by another version) it is computed again, with a one-line
warning. The manifest is appended to, a line per shard, so keeping shard N costs the same as keeping shard 1.

>>> import tempfile, numpy as np
>>> store = ShardStore(Path(tempfile.mkdtemp()), "demo")
>>> store.keep(0, {"cells": np.arange(3), "total": Fraction(1, 3)})
>>> store.load(0)
(True, {'cells': array([0, 1, 2]), 'total': Fraction(1, 3)})
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import logging
import os
import sys
import tempfile
import zipfile
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from .kept_files import Mismatch, read_regular, read_vouched

FORMAT = "casino-math shards 2"  # 1 was pickle, never read again
MANIFEST = "manifest.jsonl"
MAX_MANIFEST_BYTES = 64 << 20
PACKAGE = "casino_math."

log = logging.getLogger("casino_math.shards")


class Unstorable(TypeError):
    """A shard result holding something that is not plain data (it is then not kept)."""


# -- plain data <-> JSON tree and arrays ----------------------------------------------------------------
def encode(value: Any, arrays: list[np.ndarray]) -> Any:
    """``value`` as a JSON-able tree; numpy arrays go to ``arrays`` and are named by their index there."""
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        array = np.asarray(value)
        if array.dtype.hasobject:
            raise Unstorable("an array of Python objects")
        arrays.append(array)
        return {"array" if isinstance(value, np.ndarray) else "scalar": len(arrays) - 1}
    if isinstance(value, Fraction):
        return {"fraction": [value.numerator, value.denominator]}
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return {"tuple": [encode(v, arrays) for v in value]}
    if isinstance(value, list):
        return {"list": [encode(v, arrays) for v in value]}
    if type(value) in (dict, Counter):
        tag = "counter" if isinstance(value, Counter) else "dict"
        return {tag: [[encode(k, arrays), encode(v, arrays)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and type(value).__module__.startswith(PACKAGE):
        kind = type(value)
        return {"dataclass": f"{kind.__module__}:{kind.__qualname__}",
                "fields": {f.name: encode(getattr(value, f.name), arrays) for f in dataclasses.fields(value)}}
    raise Unstorable(f"a {type(value).__name__}")


def _dataclass(name: Any) -> type:
    """A dataclass of the package, found among modules already imported (a name in a file never imports anything)."""
    if not isinstance(name, str) or ":" not in name:
        raise ValueError("not a dataclass name")
    module_name, qualname = name.split(":", 1)
    module = sys.modules.get(module_name) if module_name.startswith(PACKAGE) else None
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    if not (isinstance(found, type) and dataclasses.is_dataclass(found) and found.__module__ == module_name):
        raise ValueError(f"{name} is not a dataclass of casino_math")
    return found


PLAIN = (bool, str, int, float)  # what stands for itself in a tree (see decode)


def decode(tree: Any, arrays: dict[str, np.ndarray]) -> Any:
    """The value :func:`encode` stored; ValueError (or KeyError, TypeError) for anything else."""
    if tree is None or isinstance(tree, (bool, str, int, float)):
        return tree
    if not isinstance(tree, dict) or not tree:
        raise ValueError("not a stored value")
    tag = next(iter(tree))
    body = tree[tag]
    if tag in ("array", "scalar"):
        array = arrays[f"a{int(body)}"]
        return array if tag == "array" else array[()]
    if tag == "fraction":
        numerator, denominator = body
        if not (isinstance(numerator, int) and isinstance(denominator, int)):
            raise ValueError("a fraction of whole numbers")
        return Fraction(numerator, denominator)
    if tag in ("tuple", "list"):
        # a plain value stands for itself (no call per item: a kept table's columns hold thousands)
        items = [v if v is None or type(v) in PLAIN else decode(v, arrays) for v in body]
        return tuple(items) if tag == "tuple" else items
    if tag in ("dict", "counter"):
        pairs = {decode(k, arrays): decode(v, arrays) for k, v in body}
        return Counter(pairs) if tag == "counter" else pairs
    if tag == "dataclass":
        kind = _dataclass(body)
        fields = {f.name: f for f in dataclasses.fields(kind)}
        values = {name: decode(v, arrays) for name, v in tree["fields"].items()}
        if set(values) != set(fields):
            raise ValueError(f"{body}: other fields than the class has")
        made = kind(**{n: v for n, v in values.items() if fields[n].init})
        for name, value in values.items():
            if not fields[name].init:
                object.__setattr__(made, name, value)
        return made
    raise ValueError(f"unknown tag {tag!r}")


def to_bytes(value: Any) -> bytes:
    """A shard result as the bytes of an uncompressed ``.npz`` (Unstorable if it is not plain data)."""
    arrays: list[np.ndarray] = []
    tree = json.dumps(encode(value, arrays), separators=(",", ":"))
    buffer = io.BytesIO()
    named: dict[str, Any] = {"tree": np.frombuffer(tree.encode(), dtype=np.uint8), **{f"a{i}": a for i, a in enumerate(arrays)}}
    np.savez(buffer, **named)
    return buffer.getvalue()


def from_bytes(data: bytes, copy: bool = True) -> Any:
    """The value in :func:`to_bytes`' bytes; ValueError when they are anything else. ``copy=False``: its arrays are
    read-only views of ``data`` (no copy of hundreds of megabytes; whoever keeps them must not write to them)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:  # stored, not compressed: nothing can grow past the file's size
        members = archive.infolist()
    if any(info.compress_type != zipfile.ZIP_STORED for info in members):
        raise ValueError("a compressed member")
    if sum(info.file_size for info in members) > len(data):  # members overlapping, to be copied many times over
        raise ValueError("members larger than the archive")
    # each array checked against its member before any is made (np.load allocates the shape a header declares first)
    arrays = {info.filename.removesuffix(".npy"): _view(data, info) for info in members}
    if copy:
        arrays = {name: array.copy(order="K") for name, array in arrays.items()}
    tree = arrays.pop("tree")
    if tree.dtype != np.uint8:
        raise ValueError("no tree")
    return decode(json.loads(tree.tobytes().decode()), arrays)


def _view(data: bytes, member: zipfile.ZipInfo) -> np.ndarray:
    """A stored ``.npy`` member of an archive as a read-only array over ``data`` (numbers only, as ``np.load`` with
    ``allow_pickle=False`` reads them: an array of objects is refused)."""
    import struct

    from numpy.lib import format as npy

    start = member.header_offset
    if data[start:start + 4] != b"PK\x03\x04":
        raise ValueError("not a member of the archive")
    name_length, extra_length = struct.unpack("<HH", data[start + 26:start + 30])
    begin = start + 30 + name_length + extra_length
    header = io.BytesIO(data[begin:begin + min(member.file_size, 1 << 16)])
    version = npy.read_magic(header)
    shape, fortran, dtype = (npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0)(header)
    if dtype.hasobject:
        raise ValueError("an array of Python objects")
    count = int(np.prod(shape, dtype=np.int64))
    offset = begin + header.tell()
    if offset + count * dtype.itemsize > begin + member.file_size:
        raise ValueError("a member shorter than its array")
    return np.frombuffer(data, dtype=dtype, count=count, offset=offset).reshape(shape, order="F" if fortran else "C")


# -- the folder of one job ---------------------------------------------------------------------------
class ShardStore:
    """The kept shards of one job in ``cache``: :meth:`load` what was kept and checks out, :meth:`keep` what finishes."""

    def __init__(self, cache: Path, key: str, engine: str = "1") -> None:
        self.header = {"format": FORMAT, "engine": engine, "key": key}
        digest = hashlib.sha256(f"{FORMAT}|{engine}|{key}".encode()).hexdigest()[:24]
        self.folder = cache / digest
        self.entries: dict[int, dict[str, Any]] = {}
        self.unkept = False  # a shard could not be kept: said once, the run goes on
        self.disowned = False  # the manifest is not this job's: its files were all warned about at once
        self._read_manifest()

    def _file(self, index: int) -> Path:
        return self.folder / f"{index:06d}.npz"

    def _warn(self, message: str) -> None:
        log.warning(message)

    def _read_manifest(self) -> None:
        path = self.folder / MANIFEST
        try:
            raw = read_regular(path, MAX_MANIFEST_BYTES + 1)
        except (FileNotFoundError, NotADirectoryError):  # nothing kept yet (a file where the folder goes: said when keeping)
            return
        except OSError as error:
            self._warn(f"{path}: cannot read it ({error.strerror}); its shards are computed again")
            self.disowned = True
            return
        lines = raw.decode("utf-8", "replace").splitlines()
        header = _json_line(lines[0]) if lines else None
        if len(raw) > MAX_MANIFEST_BYTES or header != self.header:
            self._warn(f"{path}: not a manifest of this run (another version, or a foreign file); its shards are computed again")
            self.disowned = True
            return
        bad = 0
        for line in lines[1:]:
            entry = _json_line(line)
            if (isinstance(entry, dict) and isinstance(entry.get("shard"), int) and isinstance(entry.get("sha256"), str)
                    and isinstance(entry.get("bytes"), int)):
                self.entries[entry["shard"]] = entry
            else:
                bad += 1
        if bad:
            self._warn(f"{path}: {bad} unreadable line(s) (a run stopped while writing?); those shards are computed again")

    def load(self, index: int) -> tuple[bool, Any]:
        """(True, result) for a kept shard that checks out; (False, None) otherwise, with a warning if a file was there."""
        path = self._file(index)
        entry = self.entries.get(index)
        if entry is None:
            if path.exists() and not self.disowned:
                self._warn(f"{path}: not in the manifest (a foreign or unfinished file): not loaded; shard {index} is computed again")
            return False, None
        try:
            data = read_vouched(path, entry["bytes"], entry["sha256"])
        except Mismatch:
            self._warn(f"{path}: its size or SHA-256 is not the manifest's (truncated or changed): not loaded; shard {index} is computed again")
            return False, None
        except OSError as error:
            self._warn(f"{path}: cannot read it ({error.strerror}); shard {index} is computed again")
            return False, None
        try:
            return True, from_bytes(data)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError, zipfile.BadZipFile, OSError, EOFError) as error:
            self._warn(f"{path}: not a shard this version can read ({type(error).__name__}); shard {index} is computed again")
            return False, None

    def keep(self, index: int, value: Any) -> None:
        """Write a finished shard, then its manifest line: a run stopped mid-write leaves nothing that would be loaded."""
        try:
            data = to_bytes(value)
        except Unstorable as error:
            self._give_up(f"shard {index} holds {error}, not plain data")
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            manifest = self.folder / MANIFEST
            if not self.entries and not _starts_with(manifest, self.header):
                _write_atomically(manifest, (json.dumps(self.header) + "\n").encode())
            _write_atomically(self._file(index), data)
            entry = {"shard": index, "file": self._file(index).name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            # a pipe planted in the manifest's place refuses the write (no reader) rather than wait for one
            with os.fdopen(os.open(manifest, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666), "ab") as stream:
                stream.write((json.dumps(entry) + "\n").encode())
            self.entries[index] = entry
        except OSError as error:
            self._give_up(f"{self.folder}: {error.strerror}")

    def _give_up(self, why: str) -> None:
        if not self.unkept:
            self._warn(f"cannot keep finished shards ({why}); the run goes on without keeping them")
        self.unkept = True


def _json_line(line: str) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _starts_with(manifest: Path, header: dict[str, Any]) -> bool:
    try:
        return _json_line(read_regular(manifest, 64 << 10).decode("utf-8", "replace").split("\n", 1)[0]) == header
    except OSError:
        return False


def _write_atomically(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


write_atomically = _write_atomically  # kept counts (count_cache.py) are written the same way: whole, or not at all
