"""YAML read with the line of every key, so that every complaint can say ``file:line: field: what is wrong``.

>>> data, lines = read_yaml("a: 1\\nb:\\n  c: 2\\n", "f.yaml")
>>> data, lines[("b", "c")]
({'a': 1, 'b': {'c': 2}}, 3)
>>> read_yaml("pays: {pair: 40:1}\\n", "f.yaml")
Traceback (most recent call last):
...
casino_math.errors.InputError: f.yaml:1: pays.pair: write "40 to 1" (quoted) or 40; a bare 40:1 is read by YAML as the base-60 number 2401
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

Lines = dict[tuple[str, ...], int]
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")


def read_yaml(text: str, filename: str) -> tuple[Any, Lines]:
    """Parse YAML into Python values, remembering the line of every key, refusing duplicates and 40:1.

    Decimals become exact Fractions: a pay of 1.5 is 3/2, not a float near it.
    """
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
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

    def build(node: yaml.Node, path: tuple[str, ...]) -> Any:
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
        if node.tag.endswith(":float"):
            try:
                return Fraction(node.value.replace("_", ""))
            except ValueError:
                raise InputError(f"{filename}:{node.start_mark.line + 1}: {'.'.join(path)}: {node.value} is not a finite number") from None
        return constructor.construct_object(node)

    return build(root, ()), lines


def read_text(path: str | Path, what: str = "file") -> str:
    """A UTF-8 text file's contents, or a one-line InputError saying why not."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a {what}") from None
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}:1: not a UTF-8 text file") from None
