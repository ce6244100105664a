"""Sweep one pay, or search a grid of paytables for those within a band of house edges.

Both price every paytable at once (see :mod:`.model`): a side bet's from its
counts, the game's own bet by solving each paytable for its strategy. The
floats sort and filter; the rows kept are checked and shown exactly.

>>> frame = sweep("paytables/three_card_poker/standard.yaml", "pair_plus", "straight", [Fraction(5), Fraction(6)])
>>> [str(e) for e in frame["house_edge"]]
['308/5525', '128/5525']
>>> found = search("paytables/three_card_poker/standard.yaml", "pair_plus",
...                {"flush": [Fraction(3), Fraction(4)], "straight": [Fraction(5), Fraction(6)]}, (Fraction(0), Fraction(6, 100)))
>>> [(int(f), int(s), str(e)) for f, s, e in found[["flush", "straight", "house_edge"]].values]
[(4, 6, '128/5525'), (4, 5, '308/5525')]
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ..errors import InputError
from ..parallel import Runner
from ..game.description import Game
from .model import PayGrid, check_pays, price, wager_model
from .solve import check_measure

MAX_GRID = 1_000_000  # paytables in one search
_FLOAT_SLACK = 1e-9  # floats pre-filter with this margin; exact figures decide


def sweep(game: str | Path | Game, wager: str, line: str, values: Sequence[Fraction], table: str | None = None,
          runner: Runner | None = None) -> pd.DataFrame:
    """Figures of ``wager`` with ``line`` paying each of ``values`` (net, "to 1"), the rest as in the file
    (and, for the game's own bet, the strategy each paytable is played by). ``runner``: see casino_math.parallel."""
    model = wager_model(game, wager, [line], table)
    vary = check_pays(model, {line: values})
    name = next(iter(vary))
    frame = price(model, PayGrid.product(model.pays, vary), runner).frame(pays=[name])
    frame.attrs.update(wager=wager, line=name, table=model.table)
    return frame


def search(game: str | Path | Game, wager: str, vary: Mapping[str, Sequence[Fraction]], band: tuple[Fraction, Fraction],
           measure: str = "house_edge", max_grid: int = MAX_GRID, table: str | None = None, runner: Runner | None = None) -> pd.DataFrame:
    """Every paytable of the grid (each varied pay over its values, the rest as in the file) whose ``measure``
    lies in ``band`` (inclusive), lowest first, with its hit frequency and standard deviation. A grid of the game's
    own bet is solved in shards: on every local core when big, or on a Dask cluster (``runner``)."""
    check_measure(measure)
    low, high = band
    if low > high:
        raise InputError(f"the band {low}..{high} is inverted")
    model = wager_model(game, wager, list(vary), table)
    named = check_pays(model, vary)
    size = math.prod(len(v) for v in named.values())
    if size > max_grid:
        raise InputError(f"the grid holds {size:,} paytables, over the limit of {max_grid:,}: narrow the ranges or take larger steps")
    priced = price(model, PayGrid.product(model.pays, named), runner)
    approx = getattr(priced, measure)
    near = np.flatnonzero((approx >= float(low) - _FLOAT_SLACK) & (approx <= float(high) + _FLOAT_SLACK))
    exact = {int(r): priced.exact(int(r), measure) for r in near}
    rows = sorted((r for r, v in exact.items() if low <= v <= high), key=lambda r: (exact[r], r))
    frame = priced.frame(rows, pays=list(named))
    frame.attrs.update(wager=wager, measure=measure, grid=size, table=model.table)
    return frame


CHART_FORMATS = ("png", "svg", "pdf")


def chart_path(path: str | Path) -> Path:
    """The file a chart is written to: ``path`` as given, ``.png`` added where it has no extension (``--chart sweep``
    writes ``sweep.png``); an extension other than .png, .svg or .pdf is refused before anything is computed."""
    path = Path(path)
    if not path.suffix:
        return path.with_name(path.name + ".png")
    if path.suffix.lower().lstrip(".") not in CHART_FORMATS:
        raise InputError(f"--chart: {path}: a chart is written as {', '.join('.' + f for f in CHART_FORMATS)}, not {path.suffix}")
    return path


def sweep_chart(frame: pd.DataFrame, path: str | Path, title: str = "") -> Path:
    """House edge, hit frequency and standard deviation against the swept pay, as PNG, SVG or PDF by the file's
    extension (none: PNG, ``.png`` added); the path written is returned."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    category = frame.columns[0]
    x = [float(v) for v in frame[category]]
    panels = (("house_edge_float", "house edge", True), ("hit_frequency_float", "hit frequency", True), ("standard_deviation", "SD per unit", False))
    figure, axes = plt.subplots(len(panels), 1, sharex=True, figsize=(7, 7))
    for ax, (column, label, percent) in zip(axes, panels):
        ax.plot(x, frame[column], marker="o" if len(x) <= 40 else None)
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        if percent:
            ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes[0].axhline(0, color="grey", linewidth=0.8)
    axes[-1].set_xlabel(f"{category} pays (to 1)")
    figure.suptitle(title or f"{frame.attrs.get('wager', '')}: sweeping the {category} pay")
    figure.tight_layout()
    path = chart_path(path)
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise InputError(f"{path}: cannot write the chart: {error}") from None
    finally:
        plt.close(figure)
    return path
