"""The par-sheet report: its sections, its files, the index, escaping, determinism, atomic writes, progress, the command.

Reports are built from copies of game files in temporary folders: Three Card
Poker's (the whole family, a few seconds) and small games from tests/games/.
Every figure expected here is read from the analysis, never written down.
Published figures are checked by casino_math.claims; here a stand-in with the
same interface (``load_claims(path).claims``, ``verify(claims)``) feeds the
verification section, so that its rendering is tested on known verdicts.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import types
from io import BytesIO, StringIO
from pathlib import Path
from typing import cast

import pandas as pd
import pytest
from pypdf import PdfReader
from rich.console import Console

import casino_math
import casino_math.report as report
from casino_math import __version__
from casino_math.enumeration import category_counts
from casino_math.errors import InputError
from casino_math.cards import Deck
from casino_math.analysis import GameAnalysis, analyze
from casino_math.game.description import Draw, Stop
from casino_math.analysis import load_game, load_game_text
from casino_math.game.tableau import step_words, tableau_rows
from casino_math.parallel import Runner
from casino_math.report.bets import pays_summary
from casino_math.report.charts import Rendered
from casino_math.report.document import Bullets, Paragraph, Section, Table
from casino_math.report.pdf import FRAME_WIDTH, _styles, _table
from casino_math.progress import Bar
from casino_math.game.situations import Situation
from casino_math.report.rules import deck_text, hand_text
from casino_math.report.sheet import build_document, main_game
from casino_math.report.wording import outcome_name, result_text
from casino_math.text import fraction
from casino_math.report.verification import check_claims
from casino_math.report.writer import write_atomically
from casino_math.parallel import local_processes
from casino_math.workers import can_fork
from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT as REPO

TCP = REPO / "paytables" / "three_card_poker"
BACCARAT = REPO / "paytables" / "baccarat"
BLACKJACK = REPO / "paytables" / "blackjack_side_bets"
SHOE_FAMILIES = ("baccarat", "lucky_ladies", "perfect_pairs", "royal_match", "twenty_one_plus_three")
GAMES = REPO / "tests" / "games"
ISSUED = "2026-03-01"
SECTIONS = ("Summary", "Identification", "Rules and assumptions", "Settlement matrix", "Headline figures", "Return tables",
            "Strategy", "Progressive meters", "Paytable variants", "Verification", "Appendix: exact figures")
PAIRS_VARIANT = """\
# mini-three-card with a side bet of its own: two bets, so the family's main game
extends: mini-three-card.yaml
id: mini-three-card-pairs
name: Mini three card with Pairs
side_bets:
  pairs: {pays: pairs, on: player}
paytables:
  pairs: {three of a kind: 10, pair: 1}
"""


# -- a stand-in for casino_math.claims -------------------------------------------------------------
def _fake_claims_module() -> types.ModuleType:
    """``load_claims`` reads claims written as JSON (verdicts included); ``verify`` hands them back as the real one's frame."""
    module = types.ModuleType("casino_math.claims")

    def load_claims(path: Path) -> types.SimpleNamespace:
        data = json.loads(Path(path).read_text())
        claims = []
        for item in data["claims"]:
            game = item.get("game", data.get("game"))
            claims.append(types.SimpleNamespace(game=(Path(path).parent / game).resolve() if game else None, **{
                "gap": "", "wager": None, **{k: v for k, v in item.items() if k != "game"}}))
        return types.SimpleNamespace(claims=tuple(claims))

    def verify(claims, analyses=None) -> pd.DataFrame:
        return pd.DataFrame([{"claim": c.claim, "published": c.published, "computed_text": c.computed, "source": c.source,
                              "passed": c.passed} for c in claims])

    module.load_claims, module.verify = load_claims, verify  # type: ignore[attr-defined]
    return module


# module-scoped: the stand-in leaves sys.modules when this file is done, so later files in the same worker see the real one
@pytest.fixture(scope="module")
def fake_claims():
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "casino_math.claims", _fake_claims_module())
        yield


def _percent(x) -> str:
    return f"{float(x) * 100:.4f}%"


@pytest.fixture(scope="module")
def tcp_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three Card Poker's game files, and claims (with verdicts) about three of them and one about no file."""
    folder = tmp_path_factory.mktemp("games") / "three_card_poker"
    folder.mkdir()
    for file in TCP.glob("*.yaml"):
        shutil.copy(file, folder)
    edge = analyze(TCP / "standard.yaml").tables["pair_plus"].metrics.house_edge
    claims = [
        {"claim": "hands of three cards", "published": "22,100", "computed": "22,100", "source": "a book", "passed": True},
        {"claim": "pair_plus house edge", "published": f"{float(edge) * 100:.2f}%", "computed": _percent(edge),
         "source": "a site", "passed": True, "game": "../standard.yaml"},
        {"claim": "Pair Plus hit frequency", "published": "25.7%", "computed": "25.6109%", "source": "a simulation",
         "passed": False, "gap": "the source simulated ten million hands", "game": "../standard.yaml"},
        {"claim": "six_card_bonus house edge", "published": "10.23%", "computed": "10.2248%", "source": "another site",
         "passed": False, "game": "../six-card-bonus-1000-200-50-25-20-10-5.yaml"},
        {"claim": "about a file not in the report", "published": "1", "computed": "1", "source": "x", "passed": True,
         "game": "../not-here.yaml"},
    ]
    (folder / "claims").mkdir()
    (folder / "claims" / "published.yaml").write_text(json.dumps({"claims": claims}))
    return folder


@pytest.fixture(scope="module")
def written(tcp_folder: Path, fake_claims, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """``write_report`` on the Three Card Poker folder: the files' bytes by suffix."""
    paths = report.write_report([tcp_folder], tmp_path_factory.mktemp("report"), issued=ISSUED)
    assert sorted(p.name for p in paths) == ["three_card_poker.html", "three_card_poker.pdf"]
    return {p.suffix: p.read_bytes() for p in paths}


@pytest.fixture(scope="module")
def html(written: dict[str, bytes]) -> str:
    return written[".html"].decode("utf-8")


@pytest.fixture(scope="module")
def pdf_text(written: dict[str, bytes]) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(written[".pdf"])).pages]


