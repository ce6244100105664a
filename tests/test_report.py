"""The par-sheet report: its sections, its two files, escaping, determinism, atomic writes, the command.

The full report is built once per session (a few seconds), from the repository's
Three Card Poker folder exactly as ``casino-math report`` with no arguments does.
Figures expected here are the exact values rounded, or published figures
(shared/reference/published_figures.md).
"""

from __future__ import annotations

import base64
import contextlib
import re
import shutil
import subprocess
import sys
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from rich.console import Console

import casino_math.report as report
from casino_math import __version__
from casino_math.cli import main
from casino_math.errors import InputError
from casino_math.games import analyze
from casino_math.paytable import load_game
from casino_math.report.charts import Rendered
from casino_math.report.document import Section, Table
from casino_math.report.pdf import FRAME_WIDTH, _table
from casino_math.report.progress import Steps
from casino_math.report.wagers import pays_summary
from casino_math.report.writer import write_atomically

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "paytables" / "three_card_poker"
SECTIONS = ("Identification", "Rules and assumptions", "Settlement matrix", "Headline figures", "Return tables",
            "Ante/Play strategy", "Paytable variants", "Verification")
GAME_FILE = """\
game: three_card_poker
id: escape-test
name: "<script>alert(1)</script>"
source: "a <b>bold</b> & odd source"
wagers:
  pair_plus:
    pays: {straight_flush: 40, three_of_a_kind: 30, straight: 6, flush: 4, pair: 1}
"""


@pytest.fixture(scope="session")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """``write_report()`` with its defaults, run from the repository root: the files' bytes by suffix."""
    out = tmp_path_factory.mktemp("report")
    with contextlib.chdir(REPO):
        paths = report.write_report(out_dir=out)
    assert sorted(p.name for p in paths) == ["three_card_poker.html", "three_card_poker.pdf"]
    return {p.suffix: p.read_bytes() for p in paths}


@pytest.fixture(scope="session")
def html(written: dict[str, bytes]) -> str:
    return written[".html"].decode("utf-8")


@pytest.fixture(scope="session")
def pdf_pages(written: dict[str, bytes]) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(written[".pdf"])).pages]


@pytest.fixture(scope="session")
def document():
    """The report's document model, without drawing anything."""
    with contextlib.chdir(REPO):
        files = report.game_files(report.DEFAULT_INPUTS)
        analyses = [analyze(f) for f in files]
        return report.build_document(analyses, report.check_claims([a.config for a in analyses]), __version__)


def _tables(blocks) -> list[Table]:
    out = []
    for block in blocks:
        if isinstance(block, Table):
            out.append(block)
        elif isinstance(block, Section):
            out += _tables(block.blocks)
    return out


# -- contents ------------------------------------------------------------------------------
def test_every_section_in_both_files(html: str, pdf_pages: list[str]) -> None:
    text = "\n".join(pdf_pages)
    for number, title in enumerate(SECTIONS, start=1):
        assert re.search(rf"<h2[^>]*><span class=\"number\">{number}</span> {re.escape(title)}</h2>", html.replace("&#39;", "'")), title
        assert f"{number} {title}" in text.replace("  ", " "), title


def test_identification_names_every_input_with_its_hash_and_the_version(html: str, pdf_pages: list[str]) -> None:
    import hashlib

    files = sorted(FOLDER.glob("*.yaml"))
    assert len(files) >= 12
    for file in files:
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        assert digest in html
        assert f"paytables/three_card_poker/{file.name}" in html
    assert f"casino-math {__version__}" in html
    assert all(f"Three Card Poker par sheet · casino-math {__version__}" in page for page in pdf_pages)


def test_pdf_text_holds_the_headline_figures(pdf_pages: list[str]) -> None:
    text = "\n".join(pdf_pages)
    for figure in (
        "3.3730%",  # Ante/Play house edge (published 3.37%)
        "2.0147%",  # its element of risk (published 2.01%)
        "2.3167%",  # Pair Plus 40-30-6-4-1 (published 2.32%)
        "8.5614%",  # Six Card Bonus 1000-200-100-20-15-10-7
        "3.6206%",  # Prime 3-4
        "686,689/20,358,520",  # the Ante/Play house edge, exact
        "407,170,400",  # deals
        "Q-6-4",  # the weakest hand played
        "44.9127%",  # Ante/Play hit frequency
        "1.6393",  # Ante/Play standard deviation
        "2.6966",  # its volatility index, 1.645 × SD
        "88.10% to 105.15%",  # its 90% band over 1,000 hands
    ):
        assert figure in text, figure
    assert "Page 1 of" in pdf_pages[0]


