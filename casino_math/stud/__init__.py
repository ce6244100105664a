"""The stud poker toolkit: game presets, first to act, final-hand frequencies, exact equity.

>>> from casino_math.stud import first_to_act, stud_equity
>>> first_to_act("seven-card-stud", ["Kh", "2c", "9s"]).announcement
'Deuce brings in'
>>> stud_equity("razz", ["As 2s | 3d 4c 5h 6h", "Kd Kc | Kh 9s 9d Qc"]).table["win"].tolist()
[Fraction(1, 1), Fraction(0, 1)]
"""

from .equity import Holding, StudEquity, stud_equity
from .first_to_act import FirstToAct, first_to_act
from .frequencies import StudFrequencies, stud_frequencies
from .games import GAMES, HoleLimit, StudGame, get_game

__all__ = [
    "GAMES", "FirstToAct", "Holding", "HoleLimit", "StudEquity", "StudFrequencies", "StudGame",
    "first_to_act", "get_game", "stud_equity", "stud_frequencies",
]
