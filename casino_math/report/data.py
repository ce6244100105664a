"""A par sheet's figures as data: JSON (with a published schema) and an Excel workbook, for a lab's own tools.

Both are written from one plain structure, :func:`sheet_data`, so they cannot
disagree: the family, the issue, the software, each paytable with its files and
their SHA-256, each bet's figures and outcomes, and the published figures
checked. Every exact figure is written as text, ``p/q`` (or a whole number),
beside its decimal, so a reader gets back the very fractions the enumeration
gave: JSON numbers and spreadsheet cells are binary floats, and counts past
2^53 would lose digits there. The schema is ``par-sheet.schema.json`` beside
this module (:data:`SCHEMA`).

The workbook has a sheet for the summary, one per bet (each paytable that offers
the bet one block below the other: its figures, then its outcomes) and one for
the verification. Its bytes depend on the data alone: the document's creation
and modification dates are the issue date (openpyxl's own ``save`` would date it
by the clock), and every member of the zip archive carries that date too.

>>> exact_text(Fraction(128, 5525)), exact_text(Fraction(7)), figure(Fraction(1, 4))
('128/5525', '7', {'exact': '1/4', 'decimal': 0.25})
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, Sequence

from ..analysis import GameAnalysis
from ..returns import Metrics, ReturnTable
from .bets import strategy_words
from .provenance import build_digest, commit
from .verification import Check, tally

SCHEMA = Path(__file__).with_name("par-sheet.schema.json")  #: the JSON Schema of a par sheet's data, shipped in the package
SCHEMA_ID = "https://casino-math.invalid/par-sheet.schema.json"  # the schema's name; the file itself ships in the package
FIGURES = ("house_edge", "rtp", "element_of_risk", "average_wager", "hit_frequency", "variance", "max_win")  #: each bet's figures, in order
LABELS = {"house_edge": "House edge", "rtp": "RTP", "element_of_risk": "Element of risk", "average_wager": "Average total wager",
          "hit_frequency": "Hit frequency", "variance": "Variance", "max_win": "Maximum win"}  # a figure's row in the workbook
WIDTHS = (44, 24, 20, 16, 14, 22, 14, 22)  # the workbook's columns, in characters
EXCEL_EXACT = 2 ** 53  # whole numbers past this are written as text in a cell: a spreadsheet's numbers are binary floats


def exact_text(value: Fraction | int) -> str:
    """An exact value as text: ``p/q``, or ``p`` when whole."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def figure(value: Fraction | int) -> dict[str, Any]:
    """An exact figure and its decimal."""
    return {"exact": exact_text(value), "decimal": float(value)}


def _bet(analysis: GameAnalysis, bet: str, table: ReturnTable) -> dict[str, Any]:
    m = table.metrics
    return {
        "bet": bet,
        "name": analysis.game.names.bet(bet),
        "figures": {**{name: figure(value) for name, value in exact_figures(m).items()},
                    "standard_deviation": m.standard_deviation, "combinations": str(m.combinations)},
        "outcomes": [{"outcome": o.name.replace("_", " "), "pays": o.pays, "net": exact_text(o.net),
                      "combinations": str(o.combinations), "probability": figure(Fraction(o.combinations, table.total)),
                      "return": figure(o.net * Fraction(o.combinations, table.total))} for o in table.outcomes],
    }


def exact_figures(m: Metrics) -> dict[str, Fraction]:
    """A bet's exact figures by name, in the order of :data:`FIGURES`."""
    return {"house_edge": m.house_edge, "rtp": m.rtp, "element_of_risk": m.element_of_risk, "average_wager": m.average_wager,
            "hit_frequency": m.hit_frequency, "variance": m.variance, "max_win": m.max_win}


def sheet_data(analyses: Sequence[GameAnalysis], checks: Sequence[Check], version: str, issued: date,
               revision: str = "1") -> dict[str, Any]:
    """Everything a family's par sheet states as figures, in the structure :data:`SCHEMA` describes; the main game
    first (as the sheet names it)."""
    from .sheet import main_game, shown_path  # the sheet's own choice of main game and of how files are named

    main = main_game(analyses)
    ordered = [main, *(a for a in analyses if a is not main)]
    base = Path(main.game.path).resolve().parent.parent
    return {
        "$schema": SCHEMA_ID,
        "family": main.game.family,
        "game": main.game.family_name,
        "main": main.game.id,
        "issued": issued.isoformat(),
        "revision": revision,
        "software": {"name": "casino-math", "version": version, "build": build_digest(), "commit": commit()},
        "verification_summary": tally(checks),
        "paytables": [{
            "id": a.game.id, "name": a.game.title, "source": a.game.source, "main": a is main,
            "files": [{"path": shown_path(path, base), "sha256": digest} for path, digest in a.game.files],
            "strategy": strategy_words(a) if a.game.decisions else "",
            "bets": [_bet(a, bet, table) for bet, table in a.tables.items()],
        } for a in ordered],
        "verification": [{"paytable": c.paytable, "figure": c.claim, "published": c.published, "computed": c.computed,
                          "source": c.source, "status": c.status, "reason": c.gap} for c in checks],
    }