@pytest.fixture(scope="module")
def analyses(tcp_folder: Path):
    """The Three Card Poker files analysed, in file-name order (the main game is standard.yaml: the most bets)."""
    return [analyze(load_game(f)) for f in report.game_files([tcp_folder])]


@pytest.fixture(scope="module")
def main(analyses):
    return next(a for a in analyses if a.game.id == "tcp-standard")


@pytest.fixture(scope="module")
def document(analyses, fake_claims):
    """The report's document model, without drawing anything."""
    return build_document(analyses, check_claims(analyses), __version__)


def _tables(blocks) -> list[Table]:
    out = []
    for block in blocks:
        if isinstance(block, Table):
            out.append(block)
        elif isinstance(block, Section):
            out += _tables(block.blocks)
    return out


def _section(document, title: str) -> Section:
    return next(s for s in document.sections if s.title == title)


def _walk(blocks):
    """Every block, sections opened."""
    for block in blocks:
        yield block
        if isinstance(block, Section):
            yield from _walk(block.blocks)


# -- contents ------------------------------------------------------------------------------
def test_every_section_in_both_files(html: str, pdf_text: list[str]) -> None:
    text = "\n".join(pdf_text)
    for number, title in enumerate(SECTIONS, start=1):
        assert re.search(rf"<h2[^>]*><span class=\"number\">{number}</span> {re.escape(title)}</h2>", html), title
        assert f"{number} {title}" in text.replace("  ", " "), title


def test_identification_names_every_file_read_with_its_hash_and_the_version(html: str, pdf_text: list[str], analyses,
                                                                           tcp_folder: Path) -> None:
    files = sorted(TCP.glob("*.yaml"))
    assert len(files) == len(analyses) >= 12
    assert "<wbr>" in html  # file names and hashes may break only there (after / and -, a hash in halves)
    html = html.replace("<wbr>", "")
    for file in files:
        assert hashlib.sha256(file.read_bytes()).hexdigest() in html
        assert f"three_card_poker/{file.name}" in html
    assert html.count("every game file") >= 1  # standard.yaml: read for every variant, which extend it
    claims = tcp_folder / "claims" / "published.yaml"  # the published figures checked are identified as exactly
    assert hashlib.sha256(claims.read_bytes()).hexdigest() in html and "three_card_poker/claims/published.yaml" in html
    assert re.search(rf"Issued</t[dh]>\s*<td[^>]*>{ISSUED}<", html)
    assert f"casino-math {__version__}" in html
    assert all(f"Three Card Poker par sheet · issued {ISSUED} · revision 1 · casino-math {__version__}" in page for page in pdf_text)
    assert "Page 1 of" in pdf_text[0]


def test_the_sheet_opens_with_a_summary_page(document, pdf_text: list[str], main) -> None:
    """Page 1: game, paytable, the game file's hash, each bet's figures, the strategy, the issue, the build, blank fields
    for the lab; nothing else on that page."""
    summary = document.sections[0]
    assert summary.title == "Summary" and summary.own_page
    about, figures, signed, filed = _tables(summary.blocks)
    fields = {r[0].text: r[1].text for r in about.rows}
    assert fields["Paytable"] == f"{main.game.title} (tcp-standard)"
    assert fields["Game file"] == f"three_card_poker/standard.yaml, SHA-256 {main.game.sha256}"
    assert fields["Strategy"] == main.strategy_summary()["play_or_fold"]
    assert fields["Published figures"] == "4 figures checked: 2 agree, 1 differs (explained), 1 fails"
    assert fields["Document revision"] == "1" and re.fullmatch(r"casino-math .+; build [0-9a-f]{16}; commit .+", fields["Software"])
    assert [r[0].text for r in figures.rows] == [main.game.names.bet(b) for b in main.tables]
    for row, table in zip(figures.rows, main.tables.values()):
        assert (row[1].text, row[3].text, row[4].text) == (
            _percent(table.metrics.house_edge), _percent(table.metrics.hit_frequency), f"{table.metrics.standard_deviation:.4f}")
    assert {c.text for r in signed.rows + filed.rows for c in r[1:]} == {""}  # left for the lab
    first = _flat(pdf_text[0])
    assert "1 Summary" in first and "Prepared by" in first and "Laboratory" in first and "2 Identification" not in first


def test_pdf_text_holds_the_headline_figures_of_the_analysis(pdf_text: list[str], main) -> None:
    text = "\n".join(pdf_text)
    for bet, table in main.tables.items():
        m = table.metrics
        low, high = m.band(1000)
        for figure in (_percent(m.house_edge), _percent(m.element_of_risk), _percent(m.hit_frequency),
                       f"{m.standard_deviation:.4f}", f"{m.volatility_index:.4f}", f"{low:.2%} to {high:.2%}",
                       f"{m.house_edge.numerator:,}/{m.house_edge.denominator:,}", f"{m.combinations:,}"):
            assert figure in text, (bet, figure)
    assert main.strategy_summary()["play_or_fold"] in text


def test_rules_are_the_declaration_in_words(document, main) -> None:
    rules = _section(document, "Rules and assumptions")
    steps = next(t for t in _tables(rules.blocks) if t.columns[1].header == "The deal")
    assert [r[0].text for r in steps.rows] == [str(i + 1) for i in range(len(main.game.steps))]
    assert "play (adds 1 to play)" in steps.rows[2][1].text and "fold" in steps.rows[2][1].text
    words = " ".join(item for block in rules.blocks if hasattr(block, "items") for item in block.items)
    qualifying, hands = main.dealer_qualifying()
    assert f"qualifies with {main.game.qualifier.text} or better: {qualifying:,} of {hands:,}" in words
    assert f"= {main.deals:,}" in words
    assert "the one that wagers more is taken" in words


