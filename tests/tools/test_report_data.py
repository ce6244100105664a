"""A par sheet's figures as JSON (validated against the published schema) and as an Excel workbook, read back to the
very fractions of the analysis; the same inputs and date give the same bytes, whatever the clock says."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from io import BytesIO

import jsonschema
import pytest
from openpyxl import load_workbook

import casino_math.report as report
from casino_math.analysis import analyze, load_game
from casino_math.errors import InputError
from casino_math.report.data import SCHEMA
from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

TCP = ROOT / "paytables" / "three_card_poker"
FILES = [TCP / "standard.yaml", TCP / "pair-plus-40-25-6-4-1.yaml"]
ISSUED = "2026-03-01"


@pytest.fixture(scope="module")
def built() -> dict[str, bytes]:
    return report.build_reports(FILES, issued=ISSUED, formats="xlsx,json", revision="2", processes=1)


@pytest.fixture(scope="module")
def analyses() -> dict[str, object]:
    return {a.game.id: a for a in (analyze(load_game(f)) for f in FILES)}


def test_only_the_formats_asked_for(built: dict[str, bytes]) -> None:
    assert sorted(built) == ["three_card_poker.json", "three_card_poker.xlsx"]


def test_json_follows_the_published_schema_and_gives_back_the_exact_figures(built: dict[str, bytes], analyses) -> None:
    data = json.loads(built["three_card_poker.json"])
    jsonschema.validate(data, json.loads(SCHEMA.read_text()), format_checker=jsonschema.FormatChecker())
    assert (data["main"], data["issued"], data["revision"]) == ("tcp-standard", ISSUED, "2")
    assert [p["id"] for p in data["paytables"]] == ["tcp-standard", "pair-plus-40-25-6-4-1"]
    seen = 0
    for paytable in data["paytables"]:
        tables = analyses[paytable["id"]].tables
        assert [b["bet"] for b in paytable["bets"]] == list(tables)
        for bet in paytable["bets"]:
            table = tables[bet["bet"]]
            m = table.metrics
            for name, value in (("house_edge", m.house_edge), ("rtp", m.rtp), ("hit_frequency", m.hit_frequency),
                                ("variance", m.variance), ("element_of_risk", m.element_of_risk), ("max_win", m.max_win)):
                assert Fraction(bet["figures"][name]["exact"]) == value, (paytable["id"], bet["bet"], name)
                assert bet["figures"][name]["decimal"] == float(value)
            assert int(bet["figures"]["combinations"]) == table.total
            assert [(o["outcome"], Fraction(o["net"]), int(o["combinations"])) for o in bet["outcomes"]] == [
                (o.name.replace("_", " "), o.net, o.combinations) for o in table.outcomes]
            assert sum(Fraction(o["return"]["exact"]) for o in bet["outcomes"]) == m.expected_return
            seen += 1
    assert seen == 5  # four bets of the main game, one of the variant
    statuses = {(c["paytable"], c["published"]): c["status"] for c in data["verification"]}
    assert statuses[("tcp-standard", "2.32%")] == "agrees"


def test_workbook_has_a_sheet_per_bet_with_exact_fractions_beside_decimals(built: dict[str, bytes], analyses) -> None:
    book = load_workbook(BytesIO(built["three_card_poker.xlsx"]))
    main = analyses["tcp-standard"]
    assert book.sheetnames == ["Summary", *(main.game.names.bet(b) for b in main.tables), "Verification"]
    for bet in main.tables:
        rows = [r for r in book[main.game.names.bet(bet)].iter_rows(values_only=True)]
        blocks = [i for i, r in enumerate(rows) if r[0] and str(r[0]).startswith(f"{main.game.names.bet(bet)}: ")]
        offering = [a for a in analyses.values() if bet in a.tables]
        assert len(blocks) == len(offering)
        for start, analysis in zip(blocks, [main, *(a for a in offering if a is not main)]):
            t = analysis.tables[bet]
            figures = {r[0]: r for r in rows[start + 2:start + 11]}
            assert Fraction(figures["House edge"][2]) == t.metrics.house_edge
            assert figures["House edge"][1] == pytest.approx(float(t.metrics.house_edge), rel=1e-14)  # a cell keeps 15 digits
            assert Fraction(figures["Hit frequency"][2]) == t.metrics.hit_frequency
            assert int(figures["Combinations (all outcomes)"][2]) == t.total
            header = next(i for i in range(start, len(rows)) if rows[i][0] == "Outcome")
            outcomes = rows[header + 1:header + 1 + len(t.outcomes)]
            assert [(r[0], Fraction(r[2]), int(r[3]), Fraction(r[5]), Fraction(r[7])) for r in outcomes] == [
                (o.name.replace("_", " "), o.net, o.combinations, Fraction(o.combinations, t.total),
                 o.net * Fraction(o.combinations, t.total)) for o in t.outcomes]
    props = book.properties
    assert props.created.date().isoformat() == ISSUED == props.modified.date().isoformat()


def test_same_inputs_same_bytes_whatever_the_clock(built: dict[str, bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    later = time.time() + 86_400 * 400  # a run a year later: the zip members and the workbook's dates must not show it
    monkeypatch.setattr(time, "time", lambda: later)
    again = report.build_reports(FILES, issued=ISSUED, formats="json,xlsx", revision="2", processes=1)
    assert again == built


def test_formats_and_revision_are_checked_before_any_count(tmp_path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def counted(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was analysed before the options were checked")

    monkeypatch.setattr(report, "_analysed", counted)
    with pytest.raises(InputError, match="--format: 'docx' is not a format written"):
        report.write_report(FILES, tmp_path / "out", formats="pdf,docx")
    code, out, err = run(monkeypatch, capsys, "report", str(FILES[1]), "--out", str(tmp_path / "o"), "--revision", "two words")
    assert code == 2 and "--revision: 'two words' is not a revision" in err and "Traceback" not in err
