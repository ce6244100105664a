"""The package's own import graph, read from its source: which of its modules each module's import statements name.

Every import statement counts, at the top of a module, inside a function or under ``TYPE_CHECKING``: a module may
run any of them. ``from a import b`` names the module ``a.b`` where there is one, else ``a`` (``b`` is a name of
``a``); relative imports are resolved. The count cache digests a method's code as its folder and all the package's
modules it imports (:func:`closure`); a test checks that the graph has no cycle.

>>> "casino_math.errors" in graph()["casino_math.count_cache"]
True
>>> sorted(closure(["casino_math.errors"]))
['casino_math.errors']
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable

from .held import cached

PACKAGE = Path(__file__).resolve().parent
NAME = __package__ or "casino_math"


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
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*package[:len(package) - node.level + 1], *([node.module] if node.module else [])]) if node.level \
                else node.module or ""
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import casino_math.x.y` names casino_math.x.y, a name of a module its module
                target = target.rpartition(".")[0]
            if target and target != module:
                named.add(target)
    return frozenset(named)
