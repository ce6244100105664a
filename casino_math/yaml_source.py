"""YAML read with the line of every key, so that every complaint can say ``file:line: field: what is wrong``.

>>> data, lines = read_yaml("a: 1\\nb:\\n  c: 2\\n", "f.yaml")
>>> data, lines[("b", "c")]
({'a': 1, 'b': {'c': 2}}, 3)
>>> read_yaml("pays: {pair: 40:1}\\n", "f.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: f.yaml:1: pays.pair: write "40 to 1" (quoted) or 40; a bare 40:1 is read by YAML as the base-60 number 2401

Files are read within limits (docs/game-files.md, "Limits of what is read"): at most ``MAX_FILE_BYTES``, regular files only
(not a device, a pipe or a terminal), ``MAX_DEPTH`` levels of nesting, ``MAX_ALIASES`` uses of ``*alias`` and
``MAX_VALUES`` values once aliases are expanded, numbers of at most ``MAX_DIGITS`` digits.

>>> read_yaml("a: &x [1, 2]\\nb: [*x, *x, *x]\\n", "f.yaml", max_values=8)
Traceback (most recent call last):
...
casino_math.errors.InputError: f.yaml:1: b.0.0: more than 8 values once aliases (*name) are expanded; a game file needs far fewer
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

Lines = dict[tuple[str, ...], int]
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")

MAX_FILE_BYTES = 1 << 20  # 1 MiB: the biggest shipped game file is under 3 KB
MAX_DEPTH = 32  # levels of nesting (a game file needs about 6)
MAX_ALIASES = 100  # uses of *alias in one file
MAX_VALUES = 100_000  # values (keys, items, scalars) once aliases are expanded
MAX_DIGITS = 1_000  # digits (and exponent) of one number


class _Bounded(yaml.SafeLoader):
    """The safe loader, refusing deep nesting and many aliases while it composes (before anything is expanded)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0
        self.aliases = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise _TooMuch(self.peek_event().start_mark, f"more than {MAX_ALIASES} aliases (*name); a game file needs none")
            return super().compose_node(parent, index)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooMuch(self.peek_event().start_mark, f"nested more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _TooMuch(Exception):
    def __init__(self, mark: Any, message: str) -> None:
        super().__init__(message)
        self.line = mark.line + 1 if mark is not None else 1
        self.message = message


def too_many_digits(text: str) -> bool:
    """Whether a number as written (in a file or an option) has more than ``MAX_DIGITS`` digits or exponent: Python
    would refuse to read it, or take minutes."""
    digits = sum(c.isdigit() for c in text)
    exponent = re.search(r"[eE][-+]?0*([0-9]+)", text)
    return digits > MAX_DIGITS or (exponent is not None and len(exponent.group(1)) > 3 and int(exponent.group(1)) > MAX_DIGITS)


def read_yaml(text: str, filename: str, *, max_values: int = MAX_VALUES) -> tuple[Any, Lines]:
    """Parse YAML into Python values, remembering the line of every key, refusing duplicates and 40:1.

    Decimals become exact Fractions: a pay of 1.5 is 3/2, not a float near it. The limits above are
    enforced: a file past one is refused with one line, before it costs memory or time.
    """
    if len(text) > MAX_FILE_BYTES:
        raise InputError(f"{filename}: over {MAX_FILE_BYTES // 1024} KiB; a game or claims file is far smaller")
    try:
        root = yaml.compose(text, Loader=_Bounded)
    except _TooMuch as error:
        raise InputError(f"{filename}:{error.line}: {error.message}") from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise InputError(f"{filename}:{line}: YAML syntax error: {error.problem or error}") from None
    except yaml.YAMLError as error:
        raise InputError(f"{filename}:1: YAML error: {error}") from None
    if root is None:
        raise InputError(f"{filename}:1: the file is empty")
    lines: Lines = {(): root.start_mark.line + 1}
    constructor = yaml.SafeLoader("")
    built = [0]  # values built so far, aliases expanded

    def build(node: yaml.Node, path: tuple[str, ...]) -> Any:
        built[0] += 1
        if built[0] > max_values:
            raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path) or 'top level'}: more than {max_values:,} values "
                             f"once aliases (*name) are expanded; a game file needs far fewer")
        if len(path) > MAX_DEPTH:  # an alias to a node that holds itself
            raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path[:3])}…: nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                # a key is a name: YAML 1.1 would read "on", "yes" or "no" as booleans
                key = key_node.value if key_node.tag.endswith(":bool") else build(key_node, path)
                where = f"{filename}:{key_node.start_mark.line + 1}"
                if not isinstance(key, (str, int, Fraction)) or isinstance(key, bool):
                    raise InputError(f"{where}: {'.'.join(path) or 'top level'}: keys must be names")
                key = str(key)
                if key in out:
                    raise InputError(f"{where}: {'.'.join((*path, key))}: duplicate key (also on line {lines[(*path, key)]})")
                lines[(*path, key)] = key_node.start_mark.line + 1
                out[key] = build(value_node, (*path, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            items = []
            for i, item in enumerate(node.value):
                lines[(*path, str(i))] = item.start_mark.line + 1
                items.append(build(item, (*path, str(i))))
            return items
        if node.tag.endswith(":int") and node.style is None and _SEXAGESIMAL.match(node.value):
            raise InputError(
                f"{filename}:{node.start_mark.line + 1}: {'.'.join(path)}: write \"{node.value.replace(':', ' to ')}\" (quoted) "
                f"or {node.value.split(':')[0]}; a bare {node.value} is read by YAML as the base-60 number "
                f"{constructor.construct_yaml_int(node)}"
            )
        if node.tag.endswith((":float", ":int")) and too_many_digits(node.value):
            raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path)}: a number of more than {MAX_DIGITS:,} digits")
        if node.tag.endswith(":float"):
            try:
                return Fraction(node.value.replace("_", ""))
            except ValueError:
                raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path)}: {node.value} is not a finite number") from None
        try:
            return constructor.construct_object(node)
        except (yaml.YAMLError, ValueError, TypeError) as error:  # a tag the safe loader refuses, a bad date
            problem = getattr(error, "problem", None) or str(error).splitlines()[0]
            raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path) or 'top level'}: cannot read this value: {problem}") from None

    return build(root, ()), lines


