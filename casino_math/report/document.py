"""The shape of a report, whatever its format: sections of paragraphs, tables and charts.

``sheet.py`` fills a :class:`Document` from the analyses; ``html.py`` and
``pdf.py`` render the same document, so the two files cannot disagree.
All text is plain: each renderer escapes it for its own format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Callable, Union

from matplotlib.figure import Figure


@dataclass(frozen=True)
class Cell:
    """A table cell; ``tone`` marks a verdict ("pass", "differs" or "fail") for colour; ``link`` a file beside the page (HTML only)."""

    text: str
    tone: str = ""
    link: str = ""


@dataclass(frozen=True)
class Column:
    header: str
    numeric: bool = False  # right-aligned, so digits line up
    code: bool = False  # monospaced, may break anywhere (hashes, file names)
    fill: bool = False  # left blank to be written in by hand: takes the room the other columns leave


@dataclass(frozen=True)
class Table:
    """Rows of cells under column headers.

    ``grouped``: the first column names a group; it is printed as a heading row
    across the table whenever it changes, instead of as a column. ``totals``
    has a cell per shown column.
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    totals: tuple[Cell, ...] | None = None
    caption: str = ""
    grouped: bool = False

    def body(self) -> list[tuple[str, tuple[Cell, ...]]]:
        """What to print after the header: ("group", (name,)) and ("row", cells) in order, the group column removed."""
        if not self.grouped:
            return [("row", row) for row in self.rows]
        out: list[tuple[str, tuple[Cell, ...]]] = []
        for i, row in enumerate(self.rows):
            if i == 0 or row[0].text != self.rows[i - 1][0].text:
                out.append(("group", row[:1]))
            out.append(("row", row[1:]))
        return out

    @property
    def shown_columns(self) -> tuple[Column, ...]:
        return self.columns[1:] if self.grouped else self.columns


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Chart:
    """A figure drawn on demand: ``key`` names its file-like identity, ``draw`` builds the matplotlib figure."""

    key: str
    caption: str
    draw: Callable[[], Figure] = field(compare=False, repr=False)


@dataclass(frozen=True)
class Section:
    title: str
    anchor: str  # stable id: links in the HTML, bookmarks in the PDF
    blocks: tuple["Block", ...]
    own_page: bool = False  # printed on a page of its own (the summary a sheet opens with)


Block = Union[Paragraph, Bullets, Table, Chart, Section]


@dataclass(frozen=True)
class Document:
    title: str
    header: str  # the running header of every PDF page: game and software version
    summary: str  # one line under the title
    sections: tuple[Section, ...]
    issued: date | None = None  # the issue date: printed, and the PDF's own date (None: a fixed one)

    def charts(self) -> list[Chart]:
        """Every chart, in reading order."""
        found: list[Chart] = []

        def walk(blocks: tuple[Block, ...]) -> None:
            for block in blocks:
                if isinstance(block, Chart):
                    found.append(block)
                elif isinstance(block, Section):
                    walk(block.blocks)

        walk(self.sections)
        return found


def cells(*texts: str) -> tuple[Cell, ...]:
    """A row of plain cells."""
    return tuple(Cell(t) for t in texts)
