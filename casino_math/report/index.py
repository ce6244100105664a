"""``index.html``: one page that links every game's par sheet, with its main paytable, house edges and verification.

It is a :class:`~casino_math.report.document.Document` like a par sheet, rendered by the same template and
CSS, so it is as self-contained: no scripts, no fetches, only links to the
par sheets beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Sequence

from ..analysis import GameAnalysis
from .document import Cell, Column, Document, Paragraph, Section, Table
from ..text import count, percent
from .sheet import label
from .verification import Check, tally, unexplained


@dataclass(frozen=True)
class Entry:
    """One game family's par sheet as the index lists it: plain words and checks (made where the family was analysed,
    sent from a worker as they are), not the analyses.

    ``name``: the family as a player reads it; ``main``: its main paytable (``name (id)``); ``edges``: the house edge of
    each bet of the main paytable, rounded for printing; ``variants``: how many other files the family holds.
    """

    family: str
    name: str
    main: str
    edges: str
    variants: int
    checks: tuple[Check, ...]

    @classmethod
    def of(cls, family: str, main: GameAnalysis, variants: int, checks: Sequence[Check]) -> Entry:
        """The entry of a family whose main game is ``main`` (analysed: its return tables give the edges)."""
        edges = "; ".join(f"{main.game.names.bet(bet)} {percent(t.metrics.house_edge)}" for bet, t in main.tables.items())
        return cls(family, main.game.family_name, label(main.game), edges, variants, tuple(checks))


def index_document(entries: Sequence[Entry], version: str, issued: date) -> Document:
    rows = tuple(
        (
            Cell(e.name, link=f"{e.family}.html"),
            Cell("PDF", link=f"{e.family}.pdf"),
            Cell(e.main),
            Cell(e.edges),
            Cell(count(e.variants, "variant")),
            Cell(tally(e.checks), "fail" if unexplained(e.checks) else ""),  # red: a difference nobody has explained
        )
        for e in entries
    )
    table = Table(
        (Column("Par sheet"), Column("PDF"), Column("Main paytable"), Column("House edge of each bet"), Column("Variants"),
         Column("Verification")),
        rows,
        caption="House edge per initial stake of each bet of the main paytable, rounded for printing; each par sheet "
                "gives the exact figures, the strategy and every variant.",
    )
    return Document(
        title="casino-math par sheets",
        header=f"casino-math par sheets · issued {issued.isoformat()} · casino-math {version}",
        summary=f"{count(len(entries), 'game')}, each analysed exactly by exhaustive enumeration; issued {issued.isoformat()}.",
        sections=(Section("Games", "games", (Paragraph("Each game's par sheet, as HTML and as PDF:"), table)),),
        issued=issued,
    )
