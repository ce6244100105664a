"""The ``frequencies`` command: output formats and bad input.

Most cases run the real entry point (``casino_math.cli.main``: the typer app plus
the InputError → exit 2 handler) in this process, with ``sys.argv`` set, so the
file stays fast; two run ``python -m casino_math`` in a subprocess to check the
installed entry point end to end.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from tests.helpers.cli_runner import run

THREE_CARD = ["frequencies", "-n", "3", "--ranking", "three-card"]
THREE_CARD_ORDER = ["straight_flush", "three_of_a_kind", "straight", "flush", "pair", "high_card"]


def test_json_shape(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, *THREE_CARD, "--format", "json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert set(payload) == {"total", "rows"} and payload["total"] == 22_100
    assert [row["category"] for row in payload["rows"]] == THREE_CARD_ORDER  # strongest first
    for row in payload["rows"]:
        assert set(row) == {"category", "combinations", "probability", "probability_float"}
        assert isinstance(row["combinations"], int)
        numerator, denominator = row["probability"].split("/")
        assert Fraction(int(numerator), int(denominator)) == Fraction(row["combinations"], 22_100)
        assert row["probability_float"] == pytest.approx(row["combinations"] / 22_100, rel=1e-15)
    assert [row["combinations"] for row in payload["rows"]] == [48, 52, 720, 1_096, 3_744, 16_440]


def test_json_with_fixed_cards(monkeypatch, capsys):
    """As-Ks-Qs-Js and one of 48 cards: Ts royal; 3 other tens; 8 spades; 12 pairing cards; 24 others."""
    code, out, _ = run(monkeypatch, capsys, "frequencies", "--fixed", "As Ks Qs Js", "-f", "json")
    counts = {row["category"]: row["combinations"] for row in json.loads(out)["rows"]}
    assert code == 0 and sum(counts.values()) == 48
    assert {k: v for k, v in counts.items() if v} == {"royal_flush": 1, "flush": 8, "straight": 3, "one_pair": 12, "high_card": 24}


def test_csv(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, *THREE_CARD, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0
    assert list(rows[0]) == ["category", "combinations", "probability", "probability_float", "one_in"]
    assert [r["category"] for r in rows] == THREE_CARD_ORDER
    assert rows[0]["combinations"] == "48" and rows[0]["probability"] == "12/5525"  # 48/22,100 in lowest terms
    assert float(rows[-1]["one_in"]) == pytest.approx(22_100 / 16_440)


def test_markdown(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, *THREE_CARD, "--format", "markdown")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 + len(THREE_CARD_ORDER)
    assert all(line.startswith("|") and line.endswith("|") for line in lines)
    assert set(lines[1]) <= set("|-: ")  # the rule under the header
    assert lines[2].split("|")[1].strip() == "straight_flush" and "48" in lines[2]


def test_table(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, *THREE_CARD)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "three-card ranking, standard deck, best 3 of 3 cards: 22,100 hands"
    body = [line.split()[0] for line in lines[4:]]  # title, blank, header, rule
    assert body == THREE_CARD_ORDER
    assert "16,440" in lines[-1]


BAD_INPUT = {
    "no cards": (["-n", "-1"], "a hand holds at least one card, not -1"),
    "unknown ranking": (["--ranking", "poker"], "unknown ranking 'poker'"),
    "more cards than the deck": (["-n", "21", "--deck", "royal"], "cannot deal 21 cards from 20"),
    "more cards than the deck after dead cards": (["-n", "20", "--deck", "royal", "--dead", "As"], "cannot deal 20 cards from 19"),
    "best more than dealt": (["-n", "3", "-k", "5"], "cannot take the best 5 of 3 cards"),
    "best not the ranking's size": (["-n", "7", "-k", "4"], "compares 5-card hands, not 4"),
    "duplicate card": (["--dead", "Ah Kd Ah"], "duplicate card Ah"),
    "duplicate card in two notations": (["--fixed", "Td 10d"], "duplicate card Td"),
    "unknown card": (["--dead", "Zq"], "unknown card 'Zq'"),
    "card not in the deck": (["--deck", "short", "--dead", "5h"], "5h is not in the short deck"),
    "dead and fixed overlap": (["--dead", "Ah Kd", "--fixed", "Kd"], "both dead and fixed: Kd"),
    "too many jokers in the deck": (["--jokers", "3"], "0, 1 or 2 jokers, not 3"),
    "more jokers named than the deck holds": (["--jokers", "1", "--fixed", "Jk Jk"], "more jokers than"),
    "a joker without jokers": (["--dead", "Jk"], "no joker in"),
    "too many fixed cards": (["--fixed", "Ah Kh Qh Jh Th 9h"], "6 fixed cards do not fit"),
    "the bug where straights count against a low": (["--ranking", "ace-to-six", "--jokers", "1", "--joker", "bug"],
                                                      "ace-to-six has no rule for the bug"),
    "the bug in deuce-to-seven": (["--ranking", "deuce-to-seven", "--jokers", "2", "--joker", "bug"], "deuce-to-seven has no rule for the bug"),
    "the bug in deuces wild": (["--ranking", "deuces-wild", "--jokers", "1", "--joker", "bug"], "deuces wild plays a joker fully wild"),
    # issue #12: these once visited every hand and ran out of memory (or were killed); now refused up front
    "too many cards to count": (["-n", "12"], "12-card hands of the standard deck are too many to count here"),
    "too many low hands to count": (["-n", "10", "--ranking", "ace-to-six"], "too many to count here"),
    "too many subsets to value": (["-n", "40", "--deck", "mexican"], "too many to count here"),
}


@pytest.mark.parametrize("case", BAD_INPUT)
def test_bad_input_is_one_line_and_exit_code_2(monkeypatch, capsys, case):
    args, message = BAD_INPUT[case]
    code, out, err = run(monkeypatch, capsys, "frequencies", *args, "-f", "json")
    assert code == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err  # one line
    assert err.startswith("error: ") and message in err
    assert "Traceback" not in err


def test_unknown_deck_is_a_usage_error(monkeypatch, capsys):
    """--deck is a choice, so click rejects an unknown deck before our code runs (exit code 2, no traceback)."""
    code, out, err = run(monkeypatch, capsys, "frequencies", "--deck", "pinochle")
    assert code == 2 and out == "" and "Traceback" not in err
    assert "'pinochle' is not one of" in err and "--deck" in err


def test_unknown_deck_is_one_line(monkeypatch, capsys):
    _, _, err = run(monkeypatch, capsys, "frequencies", "--deck", "pinochle")
    assert err.count("\n") == 1 and err.startswith("error: ")


def test_python_dash_m_entry_point():
    """The real process: JSON on stdout, exit 0; bad input: one line on stderr, exit 2, no traceback."""
    ok = subprocess.run([sys.executable, "-m", "casino_math", *THREE_CARD, "-f", "json"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and ok.stderr == ""
    assert json.loads(ok.stdout)["total"] == 22_100
    bad = subprocess.run([sys.executable, "-m", "casino_math", "frequencies", "-n", "9", "-k", "3", "--ranking", "three-card", "--dead", "Ah Ah"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "error: duplicate card Ah\n"
