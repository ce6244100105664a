"""The report as a PDF: reportlab platypus, real text in an embedded font, the charts as PNG.

Pages are A4 with a running header (game, issue date, software version) and
"Page N of M" at the foot. The document is built with reportlab's *invariant*
mode: a fixed document id, and the issue date as its creation date, so the
same inputs and date give the same bytes. Text is set in DejaVu Sans, which ships with matplotlib, so minus
signs, "×" and "√" print on every machine and the text can be searched.
"""

from __future__ import annotations

import io
import os
from contextlib import contextmanager
from datetime import date, datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping
from xml.sax.saxutils import escape as xml_escape

import matplotlib
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate, CondPageBreak, Flowable, Frame, Image, KeepTogether, PageBreak, PageTemplate, Spacer,
)
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from ..text import code_pieces, visible
from .charts import Rendered
from .document import Block, Bullets, Chart, Document, Paragraph, Section, Table

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 16 * mm
FRAME_WIDTH = PAGE_WIDTH - 2 * MARGIN
CHART_HEIGHT = PAGE_HEIGHT - 2 * MARGIN - 6 * mm - 40  # the frame less room for the caption
CELL_PADDING = 3
TABLE_FONT_SIZES = (7.5, 6.5, 5.5)  # a table too wide at one size tries the next
INK, MUTED, RULE, BAND, HEAD = (colors.HexColor(c) for c in ("#1a1a1a", "#5f6368", "#c8ccd0", "#f4f6f8", "#e8ecf0"))
ACCENT, PASS, FAIL, DIFFERS = (colors.HexColor(c) for c in ("#1f4e79", "#1b5e20", "#b71c1c", "#8a5a00"))
# a strategy chart's cells by action (the HTML's act-* classes)
ACTION_COLOURS = {f"act-{action}": colors.HexColor(c) for action, c in
                  (("hit", "#f4c7c3"), ("stand", "#fff2a8"), ("double", "#b7d7f0"), ("split", "#c8e6c9"), ("surrender", "#e0e0e0"))}
VERDICTS = ("pass", "differs", "fail")  # tones set in bold (and measured so)
PAGE_COUNT_FORM = "page-count"
TEXT_COLUMN_LEAST = FRAME_WIDTH / 6  # a text column gets at least this much (or its longest word) before others grow


def escape(text: str) -> str:
    """Text from a file as PDF paragraph markup: direction controls shown (text.visible), markup characters escaped."""
    return xml_escape(visible(text))


def _code_markup(text: str, width: float, font: str, size: float) -> str:
    """A code cell as lines that fit ``width``, broken only between :func:`code_pieces` (a piece wider than the column,
    which the widths avoid, is cut where it must be)."""
    lines, line = [], ""
    for piece in code_pieces(visible(text)):
        if line and pdfmetrics.stringWidth(line + piece, font, size) > width:
            lines.append(line)
            line = ""
        line += piece
    lines.append(line)
    return "<br/>".join(xml_escape(line) for line in lines)


@lru_cache(maxsize=1)
def _fonts() -> tuple[str, str, str]:
    """Register DejaVu Sans (regular, bold) and DejaVu Sans Mono from matplotlib's own font folder."""
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    names = ("CMSans", "CMSans-Bold", "CMMono")
    for name, file in zip(names, ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily("CMSans", normal="CMSans", bold="CMSans-Bold", italic="CMSans", boldItalic="CMSans-Bold")
    return names


def _styles() -> dict[str, ParagraphStyle]:
    regular, bold, mono = _fonts()
    body = ParagraphStyle("body", fontName=regular, fontSize=9, leading=12, textColor=INK, spaceAfter=5)
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=20, leading=24, textColor=ACCENT, spaceAfter=6),
        "h1": ParagraphStyle("h1", parent=body, fontName=bold, fontSize=14, leading=18, textColor=ACCENT, spaceBefore=10,
                             spaceAfter=6, keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName=bold, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=bold, fontSize=9.5, leading=12, spaceBefore=6, spaceAfter=3, keepWithNext=1),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=10, bulletIndent=0, spaceAfter=3),
        "caption": ParagraphStyle("caption", parent=body, fontSize=7.5, leading=9.5, textColor=MUTED, spaceBefore=2, spaceAfter=8),
        "mono": ParagraphStyle("mono", parent=body, fontName=mono),
    }


