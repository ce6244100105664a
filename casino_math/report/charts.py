"""The report's charts, drawn with matplotlib's Agg canvas and rendered to fixed bytes.

Each ``*_chart`` function takes plain numbers and returns a Figure; nothing
here knows about games. :func:`render` turns a figure into SVG (for the HTML)
and PNG (for the PDF) with no dates, software stamps or random ids, so the
same numbers always give the same bytes. No pyplot: the global backend of
whoever imports us is left alone.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any, Sequence

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, PercentFormatter

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
SERIES = ("#1f4e79", "#c55a11", "#548235", "#7030a0", "#bf9000", "#2f5597")


@dataclass(frozen=True)
class Rendered:
    svg: bytes
    png: bytes


def render(draw) -> Rendered:
    """Draw a figure under the report's style and save it as SVG and PNG with fixed metadata."""
    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]  # matplotlib types rc keys as literals
        figure = draw()
        FigureCanvasAgg(figure)
        svg, png = io.BytesIO(), io.BytesIO()
        figure.savefig(png, format="png", dpi=PNG_DPI, metadata={"Software": None})
        figure.set_layout_engine("none")  # keep the layout just computed: laying out again costs as much as drawing
        figure.savefig(svg, format="svg", metadata={"Date": None})
    return Rendered(svg.getvalue(), png.getvalue())


def _figure(height: float) -> Figure:
    return Figure(figsize=(WIDTH_INCHES, height), layout="constrained")


def hand_frequency_chart(labels: Sequence[str], counts: Sequence[int], total: int, title: str) -> Figure:
    """Bars of how many hands fall in each category, on a log scale so that the rare hands show (empty categories left out)."""
    shown = [(label, count) for label, count in zip(labels, counts) if count]
    figure = _figure(2.8)
    axes = figure.add_subplot()
    bars = axes.bar([label for label, _ in shown], [count for _, count in shown], color=SERIES[0])
    axes.set_yscale("log")
    axes.set_ylabel("combinations (log scale)")
    axes.set_title(title)
    for bar, (_, count) in zip(bars, shown):
        axes.annotate(f"{count:,}\n1 in {total / count:,.1f}", (bar.get_x() + bar.get_width() / 2, count),
                      ha="center", va="bottom", fontsize=7, xytext=(0, 2), textcoords="offset points")
    axes.set_ylim(bottom=1, top=max(count for _, count in shown) * 12)  # from one hand, so that bar heights compare
    axes.tick_params(axis="x", labelsize=7 if len(shown) > 7 else 8)
    axes.grid(axis="x", visible=False)
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
    axes.set_ylabel(f"EV(best other) − EV({least})\nper initial stake")
    axes.set_title(title)
    axes.grid(axis="x", visible=False)
    return figure


def house_edge_chart(labels: Sequence[str], edges: Sequence[float], groups: Sequence[str]) -> Figure:
    """One bar per paytable, coloured by wager (the labels name the wager too)."""
    figure = _figure(0.7 + 0.24 * len(labels))
    axes = figure.add_subplot()
    colours = {g: SERIES[i % len(SERIES)] for i, g in enumerate(dict.fromkeys(groups))}
    y = range(len(labels))
    axes.barh(y, edges, color=[colours[g] for g in groups])
    axes.set_yticks(list(y), labels)
    axes.invert_yaxis()
    axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    for i, edge in enumerate(edges):  # labels beyond the bar's end, on either side of zero
        axes.annotate(f"{edge:.2%}", (edge, i), xytext=(3 if edge >= 0 else -3, 0), textcoords="offset points", va="center",
                      ha="left" if edge >= 0 else "right", fontsize=7)
    low, high = min([0.0, *edges]), max([0.0, *edges])
    pad = 0.12 * ((high - low) or 1)
    axes.set_xlim(low - pad if low < 0 else 0, high + pad if high > 0 else 0)
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel("house edge")
    axes.set_title("House edge of each paytable")
    axes.grid(axis="y", visible=False)
    return figure


def funnel_chart(labels: Sequence[str], rtps: Sequence[float], indices: Sequence[float], marks: Sequence[int]) -> Figure:
    """RTP ± VI/√N against N: where the player's average result lies nine times in ten."""
    figure = _figure(3.2)
    axes = figure.add_subplot()
    hands = [10 ** (3 + i / 20) for i in range(61)]  # 1,000 to 1,000,000
    for i, (label, rtp, vi) in enumerate(zip(labels, rtps, indices)):
        colour = SERIES[i % len(SERIES)]
        low = [rtp - vi / math.sqrt(n) for n in hands]
        high = [rtp + vi / math.sqrt(n) for n in hands]
        axes.fill_between(hands, low, high, color=colour, alpha=0.12, linewidth=0)
        axes.plot(hands, low, color=colour, linewidth=1, label=f"{label} (RTP {rtp:.2%})")
        axes.plot(hands, high, color=colour, linewidth=1)
        axes.plot(hands, [rtp] * len(hands), color=colour, linewidth=0.8, linestyle="--")
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
