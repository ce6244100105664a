"""Game files: every shipped file loads; every bad file gets one clear `file:line: field: what is wrong` and exit code 2."""

from __future__ import annotations

import json

import pytest

from casino_math.errors import InputError
from casino_math.analysis import game_schema, load_game, load_game_text
from casino_math.report.bets import pays_summary

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

SHIPPED = sorted((ROOT / "paytables").glob("*/*.yaml")) + sorted((ROOT / "tests" / "games").glob("*.yaml"))

GOOD = """\
game: demo
id: demo
deal:
  - player: 3
  - dealer: 3
  - decide: {options: {fold: fold, play: {play: 1}}}
hands:
  player: {of: [player], ranking: three-card}
  dealer: {of: [dealer], ranking: three-card}
dealer_qualifies: Q-high
wagers:
  ante: {stake: 1, settle: {folded: lose, dealer_not_qualified: win, player_higher: win, equal: push, dealer_higher: lose}}
  play: {settle: {dealer_not_qualified: push, player_higher: win, equal: push, dealer_higher: lose}}
side_bets:
  pair_plus: {pays: pair_plus, on: player}
paytables:
  pair_plus: {straight flush: 40, three of a kind: 30, straight: 6, flush: 4, pair: 1}
"""


def bad(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new)


BAD_FILES = {
    # the list: cards, hands, decisions, qualifier, categories, settlements, stakes
    "more cards than the deck": (bad("  - dealer: 3\n", "  - dealer: 50\n"), ":5: deal.1.dealer: 53 cards dealt, but the standard deck holds 52"),
    "hand of cards never dealt": (bad("dealer: {of: [dealer]", "dealer: {of: [board]"), ":9: hands.dealer.of: the hand is made of board cards, but the deal gives the board none"),
    "decision with no options": (bad("decide: {options: {fold: fold, play: {play: 1}}}", "decide: {options: {}}"), ":6: deal.2.decide: a decision needs options"),
    "decision after the last card": (bad("  - dealer: 3\n", "  - dealer: {cards: 3, face: up}\n"), ":6: deal.2.decide: a decision after the last card"),
    "qualifier not a hand of the ranking": (bad("Q-high", "K-K"), ":10: dealer_qualifies: 'K-K' is not a hand of the three-card ranking"),
    "category the ranking cannot make": (bad("straight flush: 40,", "royal flush: 40,"), ":17: paytables.pair_plus.royal flush: the three-card ranking has no royal flush"),
    "suited trips from one deck": (bad("three of a kind: 30", "suited three of a kind: 30"), "a suited three of a kind needs two cards alike: one deck has none"),
    "no settlement for a reachable situation": (bad("equal: push, dealer_higher: lose}}\n  play", "dealer_higher: lose}}\n  play"), ":12: wagers.ante.settle: no result for equal, which the game can reach"),
    "stake from a decision that does not exist": (bad("play: {play: 1}", "play: {raise: 1}"), ":6: deal.2.decide.options.play.raise: no wager 'raise' to add to"),
    "wager no decision stakes": (bad("play: {play: 1}", "play: check"), ":13: wagers.play: no stake: give it one (stake: 1) or let a decision add to it"),
    # and the rest a designer can get wrong
    "situation the game never reaches": (bad("settle: {folded: lose, dealer_not_qualified: win", "settle: {folded: lose, played: win, dealer_not_qualified: win"), ":12: wagers.ante.settle.played: the game never ends played"),
    "folded hand paid by a table": (bad("settle: {folded: lose, dealer_not_qualified: win", "settle: {folded: {pays: pair_plus}, dealer_not_qualified: win"), ":12: wagers.ante.settle.folded: a folded hand is not played out"),
    "line never paid": (bad("{straight flush: 40,", "{straight flush: 40, mini royal: 50,"), ":17: paytables.pair_plus.mini royal: never paid: every such hand is paid first as 'straight flush'"),
    "unknown paytable": (bad("pays: pair_plus, on: player", "pays: pair_pluss, on: player"), ":15: side_bets.pair_plus.pays: no paytable 'pair_pluss'"),
    "unused paytable": (GOOD + "  spare: {pair: 1}\n", ":18: paytables.spare: no wager or side bet pays by this table"),
    "unknown ranking": (bad("player: {of: [player], ranking: three-card}", "player: {of: [player], ranking: four-cards}"), ":8: hands.player.ranking: unknown ranking 'four-cards'"),
    "best more cards than the hand": (bad("player: {of: [player], ranking: three-card}", "player: {of: [player], best: 5, ranking: high}"), ":8: hands.player.best: the best 5 of 3 cards"),
    "player and dealer ranked apart": (bad("dealer: {of: [dealer], ranking: three-card}", "dealer: {of: [dealer], best: 3, ranking: ace-to-five}"), "ace-to-five ranking compares 5-card hands"),
    "bare 40:1": (bad("straight flush: 40,", "straight flush: 40:1,"), ':17: paytables.pair_plus.straight flush: write "40 to 1" (quoted) or 40'),
    "negative pay": (bad("pair: 1}", "pair: -1}"), ":17: paytables.pair_plus.pair: a pay cannot be negative"),
    "unknown field": (GOOD + "rules: {}\n", ":18: rules: unknown field 'rules'"),
    "duplicate key": (GOOD + "id: again\n", ":18: id: duplicate key (also on line 2)"),
    "missing deal": (GOOD.replace("deal:\n  - player: 3\n  - dealer: 3\n  - decide: {options: {fold: fold, play: {play: 1}}}\n", ""), ":1: deal: is required"),
    "two decisions in a row": (bad("  - decide: {options: {fold: fold, play: {play: 1}}}\n", "  - decide: {options: {fold: fold, play: {play: 1}}}\n  - decide: {options: {check: check}}\n"), ":7: deal.3.decide: two decisions with no card seen between them"),
    "empty file": ("", ":1: the file is empty"),
}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_game_file_loads(path):
    game = load_game(path)
    assert game.bets and game.source or path.parent.name == "games"
    for bet in game.bets:  # the par sheet's comparison of a family's variants writes every bet's pays in the trade's words (it raised on blackjack)
        assert isinstance(pays_summary(game, bet), str)  # (empty for a bet paid by no table: Pai Gow Poker's)


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


