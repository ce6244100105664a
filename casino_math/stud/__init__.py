"""The stud poker toolkit: game presets, first to act, final-hand frequencies, exact equity.

>>> from casino_math.stud import first_to_act, stud_frequencies
>>> first_to_act("seven-card-stud", ["Kh", "2c", "9s"]).announcement
'Deuce brings in'
"""

from .first_to_act import FirstToAct, first_to_act
from .frequencies import StudFrequencies, stud_frequencies
from .games import GAMES, HoleLimit, StudGame, get_game

__all__ = ["GAMES", "FirstToAct", "HoleLimit", "StudFrequencies", "StudGame", "first_to_act", "get_game", "stud_frequencies"]