def test_settlement_matrix_prints_each_declared_result(document, main) -> None:
    tables = _tables(_section(document, "Settlement matrix").blocks)
    own = tables[0]
    game = main.game
    assert [c.header for c in own.columns[1:]] == [w.name.replace("_", " ").title() for w in game.wagers]
    assert len(own.rows) == len(game.situations)
    for row, situation in zip(own.rows, game.situations):
        for cell, wager in zip(row[1:], game.wagers):
            expected = result_text(game, wager.settle[situation]) if situation in wager.settle else "not staked"
            assert cell.text == expected, (situation, wager.name)
    assert own.rows[0][2].text == "not staked"  # the play is never made by a player who folds
    assert own.rows[1][3].text == "paid by the Ante Bonus table, else push"  # the table by its name, not its key
    assert "Ante Bonus: no stake of its own; paid per unit of Ante" in own.caption and "_" not in own.caption
    side = tables[1]
    assert [r[0].text for r in side.rows] == ["Pair Plus", "Six Card Bonus", "Prime", "Progressive"]
    assert "stands whatever the player decides" in side.caption


def test_return_tables_are_the_analysis(document, main) -> None:
    tables = {t.caption: t for t in _tables(_section(document, "Return tables").blocks)}
    pair_plus = main.tables["pair_plus"]
    table = tables[f"House edge {_percent(pair_plus.metrics.house_edge)}."]  # decimals in the body: exact in the appendix
    assert [c.header for c in table.columns] == ["Outcome", "Pays", "Combinations", "Probability", "1 in N", "Return"]
    assert [r[0].text for r in table.rows] == [o.name for o in pair_plus.outcomes]
    assert [r[2].text for r in table.rows] == [f"{o.combinations:,}" for o in pair_plus.outcomes]
    assert table.totals is not None and table.totals[2].text == f"{pair_plus.total:,}"
    hands = next(t for t in tables.values() if t.columns[0].header == "Hand")
    counts = category_counts(main.game.hands["player"].ranking, 3)
    assert [r[1].text for r in hands.rows] == [f"{n:,}" for n in counts.values()]


def test_pays_summaries() -> None:
    assert pays_summary(load_game(TCP / "standard.yaml"), "ante_play") == "Ante Bonus 5-4-1"
    assert pays_summary(load_game(TCP / "standard.yaml"), "six_card_bonus") == "1000-200-100-20-15-10-7"
    assert pays_summary(load_game(TCP / "pair-plus-40-30-5-4-1-mini-royal-50.yaml"), "pair_plus") == "mini royal: 50, 40-30-5-4-1"
    assert pays_summary(load_game(TCP / "ante-play-no-bonus.yaml"), "ante_play") == "Ante Bonus pays nothing"
    head = "game: g\nid: g\ndeal:\n  - player: 5\nhands:\n  player: {of: [player]}\n"
    game = load_game_text(head + "side_bets:\n  b: {pays: t, meter: royal flush}\npaytables:\n  t: {royal flush: 5000, "
                                 "straight flush: 50, flush: 5, pair of jacks or better: 1, pair of 6s to 10s: push}\n")
    assert pays_summary(game, "b") == "royal flush meter (5000), 50-5-1, pair of 6s to 10s: push"
    mixed = load_game_text(head + 'side_bets:\n  b: {pays: t}\npaytables:\n  t: {flush: "6 for 1", straight: 4}\n')
    assert pays_summary(mixed, "b") == "flush: 6 for 1, straight: 4 to 1"


def test_strategy_around_the_threshold_and_simpler_strategies(document, main) -> None:
    strategy = _section(document, "Strategy")
    tables = _tables(strategy.blocks)
    near = next(t for t in tables if t.columns[0].header == "Player's cards")
    decisions = [r[-1].text for r in near.rows]
    assert decisions[0] == "play" and decisions[-1] == "fold" and decisions == sorted(decisions, reverse=True)
    frame = main.strategy("play_or_fold")
    for row in near.rows:  # each option's EV is the engine's, for the class shown
        match = frame[frame["player"] == row[0].text].iloc[0]
        assert row[3].text == f"{match.ev_play:+.6f}" and row[4].text == f"{match.ev_fold:+.6f}"
    simpler = next(t for t in tables if t.columns[0].header == "Strategy")
    optimal = main.tables["ante_play"].metrics.house_edge
    assert simpler.rows[0][2].text == _percent(optimal)
    for name, table in main.simple_strategies.items():
        row = next(r for r in simpler.rows if r[0].text.startswith(name))
        assert row[2].text == _percent(table.metrics.house_edge) and table.metrics.house_edge >= optimal
    taken = next(t for t in tables if t.columns[0].header == "Option")
    assert [r[1].text for r in taken.rows] == [f"{n:,}" for n in main.decision("play_or_fold").taken().values()]


def test_progressive_meter_at_break_even(document, analyses) -> None:
    progressive = next(a for a in analyses if "progressive" in a.tables and a.game.side_bet["progressive"].progressive is None)
    even = progressive.break_even("progressive", progressive.game.side_bet["progressive"].meter)
    table = next(t for t in _tables(_section(document, "Progressive meters").blocks) if f"({progressive.game.id})" in t.caption)
    row = next(r for r in table.rows if r[3].text == "break-even")
    assert row[2].text == "0.0000%"
    assert row[1].text.replace(",", "") == str(even) and row[0].text.replace(",", "") == str(even + 1)  # to 1 and for 1
    configured = next(r for r in table.rows if r[3].text == "as in the file")
    assert configured[2].text == _percent(progressive.tables["progressive"].metrics.house_edge)