@pytest.mark.parametrize("name", ["more cards than the deck", "bare 40:1", "no settlement for a reachable situation", "empty file"])
def test_cli_exits_2_with_one_line_and_writes_nothing(name, tmp_path, monkeypatch, capsys):
    text, expected = BAD_FILES[name]
    path = tmp_path / "game.yaml"
    path.write_text(text)
    monkeypatch.chdir(tmp_path)
    before = sorted(tmp_path.iterdir())
    code, out, err = run(monkeypatch, capsys, "analyze", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and expected in err and "Traceback" not in err
    assert sorted(tmp_path.iterdir()) == before


def test_a_variant_names_what_differs_and_errors_point_into_it(tmp_path):
    (tmp_path / "base.yaml").write_text(GOOD)
    (tmp_path / "variant.yaml").write_text("extends: base.yaml\nid: v\noffers: [pair_plus]\npaytables:\n  pair_plus: {pair: 2}\n")
    variant = load_game(tmp_path / "variant.yaml")
    assert variant.bets == ("pair_plus",) and variant.paytables["pair_plus"].lines[0].pay.net == 2
    assert [p for p, _ in variant.files] == [str(tmp_path / "variant.yaml"), str(tmp_path / "base.yaml")]
    (tmp_path / "broken.yaml").write_text("extends: base.yaml\nid: b\npaytables:\n  pair_plus: {royal flush: 2}\n")
    with pytest.raises(InputError, match=r"broken.yaml:4: paytables.pair_plus.royal flush"):
        load_game(tmp_path / "broken.yaml")
    (tmp_path / "loop.yaml").write_text("extends: loop.yaml\nid: l\n")
    with pytest.raises(InputError, match="a loop"):
        load_game(tmp_path / "loop.yaml")


def test_text_without_a_file_cannot_extend():
    with pytest.raises(InputError, match="only a game file on disk can extend"):
        load_game_text("extends: x.yaml\n", "t.yaml")


def test_schema_documents_the_format(monkeypatch, capsys):
    schema = game_schema()
    assert {"game", "id", "deck", "deal", "hands", "dealer_qualifies", "bet", "wagers", "side_bets", "paytables", "extends", "offers"} <= set(schema["properties"])
    code, out, _ = run(monkeypatch, capsys, "schema")
    assert code == 0 and json.loads(out)["title"] == "GameSpec"
