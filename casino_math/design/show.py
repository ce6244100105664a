"""Design tables made readable: exact pays as ``9/2``, rates as percentages, twins dropped.

>>> from fractions import Fraction
>>> frame = pd.DataFrame({"flush": [Fraction(9, 2)], "house_edge": [Fraction(1, 40)], "house_edge_float": [0.025], "standard_deviation": [2.9]})
>>> readable(frame).values.tolist()
[['9/2', '2.5000%', '2.9000']]
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pandas as pd

from ..text import decimal, exact, integer, percent

RATES = ("house_edge", "element_of_risk", "hit_frequency", "off_target", "rtp")
PER_STAKE = "(per initial stake)"  # how a figure named in words says it is a rate (compare's costs of another house way)


def _rate(figure: Any) -> bool:
    return figure in RATES or str(figure).endswith(PER_STAKE)


def number(value: Any, sign: str = "") -> str:
    """A pay or count as written in a game file: ``4``, ``9/2``, ``11,520`` (``sign="+"`` to show it always)."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, Fraction):
        return integer(value.numerator, sign) if value.denominator == 1 else exact(value, sign)
    if isinstance(value, float):
        return decimal(value, 4, sign)
    return integer(value, sign) if isinstance(value, int) else str(value)


def rate(value: Any, sign: str = "") -> str:
    """A rate as a percentage (text passes through; a missing value is blank)."""
    if value is None or isinstance(value, str) or (isinstance(value, float) and value != value):
        return value if isinstance(value, str) else ""
    return percent(value, sign=sign)


def readable(frame: pd.DataFrame, figure_column: str | None = None) -> pd.DataFrame:
    """Rates as percentages, ``_float`` twins of exact columns dropped, the rest as numbers.

    A rate is a column named in RATES, or, with ``figure_column``, any value in a row whose figure is one (or whose
    figure ends "(per initial stake)").
    Differences (columns named ``Δ …``) carry their sign.
    """
    out = {}
    for column in frame.columns:
        if column.endswith("_float") and column.removesuffix("_float") in frame.columns:
            continue
        sign = "+" if str(column).startswith("Δ") else ""
        if column == figure_column:
            out[column] = frame[column]
        elif figure_column is not None:
            out[column] = [rate(v, sign) if _rate(f) else number(v, sign) for v, f in zip(frame[column], frame[figure_column])]
        else:
            out[column] = [rate(v, sign) if column in RATES else number(v, sign) for v in frame[column]]
    return pd.DataFrame(out, index=frame.index)