def test_return_table_rows_and_totals(document) -> None:
    tables = {t.caption: t for t in _tables(document.sections)}
    pair_plus = next(t for caption, t in tables.items() if caption.startswith("House edge 2.3167%"))
    assert [c.header for c in pair_plus.columns] == ["Outcome", "Pays", "Combinations", "Probability", "1 in N", "Return"]
    assert [r[0].text for r in pair_plus.rows] == ["straight flush", "three of a kind", "straight", "flush", "pair", "loses"]
    assert [r[2].text for r in pair_plus.rows] == ["48", "52", "720", "1,096", "3,744", "16,440"]
    assert [c.text for c in pair_plus.totals] == ["Total", "", "22,100", "1.00000000", "", "-0.02316742"]


def test_simpler_strategies_cost_more(document) -> None:
    table = next(t for t in _tables(document.sections) if t.columns[0].header == "Strategy")
    rows = {r[0].text.split(":")[0]: r for r in table.rows}
    assert set(rows) >= {"optimal", "always play", "play Q-high or better", "mimic the dealer (play when the dealer would qualify)"}
    edge = {name: float(r[2].text.rstrip("%")) for name, r in rows.items()}
    assert all(edge[name] > edge["optimal"] for name in rows if name != "optimal")
    assert rows["always play"][1].text == "22,100"


def test_verification_shows_the_published_error_as_fail(document) -> None:
    table = next(t for t in _tables(document.sections) if t.columns[-1].header == "Result")
    rows = [(r[0].text, r[2].text, r[3].text, r[-1]) for r in table.rows]
    six_card = [r for r in rows if r[0] == "six-card-bonus-1000-200-50-25-20-10-5" and r[1] == "10.23%"]
    assert len(six_card) == 1
    assert six_card[0][2] == "10.2248%" and (six_card[0][3].text, six_card[0][3].tone) == ("FAIL", "fail")
    ante = [r for r in rows if r[0] == "tcp-standard" and r[1] == "3.37%"]
    assert ante and ante[0][3].text == "PASS"


def test_variants_are_compared(document) -> None:
    table = next(t for t in _tables(document.sections) if t.grouped and t.columns[0].header == "Wager")
    ids = {r[1].text.removesuffix(" (main)") for r in table.rows}
    assert ids == {load_game(f).id for f in FOLDER.glob("*.yaml")}
    assert [r[1].text for r in table.rows].count("tcp-standard (main)") == 4  # one row per wager of the main game
    pair_plus = [r for r in table.rows if r[0].text == "Pair Plus"]
    edges = [float(r[3].text.rstrip("%")) for r in pair_plus]
    assert edges == sorted(edges)  # lowest house edge first


def test_charts(document, html: str) -> None:
    keys = [c.key for c in document.charts()]
    assert {"hand-frequencies", "returns-ante_play", "strategy", "house-edges", "funnel"} <= set(keys)
    images = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert len(images) == len(keys)
    assert all(base64.b64decode(image).lstrip().startswith(b"<?xml") for image in images)


def test_pdf_tables_fit_the_page(document) -> None:
    for table in _tables(document.sections):
        flowable = _table(table, report.pdf._styles())[0]
        width, _ = flowable.wrap(FRAME_WIDTH, 10_000)
        assert width <= FRAME_WIDTH + 0.01, table.caption or table.columns[0].header


def test_html_is_self_contained(html: str) -> None:
    assert "<script" not in html
    assert not re.search(r"""(src|href)=["'](?!data:|#)""", html)
    assert "Content-Security-Policy" in html


def test_pays_summary() -> None:
    assert pays_summary(analyze(FOLDER / "pair-plus-40-30-5-4-1-mini-royal-50.yaml"), "pair_plus") == "mini-royal 50, 40-30-5-4-1"
    assert pays_summary(analyze(FOLDER / "standard.yaml"), "ante_play") == "Ante Bonus 5-4-1"
    assert pays_summary(analyze(FOLDER / "progressive.yaml"), "progressive") == (
        "spade mini-royal jackpot (10,000), mini-royal 500, 100-90 for 1")


