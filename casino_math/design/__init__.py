"""Paytable design and regulator tools: solve for a pay, sweep one, search a grid, compare files.

Any bet of any game file: the game's own bet (its strategy re-derived for every
paytable) or a side bet, and any line of its paytable, including one the file
does not list. Every figure is exact.

>>> frame = sweep("paytables/three_card_poker/standard.yaml", "ante_play", "straight", [1, 2])
>>> frame["house_edge"].tolist()
[Fraction(686689, 20358520), Fraction(4685, 4071704)]
"""

from .compare import compare
from .explore import MAX_GRID, search, sweep, sweep_chart
from .lines import line_name
from .model import PayGrid, Priced, WagerModel, price, wager_model
from .ranges import parse_band, parse_number, parse_range, parse_vary
from .show import readable
from .solve import TargetPay, pay_for_target

__all__ = [
    "MAX_GRID", "PayGrid", "Priced", "TargetPay", "WagerModel", "compare", "line_name", "parse_band", "parse_number",
    "parse_range", "parse_vary", "pay_for_target", "price", "readable", "search", "sweep", "sweep_chart", "wager_model",
]