class _Canvas(Canvas):
    """A canvas that writes the final page count into a form every footer refers to."""

    def save(self) -> None:
        self.beginForm(PAGE_COUNT_FORM)
        self.setFont(_fonts()[0], 7.5)
        self.setFillColor(MUTED)
        self.drawString(0, 0, str(self.getPageNumber() - 1))  # the page after the last, which is never shown
        self.endForm()
        super().save()


class _Heading(RLParagraph):
    """A heading that leaves a bookmark in the PDF outline."""

    def __init__(self, title: str, style: ParagraphStyle, anchor: str, level: int) -> None:
        super().__init__(escape(title), style)
        self.anchor, self.level, self.title = anchor, level, title


class _Report(BaseDocTemplate):
    """A4 pages with the running header, "Page N of M", and a PDF outline of the headings."""

    def __init__(self, buffer: io.BytesIO, document: Document) -> None:
        super().__init__(
            buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN + 6 * mm, bottomMargin=MARGIN,
            title=visible(document.title), author="casino-math", subject=visible(document.summary), creator=visible(document.header),
            invariant=1,  # a fixed document id, the date from _dated: the same bytes for the same inputs
        )
        self.header = visible(document.header)
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body", leftPadding=0, rightPadding=0)
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self._decorate)])

    def _decorate(self, canvas: Canvas, doc: Any) -> None:
        regular = _fonts()[0]
        canvas.saveState()
        canvas.setFont(regular, 7.5)
        canvas.setFillColor(MUTED)
        top = PAGE_HEIGHT - MARGIN
        canvas.drawString(MARGIN, top, self.header)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, top - 3, PAGE_WIDTH - MARGIN, top - 3)
        label = f"Page {canvas.getPageNumber()} of "
        x = PAGE_WIDTH - MARGIN - canvas.stringWidth(label + "00", regular, 7.5)
        canvas.drawString(x, MARGIN / 2, label)
        canvas.translate(x + canvas.stringWidth(label, regular, 7.5), MARGIN / 2)
        canvas.doForm(PAGE_COUNT_FORM)
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, _Heading):
            self.canv.bookmarkPage(flowable.anchor)
            self.canv.addOutlineEntry(visible(flowable.title), flowable.anchor, level=flowable.level, closed=flowable.level > 0)


