"""``casino-math stud``: the issue's command lines, the output formats, and bad input (exit code 2)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from tests.helpers.cli_runner import run


def test_first_to_act_table(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "stud", "first-to-act", "--game", "seven-card-stud", "--street", "4", "Kh 7d", "As 2c", "9s 9d")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == 'Seven-card stud, street 4: seat 3 bets. "Pair of nines bets"'
    assert "pair of nines  bets" in out


def test_first_to_act_json_with_a_folded_seat_and_a_dealer(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "stud", "first-to-act", "-g", "razz", "--dealer", "4", "-f", "json",
                       "-", "3h 3s Ac", "As 4h Kd", "4c 2d 8h")  # seed 002, fifth street: Bob has folded, Alice deals
    payload = json.loads(out)
    assert code == 0 and (payload["seat"], payload["street"], payload["announcement"]) == (4, 5, "Eight-four-deuce bets")
    assert payload["seats"][0] == {"seat": 1, "up": "-", "showing": "-", "first": ""}


def test_first_to_act_tie_rule_options(monkeypatch, capsys):
    args = ("stud", "first-to-act", "-g", "seven-card-stud", "--street", "4", "-f", "json", "Ah Kd", "As Kc")
    assert json.loads(run(monkeypatch, capsys, *args)[1])["seat"] == 1  # the game: nearest the dealer's left
    assert json.loads(run(monkeypatch, capsys, *args, "--ties", "suit")[1])["seat"] == 2  # the ace of spades
    assert json.loads(run(monkeypatch, capsys, *args, "--ties", "suit", "--suit-order", "shdc")[1])["seat"] == 1


def test_suit_order_help_says_how_to_reverse_the_suits(monkeypatch, capsys):
    """Issue #12: some houses rank the suits clubs highest, the reverse of the usual order; the help says how to get it,
    in words a player knows (issue #16: no internal source names such as "seed 004" in help)."""
    code, out, _ = run(monkeypatch, capsys, "stud", "first-to-act", "--help")
    text = " ".join(out.split())
    assert code == 0 and "Default cdhs" in text and "clubs highest, is shdc" in text and "seed" not in text


def test_equity_json(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "stud", "equity", "--game", "stud8", "As 2s | 3d 4c 6h", "Kd Kc | Kh 9s 9d", "-f", "json")
    payload = json.loads(out)
    assert (code, err, payload["method"], payload["deals"]) == (0, "", "exact", 42 * 41 // 2 * 40 * 39 // 2)
    players = payload["players"]
    assert [p["cards"] for p in players] == ["As 2s | 3d 4c 6h", "Kd Kc | Kh 9s 9d"]
    equities = [Fraction(p["equity"]) for p in players]
    assert sum(equities) == 1 and players[0]["equity_float"] == pytest.approx(float(equities[0]))
    assert {"scoop", "split", "lose", "high", "low"} <= set(players[0])


def test_equity_table_says_how_it_counted(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "stud", "equity", "As Ks | Qh Qd 2c", "9c 9d | 8h 7h 3c", "--budget", "0", "--samples", "5000")
    assert code == 0 and "Monte Carlo: 5,000 deals sampled with seed 1" in out and "equity_ci95" in out


def test_frequencies_razz_csv(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "stud", "frequencies", "--game", "razz", "-f", "csv")
    rows = {r["category"]: r for r in csv.DictReader(io.StringIO(out))}
    assert code == 0 and rows["5_low"]["combinations"] == "781824" and rows["5_low"]["probability"] == "48864/8361535"


def test_frequencies_split_json(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "stud", "frequencies", "-g", "stud8", "-f", "json")
    payload = json.loads(out)
    assert code == 0 and payload["total"] == 133_784_560 and payload["qualifying_low"] == "1533184/8361535"
    assert sum(r["with_low"] for r in payload["rows"]) == 24_530_944
    assert [r["category"] for r in payload["low_rows"]] == ["5_low", "6_low", "7_low", "8_low", "no_low"]


def test_games(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "stud", "games", "-f", "json")
    games = {g["game"]: g for g in json.loads(out)}
    assert code == 0 and games["buffalo-stud"]["hole_limit"] == "2 of first 3 down" and games["mexican-stud"]["deck"] == "mexican+1jk"


@pytest.mark.parametrize("args, message", [
    (["equity", "--game", "omaha", "As 2s | 3d", "Kd Kc | Kh"], "unknown game 'omaha'"),
    (["equity", "As 2s | 3d 4c", "Kd Kc | Kh"], "different streets"),
    (["equity", "As 2s 4c | 3d", "Kd Kc 5c | Kh"], "no street of Seven-card stud"),
    (["equity", "As 2s | 3d", "Kd As | Kh"], "duplicate card As"),
    (["first-to-act", "--street", "4", "Kh", "As 2c"], "each player shows 2 up cards"),
    (["first-to-act", "Kh 7d", "Kh 2c"], "duplicate card Kh"),
    (["frequencies", "--game", "stud9"], "unknown game 'stud9'"),
])
def test_bad_input_exits_2(monkeypatch, capsys, args, message):
    code, out, err = run(monkeypatch, capsys, "stud", *args)
    assert code == 2 and out == "" and err.startswith("error: ") and message in err and len(err.splitlines()) == 1