def render_json(data: dict[str, Any]) -> bytes:
    """The data as JSON text: keys in the order written, two spaces of indent, UTF-8, a final newline."""
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _sheet_title(name: str, taken: set[str]) -> str:
    """A worksheet's title: the characters Excel refuses taken out, at most 31 characters, unique in the workbook."""
    base = re.sub(r"[\[\]:*?/\\]", " ", name).strip()[:31] or "Bet"
    title, n = base, 1
    while title.lower() in taken:
        n += 1
        title = f"{base[:31 - len(str(n)) - 1]} {n}"
    taken.add(title.lower())
    return title


def _whole(text: str) -> int | str:
    """A count as a cell holds it: a number where a spreadsheet keeps every digit, else the digits as text."""
    value = int(text)
    return value if abs(value) < EXCEL_EXACT else text


def render_xlsx(data: dict[str, Any], issued: date) -> bytes:
    """The data as an Excel workbook (openpyxl): a summary sheet, one sheet per bet, the verification; the same data and
    date give the same bytes."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.writer.excel import ExcelWriter

    bold = Font(bold=True)
    book = Workbook()
    summary = book.active
    summary.title = "Summary"
    taken = {"summary", "verification"}
    software = data["software"]
    for row in (("Game", data["game"]), ("Main paytable", data["main"]), ("Issued", data["issued"]),
                ("Document revision", data["revision"]),
                ("Software", f"{software['name']} {software['version']}; build {software['build']}; commit {software['commit']}"),
                ("Published figures", data["verification_summary"])):
        summary.append(row)
    summary.append(())
    summary.append(("Paytable", "Name", "Source", "File", "SHA-256"))
    for paytable in data["paytables"]:
        for i, file in enumerate(paytable["files"]):  # what a variant extends on the lines below it
            named = (paytable["id"], paytable["name"], paytable["source"]) if i == 0 else ("", "", "")
            summary.append((*named, file["path"], file["sha256"]))
    bets: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for paytable in data["paytables"]:
        for bet in paytable["bets"]:
            bets.setdefault(bet["bet"], []).append((paytable, bet))
    for offered in bets.values():
        sheet = book.create_sheet(_sheet_title(offered[0][1]["name"], taken))
        for paytable, bet in offered:
            sheet.append((f"{bet['name']}: {paytable['id']}" + (" (main)" if paytable["main"] else ""), paytable["name"]))
            sheet.cell(sheet.max_row, 1).font = bold
            sheet.append(("Figure", "Decimal", "Exact"))
            for name in FIGURES:
                sheet.append((LABELS[name], bet["figures"][name]["decimal"], bet["figures"][name]["exact"]))
            sheet.append(("Standard deviation", bet["figures"]["standard_deviation"], ""))
            sheet.append(("Combinations (all outcomes)", _whole(bet["figures"]["combinations"]), bet["figures"]["combinations"]))
            sheet.append(("Outcome", "Pays", "Net (exact)", "Combinations", "Probability", "Probability (exact)", "Return",
                          "Return (exact)"))
            for o in bet["outcomes"]:
                sheet.append((o["outcome"], o["pays"], o["net"], _whole(o["combinations"]), o["probability"]["decimal"],
                              o["probability"]["exact"], o["return"]["decimal"], o["return"]["exact"]))
            sheet.append(())
    checks = book.create_sheet("Verification")
    checks.append(("Paytable", "Figure", "Published", "Computed", "Source", "Result", "Reason"))
    for c in data["verification"]:
        checks.append((c["paytable"] or "the deck", c["figure"], c["published"], c["computed"], c["source"], c["status"], c["reason"]))
    for sheet in book.worksheets:
        for letter, width in zip("ABCDEFGH", WIDTHS):
            sheet.column_dimensions[letter].width = width
    moment = datetime(issued.year, issued.month, issued.day)
    book.properties.created = book.properties.modified = moment
    book.properties.creator = "casino-math"
    buffer = io.BytesIO()
    ExcelWriter(book, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True)).save()  # not book.save, which
    return _dated_zip(buffer.getvalue(), moment)  # dates the workbook by the clock


def _dated_zip(data: bytes, moment: datetime) -> bytes:
    """The same archive, every member dated ``moment`` (openpyxl dates them with the clock), in the same order."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            info = zipfile.ZipInfo(member.filename, date_time=moment.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = member.external_attr
            target.writestr(info, source.read(member.filename))
    return out.getvalue()
