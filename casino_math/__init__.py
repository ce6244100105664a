"""casino-math: exact mathematics of casino table games, by exhaustive enumeration.

Names are imported when first used, so that ``casino-math --help`` and a
notebook's ``import casino_math`` stay quick.

>>> from casino_math import hand_frequencies
>>> hand_frequencies(cards=5).attrs["total"]
2598960
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .lazy import exports

try:
    __version__ = version("casino-math")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

_EXPORTS = {
    "Card": "cards", "Deck": "cards", "format_cards": "cards", "parse_cards": "cards",
    "InputError": "errors",
    "hand_frequencies": "frequencies",
    "RANKINGS": "rankings", "Ranking": "rankings", "get_ranking": "rankings",
    "Game": "game.description", "load_game": "analysis",
    "analyze": "analysis", "GameAnalysis": "analysis",
}
__all__ = sorted(_EXPORTS) + ["__version__"]


__getattr__ = exports(globals(), __name__, _EXPORTS)