def read_text(path: str | Path, what: str = "file") -> str:
    """A UTF-8 text file's contents, or a one-line InputError saying why not.

    Only a regular file of at most ``MAX_FILE_BYTES`` is read: a device (``/dev/zero``), a pipe (a FIFO,
    ``/dev/stdin`` fed by another program) or a terminal is refused before a byte is read, never waited on.
    """
    path = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a {what}") from None
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror}") from None
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"{path}: is a folder, not a {what}")
        if not stat.S_ISREG(mode):
            kind = "a pipe" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket or special file"
            raise InputError(f"{path}: is {kind}, not a regular file; a {what} is read only from a regular file")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror}") from None
    finally:
        os.close(handle)
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(f"{path}: over {MAX_FILE_BYTES // 1024} KiB; a {what} is far smaller (the limit keeps a wrong file from filling memory)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}:1: not a UTF-8 text file") from None


def read_mapping(text: str, filename: str, what: str) -> tuple[dict[str, Any], dict[tuple[str, ...], str], list[tuple[str, str]]]:
    """A game file's text read as the mapping it must be: its data, where each key stands (``file:line``), and the
    file's name with its hash (for the par sheet's identification); anything else is an error saying ``what``.

    >>> data, where, files = read_mapping("game: x\\nid: y\\n", "g.yaml", "a game file is a mapping")
    >>> data["id"], where[("id",)], files[0][0]
    ('y', 'g.yaml:2', 'g.yaml')
    """
    data, lines = read_yaml(text, filename)
    if not isinstance(data, dict):
        raise InputError(f"{filename}:1: {what}")
    where = {key: f"{filename}:{line}" for key, line in lines.items()}
    return data, where, [(filename, hashlib.sha256(text.encode()).hexdigest())]
