"""Names a package exports, imported when first used, so that ``import casino_math`` and ``casino-math --help`` stay
quick: one mechanism for every package that exports names from its modules.

>>> import types
>>> package = types.ModuleType("casino_math.demo")
>>> package.__getattr__ = exports(vars(package), "casino_math", {"parse_cards": "cards"})
>>> package.parse_cards("As Kd")
(Card('As'), Card('Kd'))
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, MutableMapping


def exports(namespace: MutableMapping[str, Any], package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each of ``names`` (name -> the module of ``package`` that defines it)
    imported on first use and kept in ``namespace`` (the package's globals), any other name refused as Python does."""

    def attribute(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{names[name]}", package), name)
        namespace[name] = value
        return value

    return attribute
