"""Game files: every bad input gets one clear `file:line: field: what is wrong` line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casino_math.errors import InputError
from casino_math.paytable import Pay, game_schema, load_game, load_game_text

TABLES = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker"

HEADER = "game: three_card_poker\nid: bad\n"
BAD_FILES = {
    "unknown game": ("game: blackjack\nid: x\nwagers:\n  pair_plus:\n    pays: {pair: 1}\n", ":1: game: "),
    "unknown wager": (HEADER + "wagers:\n  big_six:\n    pays: {pair: 1}\n", ":4: wagers.big_six: unknown wager 'big_six'"),
    "unknown category": (HEADER + "wagers:\n  pair_plus:\n    pays: {full_house: 1}\n", ":5: wagers.pair_plus.pays.full_house: unknown category"),
    "negative pay": (HEADER + "wagers:\n  pair_plus:\n    pays: {pair: -1}\n", ":5: wagers.pair_plus.pays.pair: a pay cannot be negative"),
    "non-numeric pay": (HEADER + "wagers:\n  pair_plus:\n    pays: {pair: lots}\n", ":5: wagers.pair_plus.pays.pair: a pay must be a number"),
    "absurd pay": (HEADER + "wagers:\n  pair_plus:\n    pays: {pair: 99999999999}\n", ":5: wagers.pair_plus.pays.pair: 99999999999 is not a plausible pay"),
    "bare 40:1": (HEADER + "wagers:\n  pair_plus:\n    pays:\n      straight_flush: 40:1\n", ":6: wagers.pair_plus.pays.straight_flush: write \"40 to 1\""),
    "YAML syntax error": (HEADER + "wagers:\n  pair_plus:\n    pays: {pair: 1\n", ": YAML syntax error"),
    "empty file": ("", ":1: the file is empty"),
    "duplicate key": (HEADER + "wagers:\n  pair_plus:\n    pays: {pair: 1}\n  pair_plus:\n    pays: {pair: 2}\n", ":6: wagers.pair_plus: duplicate key (also on line 4)"),
    "no wagers": (HEADER + "wagers: {}\n", ":3: wagers: name at least one wager"),
    "unknown rule": (HEADER + "rules:\n  dealer_qualifies: ten_high\nwagers:\n  pair_plus:\n    pays: {pair: 1}\n", ":4: rules.dealer_qualifies: unknown value"),
    "missing id": ("game: three_card_poker\nwagers:\n  pair_plus:\n    pays: {pair: 1}\n", ":1: id: is required"),
    "two jackpots": (HEADER + "wagers:\n  progressive:\n    jackpot: 1000\n    pays: {mini_royal: jackpot, straight_flush: jackpot}\n", "exactly one category must pay 'jackpot'"),
    "less than the stake": (HEADER + "wagers:\n  pair_plus:\n    pays: {pair: \"1/2 for 1\"}\n", "returns less than the stake"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_is_one_clear_line(name, tmp_path):
    text, expected = BAD_FILES[name]
    path = tmp_path / "game.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as error:
        load_game(path)
    message = str(error.value)
    assert message.startswith(str(path) + ":"), message
    assert expected in message, message
    assert "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("name", ["bare 40:1", "duplicate key", "empty file", "unknown category"])
def test_cli_exits_2_with_one_line_and_writes_nothing(name, tmp_path):
    text, expected = BAD_FILES[name]
    path = tmp_path / "game.yaml"
    path.write_text(text)
    before = sorted(tmp_path.iterdir())
    run = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(path)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and expected in run.stderr and "Traceback" not in run.stderr
    assert sorted(tmp_path.iterdir()) == before


def test_missing_file(tmp_path):
    run = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(tmp_path / "nope.yaml")], capture_output=True, text=True)
    assert run.returncode == 2 and "no such file" in run.stderr and "Traceback" not in run.stderr


def test_pays_in_every_notation():
    config = load_game_text(HEADER + 'wagers:\n  pair_plus:\n    pays: {straight_flush: "40 to 1", three_of_a_kind: "31 for 1", straight: 6.5, flush: "9/2", pair: 1}\n')
    pays = config.wagers.pair_plus.pays
    assert [pays[k].net for k in ("straight_flush", "three_of_a_kind", "straight", "flush", "pair")] == [40, 30, Pay.parse("13/2").net, Pay.parse("4.5").net, 1]


def test_every_shipped_table_loads_with_a_source():
    files = sorted(TABLES.glob("*.yaml"))
    assert len(files) >= 12
    for path in files:
        config = load_game(path)
        assert config.source, path
        assert len(config.sha256) == 64


def test_schema_command_prints_a_json_schema():
    run = subprocess.run([sys.executable, "-m", "casino_math", "schema"], capture_output=True, text=True, check=True)
    schema = json.loads(run.stdout)
    assert schema == game_schema()
    assert set(schema["properties"]) >= {"game", "id", "rules", "wagers"}
    assert "path" not in schema["properties"]


def test_analyze_json_contract():
    run = subprocess.run([sys.executable, "-m", "casino_math", "analyze", str(TABLES / "standard.yaml"), "--format", "json"],
                         capture_output=True, text=True, check=True)
    result = json.loads(run.stdout)
    ante = result["wagers"]["ante_play"]
    assert result["game"] == "three_card_poker"
    assert ante["weakest_hand_played"] == "Q-6-4" and ante["hands_played"] == 14_900
    numerator, denominator = map(int, ante["house_edge"].split("/"))
    assert abs(numerator / denominator - ante["house_edge_float"]) < 1e-15
    assert {"element_of_risk", "element_of_risk_float", "standard_deviation_float", "hit_frequency_float", "returns"} <= set(ante)
    assert set(result["wagers"]) == {"ante_play", "pair_plus", "six_card_bonus", "prime"}
    assert sum(row["combinations"] for row in ante["returns"]) == 407_170_400
