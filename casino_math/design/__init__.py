"""Paytable design and regulator tools: solve for a pay, sweep one, search a grid, compare files.

Every tool applies pays to counts computed once (:mod:`.model`), so each answers
in a fraction of a second; every figure it prints is exact.

>>> frame = sweep("paytables/three_card_poker/standard.yaml", "ante_play", "straight", [1, 2])
>>> frame["house_edge"].tolist()
[Fraction(686689, 20358520), Fraction(4685, 4071704)]
"""

from .compare import compare
from .explore import MAX_GRID, search, sweep, sweep_chart
from .model import PayGrid, Priced, WagerModel, price, wager_model
from .ranges import parse_band, parse_number, parse_range, parse_vary
from .show import readable
from .solve import Solution, solve

__all__ = [
    "MAX_GRID", "PayGrid", "Priced", "Solution", "WagerModel", "compare", "parse_band", "parse_number",
    "parse_range", "parse_vary", "price", "readable", "search", "solve", "sweep", "sweep_chart", "wager_model",
]
