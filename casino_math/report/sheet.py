"""A game family's par sheet: analyses and checks in, a :class:`~casino_math.report.document.Document` out.

The main game is the one the family names (``main:`` in its game files), else
the file that offers the most bets (the first such file, in name order, on a
tie); the other files are its variants. Sections follow the
order a regulator reads a par sheet: a one-page summary, identification, rules
and assumptions, settlement, figures, return tables, strategy, meters, variants,
verification, and an appendix of the exact fractions the body rounds.
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
    bands_tables, bet_blocks, bet_edges, bet_heading, funnel, hand_frequency_blocks, headline_tables, meter_blocks, metered,
    strategy_words, variant_section,
)
from .document import Block, Bullets, Cell, Column, Document, Paragraph, Section, Table, cells
from ..text import count
from .rules import rules_section, settlement_section
from .strategy import strategy_section
from .issued import issue_date
from .provenance import build_digest, commit
from .exact import exact_section
from .summary import summary_section
from .variants import comparison
from .verification import Check, tally

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
    """The file the family names as its main game (``main:``, written in the file the others extend), where it is among
    these; else the file offering the most bets; among equals, one that the others extend and that extends none (the
    game its variants change)."""
    named = {a.game.main for a in analyses if a.game.main}
    chosen = [a for a in analyses if a.game.id in named] or analyses  # a report of some variants alone: as if none named
    extended = {Path(path).resolve() for a in analyses for path, _ in a.game.files[1:]}
    return max(chosen, key=lambda a: (len(a.game.bets), Path(a.game.path).resolve() in extended,
                                      len(a.game.files) == 1))  # max keeps the first of equals


def build_document(analyses: Sequence[GameAnalysis], checks: Sequence[Check], version: str, issued: date | None = None,
                   revision: str = "1", note: str = "") -> Document:
    """The whole par sheet of one game family: its main game and the variants, issued on ``issued`` (see
    :func:`~casino_math.report.issued.issue_date` for the default) as revision ``revision`` of the document; ``note``,
    where given, is the first thing the sheet says (the studio's "edited from tcp-standard: Pair Plus flush 4 → 3")."""
    issued = issued or issue_date()
    main = main_game(analyses)
    variants = [a for a in analyses if a is not main]
    analyses = [main, *variants]
    family = main.game.family_name
    base = Path(main.game.path).resolve().parent.parent
    sections = [
        summary_section(main, (shown_path(main.game.path, base), main.game.sha256), strategy_words(main), checks, version,
                        issued, revision),
        identification(analyses, version, issued, checks, revision),
        rules_section(analyses),
        settlement_section(analyses),
        Section("Headline figures", "headline", (
            Paragraph(f"{label(main.game)}, per bet. Figures are rounded for printing; the exact fractions the "
                      "enumeration gives are in the appendix."),
            *headline_tables(main),
            *bet_edges(main),
            *bands_tables(main),
            funnel(main),
        )),
        return_tables(main),
    ]
    if main.decisions:
        sections.append(strategy_section(main))
    meters = metered(analyses)
    if meters:
        sections.append(Section("Progressive meters", "meters", tuple(b for a, bet in meters for b in meter_blocks(a, bet))))
    if variants:
        sections.append(Section("Paytable variants", "variants", (*comparison(analyses, main), *(variant_section(a) for a in variants))))
    sections.append(verification(checks, [a.game.id for a in analyses]))
    sections.append(exact_section(analyses))
    return Document(
        title=f"{family} par sheet",
        header=(f"{shortened(note)} · " if note else "") + f"{family} par sheet · issued {issued.isoformat()} · "
                                                          f"revision {revision} · casino-math {version}",
        summary=(f"{note[:1].upper()}{note[1:]}. " if note else "")
        + f"{label(main.game)}, with {count(len(variants), 'paytable variant')}. {tally(checks).capitalize()}.",
        sections=tuple(sections),
        issued=issued,
    )


def return_tables(main: GameAnalysis) -> Section:
    hands = hand_frequency_blocks(main)
    blocks: list[Block] = [Section("The player's hand", "hands", hands)] if hands else []
    blocks += [Section(bet_heading(main.game, bet), f"returns-{bet}", bet_blocks(main, bet, chart=True)) for bet in main.tables]
    return Section("Return tables", "returns", tuple(blocks))


HEADER_NOTE = 80  # characters of a note the running header holds (one line of every page); the summary line holds it whole


def shortened(note: str) -> str:
    """A note as the running header prints it: whole, or cut with an ellipsis where it would not fit the line.

    >>> shortened("edited from tcp-standard: Pair Plus flush 4 → 3"), len(shortened("x" * 200))
    ('edited from tcp-standard: Pair Plus flush 4 → 3', 80)
    """
    return note if len(note) <= HEADER_NOTE else note[:HEADER_NOTE - 1] + "\u2026"


def shown_path(path: str, base: Path) -> str:
    """A file as printed: relative to the folder above the main file's, so the bytes do not depend on where the files lie;
    a file outside that folder (a game the main file extends from elsewhere) by its folder and name alone, never by a
    path that climbs out to where it lies (the SHA-256 beside it identifies it)."""
    shown = Path(os.path.relpath(Path(path).resolve(), base))
    return (Path(shown.parent.name) / shown.name).as_posix() if shown.parts[0] == ".." else shown.as_posix()


def identification(analyses: Sequence[GameAnalysis], version: str, issued: date, checks: Sequence[Check] = (),
                   revision: str = "1") -> Section:
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
            cells("Document revision", revision),
            cells("Software", f"casino-math {version}"),
            cells("Build", f"{build_digest()} (SHA-256 of the package's files, first 16 digits)"),
            cells("Commit", commit()),
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
    order = {paytable: i for i, paytable in enumerate(["", *ids])}  # claims on the deck alone first, then as the report
    checks = sorted(checks, key=lambda c: order[c.paytable])  # grouped by paytable; stable: claims-file order within one
    results = {"agrees": Cell("PASS", "pass"), "differs": Cell("DIFFERS", "differs"), "fails": Cell("FAIL", "fail")}
    rows = tuple((*cells(c.paytable or "the deck", c.claim, c.published, c.computed, c.source), results[c.status])
                 for c in checks)
    summary = (f"{tally(checks).capitalize()}. A figure agrees (PASS) when the exact value, rounded to the digits printed, "
               "gives the published value (or, for a published comparison such as \">8.5%\", when the comparison holds). "
               "A figure that differs for a reason on file (another convention, a simulation, a source's rounding) is "
               "marked DIFFERS, with the reason below; FAIL marks a difference nobody has explained.")
    failed = [c for c in checks if c.status == "fails"]
    if failed:
        summary += " Unexplained: " + "; ".join(
            f"{c.paytable or 'the deck'} {c.claim}: published {c.published}, exact {c.computed}" for c in failed
        ) + "."
    explained = [c for c in checks if c.status == "differs"]
    notes: tuple[Block, ...] = (
        Paragraph("Why the figures marked DIFFERS differ, as the claims files say:"),
        Bullets(tuple(f"{c.paytable or 'the deck'}, {c.claim}: published {c.published}, exact {c.computed}. "
                      f"{c.gap[:1].upper()}{c.gap[1:].rstrip('.')}." for c in explained)),
    ) if explained else ()
    return Section("Verification", "verification", (
        Paragraph(summary),
        Table((Column("Paytable"), Column("Figure"), Column("Published", numeric=True), Column("Computed", numeric=True),
               Column("Source"), Column("Result")), rows, grouped=True),
        *notes,
    ))
