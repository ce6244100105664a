"""The report's charts, drawn with matplotlib's Agg canvas and rendered to fixed bytes.

Each ``*_chart`` function takes plain numbers and returns a Figure; nothing
here knows about games. :func:`render` turns a figure into SVG (for the HTML)
and PNG (for the PDF) with no dates, software stamps or random ids, so the
same numbers always give the same bytes. No pyplot: the global backend of
whoever imports us is left alone.
"""

from __future__ import annotations

import functools
import io
import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, PercentFormatter

from .. import interrupts
from ..text import percent

WIDTH_INCHES = 7.0
PNG_DPI = 150
STYLE: dict[str, Any] = {
    "svg.hashsalt": "casino-math",  # clip-path ids from a fixed salt, not uuid4
    "svg.fonttype": "path",  # glyphs as paths: the same look without the reader's fonts
    "font.family": "DejaVu Sans",  # ships with matplotlib, so every machine draws the same glyphs
    "font.size": 8,
    "axes.titlesize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
}
WIN, LOSS, NEUTRAL = "#2e7d32", "#c62828", "#455a64"
# Tableau's ten colours, told apart by most readers (colour-blind ones included); past ten, the dash of the line differs
SERIES = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#9c755f", "#ff9da7", "#79706e", "#edc948", "#76b7b2")
DASHES = ("solid", (0, (5, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2)))
HATCHES = ("", "////", "....", "xxxx")