# -- safety ----------------------------------------------------------------------------------
def test_names_are_escaped(tmp_path: Path) -> None:
    (tmp_path / "evil.yaml").write_text(GAME_FILE)
    html, pdf = report.build_reports([tmp_path])["three_card_poker"]
    page = html.decode()
    assert "<script>alert(1)</script>" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "a &lt;b&gt;bold&lt;/b&gt; &amp; odd source" in page
    text = "\n".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)
    assert "<script>alert(1)</script>" in text  # shown as the characters it is


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``casino-math *args`` run in this process from the repository root."""
    monkeypatch.setattr(sys, "argv", ["casino-math", *args])
    monkeypatch.chdir(REPO)
    try:
        main()
        code = 0
    except SystemExit as exit_:
        code = exit_.code or 0
    out, err = capsys.readouterr()
    return code, out, err


def test_same_inputs_same_bytes_and_quiet(written: dict[str, bytes], tmp_path: Path, monkeypatch, capsys) -> None:
    assert run(monkeypatch, capsys, "report", "--out", str(tmp_path), "--quiet") == (0, "", "")
    assert (tmp_path / "three_card_poker.html").read_bytes() == written[".html"]
    assert (tmp_path / "three_card_poker.pdf").read_bytes() == written[".pdf"]


def test_a_failed_run_leaves_the_previous_report(written: dict[str, bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for suffix, data in written.items():
        (tmp_path / f"three_card_poker{suffix}").write_bytes(data)
    monkeypatch.setattr(report, "render", lambda draw: Rendered(b"<svg/>", _TINY_PNG))  # skip the drawing: not under test

    def fail(*args: object) -> bytes:
        raise RuntimeError("the PDF could not be made")

    monkeypatch.setattr(report, "render_pdf", fail)  # the last step, after the HTML exists in memory
    with pytest.raises(RuntimeError):
        report.write_report([FOLDER / "pair-plus-40-30-6-3-1.yaml"], tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["three_card_poker.html", "three_card_poker.pdf"]
    for suffix, data in written.items():
        assert (tmp_path / f"three_card_poker{suffix}").read_bytes() == data


def test_writes_all_files_or_none(tmp_path: Path) -> None:
    kept = tmp_path / "a.html"
    kept.write_bytes(b"old")
    (tmp_path / "not-a-folder").write_bytes(b"")
    with pytest.raises(OSError):
        write_atomically({kept: b"new", tmp_path / "not-a-folder" / "b.pdf": b"new"})
    assert kept.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "not-a-folder"]
    assert write_atomically({kept: b"new"}) == [kept] and kept.read_bytes() == b"new"


def test_bad_input_is_one_line_and_exit_code_2(tmp_path: Path, monkeypatch, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: three_card_poker\nid: bad\nwagers:\n  pair_plus:\n    pays: {pair: 40:1}\n")
    (tmp_path / "empty").mkdir()
    for path, message in ((bad, "bad.yaml:5: wagers.pair_plus.pays.pair"), (tmp_path / "missing", "no such file or folder"),
                          (tmp_path / "empty", "no game files")):
        code, out, err = run(monkeypatch, capsys, "report", str(path), "--out", str(tmp_path / "out"))
        assert (code, out) == (2, "") and err.startswith("error: ") and message in err, (path, err)
        assert not (tmp_path / "out").exists()


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(GAME_FILE)
    with pytest.raises(InputError, match="ids must differ"):
        report.build_reports([tmp_path])


# -- progress --------------------------------------------------------------------------------
@pytest.mark.parametrize("quiet, elapsed, shown", [(False, 2.0, True), (False, 0.5, False), (True, 2.0, False)])
def test_progress_bar_only_for_long_runs(quiet: bool, elapsed: float, shown: bool) -> None:
    out = StringIO()
    now = [0.0]
    with Steps(quiet, console=Console(file=out, force_terminal=True, width=80), clock=lambda: now[0]) as steps:
        steps.plan(2)
        steps.step("analysing")
        now[0] = elapsed
        steps.step("drawing charts")
    assert ("drawing charts" in out.getvalue()) is shown


# -- the HTML in a browser -------------------------------------------------------------------
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--enable-logging=stderr", "--v=0", "--hide-scrollbars", "--window-size=1280,2000")


def _render_in_chromium(page: Path, screenshot: Path, profile: Path) -> list[str]:
    """Render a page to a PNG in headless Chromium; return its console messages (errors and logs alike)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    result = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--screenshot={screenshot}", page.as_uri()],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return [line for line in result.stderr.splitlines() if ":CONSOLE" in line]


def test_html_renders_in_chromium_without_console_errors(written: dict[str, bytes], tmp_path: Path) -> None:
    page = tmp_path / "three_card_poker.html"
    page.write_bytes(written[".html"])
    screenshot = tmp_path / "page.png"
    assert _render_in_chromium(page, screenshot, tmp_path / "profile") == []
    from PIL import Image

    with Image.open(screenshot) as image:
        assert image.size == (1280, 2000)
        colours = image.convert("L").getextrema()
    assert colours[0] < 100 < colours[1]  # ink on paper, not a blank page

    broken = tmp_path / "broken.html"  # the check can fail: a page with a script error is caught
    broken.write_text("<!DOCTYPE html><title>x</title><script>undefinedFunction()</script>")
    assert any("undefinedFunction" in m for m in _render_in_chromium(broken, tmp_path / "broken.png", tmp_path / "profile2"))


_TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)
