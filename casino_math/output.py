"""Turning result tables into text: an aligned table, CSV, Markdown or JSON.

Exact figures are Fractions; JSON writes them as ``"p/q"`` strings beside a
``_float`` twin, so nothing exact is lost on the way out.

>>> from fractions import Fraction
>>> jsonable({"edge": Fraction(1, 3)})
{'edge': '1/3', 'edge_float': 0.3333333333333333}
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal

from .text import escaped, ratio

if TYPE_CHECKING:  # pandas is imported by whoever built the frame; the CLI starts faster without it
    import pandas as pd

Format = Literal["table", "csv", "json", "markdown"]
FORMATS = ("table", "csv", "json", "markdown")


class FormatChoice(str, Enum):
    """The ``--format`` choices of every command."""

    table = "table"
    csv = "csv"
    json = "json"
    markdown = "markdown"


def jsonable(value: Any) -> Any:
    """Fractions become "p/q" with a ``_float`` twin (for dict entries); numpy and pandas scalars become Python."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(item, Fraction):
                out[key] = ratio(item)
                out.setdefault(f"{key}_float", float(item))
            else:
                out[key] = jsonable(item)
        return out
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return ratio(value)
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        return value.item()
    if isinstance(value, float) and math.isinf(value):
        return None
    return value


def dumps(payload: Any) -> str:
    return json.dumps(jsonable(payload), indent=2, ensure_ascii=False)


def _cell(value: Any) -> str:
    if isinstance(value, Fraction):
        return ratio(value)
    if isinstance(value, float):
        if math.isinf(value):
            return "never"
        return f"{value:.8f}" if abs(value) < 1 else f"{value:,.2f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return escaped(str(value))  # a name from a file on one line of the table, whatever it holds


def render_frame(frame: "pd.DataFrame", fmt: Format) -> str:
    """A DataFrame as an aligned text table, CSV or Markdown (JSON is the caller's: it knows the contract)."""
    if fmt == "csv":
        return frame.map(lambda v: ratio(v) if isinstance(v, Fraction) else v).to_csv(index=False)
    cells = [[_cell(v) for v in row] for row in frame.itertuples(index=False)]
    headers = [escaped(str(c)) for c in frame.columns]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    numeric = [bool(cells) and all(r[i][:1].isdigit() or r[i][:1] in "-." or r[i] == "never" for r in cells) for i in range(len(headers))]

    def line(values: list[str]) -> str:
        parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)]
        return ("| " + " | ".join(parts) + " |") if fmt == "markdown" else "  ".join(parts).rstrip()

    rule = ("|" + "|".join(("-" * (w + 1) + ":") if num else ("-" * (w + 2)) for w, num in zip(widths, numeric)) + "|") if fmt == "markdown" else "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in cells)]) + "\n"