def series_style(i: int) -> tuple[str, Any, str]:
    """The colour, line dash and bar hatch of the i-th series: distinct for the first 40.

    >>> series_style(0)[0] != series_style(1)[0], series_style(0)[:2] != series_style(10)[:2]
    (True, True)
    """
    return SERIES[i % len(SERIES)], DASHES[i // len(SERIES) % len(DASHES)], HATCHES[i // len(SERIES) % len(HATCHES)]


@dataclass(frozen=True)
class Rendered:
    svg: bytes
    png: bytes


KIND = "rendered chart"
CODE = ("report/charts.py",)  # what a chart's bytes come from, beside its numbers and matplotlib (see count_cache.engine)


def render(draw: Callable[[], Figure]) -> Rendered:
    """Draw a figure under the report's style and save it as SVG and PNG with fixed metadata.

    The same numbers give the same bytes, so a chart drawn by a function of this module from plain numbers
    (``draw`` a :func:`functools.partial` of it) is kept between runs with the counts (:mod:`casino_math.count_cache`),
    keyed by the function, its numbers, this module's code and matplotlib's version: a warm report draws nothing."""
    from ..count_cache import current

    key = identity(draw)
    cache = current() if key is not None else None
    if cache is not None and key is not None:
        found, stored = cache.load(KIND, key, _what(draw), CODE)
        if found and isinstance(stored, dict) and all(isinstance(stored.get(k), np.ndarray) and stored[k].dtype == np.uint8 for k in ("svg", "png")):
            return Rendered(stored["svg"].tobytes(), stored["png"].tobytes())
    # Ctrl-C waits for the chart: matplotlib cut midway leaves a layout half made (a traceback, not the one line)
    with interrupts.held(), matplotlib.rc_context(STYLE):  # type: ignore[arg-type]  # matplotlib types rc keys as literals
        figure = draw()
        FigureCanvasAgg(figure)
        svg, png = io.BytesIO(), io.BytesIO()
        figure.savefig(png, format="png", dpi=PNG_DPI, metadata={"Software": None})
        figure.set_layout_engine("none")  # keep the layout just computed: laying out again costs as much as drawing
        figure.savefig(svg, format="svg", metadata={"Date": None})
    rendered = Rendered(svg.getvalue(), png.getvalue())
    if cache is not None and key is not None:
        cache.keep(KIND, key, _what(draw), {"svg": np.frombuffer(rendered.svg, np.uint8), "png": np.frombuffer(rendered.png, np.uint8)}, CODE)
    return rendered


def identity(draw: Callable[[], Figure]) -> str | None:
    """What a chart's bytes depend on, where ``draw`` is a partial of a chart function of this module on plain data (its
    name, its arguments written out exactly, matplotlib's version); None for any other drawing (drawn every time).

    >>> identity(functools.partial(funnel_chart, ["Ante"], [0.97], [2.5], [1000])).startswith("('funnel_chart', (['Ante'], [0.97]")
    True
    >>> identity(lambda: funnel_chart(["Ante"], [0.97], [2.5], [1000])) is None
    True
    """
    if not (isinstance(draw, functools.partial) and getattr(draw.func, "__module__", None) == __name__ and not draw.keywords):
        return None
    if not all(_plain(a) for a in draw.args):
        return None
    return repr((draw.func.__name__, draw.args, matplotlib.__version__))


def _plain(value: Any) -> bool:
    """Numbers, words, and lists or tuples of them: what ``repr`` writes out whole and exactly."""
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return isinstance(value, (str, int, float, bool, np.bool_)) or value is None


def _what(draw: Callable[[], Figure]) -> str:
    name = getattr(getattr(draw, "func", None), "__name__", "a chart")
    return f"{name.replace('_', ' ')} of the report"


def _figure(height: float) -> Figure:
    return Figure(figsize=(WIDTH_INCHES, height), layout="constrained")


def hand_frequency_chart(labels: Sequence[str], counts: Sequence[int], total: int, title: str) -> Figure:
    """Horizontal bars of the share of hands in each category, strongest on top, on a linear scale, so that a bar's
    length is its chance (a hand of 1 in 30,000 is a sliver beside one of 1 in 2: a log scale made them look alike);
    empty categories left out. Each bar's percentage and "1 in N" at its end, so the rare hands are read by their labels."""
    shown = [(label, count) for label, count in zip(labels, counts) if count]
    figure = _figure(0.8 + 0.26 * len(shown))
    axes = figure.add_subplot()
    y = range(len(shown))
    shares = [100 * count / total for _, count in shown]
    axes.barh(y, shares, color=SERIES[0])
    axes.set_yticks(list(y), [label for label, _ in shown])
    axes.invert_yaxis()
    axes.set_xlabel("share of all hands (%)")
    axes.set_title(title)
    for i, ((_, count), share) in enumerate(zip(shown, shares)):
        axes.annotate(f"{share:.4g}%  (1 in {total / count:,.1f})", (share, i), xytext=(3, 0), textcoords="offset points",
                      va="center", ha="left", fontsize=7)
    axes.set_xlim(left=0, right=max(shares) * 1.5)  # room for the labels
    axes.grid(axis="y", visible=False)
    return figure


def return_contribution_chart(title: str, labels: Sequence[str], contributions: Sequence[float]) -> Figure:
    """Horizontal bars: what each outcome adds to the expected return per initial unit."""
    figure = _figure(0.6 + 0.22 * len(labels))
    axes = figure.add_subplot()
    y = range(len(labels))
    axes.barh(y, contributions, color=[WIN if c > 0 else LOSS if c < 0 else NEUTRAL for c in contributions])
    axes.set_yticks(list(y), labels)
    axes.invert_yaxis()
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel("return per unit of the initial wager")
    axes.set_title(f"{title}: expected return {sum(contributions):+.4f} per unit")
    axes.grid(axis="y", visible=False)
    return figure


def option_gain_chart(hands: Sequence[str], gains: Sequence[float], taken: Sequence[bool], least: str, title: str) -> Figure:
    """EV(best other option) − EV(least option) for the hands around a strategy's threshold: green where more is wagered."""
    figure = _figure(3.0)
    axes = figure.add_subplot()
    x = range(len(hands))
    axes.bar(x, gains, color=[WIN if t else LOSS for t in taken])
    axes.axhline(0, color="black", linewidth=0.8)
    axes.set_xticks(list(x), hands, rotation=90, fontsize=6.5)
    axes.set_ylabel(f"gain of the best option\nover {least}, per initial stake")
    axes.set_title(title)
    axes.grid(axis="x", visible=False)
    return figure


def house_edge_chart(labels: Sequence[str], edges: Sequence[float], groups: Sequence[str],
                     title: str = "House edge of each paytable") -> Figure:
    """One bar per paytable (or bet), coloured by wager (the labels name the wager too)."""
    figure = _figure(0.7 + 0.24 * len(labels))
    axes = figure.add_subplot()
    styles = {g: series_style(i) for i, g in enumerate(dict.fromkeys(groups))}
    y = range(len(labels))
    bars = axes.barh(y, edges, color=[styles[g][0] for g in groups], edgecolor="white", linewidth=0.5)
    for bar, g in zip(bars, groups):
        bar.set_hatch(styles[g][2])
    axes.set_yticks(list(y), labels)
    axes.invert_yaxis()
    axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    for i, edge in enumerate(edges):  # labels beyond the bar's end, on either side of zero
        axes.annotate(percent(edge, 2), (edge, i), xytext=(3 if edge >= 0 else -3, 0), textcoords="offset points", va="center",
                      ha="left" if edge >= 0 else "right", fontsize=7)
    low, high = min([0.0, *edges]), max([0.0, *edges])
    pad = 0.12 * ((high - low) or 1)
    axes.set_xlim(low - pad if low < 0 else 0, high + pad if high > 0 else 0)
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel("house edge")
    axes.set_title(title)
    axes.grid(axis="y", visible=False)
    return figure


def funnel_chart(labels: Sequence[str], rtps: Sequence[float], indices: Sequence[float], marks: Sequence[int]) -> Figure:
    """RTP ± VI/√N against N: where the player's average result lies nine times in ten. Bets with the same RTP and
    volatility (baccarat's two Pair bets) share one funnel and one legend entry, so no line hides another."""
    figure = _figure(3.4)
    axes = figure.add_subplot()
    hands = [10 ** (3 + i / 20) for i in range(61)]  # 1,000 to 1,000,000
    funnels: dict[tuple[float, float], list[str]] = {}
    for label, rtp, vi in zip(labels, rtps, indices):
        funnels.setdefault((rtp, vi), []).append(label)
    for i, ((rtp, vi), names) in enumerate(funnels.items()):
        colour, dash, _ = series_style(i)
        low = [rtp - vi / math.sqrt(n) for n in hands]
        high = [rtp + vi / math.sqrt(n) for n in hands]
        axes.fill_between(hands, low, high, color=colour, alpha=0.07 if len(funnels) > 3 else 0.12, linewidth=0)
        axes.plot(hands, low, color=colour, linewidth=1.2, linestyle=dash, label=f"{' = '.join(names)} (RTP {percent(rtp, 2)})")
        axes.plot(hands, high, color=colour, linewidth=1.2, linestyle=dash)
        axes.plot(hands, [rtp] * len(hands), color=colour, linewidth=0.6, linestyle=(0, (1, 2)))
    for n in marks:
        axes.axvline(n, color="#999999", linewidth=0.6, linestyle=":")
    axes.set_xscale("log")
    axes.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_xlabel("hands played (log scale)")
    axes.set_ylabel("return to player")
    axes.set_title("90% confidence funnel of the return over N hands")
    axes.legend(frameon=False, fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5))  # outside: the funnels fill the axes
    return figure


def meter_chart(title: str, meters: Sequence[float], returns: Sequence[float], marks: Sequence[tuple[str, float]]) -> Figure:
    """A progressive bet's return (per unit bet) against its meter: a straight line, crossing 100% at the break-even
    meter; ``marks`` are the meters named on it (the meter in the file, the break-even, the seed)."""
    figure = _figure(2.8)
    axes = figure.add_subplot()
    axes.plot(meters, returns, color=SERIES[0], linewidth=1.6)
    axes.axhline(1.0, color="black", linewidth=0.8)
    slope = (returns[-1] - returns[0]) / (meters[-1] - meters[0]) if meters[-1] != meters[0] else 0.0
    for i, (label, at) in enumerate(marks):
        colour = SERIES[(i + 1) % len(SERIES)]
        axes.axvline(at, color=colour, linestyle=DASHES[1], linewidth=1.0)
        axes.annotate(f"{label}: {at:,.0f}", (at, returns[0] + slope * (at - meters[0])), xytext=(4, 4 + 12 * i),
                      textcoords="offset points", fontsize=8, color=colour)
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    axes.set_xlabel("meter (for 1, per unit bet)")
    axes.set_ylabel("return")
    axes.set_title(title)
    return figure