def test_variants_are_compared(document, analyses, main) -> None:
    table = next(t for t in _tables(_section(document, "Paytable variants").blocks) if t.grouped)
    ids = {r[1].text.removesuffix(" (main)") for r in table.rows}
    assert ids == {a.game.id for a in analyses}
    assert [r[1].text for r in table.rows].count("tcp-standard (main)") == len(main.tables)
    pair_plus = [r for r in table.rows if r[0].text == "Pair Plus"]
    edges = [float(r[3].text.rstrip("%")) for r in pair_plus]
    assert edges == sorted(edges) and len(edges) == sum("pair_plus" in a.tables for a in analyses)
    said = {r[1].text: r[2].text for r in pair_plus}  # what each variant changes, in words
    assert said["tcp-standard (main)"] == "Pays 40-30-6-4-1." and said["pair-plus-40-25-6-4-1"] == "Pays 40-25-6-4-1."


def test_verification_renders_each_verdict(document, html: str) -> None:
    section = _section(document, "Verification")
    table = _tables(section.blocks)[0]
    rows = [(r[0].text, r[1].text, r[-1]) for r in table.rows]
    assert rows[0][:2] == ("the deck", "hands of three cards")  # claims about no file first
    assert rows[1][0] == "tcp-standard" and (rows[1][2].text, rows[1][2].tone) == ("PASS", "pass")
    assert rows[2][0] == "tcp-standard" and (rows[2][2].text, rows[2][2].tone) == ("DIFFERS", "differs")
    assert rows[3][0] == "six-card-bonus-1000-200-50-25-20-10-5" and (rows[3][2].text, rows[3][2].tone) == ("FAIL", "fail")
    assert len(rows) == 4  # the claim about a file not in the report is left out
    tally = "4 figures checked: 2 agree, 1 differs (explained), 1 fails"
    assert isinstance(section.blocks[0], Paragraph) and section.blocks[0].text.startswith(tally)
    assert "Unexplained: six-card-bonus-1000-200-50-25-20-10-5 six card bonus house edge" in section.blocks[0].text
    reasons = next(b for b in section.blocks if isinstance(b, Bullets))
    assert reasons.items == ("tcp-standard, Pair Plus hit frequency: published 25.7%, exact 25.6109%. The source simulated ten "
                             "million hands.",)
    assert tally in html and tally in document.summary


def test_real_claims_of_three_card_poker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The claims on file beside the shipped game files, through casino_math.claims itself (not the stand-in)."""
    monkeypatch.delitem(sys.modules, "casino_math.claims", raising=False)
    pytest.importorskip("casino_math.claims")
    analyses = [analyze(load_game(f)) for f in report.game_files([TCP])]

    def analysed_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("the verification analysed a game file the report had analysed")

    monkeypatch.setattr("casino_math.analysis.analyze", analysed_again)  # what the claims would call
    verdicts = {(c.paytable, c.published): c.status for c in check_claims(analyses)}
    assert verdicts[("six-card-bonus-1000-200-50-25-20-10-5", "10.23%")] == "differs"  # a published error, explained on file
    assert verdicts[("tcp-standard", "3.37%")] == "agrees"


def test_charts(document, html: str) -> None:
    keys = [c.key for c in document.charts()]
    assert {"hand-frequencies", "returns-ante_play", "strategy-1", "house-edges", "funnel"} <= set(keys)
    assert len(keys) == len(set(keys))
    images = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert len(images) == len(keys)
    assert all(base64.b64decode(image).lstrip().startswith(b"<?xml") for image in images)


def test_pdf_tables_fit_the_page(document) -> None:
    for table in _tables(document.sections):
        flowable = _table(table, _styles())[0]
        width, _ = flowable.wrap(FRAME_WIDTH, 10_000)
        assert width <= FRAME_WIDTH + 0.01, table.caption or table.columns[0].header


def test_html_is_self_contained(html: str) -> None:
    assert "<script" not in html
    assert not re.search(r"""(src|href)=["'](?!data:|#)""", html)
    assert "Content-Security-Policy" in html