def _table(table: Table, styles: Mapping[str, ParagraphStyle]) -> list[Flowable]:
    """A document table as a reportlab table whose columns fit the frame: numbers never wrap, text does."""
    regular, bold, mono = _fonts()
    columns = table.shown_columns
    for size in TABLE_FONT_SIZES:
        widths = _column_widths(table, size)
        if widths is not None:
            break
    else:
        size, widths = TABLE_FONT_SIZES[-1], [FRAME_WIDTH / len(columns)] * len(columns)
    cell = ParagraphStyle("cell", fontName=regular, fontSize=size, leading=size * 1.25, textColor=INK)
    by_column = [
        ParagraphStyle(f"c{i}", parent=cell, alignment=TA_RIGHT if c.numeric else 0, fontName=mono if c.code else regular,
                       fontSize=size - 0.5 if c.code else size)
        for i, c in enumerate(columns)
    ]
    tones = {
        "pass": lambda style: ParagraphStyle("pass", parent=style, fontName=bold, textColor=PASS),
        "fail": lambda style: ParagraphStyle("fail", parent=style, fontName=bold, textColor=colors.white),
        "differs": lambda style: ParagraphStyle("differs", parent=style, fontName=bold, textColor=DIFFERS),
        "": lambda style: style,
        **{tone: (lambda style: ParagraphStyle("act", parent=style, alignment=1)) for tone in ACTION_COLOURS},
    }
    group_style = ParagraphStyle("group", parent=cell, fontName=bold, textColor=ACCENT)
    rows: list[list[Any]] = [[RLParagraph(escape(c.header), ParagraphStyle(f"h{i}", parent=by_column[i], fontName=bold))
                              for i, c in enumerate(columns)]]
    commands: list[tuple[Any, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEAD),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        *([("BOTTOMPADDING", (0, 1), (-1, -1), 14)] if any(c.fill for c in columns) else []),  # a line high enough to sign
    ]
    for kind, row in table.body():
        r = len(rows)
        if kind == "group":
            rows.append([RLParagraph(escape(row[0].text), group_style)] + [""] * (len(columns) - 1))
            commands += [("SPAN", (0, r), (-1, r)), ("LINEBELOW", (0, r), (-1, r), 0.6, ACCENT), ("TOPPADDING", (0, r), (-1, r), 5)]
            continue
        rows.append([RLParagraph(_code_markup(c.text, widths[i] - 2 * CELL_PADDING, mono, by_column[i].fontSize) if columns[i].code
                                 else escape(c.text), tones[c.tone](by_column[i])) for i, c in enumerate(row)])
        if r % 2 == 0:
            commands.append(("BACKGROUND", (0, r), (-1, r), BAND))
        commands += [("BACKGROUND", (i, r), (i, r), FAIL) for i, c in enumerate(row) if c.tone == "fail"]
        commands += [("BACKGROUND", (i, r), (i, r), ACTION_COLOURS[c.tone]) for i, c in enumerate(row) if c.tone in ACTION_COLOURS]
    if table.totals:
        rows.append([RLParagraph(escape(c.text), ParagraphStyle(f"t{i}", parent=by_column[i], fontName=bold))
                     for i, c in enumerate(table.totals)])
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 1, INK))
    flowables: list[Flowable] = [RLTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT", style=TableStyle(commands))]
    flowables.append(RLParagraph(escape(table.caption), styles["caption"]) if table.caption else Spacer(1, 8))
    return flowables


def _column_widths(table: Table, size: float) -> list[float] | None:
    """Widths that fit the frame at this font size, or None: numbers get their full width, text shares the rest."""
    regular, bold, mono = _fonts()
    pad = 2 * CELL_PADDING + 1

    def width(text: str, font: str) -> float:
        return pdfmetrics.stringWidth(text, font, size) + pad

    natural, words, least = [], [], []
    body = [row for kind, row in table.body() if kind == "row"]  # group rows span the table: no constraint
    for i, column in enumerate(table.shown_columns):
        cells = [(row[i].text, mono if column.code else bold if row[i].tone in VERDICTS else regular) for row in body]
        if table.totals:
            cells.append((table.totals[i].text, bold))  # totals are set in bold, which is wider
        header = width(column.header, bold)
        words_of = code_pieces if column.code else str.split  # a file name breaks after / and -, not at spaces
        longest = max([width(w, font) for t, font in cells for w in words_of(t)] + [width(w, bold) for w in column.header.split()],
                      default=pad)  # a column left blank to be written in
        full = max([width(t, font) for t, font in cells] + [header])
        if column.numeric:
            # numbers never wrap; a header wider than its numbers wraps if the table is too wide
            data = max((width(t, font) for t, font in cells), default=pad)
            compact = max(data, longest) if header > 1.2 * data else full
            natural.append(full)
            words.append(compact)
            least.append(compact)
        else:
            natural.append(full)
            words.append(longest)
            least.append(min(longest, TEXT_COLUMN_LEAST))  # a longer word is split if it must be
    if sum(natural) <= FRAME_WIDTH:
        blank = [i for i, c in enumerate(table.shown_columns) if c.fill]  # room to write in by hand: all that is left
        return [w + (FRAME_WIDTH - sum(natural)) / len(blank) * (i in blank) for i, w in enumerate(natural)] if blank else natural
    natural = [w if c.numeric else n for c, w, n in zip(table.shown_columns, words, natural)]
    spare = FRAME_WIDTH - sum(least)
    if spare < 0:
        return None
    widths, spare = _grow(least, words, spare)  # first, whole words
    return _grow(widths, natural, spare)[0]  # then, fewer lines


def _grow(widths: list[float], targets: list[float], spare: float) -> tuple[list[float], float]:
    """Widen columns toward their targets, sharing ``spare`` in proportion to what each lacks."""
    lack = [max(t - w, 0.0) for w, t in zip(widths, targets)]
    need = sum(lack)
    if need == 0:
        return widths, spare
    share = min(1.0, spare / need)
    return [w + gap * share for w, gap in zip(widths, lack)], spare - need * share


def _chart(chart: Chart, image: Rendered, styles: Mapping[str, ParagraphStyle]) -> Flowable:
    reader = ImageReader(io.BytesIO(image.png))
    w, h = reader.getSize()
    scale = min(FRAME_WIDTH / w, CHART_HEIGHT / h)  # a tall chart (a return table of many rows) fits a page too
    picture = Image(io.BytesIO(image.png), width=w * scale, height=h * scale)
    return KeepTogether([picture, RLParagraph(escape(chart.caption), styles["caption"])])


def _blocks(blocks: tuple[Block, ...], number: str, level: int, images: Mapping[str, Rendered],
            styles: Mapping[str, ParagraphStyle]) -> list[Flowable]:
    out: list[Flowable] = []
    subsection = 0
    for block in blocks:
        if isinstance(block, Section):
            subsection += 1
            out += _section(block, f"{number}.{subsection}", level + 1, images, styles)
        elif isinstance(block, Paragraph):
            out.append(RLParagraph(escape(block.text), styles["body"]))
        elif isinstance(block, Bullets):
            out += [RLParagraph(escape(item), styles["bullet"], bulletText="•") for item in block.items]
        elif isinstance(block, Table):
            out += _table(block, styles)
        elif isinstance(block, Chart):
            out.append(_chart(block, images[block.key], styles))
    return out


def _section(section: Section, number: str, level: int, images: Mapping[str, Rendered],
             styles: Mapping[str, ParagraphStyle]) -> list[Flowable]:
    style = styles[f"h{min(level + 1, 3)}"]
    # a section starts on a new page rather than with a few lines at the foot of one
    out: list[Flowable] = [CondPageBreak(PAGE_HEIGHT * (0.3 if level == 0 else 0.15))]
    out.append(_Heading(f"{number}  {section.title}", style, section.anchor, level))
    return out + _blocks(section.blocks, number, level, images, styles) + ([PageBreak()] if section.own_page else [])


KIND = "rendered par sheet"
CODE = ("report/pdf.py", "report/document.py")  # what a PDF's bytes come from, beside its document (see count_cache.engine)


def kept_pdf(document: Document, images: Mapping[str, Rendered]) -> bytes:
    """The PDF's bytes, kept between runs with the counts (:mod:`casino_math.count_cache`): the same document and charts
    give the same bytes, so a warm report of unchanged games lays out no page. Keyed by the document written out whole,
    each chart's bytes, this module's code and the versions of reportlab and matplotlib (its fonts)."""
    import hashlib

    import numpy as np
    import reportlab

    from ..count_cache import current

    cache = current()
    if cache is None:
        return render_pdf(document, images)
    digest = hashlib.sha256(repr(document).encode())
    for key, image in sorted(images.items()):
        digest.update(f"|{key}|".encode() + hashlib.sha256(image.png).digest())
    key = f"{digest.hexdigest()}|reportlab {reportlab.Version}|matplotlib {matplotlib.__version__}"
    what = f"the PDF of {document.title}"
    found, stored = cache.load(KIND, key, what, CODE)
    if found and isinstance(stored, np.ndarray) and stored.dtype == np.uint8:
        return stored.tobytes()
    data = render_pdf(document, images)
    cache.keep(KIND, key, what, np.frombuffer(data, np.uint8), CODE)
    return data


def render_pdf(document: Document, images: Mapping[str, Rendered]) -> bytes:
    """The PDF's bytes."""
    styles = _styles()
    story: list[Flowable] = [RLParagraph(escape(document.title), styles["title"]), RLParagraph(escape(document.summary), styles["body"])]
    for number, section in enumerate(document.sections, start=1):
        story += _section(section, str(number), 0, images, styles)
    buffer = io.BytesIO()
    with _binary_images(), _dated(document.issued):
        _Report(buffer, document).build(story, canvasmaker=_Canvas)
    return buffer.getvalue()


@contextmanager
def _dated(issued: date | None) -> Iterator[None]:
    """The PDF's creation date is the issue date at midnight UTC (reportlab reads it from SOURCE_DATE_EPOCH, the
    reproducible-builds convention), whatever the clock or the environment says; None: reportlab's fixed date."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    if issued is None:
        os.environ.pop("SOURCE_DATE_EPOCH", None)
    else:
        os.environ["SOURCE_DATE_EPOCH"] = str(int(datetime(issued.year, issued.month, issued.day, tzinfo=timezone.utc).timestamp()))
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


@contextmanager
def _binary_images() -> Iterator[None]:
    """Embed images as compressed binary, not ASCII85 text: smaller, and reportlab's pure-Python encoder is slow."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before
