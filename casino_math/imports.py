"""The package's own import graph, read from its source: which of its modules each module's import statements name,
and each module's code as a digest (what the count cache's engine is made of).

Every import statement counts, at the top of a module, inside a function or under ``TYPE_CHECKING``: a module may
run any of them. ``from a import b`` names the module ``a.b`` where there is one, else ``a`` (``b`` is a name of
``a``); relative imports are resolved. The count cache digests a method's code as its folder and all the package's
modules it imports (:func:`closure`); a test checks that the graph has no cycle.

Reading a file's import statements and its code means parsing it: about half a second for the eighty modules a
blackjack count comes from, in every run. So what one parse finds of a file (:class:`Source`) is kept beside the
package's compiled bytecode (``__pycache__``, as the kernels' machine code is), under the SHA-256 of the file's bytes: a
file changed in any byte is parsed again, whatever its time or size; an entry that does not read back is parsed again.

>>> "casino_math.errors" in graph()["casino_math.count_cache"]
True
>>> sorted(closure(["casino_math.errors"]))
['casino_math.errors']
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from .held import Held, cached

PACKAGE = Path(__file__).resolve().parent
NAME = __package__ or "casino_math"
#: what one parse of each file found, by the SHA-256 of its bytes (the Python version's own: its syntax tree's form)
KEPT = PACKAGE / "__pycache__" / f"sources.{sys.implementation.cache_tag}.json"

Statement = tuple[int, str, tuple[str, ...]]  # an import: (level, module, names): ``import a``: (0, "a", ()); ``from .a import b``: (1, "a", ("b",))


@dataclass(frozen=True)
class Source:
    """What the package's digest and import graph read of one source file: its code's SHA-256 (its syntax tree without
    docstrings, so without comments either: a sentence reworded is the same code; its bytes where it does not parse)
    and its import statements, unresolved.

    >>> source = Source.parsed(b"from .held import cached  # why\\nimport os\\n")
    >>> source.imports
    ((1, 'held', ('cached',)), (0, 'os', ()))
    >>> source.code == Source.parsed(b"from .held import cached\\nimport os\\n").code
    True
    """

    code: str
    imports: tuple[Statement, ...]

    @staticmethod
    def parsed(source: bytes) -> Source:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return Source(hashlib.sha256(source).hexdigest(), ())
        imports: list[Statement] = []
        for node in _statements(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                    and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) \
                    and isinstance(node.body[0].value.value, str):
                node.body[0] = ast.Pass()
            elif isinstance(node, ast.Import):
                imports.extend((0, alias.name, ()) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                imports.append((node.level, node.module or "", tuple(alias.name for alias in node.names)))
        return Source(hashlib.sha256(ast.dump(tree).encode()).hexdigest(), tuple(imports))


def _statements(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and every statement (and class or function) inside it: where imports and docstrings can be, without
    walking the expressions, most of a tree."""
    yield node
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        for child in getattr(node, field, ()):
            if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                yield from _statements(child)


_sources: Held[str, Source] = Held()  # by the SHA-256 of a file's bytes: read from KEPT, or parsed in this run
_unkept: Held[str, bool] = Held()  # the files parsed in this run, not in KEPT yet (by the SHA-256 of their bytes)


def source(path: Path) -> Source:
    """What one parse of the file at ``path`` finds (kept, or parsed now); an unreadable file is one that does not parse."""
    try:
        data = path.read_bytes()
    except OSError:
        data = b"unreadable"
    sha = hashlib.sha256(data).hexdigest()
    if not _sources:
        _sources.update(_read_kept())
    if sha not in _sources:
        _sources[sha] = Source.parsed(data)
        _unkept[sha] = True
    return _sources[sha]


def keep_sources() -> None:
    """Write what this run parsed into :data:`KEPT`, with what it held of the package's files as they are now (a file
    changed since drops out); nothing where the folder cannot be written (every run then parses)."""
    if not _unkept:
        return
    now = {hashlib.sha256(path.read_bytes()).hexdigest() for path in modules().values()}
    kept = {sha: {"code": s.code, "imports": [list(i[:2]) + [list(i[2])] for i in s.imports]}
            for sha, s in sorted(_sources.items()) if sha in now}
    temporary = KEPT.with_name(f".{KEPT.name}.{os.getpid()}.tmp")
    try:
        KEPT.parent.mkdir(exist_ok=True)
        temporary.write_text(json.dumps(kept, sort_keys=True))
        os.replace(temporary, KEPT)  # whole or not at all, whichever process writes last
    except OSError:
        try:
            temporary.unlink()
        except OSError:
            pass
        return
    _unkept.clear()


def _read_kept() -> dict[str, Source]:
    try:
        raw: Any = json.loads(KEPT.read_bytes())
        return {sha: Source(str(s["code"]), tuple((int(level), str(module), tuple(map(str, names)))
                                                  for level, module, names in s["imports"]))
                for sha, s in raw.items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):  # none yet, or not one this reads
        return {}


@cached(maxsize=1)
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its folder's ``__init__.py``)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        out[".".join((NAME, *(parts[:-1] if parts[-1] == "__init__" else parts)))] = path
    return out


def graph() -> dict[str, frozenset[str]]:
    """Each module of the package, and the package's modules its import statements name."""
    return {module: imported(module) for module in modules()}


def closure(roots: Iterable[str]) -> frozenset[str]:
    """The modules ``roots`` and every module of the package they import, directly or through others (only these
    modules are read)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(imported(module) - seen)
    return frozenset(seen)


@cached(maxsize=None)
def imported(module: str) -> frozenset[str]:
    """The package's modules that ``module``'s import statements name (itself left out)."""
    known = modules()
    path = known[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    named: set[str] = set()
    for level, name, names in source(path).imports:
        if not names:
            targets = [name]
        else:
            base = ".".join([*package[:len(package) - level + 1], *([name] if name else [])]) if level else name
            targets = [f"{base}.{alias}" if f"{base}.{alias}" in known else base for alias in names]
        for target in targets:
            while target and target not in known:  # `import casino_math.x.y` names casino_math.x.y, a name of a module its module
                target = target.rpartition(".")[0]
            if target and target != module:
                named.add(target)
    return frozenset(named)
