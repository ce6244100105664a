"""The smaller slips of issue #16 (item 9): each output says what it wrote, in one convention, and every command's help
reads alike, with an example; API misuse names what there is."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

import pytest

from casino_math import analyze
from casino_math.claims import Published, load_claims, verify
from casino_math.errors import InputError, UnknownName
from casino_math.stud.equity import stud_equity

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"
PROGRESSIVE = ROOT / "paytables" / "three_card_poker" / "progressive.yaml"
COMMANDS = [["frequencies"], ["analyze"], ["report"], ["verify"], ["solve"], ["sweep"], ["search"], ["compare"], ["simulate"],
            ["schema"], ["removal"], ["stud"], ["stud", "first-to-act"], ["stud", "frequencies"], ["stud", "equity"], ["stud", "games"], []]


def refused(monkeypatch, capsys, *args: str) -> str:
    code, out, err = run(monkeypatch, capsys, *args)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err


def test_analyze_csv_has_one_bet_column(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "analyze", str(MINI), "--format", "csv")
    header = next(csv.reader(io.StringIO(out)))
    assert code == 0 and header[0] == "bet" and header.count("bet") == 1, header


def test_sweep_chart_prints_the_file_it_wrote(monkeypatch, capsys, tmp_path):
    code, out, _ = run(monkeypatch, capsys, "sweep", str(MINI), "--bet", "ante_play", "--pay", "straight", "--from", "1", "--to", "2",
                       "--chart", str(tmp_path / "sweep"))
    assert code == 0 and out.rstrip().endswith(f"chart: {tmp_path / 'sweep.png'}")
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.png"]
    err = refused(monkeypatch, capsys, "sweep", str(MINI), "--bet", "ante_play", "--pay", "straight", "--from", "1", "--to", "2",
                  "--chart", str(tmp_path / "sweep.jpg"))
    assert "a chart is written as .png, .svg, .pdf, not .jpg" in err and not (tmp_path / "sweep.jpg").exists()


# -- one convention for a break-even pay: "to 1" (the net win), the "for 1" form beside it where the table writes one
def test_break_even_is_to_one_and_says_so(monkeypatch, capsys):
    analysis = analyze(PROGRESSIVE)
    assert analysis.break_even("progressive", "mini royal in spades") == 11_519
    assert '"to 1"' in analysis.break_even.__doc__
    code, out, _ = run(monkeypatch, capsys, "analyze", str(PROGRESSIVE))
    assert code == 0 and "break-even pay of mini royal in spades: 11,519 to 1 (11,520 for 1, as the table writes it)" in out


def test_a_break_even_claim_says_to_1_or_for_1(tmp_path):
    assert Published.parse("11,520 for 1").in_form(Fraction(11_519)) == 11_520
    assert Published.parse("11,519 to 1").matches(Fraction(11_519)) and Published.parse("11,520 for 1").matches(Fraction(11_519))
    claims = tmp_path / "claims.yaml"
    for published, passed in [("11,520 for 1", True), ("11,519 to 1", True), ("11,520 to 1", False)]:
        claims.write_text(f"game: {PROGRESSIVE}\nclaims:\n  - {{figure: break_even_pay, wager: progressive, published: \"{published}\"}}\n")
        assert list(verify(load_claims(claims).claims)["passed"]) == [passed], published
    claims.write_text(f'game: {PROGRESSIVE}\nclaims:\n  - {{figure: break_even_pay, wager: progressive, published: "11,520"}}\n')
    with pytest.raises(InputError, match=r"claims.yaml:3: claims.0.published: say whether '11,520' is to 1 \(the net win\) or for 1"):
        load_claims(claims)
    claims.write_text(f'game: {PROGRESSIVE}\nclaims:\n  - {{figure: house_edge, wager: progressive, published: "3 to 1"}}\n')
    with pytest.raises(InputError, match="only a break_even_pay is a pay"):
        load_claims(claims)


# -- options: 0 is a value like any other
@pytest.mark.parametrize("workers", ["0", "-1"])
def test_workers_below_one_are_refused_alike(monkeypatch, capsys, workers):
    assert f"--workers: at least one worker, not {workers}" in refused(monkeypatch, capsys, "analyze", str(MINI), "--workers", workers)


def test_workers_zero_from_python_is_refused():
    with pytest.raises(InputError, match="at least one worker, not 0"):
        analyze(MINI, workers=0)


def test_stud_equity_samples_zero_is_refused(monkeypatch, capsys):
    err = refused(monkeypatch, capsys, "stud", "equity", "As 2s | 3d", "Kh Kd | 5c", "--samples", "0")
    assert "--samples: at least one deal to sample, not 0" in err
    with pytest.raises(InputError, match="at least one deal to sample"):
        stud_equity("seven-card-stud", ["As 2s | 3d", "Kh Kd | 5c"], samples=0)


# -- help: one style, an example each, one name for the bet
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "casino-math")
def test_help_reads_alike_with_an_example(monkeypatch, capsys, command):
    code, out, err = run(monkeypatch, capsys, *command, "--help")
    assert (code, err) == (0, "")
    assert not re.search(r"<[a-z]|\{[a-z]|list\[|Path\]|\[str|seed 0", out, re.IGNORECASE), out  # no Python types, no braces
    assert re.search(r"\n  Examples?:\n    casino-math ", out), out
    assert "--wager" not in out  # the former name of --bet is read, not shown


@pytest.mark.parametrize("command", [["solve", "--pay", "flush", "--target-edge", "3%"],
                                     ["sweep", "--pay", "straight", "--from", "1", "--to", "2"],
                                     ["search", "--vary", "straight=1..2", "--edge", "0%..50%"]])
def test_bet_is_one_name_and_wager_still_reads(monkeypatch, capsys, command):
    name, *rest = command
    code, by_bet, _ = run(monkeypatch, capsys, name, str(MINI), "--bet", "ante_play", *rest, "-f", "json")
    assert code in (0, 1)
    again, by_wager, _ = run(monkeypatch, capsys, name, str(MINI), "--wager", "ante_play", *rest, "-f", "json")
    assert (again, by_wager) == (code, by_bet)
    assert "--bet: name the bet to work on" in refused(monkeypatch, capsys, name, str(MINI), *rest)
    assert "--wager is the former name of --bet" in refused(monkeypatch, capsys, name, str(MINI), "--bet", "ante_play",
                                                            "--wager", "pair_plus", *rest)


def test_removal_takes_bet_and_wager(monkeypatch, capsys):
    shoe = str(ROOT / "tests" / "games" / "shoe-baccarat-events.yaml")
    code, out, _ = run(monkeypatch, capsys, "removal", shoe, "--bet", "small", "-f", "json")
    assert code == 0
    assert run(monkeypatch, capsys, "removal", shoe, "--wager", "small", "-f", "json")[1] == out


# -- API misuse: a KeyError that names what there is
@pytest.fixture(scope="module")
def mini():
    return analyze(MINI)


@pytest.mark.parametrize("call, message", [
    (lambda a: a.returns("nope"), "mini-three-card has no bet 'nope' (bets: ante_play)"),
    (lambda a: a.decision("nope"), "mini-three-card has no decision 'nope' (decisions: decision_1)"),
    (lambda a: a.strategy("nope"), "mini-three-card has no decision 'nope' (decisions: decision_1)"),
    (lambda a: a.decision("decision_1", "raised"), "no decision 'decision_1' after 'raised' (its histories: '')"),
    (lambda a: a.break_even("ante_play", "flush"), "mini-three-card has no side bet 'ante_play' (side bets: none)"),
    (lambda a: a.solution.strategy.choose("nope", {"player": "Ah Kh Qh"}), "mini-three-card has no decision 'nope' (decisions: decision_1)"),
    (lambda a: a.solution.strategy.choose("decision_1", {"player": "Ah Kh 2c"}), "deck has no 2c"),
    (lambda a: a.solution.strategy.choose("decision_1", {"player": "Ah Kh Qh"}, (Fraction(2), Fraction(1))),
     "decision_1 is not open after stakes of ante 2, play 1 (units on ante, play, in that order)"),
])
def test_api_misuse_names_what_there_is(mini, call, message):
    with pytest.raises(KeyError) as error:
        call(mini)
    assert isinstance(error.value, UnknownName) and message in str(error.value) and "\n" not in str(error.value), str(error.value)


def test_break_even_of_an_unknown_line():
    with pytest.raises(UnknownName, match=r"progressive has no line 'royal' \(its lines: mini royal in spades, mini royal,"):
        analyze(PROGRESSIVE).break_even("progressive", "royal")


@pytest.mark.parametrize("args, expected", [
    (["analyze", str(MINI), "--format", "xml"], "Invalid value for '--format' / '-f': 'xml' is not one of 'table', 'csv', 'json', 'markdown'."),
    (["search", str(MINI), "--bet", "ante_play", "--vary", "straight=1..2", "--edge", "0%..5%", "--limit", "0"],
     "Invalid value for '--limit': should be at least 1"),
])
def test_usage_errors_in_plain_words(monkeypatch, capsys, args, expected):
    err = refused(monkeypatch, capsys, *args)
    assert err == f"error: {expected}\n" and "Value error" not in err and "Input should" not in err


def test_a_game_without_decisions_says_so():
    baccarat = analyze(ROOT / "paytables" / "baccarat" / "standard.yaml")
    with pytest.raises(UnknownName, match="baccarat-8-decks has no decision: the player decides nothing in it"):
        baccarat.decision()
    with pytest.raises(ValueError, match="has no decision for a rule to take: the player decides nothing in it"):
        baccarat.under_rule("play J-high or better")
    with pytest.raises(UnknownName, match="tie is settled by the showdown, not paid by a table: it has no line 'x' to break even"):
        baccarat.break_even("tie", "x")
