"""The appendix of exact figures: the fractions the body rounds, and the counts too long to read in a return table.

The body of a par sheet prints decimals; a lab checking a figure to the last
digit reads it here: each file's and bet's house edge, RTP, hit frequency and
variance as exact fractions, the weight of all its outcomes, and, for a return
table that left its combinations out (a shoe's rounds, counted by the order of
the cards), each outcome's weight. The same fractions are in the JSON and the
workbook (``report --format json,xlsx``), as text.
"""

from __future__ import annotations

from typing import Sequence

from ..analysis import GameAnalysis
from ..text import fraction, integer
from .bets import counted_in_body
from .document import Block, Column, Paragraph, Section, Table, cells
from .wording import outcome_name


def exact_section(analyses: Sequence[GameAnalysis]) -> Section:
    """The appendix, the main game first: one table of exact figures, grouped by file; then the long counts."""
    rows = []
    for a in analyses:
        for bet, t in a.tables.items():
            m = t.metrics
            name = a.game.names.bet(bet)
            rows += [cells(a.game.id, name, "House edge", fraction(m.house_edge)),
                     cells(a.game.id, name, "RTP", fraction(m.rtp)),
                     cells(a.game.id, name, "Hit frequency", fraction(m.hit_frequency)),
                     cells(a.game.id, name, "Variance", fraction(m.variance)),
                     cells(a.game.id, name, "Weight of all outcomes", integer(t.total))]
    blocks: list[Block] = [
        Paragraph("The exact values the body rounds, per initial stake of each bet: each is a fraction in lowest terms, "
                  "the weight of the outcomes that make it over the weight of all outcomes."),
        Table((Column("Paytable"), Column("Bet"), Column("Figure"), Column("Exact value", code=True)), tuple(rows),
              grouped=True),
    ]
    for a in analyses:
        for bet, t in a.tables.items():
            if not counted_in_body(t):
                blocks.append(Table((Column("Outcome"), Column("Weight", code=True)),
                                    tuple(cells(outcome_name(o.name), integer(o.combinations)) for o in t.outcomes),
                                    totals=cells("Total", integer(t.total)),
                                    caption=f"{a.game.names.bet(bet)} ({a.game.id}): the weight of each outcome, of which "
                                            "its probability is the share."))
    return Section("Appendix: exact figures", "exact", tuple(blocks))
