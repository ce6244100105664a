"""A game family's par sheet: analyses and checks in, a :class:`~casino_math.report.document.Document` out.

The main game is the file that offers the most bets (the first such file, in
name order, on a tie); the other files are its variants. Sections follow the
order a regulator reads a par sheet: identification, rules and assumptions,
settlement, figures, return tables, strategy, meters, variants, verification.
Everything is generated from the game files' declarations and the analyses.
"""

from __future__ import annotations

import hashlib
import os
from datetime import date
from pathlib import Path
from typing import Sequence

from ..analysis import GameAnalysis
from ..game.description import Game
from .bets import (
    bands_tables, bet_blocks, bet_heading, comparison, funnel, hand_frequency_blocks, headline_tables, meter_table, metered,
    variant_section,
)
from .document import Block, Cell, Column, Document, Paragraph, Section, Table, cells
from ..text import count
from .rules import rules_section, settlement_section
from .strategy import strategy_section
from .issued import issue_date
from .verification import Check

METHOD = ("exhaustive enumeration of every deal, suit-symmetric classes of the cards seen, the optimal strategy by "
          "backward induction in exact integers; exact fractions, rounded only for printing")
METHOD_BY_KIND = ("exhaustive counting of every deal kind of card by kind of card (cards a bet cannot tell apart counted "
                  "together), the drawing rules played out; exact fractions, rounded only for printing")
DECIDED_BY_KIND = ("; the decision taken by the exact cards seen (composition-dependent), each option valued exactly over the "
                   "ranks left in the shoe")


def label(game: Game) -> str:
    """A game file as named in lists: ``name (id)``, or the id alone where the file gives no name."""
    return f"{game.name} ({game.id})" if game.name else game.id


def main_game(analyses: Sequence[GameAnalysis]) -> GameAnalysis:
    """The file offering the most bets; among equals, one that the others extend and that extends none (the game its
    variants change)."""
    extended = {Path(path).resolve() for a in analyses for path, _ in a.game.files[1:]}
    return max(analyses, key=lambda a: (len(a.game.bets), Path(a.game.path).resolve() in extended,
                                        len(a.game.files) == 1))  # max keeps the first of equals


def verdict(checks: Sequence[Check]) -> str:
    """``12 of 13 published figures agree`` (or that none are on file)."""
    if not checks:
        return "no published figures on file"
    return f"{sum(c.passed for c in checks)} of {len(checks)} published figures agree"


def build_document(analyses: Sequence[GameAnalysis], checks: Sequence[Check], version: str, issued: date | None = None) -> Document:
    """The whole par sheet of one game family: its main game and the variants, issued on ``issued`` (see
    :func:`~casino_math.report.issued.issue_date` for the default)."""
    issued = issued or issue_date()
    main = main_game(analyses)
    variants = [a for a in analyses if a is not main]
    analyses = [main, *variants]
    family = main.game.family_name
    sections = [
        identification(analyses, version, issued, checks),
        rules_section(analyses),
        settlement_section(analyses),
        Section("Headline figures", "headline", (
            Paragraph(f"{label(main.game)}, per bet. Percentages are rounded for printing; "
                      "the exact house edge is the fraction the enumeration gives."),
            *headline_tables(main),
            *bands_tables(main),
            funnel(main),
        )),
        return_tables(main),
    ]
    if main.decisions:
        sections.append(strategy_section(main))
    meters = metered(analyses)
    if meters:
        sections.append(Section("Progressive meters", "meters", tuple(meter_table(a, bet) for a, bet in meters)))
    if variants:
        sections.append(Section("Paytable variants", "variants", (*comparison(analyses, main), *(variant_section(a) for a in variants))))
    sections.append(verification(checks, [a.game.id for a in analyses]))
    return Document(
        title=f"{family} par sheet",
        header=f"{family} par sheet · issued {issued.isoformat()} · casino-math {version}",
        summary=f"{label(main.game)}, with {count(len(variants), 'paytable variant')}. {verdict(checks).capitalize()}.",
        sections=tuple(sections),
        issued=issued,
    )


