"""The page a par sheet opens with: the game, its figures per bet, the strategy in a line, and the sheet's identity.

A lab files a par sheet by this page: what game and paytable (with the game
file's SHA-256), each bet's house edge, hit frequency and standard deviation,
how the player plays, when the sheet was issued and by which build of the
engine (:mod:`.provenance`), the document's revision, what the published
figures checks found, and blank fields for the lab to fill in by hand:
prepared by, approved by, the jurisdiction and the laboratory.
"""

from __future__ import annotations

from datetime import date
from typing import Sequence

from ..analysis import GameAnalysis
from ..text import amount, percent
from .document import Block, Column, Section, Table, cells
from .provenance import build_digest, commit
from .verification import Check, tally

LONGEST_STRATEGY = 240  # characters of a strategy in words past which the summary points to the strategy section
SIGNED = ("Prepared by", "Approved by")
FILED = ("Jurisdiction", "Laboratory", "Laboratory's reference")


def strategy_line(analysis: GameAnalysis, words: str) -> str:
    """The strategy in one line: the optimal strategy in words where it fits one, else where the sheet gives it."""
    if not analysis.game.decisions:
        return "no decisions: every bet is settled as the cards are dealt"
    if len(words) <= LONGEST_STRATEGY:
        return words
    return ("the game's declared strategy" if analysis.game.words.strategy else "the optimal strategy for these rules") + \
        ", derived exactly: see the Strategy section"


def summary_section(main: GameAnalysis, file: tuple[str, str], strategy: str, checks: Sequence[Check], version: str,
                    issued: date, revision: str) -> Section:
    """The opening page; ``file``: the main game file as printed and its SHA-256; ``strategy``: its strategy in words."""
    game = main.game
    about = Table((Column("Field"), Column("Value")), (
        cells("Game", game.family_name),
        cells("Paytable", f"{game.title} ({game.id})"),
        cells("Game file", f"{file[0]}, SHA-256 {file[1]}"),
        cells("Strategy", strategy_line(main, strategy)),
        cells("Published figures", tally(checks)),
        cells("Issued", issued.isoformat()),
        cells("Document revision", revision),
        cells("Software", f"casino-math {version}; build {build_digest()}; commit {commit()}"),
    ))
    figures = Table(
        (Column("Bet"), Column("House edge", numeric=True), Column("RTP", numeric=True), Column("Hit frequency", numeric=True),
         Column("Standard deviation", numeric=True), Column("Max win", numeric=True)),
        tuple(cells(game.names.bet(bet), percent(t.metrics.house_edge), percent(t.metrics.rtp), percent(t.metrics.hit_frequency),
                    f"{t.metrics.standard_deviation:.4f}", amount(t.metrics.max_win)) for bet, t in main.tables.items()),
        caption="Per initial stake of each bet (a side bet's own stake); the house edge is the expected loss, the maximum "
                "win the largest net win. Exact values: the appendix.",
    )
    signed = Table((Column(""), Column("Name", fill=True), Column("Signature", fill=True), Column("Date", fill=True)),
                   tuple(cells(role, "", "", "") for role in SIGNED))
    filed = Table((Column("Filed with"), Column("", fill=True)), tuple(cells(field, "") for field in FILED),
                  caption="For the laboratory or the operator to fill in; the software leaves these fields blank.")
    blocks: tuple[Block, ...] = (about, figures, signed, filed)
    return Section("Summary", "summary", blocks, own_page=True)
