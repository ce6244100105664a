"""casino-math: exact mathematics of casino table games, by exhaustive enumeration.

>>> from casino_math import hand_frequencies
>>> hand_frequencies(cards=5).attrs["total"]
2598960
"""

from importlib.metadata import PackageNotFoundError, version

from .cards import Card, Deck, format_cards, parse_cards
from .errors import InputError
from .frequencies import hand_frequencies
from .games import analyze
from .paytable import GameConfig, load_game
from .rankings import RANKINGS, Ranking, get_ranking

try:
    __version__ = version("casino-math")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ["Card", "Deck", "GameConfig", "InputError", "analyze", "load_game", "RANKINGS", "Ranking", "__version__", "format_cards", "get_ranking", "hand_frequencies", "parse_cards"]