def return_tables(main: GameAnalysis) -> Section:
    hands = hand_frequency_blocks(main)
    blocks: list[Block] = [Section("The player's hand", "hands", hands)] if hands else []
    blocks += [Section(bet_heading(main.game, bet), f"returns-{bet}", bet_blocks(main, bet, chart=True)) for bet in main.tables]
    return Section("Return tables", "returns", tuple(blocks))


def shown_path(path: str, base: Path) -> str:
    """A file as printed: relative to the folder above the main file's, so the bytes do not depend on where the files lie."""
    return Path(os.path.relpath(Path(path).resolve(), base)).as_posix()


def identification(analyses: Sequence[GameAnalysis], version: str, issued: date, checks: Sequence[Check] = ()) -> Section:
    """What was analysed, from which files (each file read, and each claims file whose figures are checked, with its
    hash), by which software, issued when; the main game first."""
    main = analyses[0]
    base = Path(main.game.path).resolve().parent.parent
    readers: dict[tuple[str, str], list[str]] = {}  # each file read (path, SHA-256) -> the ids that read it
    for a in analyses:
        for path, digest in a.game.files:
            readers.setdefault((shown_path(path, base), digest), []).append(a.game.id)
    files = tuple(cells(path, digest, "every game file" if len(ids) == len(analyses) > 1 else ", ".join(ids))
                  for (path, digest), ids in readers.items())
    claims = tuple(cells(shown_path(c, base), hashlib.sha256(Path(c).read_bytes()).hexdigest(), "published figures (Verification)")
                   for c in dict.fromkeys(check.file for check in checks if check.file))
    return Section("Identification", "identification", (
        Table((Column("Field"), Column("Value")), (
            cells("Game", main.game.family_name),
            cells("Main paytable", label(main.game)),
            cells("Variants", count(len(analyses) - 1, "further game file") + (", listed below" if len(analyses) > 1 else "")),
            cells("Issued", issued.isoformat()),
            cells("Software", f"casino-math {version}"),
            cells("Method", main.method.description or (
                (METHOD_BY_KIND + DECIDED_BY_KIND * bool(main.game.decisions)) if main.game.counted_by_kind else METHOD)),
        )),
        Table((Column("Paytable id"), Column("Name"), Column("Source")),
              tuple(cells(a.game.id, a.game.title, a.game.source or "not stated") for a in analyses),
              caption="Each game file, as identified in the file."),
        Table((Column("File", code=True), Column("SHA-256 of the file", code=True), Column("Read for")), files + claims,
              caption="Every file read: each game file, what it extends, and the claims files of published figures; the "
                      "SHA-256 identifies its exact bytes."),
    ))


def verification(checks: Sequence[Check], ids: Sequence[str]) -> Section:
    """Each published figure beside the computed one; pass means the exact value rounds to the printed digits."""
    if not checks:
        return Section("Verification", "verification",
                       (Paragraph("No published figures are on file for these paytables (claims/*.yaml beside the game files)."),))
    failed = [c for c in checks if not c.passed]
    order = {paytable: i for i, paytable in enumerate(["", *ids])}  # claims on the deck alone first, then as the report
    checks = sorted(checks, key=lambda c: order[c.paytable])  # grouped by paytable; stable: claims-file order within one
    rows = tuple(
        (*cells(c.paytable or "the deck", c.claim, c.published, c.computed, c.source),
         Cell("PASS", "pass") if c.passed else Cell("FAIL", "fail"))
        for c in checks
    )
    summary = (f"{verdict(checks).capitalize()} with the exact computation. A figure passes when the exact value, rounded "
               "to the digits printed, gives the published value (or, for a published comparison such as \">8.5%\", "
               "when the comparison holds).")
    if failed:
        summary += " Failures: " + "; ".join(
            f"{c.paytable} {c.claim}: published {c.published}, exact {c.computed}" for c in failed
        ) + "."
    return Section("Verification", "verification", (
        Paragraph(summary),
        Table((Column("Paytable"), Column("Figure"), Column("Published", numeric=True), Column("Computed", numeric=True),
               Column("Source"), Column("Result")), rows, grouped=True),
    ))