# -- small games, one family; every shipped game and the index ---------------------------------------------
@pytest.fixture(scope="module")
def mini_folders(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two families as the shipped paytables/ holds them: ``mini`` (three files) and ``other`` (one)."""
    root = tmp_path_factory.mktemp("paytables")
    mini, other = root / "mini", root / "other"
    mini.mkdir()
    other.mkdir()
    for name in ("mini-four-card.yaml", "mini-three-card.yaml"):
        shutil.copy(GAMES / name, mini)
    (mini / "pairs.yaml").write_text(PAIRS_VARIANT)  # last in name order: main for its bets alone
    (other / "mini-mississippi.yaml").write_text((GAMES / "mini-mississippi.yaml").read_text().replace("game: mini", "game: other"))
    return [mini, other]


@pytest.fixture(scope="module")
def shipped(mini_folders: list[Path], fake_claims) -> dict[str, bytes]:
    """``build_reports()`` with no paths, the shipped games being the two small families."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(report, "shipped_games", lambda: mini_folders)
        return report.build_reports(issued=ISSUED)


def test_families_written_at_once_are_the_bytes_written_one_by_one(mini_folders: list[Path], fake_claims) -> None:
    """Families written in forked workers, two at once, give every file, its bytes and the files' order that one process
    writing them one after the other gives (the index too)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(report, "shipped_games", lambda: mini_folders)
        serial = report.build_reports(issued=ISSUED, processes=1)
        together = report.build_reports(issued=ISSUED, processes=2)
    assert list(together) == list(serial) == ["mini.html", "mini.pdf", "other.html", "other.pdf", "index.html"]
    assert all(together[name] == serial[name] for name in serial)


def test_a_family_failing_in_a_worker_fails_the_report_with_its_error(mini_folders: list[Path], fake_claims) -> None:
    """A family that fails in a worker fails the whole report with the error it fails with in one process."""
    family = report._family

    def failing(name, *args):
        if name == "mini":
            raise InputError("mini.yaml:1: a problem found while analysing")
        return family(name, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(report, "_family", failing)  # the workers are forked: they run this one too
        for processes in (1, 2):
            with pytest.raises(InputError, match="mini.yaml:1: a problem found while analysing"):
                report.build_reports(mini_folders, issued=ISSUED, processes=processes)


def test_a_report_writes_one_family_per_core_where_it_can_fork() -> None:
    assert local_processes(Runner.here()) == 1  # everything in this process
    assert local_processes(Runner.of(workers=3)) == (3 if can_fork() else 1)  # --workers: local worker processes
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert local_processes(None) == (cores if can_fork() else 1)


def test_the_main_game_offers_the_most_bets(mini_folders: list[Path]) -> None:
    analyses = [analyze(load_game(f)) for f in report.game_files(mini_folders[:1])]
    assert [a.game.id for a in analyses] == ["mini-four-card", "mini-three-card", "mini-three-card-pairs"]  # name order
    document = build_document(analyses, [], __version__)
    assert "Mini three card with Pairs (mini-three-card-pairs)" in document.summary
    headline = _tables(_section(document, "Headline figures").blocks)[0]
    assert [c.header for c in headline.columns[1:]] == ["Ante Play", "Pairs"]
    variants = [s.title for s in _section(document, "Paytable variants").blocks if isinstance(s, Section)]
    assert variants == ["mini-four-card: Ante Play", "mini-three-card: Ante Play"]


def test_no_paths_report_every_shipped_game_and_an_index(shipped: dict[str, bytes], mini_folders: list[Path]) -> None:
    assert sorted(shipped) == ["index.html", "mini.html", "mini.pdf", "other.html", "other.pdf"]
    index = shipped["index.html"].decode()
    for family in ("mini", "other"):
        assert f'<a href="{family}.html">' in index and f'<a href="{family}.pdf">PDF</a>' in index
    main = analyze(mini_folders[0] / "pairs.yaml")
    for bet, table in main.tables.items():
        assert f"{bet.replace('_', ' ').title()} {_percent(table.metrics.house_edge)}" in index
    assert "2 variants" in index and "no variants" in index
    assert index.count("no published figures on file") == 2
    assert "<script" not in index and "Content-Security-Policy" in index
    mississippi = shipped["other.html"].decode()
    assert "Strategy" in mississippi and "after betting 2 on the A" in mississippi  # a decision under each history of stakes
    assert "a=2" not in mississippi  # in words, not as the engine writes a history


def test_a_family_names_its_main_game() -> None:
    """Blackjack's files extend a one-deck game; the family names six decks H17 as its main game, in that file (main:)."""
    files = report.game_files([REPO / "paytables" / "blackjack"])
    games = [GameAnalysis(load_game(f)) for f in files]  # nothing counted: main_game reads the game files alone
    assert {g.game.main for g in games if g.game.files[-1][0].endswith("1-deck-s17-das.yaml")} == {"bj-6d-h17-das"}
    assert main_game(games).game.id == "bj-6d-h17-das"  # not the file the others extend, nor the first by name
    without = [g for g in games if g.game.id != "bj-6d-h17-das"]
    assert main_game(without).game.id == "bj-1d-s17-das"  # a report of other files: the file the others extend, as before


def test_main_must_be_an_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    game = tmp_path / "g.yaml"
    game.write_text((GAMES / "mini-three-card.yaml").read_text().replace("id: ", "main: two words\nid: ", 1))
    code, out, err = run(monkeypatch, capsys, "analyze", str(game))
    assert code == 2 and f"{game}:" in err and "main" in err and "Traceback" not in err


def test_index_counts_the_published_figures(mini_folders: list[Path], fake_claims, tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(mini_folders[0], folder)
    (folder / "claims").mkdir()
    claims = [{"claim": c, "published": "1", "computed": "1", "source": "s", "passed": ok, "game": "../mini-three-card.yaml"}
              for c, ok in (("a", True), ("b", False))]
    (folder / "claims" / "c.yaml").write_text(json.dumps({"claims": claims}))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(report, "shipped_games", lambda: [folder])
        patch.setattr(report, "render", lambda draw: Rendered(b"<svg/>", _TINY_PNG))  # the drawing is not under test
        index = report.build_reports()["index.html"].decode()
    assert "2 figures checked: 1 agrees, 0 differ (explained), 1 fails" in index
    assert re.search(r'<td class=" fail">2 figures checked', index)  # an unexplained failure in solid red


def test_the_shipped_folder_is_found_from_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert report.shipped_folder() == REPO / "paytables"
    assert TCP in report.shipped_games()
    monkeypatch.setattr(casino_math, "__file__", str(tmp_path / "site" / "casino_math" / "__init__.py"))
    with pytest.raises(InputError, match="paytables: no such folder"):
        report.shipped_folder()
    (tmp_path / "paytables").mkdir()
    assert report.shipped_folder() == Path("paytables")


def test_same_inputs_same_bytes_and_quiet(shipped: dict[str, bytes], mini_folders: list[Path], tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(report, "shipped_games", lambda: mini_folders)
    assert run(monkeypatch, capsys, "report", "--out", str(tmp_path), "--quiet", "--date", ISSUED) == (0, "", "")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == shipped
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1772323200")  # 2026-03-01, as reproducible builds give it
    assert report.build_reports() == shipped
    later = report.build_reports(issued="2026-03-02")
    assert later.keys() == shipped.keys() and all(later[name] != shipped[name] for name in shipped)
    assert later["mini.html"].replace(b"2026-03-02", b"2026-03-01") == shipped["mini.html"]  # the date, and nothing else
    code, out, err = run(monkeypatch, capsys, "report", "--out", str(tmp_path), "--date", "March 1st")
    assert (code, out) == (2, "") and "--date: 'March 1st' is not a date written YYYY-MM-DD" in err


# -- shoe games: baccarat and the blackjack side bets ------------------------------------------------------
SHOE_SECTIONS = ("Summary", "Identification", "Rules and assumptions", "Settlement matrix", "Headline figures", "Return tables",
                 "Paytable variants", "Verification", "Appendix: exact figures")


@pytest.fixture(scope="module")
def shoe() -> dict[str, object]:
    """``build_reports()`` with no paths, the shipped games being the shoe folders, with their real claims; the
    documents and checks each family's par sheet was built from, by family."""
    built: dict[str, tuple] = {}

    def recording(analyses, checks, version, issued, revision="1", note=""):
        document = build_document(analyses, checks, version, issued, revision, note)
        built[analyses[0].game.family] = (document, analyses, checks)
        return document

    with pytest.MonkeyPatch.context() as patch:
        patch.delitem(sys.modules, "casino_math.claims", raising=False)  # the real one, not the stand-in of other tests
        side_bets = [p for p in sorted(BLACKJACK.glob("*.yaml")) if p.stem.startswith(tuple(f.replace("_", "-") for f in SHOE_FAMILIES))]
        patch.setattr(report, "shipped_games", lambda: [BACCARAT, *side_bets])  # the bets on the player's cards
        patch.setattr(report, "build_document", recording)
        files = report.build_reports(processes=1)  # recorded here: in this process
    return {"files": files, **built}


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_shoe_par_sheets_build_with_every_section(shoe) -> None:
    files = shoe["files"]
    assert sorted(files) == sorted([f"{f}.{kind}" for f in SHOE_FAMILIES for kind in ("html", "pdf")] + ["index.html"])
    for family in SHOE_FAMILIES:
        html = files[f"{family}.html"].decode()
        text = _flat("\n".join(page.extract_text() for page in PdfReader(BytesIO(files[f"{family}.pdf"])).pages))
        document, analyses, _ = shoe[family]
        sections = [t for t in SHOE_SECTIONS if t != "Paytable variants" or len(analyses) > 1]
        assert [s.title for s in document.sections] == sections
        for number, title in enumerate(sections, start=1):
            assert re.search(rf"<h2[^>]*><span class=\"number\">{number}</span> {re.escape(title)}</h2>", html), (family, title)
            assert f"{number} {title}" in text, (family, title)
    index = files["index.html"].decode()
    assert '<a href="baccarat.html">' in index and '<a href="twenty_one_plus_three.pdf">PDF</a>' in index


def test_shoe_figures_are_the_analysis(shoe) -> None:
    document, analyses, _ = shoe["baccarat"]
    main = main_game(analyses)
    assert main.game.path == str(BACCARAT / "standard.yaml") and list(main.tables) == list(main.game.bets)
    text = _flat("\n".join(page.extract_text() for page in PdfReader(BytesIO(shoe["files"]["baccarat.pdf"])).pages))
    headline = [t for t in _tables(_section(document, "Headline figures").blocks) if t.columns[0].header == "Figure"]
    shown = {c.header: [row[i].text for row in t.rows] for t in headline for i, c in enumerate(t.columns) if i}
    assert list(shown) == [b.replace("_", " ").title() for b in main.tables]
    for bet, table in main.tables.items():
        m = table.metrics
        figures = shown[bet.replace("_", " ").title()]
        assert figures[0] == _percent(m.house_edge), bet
        assert not any("/" in f for f in figures) and f"{m.combinations:,}" not in figures  # no long counts up front
        for figure in (_percent(m.house_edge), _percent(m.hit_frequency), f"{m.standard_deviation:.4f}"):
            assert figure in text, (bet, figure)
    returns = {t.caption: t for t in _tables(_section(document, "Return tables").blocks)}
    for bet, table in main.tables.items():
        m = table.metrics
        rows = next(t for caption, t in returns.items() if caption.startswith(f"House edge {_percent(m.house_edge)}."))
        assert [c.header for c in rows.columns] == ["Outcome", "Pays", "Probability", "1 in N", "Return"]  # 16-digit counts: appendix
        assert [r[0].text for r in rows.rows] == [outcome_name(o.name) for o in table.outcomes], bet
    exact = _tables(_section(document, "Appendix: exact figures").blocks)
    for bet, table in main.tables.items():
        weights = next(t for t in exact[1:] if t.caption.startswith(f"{main.game.names.bet(bet)} ({main.game.id})"))
        assert [(r[0].text, r[1].text) for r in weights.rows] == [(outcome_name(o.name), f"{o.combinations:,}") for o in table.outcomes]
        assert [main.game.names.bet(bet), "House edge", fraction(table.metrics.house_edge)] in [
            [c.text for c in r[1:]] for r in exact[0].rows]
    assert not [t for t in _tables(_section(document, "Return tables").blocks) if t.columns[0].header == "Hand"]  # not one deck's


def test_shoe_rules_print_the_tableau_the_shoe_and_the_deals(shoe) -> None:
    document, analyses, _ = shoe["baccarat"]
    game = main_game(analyses).game
    rules = _section(document, "Rules and assumptions")
    tables = _tables(rules.blocks)
    steps = next(t for t in tables if t.columns[-1].header == "The deal")
    assert [r[0].text for r in steps.rows] == [str(i + 1) for i in range(len(game.steps))]
    drawing = [i for i, s in enumerate(game.steps) if isinstance(s, (Draw, Stop))]
    assert len(drawing) == 3 and [steps.rows[i][1].text for i in drawing] == [step_words(s, game.names.roles) for s in game.steps if isinstance(s, (Draw, Stop))]
    draw = next(s for s in game.steps if isinstance(s, Draw) and s.by is not None)
    tableau = next(t for t in tables if t.columns[0].header == f"The {game.names.role(draw.role)}'s total")
    assert tableau.columns[0].header == "The Banker's total"  # baccarat's dealer, as the table names it
    assert [(r[0].text, r[1].text) for r in tableau.rows] == tableau_rows(draw)
    words = " ".join(item for block in _walk(rules.blocks) if hasattr(block, "items") for item in block.items)
    for a in analyses:
        assert deck_text(a.game) in words
        for table in a.tables.values():
            assert f"{table.notes[0]} = {table.total:,} equally likely deals".lower() in words.lower(), a.game.id
    assert all(hand_text(game, h) in words and h.points is not None and h.points.description in hand_text(game, h) for h in game.hands.values())
    spanish = Deck.named("spanish", decks=6)
    assert f"6 spanish decks of {len(spanish) // 6} cards ({len(spanish)} cards)" in deck_text(
        dataclasses.replace(game, deck=spanish))


def test_shoe_settlement_matrix_has_a_column_per_bet_settled_by_the_showdown(shoe) -> None:
    document, analyses, _ = shoe["baccarat"]
    tables = _tables(_section(document, "Settlement matrix").blocks)
    matrices = [t for t in tables if t.columns[0].header == "Situation"]
    main = main_game(analyses).game
    settled = [b for b in main.side_bets if b.settle]
    first = matrices[0]
    assert [c.header for c in first.columns[1:]] == [b.name.replace("_", " ").title() for b in settled]
    for row in first.rows:
        situation = next(s for s in Situation if s.heading(main.names.roles) == row[0].text)
        assert [c.text for c in row[1:]] == [result_text(main, b.settle[situation]) for b in settled]
    ez = next(a.game for a in analyses if a.game.id == "ez-baccarat-8-decks")
    anew = [b for b in ez.side_bets if b.settle and b.settle != getattr(main.side_bet.get(b.name), "settle", None)]
    assert any([c.header for c in t.columns[1:]] == [b.name.replace("_", " ").title() for b in anew] for t in matrices[1:])
    side = next(t for t in tables if t.columns[0].header == "Side bet")
    assert [r[0].text for r in side.rows] == [b.name.replace("_", " ").title() for b in main.side_bets if not b.settle]
    assert "whatever the player decides" not in side.caption  # no decisions in a shoe game


def test_shoe_verification_rows_pass(shoe) -> None:
    for family in SHOE_FAMILIES:
        document, _, checks = shoe[family]
        rows = _tables(_section(document, "Verification").blocks)[0].rows
        assert len(checks) == len(rows) > 0
        assert {c.status for c in checks} == {"agrees"} and {r[-1].text for r in rows} == {"PASS"}, family


def test_shoe_pays_and_tables_fit_the_page(shoe) -> None:
    games = {a.game.id: a.game for family in SHOE_FAMILIES[1:] for a in shoe[family][1]}
    assert pays_summary(games["21-plus-3-8-decks"], "twenty_one_plus_three") == "suited three of a kind: 100, 40-30-10-5"
    assert pays_summary(games["royal-match-6-decks"], "royal_match") == "suited K-Q: 25, suited: 5 to 2"
    baccarat = {a.game.id: a.game for a in shoe["baccarat"][1]}
    assert pays_summary(baccarat["baccarat-tie-9-to-1-8-decks"], "tie") == "equal hands 9 to 1"
    for family in SHOE_FAMILIES:
        for table in _tables(shoe[family][0].sections):
            width, _ = _table(table, _styles())[0].wrap(FRAME_WIDTH, 10_000)
            assert width <= FRAME_WIDTH + 0.01, (family, table.caption or table.columns[0].header)


# -- safety ----------------------------------------------------------------------------------
def test_names_are_escaped(tmp_path: Path) -> None:
    text = (GAMES / "mini-three-card.yaml").read_text().replace(
        "id: mini-three-card", 'id: escape-test\nname: "<script>alert(1)</script>"\nsource: "a <b>bold</b> & odd source \u202eyaml.exe"')
    (tmp_path / "evil.yaml").write_text(text)
    reports = report.build_reports([tmp_path])
    page = reports["mini.html"].decode()
    assert "<script>alert(1)</script>" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "a &lt;b&gt;bold&lt;/b&gt; &amp; odd source [U+202E]yaml.exe" in page  # a direction control shown, not obeyed
    text = "\n".join(p.extract_text() for p in PdfReader(BytesIO(reports["mini.pdf"])).pages)
    assert "<script>alert(1)</script>" in text  # shown as the characters it is
    assert "[U+202E]yaml.exe" in text and "\u202e" not in text and "\u202e" not in page


def test_a_failed_run_leaves_the_previous_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = {"mini.html": b"old html", "mini.pdf": b"old pdf", "index.html": b"old index"}
    for name, data in old.items():
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(report, "render", lambda draw: Rendered(b"<svg/>", _TINY_PNG))  # skip the drawing: not under test

    def fail(*args: object) -> bytes:
        raise RuntimeError("the PDF could not be made")

    monkeypatch.setattr(report, "kept_pdf", fail)  # after the HTML exists in memory
    with pytest.raises(RuntimeError):
        report.write_report([GAMES / "mini-three-card.yaml"], tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == old


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
    bad.write_text("game: g\nid: bad\ndeal:\n  - player: 3\nside_bets:\n  pp: {pays: t}\npaytables:\n  t: {pair: 40:1}\n")
    (tmp_path / "empty").mkdir()
    for path, message in ((bad, "bad.yaml:8: paytables.t.pair"), (tmp_path / "missing", "no such file or folder"),
                          (tmp_path / "empty", "no game files")):
        code, out, err = run(monkeypatch, capsys, "report", str(path), "--out", str(tmp_path / "out"))
        assert (code, out) == (2, "") and err.startswith("error: ") and message in err and err.count("\n") == 1, (path, err)
        assert not (tmp_path / "out").exists()


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        shutil.copy(GAMES / "mini-three-card.yaml", tmp_path / name)
    with pytest.raises(InputError, match="ids must differ"):
        report.build_reports([tmp_path])


# -- progress --------------------------------------------------------------------------------
@pytest.mark.parametrize("quiet, elapsed, shown", [(False, 2.0, True), (False, 0.5, False), (True, 2.0, False)])
def test_progress_bar_only_for_long_runs(quiet: bool, elapsed: float, shown: bool) -> None:
    out = StringIO()
    now = [0.0]
    with Bar(quiet, console=Console(file=out, force_terminal=True, width=100), clock=lambda: now[0]) as steps:
        steps.plan(2)
        steps.step("analysing")
        now[0] = elapsed
        steps.step("drawing charts")
    assert ("drawing charts" in out.getvalue()) is shown


def test_a_long_count_shows_its_own_estimate() -> None:
    out = StringIO()
    now = [0.0]
    with Bar(False, console=Console(file=out, force_terminal=True, width=120), clock=lambda: now[0]) as steps:
        steps.plan(3)
        steps.step("analysing big-game")
        with steps.detail() as listen:  # what the engine reports to
            now[0] = 22.0
            listen("showdown", 1, 13)
            now[0] = 26.0
            listen("showdown", 3, 13)  # 2 groups in 4 s: 10 more take 20 s
            assert steps.progress is not None  # a terminal: the bar is drawn
            steps.progress.refresh()
            shown = out.getvalue()
        assert len(steps.progress.tasks) == 1  # the detail line is gone
    assert "analysing big-game" in shown and "showdown" in shown and "3/13" in shown and "0:00:20" in shown


def test_progress_fits_80_columns_and_stays_off_a_pipe() -> None:
    out = StringIO()
    now = [0.0]
    with Bar(False, console=Console(file=out, force_terminal=True, width=80), clock=lambda: now[0]) as bar:
        bar.status("dealing hands of a game with a very long name indeed, longer than the line", 0, 10_000_000)
        bar("player cards: classes of 2,598,960 card sets", 0, 2_598_960)
        now[0] = 5.0
        bar.status("dealing hands of a game with a very long name indeed, longer than the line", 1_200_000, 10_000_000)
        bar("player cards: classes of 2,598,960 card sets", 1_000_000, 2_598_960)
        assert bar.progress is not None  # a terminal: the bar is drawn
        bar.progress.refresh()
        drawn = out.getvalue()
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in drawn.replace("\r", "\n").split("\n")]
    shown = [line for line in lines if "ETA" in line]
    assert shown and all(len(line) <= 80 for line in shown), shown
    assert any("1.2M/10M" in line for line in shown) and any("1M/2.6M" in line for line in shown)
    piped = StringIO()
    with Bar(False, console=Console(file=piped, force_terminal=False), clock=lambda: now[0]) as bar:
        bar("counting", 1, 2)
        now[0] = 10.0
        bar("counting", 2, 2)
    assert bar.progress is None and piped.getvalue() == ""


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


def test_html_renders_in_chromium_without_console_errors(written: dict[str, bytes], shipped: dict[str, bytes], tmp_path: Path) -> None:
    for name, data in shipped.items():  # the index, beside the par sheets it links
        (tmp_path / name).write_bytes(data)
    assert _render_in_chromium(tmp_path / "index.html", tmp_path / "index.png", tmp_path / "profile") == []
    page = tmp_path / "three_card_poker.html"
    page.write_bytes(written[".html"])
    screenshot = tmp_path / "page.png"
    assert _render_in_chromium(page, screenshot, tmp_path / "profile") == []
    from PIL import Image

    with Image.open(screenshot) as image:
        assert image.size == (1280, 2000)
        colours = cast(tuple[int, int], image.convert("L").getextrema())  # one band: its darkest and lightest
    assert colours[0] < 100 < colours[1]  # ink on paper, not a blank page

    broken = tmp_path / "broken.html"  # the check can fail: a page with a script error is caught
    broken.write_text("<!DOCTYPE html><title>x</title><script>undefinedFunction()</script>")
    assert any("undefinedFunction" in m for m in _render_in_chromium(broken, tmp_path / "broken.png", tmp_path / "profile2"))


_TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


def test_a_hold_em_game_s_later_decisions_by_category() -> None:
    """Ultimate Texas Hold'em's flop and river decisions are counted by category (hand, board): the par sheet tables them."""
    small = REPO / "tests" / "games" / "holdem-small.yaml"
    built: dict = {}

    def recording(analyses, checks, version, issued, revision="1", note=""):
        built["document"], built["analyses"] = build_document(analyses, checks, version, issued, revision, note), analyses
        return built["document"]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(report, "build_document", recording)
        files = report.build_reports([small])
    assert sorted(files) == ["ultimate_texas_holdem.html", "ultimate_texas_holdem.pdf"]
    strategy = _section(built["document"], "Strategy")
    by_category = [t for t in _tables(strategy.blocks) if t.columns[0].header == "Board"]
    analysis = built["analyses"][0]
    later = [d for d in analysis.decisions if d.name in ("flop", "river")]
    assert len(by_category) == len(later) > 0
    for table, decision in zip(by_category, later):
        assert sum(int(r[2].text.replace(",", "")) for r in table.rows) == sum(decision.taken().values())


def test_progressive_meters_and_envy_by_seats(document, analyses) -> None:
    """A progressive declaring its meter and envy: the meter's break-even at no house edge, and the envy table for 1 to
    6 other seats, its envy return growing by one seat's each time."""
    envy = next(a for a in analyses if a.game.id == "tcp-progressive-envy")
    tables = [t for t in _tables(_section(document, "Progressive meters").blocks) if "(tcp-progressive-envy)" in t.caption]
    declared = next(t for t in tables if t.columns[0].header == "Meter")
    assert [c.text for c in declared.rows[0]][:3] == ["jackpot", "mini royal in spades 100%", "5,000"]
    assert declared.rows[0][6].text == "13,600"
    by_meter = next(t for t in tables if t.columns[1].header == "Return")
    assert next(r for r in by_meter.rows if r[3].text == "break-even")[2].text == "0.0000%"
    seats = next(t for t in tables if t.columns[0].header == "Other seats")
    rows = envy.envy("progressive")
    assert [r[0].text for r in seats.rows] == ["1", "2", "3", "4", "5", "6"]
    assert [r[1].text for r in seats.rows] == [_percent(r.envy) for r in rows]
    assert seats.rows[0][4].text == "1 in 5,525.00"  # four mini royals among one other seat's 22,100 hands
