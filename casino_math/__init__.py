"""casino-math: exact mathematics of casino table games, by exhaustive enumeration.

Names are imported when first used, so that ``casino-math --help`` and a
notebook's ``import casino_math`` stay quick.

>>> from casino_math import hand_frequencies
>>> hand_frequencies(cards=5).attrs["total"]
2598960
"""

from __future__ import annotations

from typing import Any

from .lazy import exports

_EXPORTS = {
    "Card": "cards", "Deck": "cards", "format_cards": "cards", "parse_cards": "cards",
    "InputError": "errors",
    "hand_frequencies": "frequencies",
    "RANKINGS": "rankings", "Ranking": "rankings", "get_ranking": "rankings",
    "Game": "game.description", "load_game": "analysis",
    "analyze": "analysis", "GameAnalysis": "analysis",
}
__all__ = sorted(_EXPORTS) + ["__version__"]


_exported = exports(globals(), __name__, _EXPORTS)


def __getattr__(name: str) -> Any:
    """An exported name, or ``__version__``: the installed distribution's, read when asked for (reading the installed
    packages' metadata is a fiftieth of a second that a run printing no version does without)."""
    if name != "__version__":
        return _exported(name)
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("casino-math")
    except PackageNotFoundError:  # running from a source tree that was never installed
        found = "0.0.0+unknown"
    globals()[name] = found
    return found
