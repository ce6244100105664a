"""Realistic mistakes in game and claims files (issue #16, item 6): each gets one line ``file:line: field: what is wrong``
on stderr and exit code 2, never a traceback, and the line says what is wrong (not a check further down that the
mistake happened to trip).

Each case copies a shipped game file, breaks it the way a person editing it could, and loads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from casino_math.errors import InputError
from casino_math.analysis import load_game, load_game_text
from casino_math.game.qualifier import weakest
from casino_math.pays import Pay
from casino_math.rankings import get_ranking

from tests.helpers.cli_runner import run
from tests.helpers.paths import ROOT

TCP = "paytables/three_card_poker/standard.yaml"
BACCARAT = "paytables/baccarat/standard.yaml"
UTH = "paytables/ultimate_texas_holdem/standard.yaml"
LIR = "paytables/let_it_ride/standard.yaml"

LOW_BALL = """\
game: lowball
id: low
deck: {jokers: 1, joker: bug}
deal:
  - player: 5
hands:
  player: {of: [player], ranking: ace-to-six}
side_bets:
  low: {pays: low, on: player}
paytables:
  low: {pair: 5}
"""
FIVE_FROM_A_SHOE = """\
game: five
id: five
deck: {decks: 8}
deal:
  - player: 5
hands:
  player: {of: [player], ranking: high}
side_bets:
  poker: {pays: poker, on: player}
paytables:
  poker: {flush: 5, straight: 4}
"""

# name: (file, text to replace, replacement, text on the line the message names (None: the replacement), what the message says)
MISTAKES = {
    # exact arithmetic: a zero divisor is a typo, not a ZeroDivisionError
    "pay 1/0": (TCP, "flush: 4,", 'flush: "1/0",', None, "paytables.pair_plus.flush: '1/0' divides by zero"),
    "pay 0/0": (TCP, "flush: 4,", 'flush: "0/0",', None, "'0/0' divides by zero"),
    "win 19/0": (BACCARAT, "win 19/20", "win 19/0", None, "side_bets.banker.settle.dealer_higher: '19/0' divides by zero"),
    "win 8 to 0": (BACCARAT, "win 8 to 1", "win 8 to 0", None, "side_bets.tie.settle.equal: '8 to 0' divides by zero"),
    "win 8 for 0": (BACCARAT, "win 8 to 1", "win 8 for 0", None, "'8 for 0' divides by zero"),
    "stake 1/0": (TCP, "stake: 1", 'stake: "1/0"', None, "wagers.ante.stake: must be a number of units, not '1/0'"),
    "units added 2/0": (TCP, "{play: 1}", '{play: "2/0"}', None, "deal.2.decide.options.play: play: must be a number of units, not '2/0'"),
    "side bet stake 1/0": (TCP, "pair_plus: {pays: pair_plus, on: player}", 'pair_plus: {pays: pair_plus, on: player, stake: "1/0"}', None,
                           "side_bets.pair_plus.stake: must be a number of units"),
    # one line for a value that could have been one of several forms (not one line per form tried, in the checker's words)
    "units added 0": (TCP, "{play: 1}", "{play: 0}", None, "deal.2.decide.options.play: play: 0 is not a plausible number of units"),
    "option misspelt": (TCP, "fold: fold", "fold: folds", None, "deal.2.decide.options.fold: an option is fold, check, or units added "
                        "to wagers like {play: 1}, not 'folds'"),
    "draw on a decimal": (BACCARAT, "on: 0-5}", "on: 0.5}", None, 'deal.3.draw.on: numbers are written 5, "0-5"'),
    "draw on a mapping": (BACCARAT, "on: 0-5}", "on: {a: 1}}", None, "deal.3.draw.on: numbers are written"),
    # checks that gave no file:line
    "a value over cards of two deals, with jokers": (TCP, "deck: standard", "deck: {jokers: 1}", "prime: {same",
                                                      "paytables.prime.same colour on six_cards: colours and suits over several deals"),
    "a hand value over cards of two deals": (TCP, "prime: {same colour on six_cards: 4", "prime: {flush on six_cards: 4", None,
                                             "paytables.prime.flush on six_cards: a line on cards of several deals"),
    "suits on six cards": (TCP, "six_card_bonus: {royal flush: 1000", "six_card_bonus: {royal flush in spades: 2000, royal flush: 1000", None,
                           "paytables.six_card_bonus: its lines read suits on 6 cards: 20,358,520 card sets"),
    # misleading messages, now saying what is wrong
    "points rankings on a poker game": (TCP, "ranking: three-card}\n  dealer: {of: [dealer], ranking: three-card}",
                                        "ranking: blackjack}\n  dealer: {of: [dealer], ranking: blackjack}", "dealer_qualifies:",
                                        "dealer_qualifies: the dealer hand is counted in blackjack points; a qualifier is a poker hand"),
    "no ranking for the dealer": (TCP, "ranking: three-card}\n  dealer: {of: [dealer], ranking: three-card}",
                                  "ranking: null}\n  dealer: {of: [dealer], ranking: null}", "dealer_qualifies:",
                                  "dealer_qualifies: the dealer hand has no ranking (ranking: null)"),
    "a 5-card ranking on 3 cards": (TCP, "ranking: three-card}\n  dealer: {of: [dealer], ranking: three-card}",
                                    "ranking: high}\n  dealer: {of: [dealer], ranking: high}", "player: {of",
                                    "hands.player.ranking: the high ranking compares 5-card hands, but the hand holds 3 cards (for 3 cards: three-card)"),
    "a qualifier no hand can be": (TCP, "dealer_qualifies: Q-high", "dealer_qualifies: 2-high", None,
                                   "dealer_qualifies: '2-high' is not a hand of the three-card ranking: a 3-card hand of different ranks cannot "
                                   "have a deuce as its highest card"),
    "a line on a hand misnamed": (TCP, "same colour on six_cards: 4", "same colour on seven_cards: 4", None,
                                  "paytables.prime.same colour on seven_cards: no hand 'seven_cards' to read the line on (hands: player, dealer, six_cards)"),
    "a line with no name": (TCP, "flush: 4,", "'': 4,", None, "paytables.pair_plus.: a line needs a name"),
    # mistakes that were accepted
    "a typo that would fill memory": (LIR, "  - player: 3\n", "  - player: 8\n", "player: 8", "deal.0.player: by this step the player has seen "
                                      "8 cards: 752,538,150 sets of cards to count, more than the 500,000,000 counted at most"),
    "a dealer hand misnamed": (TCP, "  dealer: {of: [dealer], ranking: three-card}", "  banker: {of: [dealer], ranking: three-card}",
                               "dealer_qualifies:", "dealer_qualifies: a qualifier needs a hand named dealer (hands: player, banker, six_cards)"),
    "offers nothing": (TCP, "bet: ante_play", "bet: ante_play\noffers: []", "offers:", "offers: the file offers no bet: list one at least"),
    "offers a bet twice": (TCP, "bet: ante_play", "bet: ante_play\noffers: [ante_play, ante_play]", "offers:", "offers.1: ante_play is listed twice"),
    "an empty paytable": (TCP, "pair_plus: {straight flush: 40, three of a kind: 30, straight: 6, flush: 4, pair: 1}", "pair_plus: {}", None,
                          "paytables.pair_plus: the paytable has no lines, so every hand would lose"),
    "two decisions of one name": (UTH, "name: flop", "name: pre_flop", "name: pre_flop, options: {check: check, bet_2x", "deal.4.decide.name: two decisions are named pre_flop"),
    # events of shoe games, suits
    "a margin no hand wins by": (BACCARAT, "wins by 9: 30", "wins by 10: 30", None, "paytables.dragon_bonus_player.wins by 10: 'wins by 10': "
                                 "a hand wins by 1 to 9 baccarat points"),
    "a margin of nothing": (BACCARAT, "wins by 9: 30", "wins by 0: 30", None, "a hand wins by 1 to 9 baccarat points"),
    "a suit misspelt": (TCP, "flush: 4,", "flush in heart: 4,", None, "paytables.pair_plus.flush in heart: 'flush in heart': 'heart' is not a suit"),
    # the checker's wording, in plain words
    "deck as a number": (TCP, "deck: standard", "deck: 52", None, "deck: a deck is a name (standard, short, piquet, royal, mexican, spanish) "
                         "or a mapping like {decks: 8} or {ranks: 9-A}, not 52"),
    "ranks written backwards": (TCP, "deck: standard", "deck: {ranks: A-9}", None, "deck.ranks: 'A-9' is not the lowest rank to the ace"),
    "cards as a word": (TCP, "- player: 3", "- player: three", None, "deal.0.player: cards dealt are a number, like 3, or a mapping like "
                        "{cards: 1, face: up}, not 'three'"),
    "a family name with capitals": (TCP, "game: three_card_poker", "game: Three Card Poker", None,
                                    "game: 'Three Card Poker' is not a name of lower-case letters, digits and _"),
    "too many decks": (BACCARAT, "deck: {decks: 8}", "deck: {decks: 9}", None, "deck.decks: should be at most 8, not 9"),
    "a hand of no roles": (TCP, "six_cards: {of: [player, dealer]", "six_cards: {of: []", None, "hands.six_cards.of: should not be empty"),
    "quoted per one wager, not a list": (TCP, "bet: ante_play", "bet: ante_play\nquoted_per: ante", "quoted_per:",
                                         "quoted_per: should be a list, like [a, b], not 'ante'"),
}


def broken(tmp_path: Path, source: str, old: str, new: str, anchor: str | None = None) -> tuple[Path, int]:
    """A copy of a shipped file with ``old`` replaced, and the line of ``anchor`` in it (default: of the replacement)."""
    text = (ROOT / source).read_text()
    assert old in text, old
    text = text.replace(old, new, 1)
    path = tmp_path / Path(source).name
    path.write_text(text)
    return path, text[:text.index(anchor or new)].count("\n") + 1


def one_line(path: Path, line: int, expected: str) -> str:
    with pytest.raises(InputError) as error:
        load_game(path)
    message = str(error.value)
    assert "\n" not in message and "Traceback" not in message, message
    assert message.startswith(f"{path}:{line}: "), message
    assert expected in message, message
    assert not re.search(r"Input should|instance of|literal\[|function-|\[str,", message), message  # no checker's jargon
    return message


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_is_one_line_with_its_file_and_line(name, tmp_path):
    source, old, new, anchor, expected = MISTAKES[name]
    one_line(*broken(tmp_path, source, old, new, anchor), expected)


@pytest.mark.parametrize("name", ["pay 1/0", "win 19/0", "points rankings on a poker game", "a value over cards of two deals, with jokers"])
def test_cli_exits_2_with_one_line(name, tmp_path, monkeypatch, capsys):
    source, old, new, anchor, expected = MISTAKES[name]
    path, line = broken(tmp_path, source, old, new, anchor)
    code, out, err = run(monkeypatch, capsys, "analyze", str(path))
    assert (code, out) == (2, ""), (code, out, err)
    assert err == f"error: {one_line(path, line, expected)}\n"


@pytest.mark.parametrize("text, line, expected", [
    (LOW_BALL, 7, "hands.player.ranking: ace-to-six has no rule for the bug"),
    (LOW_BALL.replace("ace-to-six", "deuces-wild"), 7, "hands.player.ranking: deuces wild plays a joker fully wild"),
    (FIVE_FROM_A_SHOE, 9, "side_bets.poker: the bet reads 5 cards, 5 of them suit by suit: 380,204,032 kinds of deal from a shoe of 8 decks"),
    (FIVE_FROM_A_SHOE.replace("deck: {decks: 8}", "deck: standard").replace("player: 5", "player: 12"), 9,
     "side_bets.poker: the bet's hand: 12-card hands of the standard deck are too many to count here"),
])
def test_checks_once_made_later_point_into_the_file(text, line, expected, tmp_path):
    """Checks that the counting engines make before they count, made at load, where the file can be named."""
    path = tmp_path / "game.yaml"
    path.write_text(text)
    one_line(path, line, expected)


@pytest.mark.parametrize("text", ["1/0", "8 to 0", "8 for 0", "0/0 to 1", "3 to 0/1"])
def test_a_pay_never_divides_by_zero(text):
    with pytest.raises(ValueError, match="divides by zero"):
        Pay.parse(text)


def test_a_hand_written_as_players_write_it_must_exist():
    three, royal = get_ranking("three-card"), get_ranking("high", "royal")
    assert weakest(three, "5-high") == weakest(three, "high card")  # 5-3-2: the weakest high card there is
    with pytest.raises(ValueError, match="cannot have a deuce as its highest card"):
        weakest(three, "2-high")
    with pytest.raises(ValueError, match="the royal deck has no sixes"):
        weakest(royal, "6-high")
    with pytest.raises(ValueError, match="cannot have a queen as its highest card"):
        weakest(royal, "Q-high")  # on ten to ace, five different ranks led by a queen do not exist


# -- claims files ----------------------------------------------------------------------------------
CLAIMS = {
    "a game file that is not there": ("game: ../nope.yaml", '{figure: deals, published: "1"}', "game: no such file ../nope.yaml"),
    "a folder named as the game": ("game: ..", '{figure: deals, published: "1"}', "game: .. is a folder; name a game file in it"),
    "1 in 0": ("game: ../standard.yaml", '{figure: probability, wager: pair_plus, outcome: straight flush, published: "1 in 0"}',
               "claims.0.published: '1 in 0' is not a number, a percentage or \"1 in N\""),
    "break-even of a bet with no meter": ("game: ../standard.yaml", '{figure: break_even_pay, wager: pair_plus, published: "100 to 1"}',
                                          "line: pair_plus has no meter: name the line whose break-even pay is claimed (its lines: straight flush,"),
    "an unknown ranking": ("", '{figure: frequency, ranking: three, category: pair, published: "3,744"}',
                           "claims.0.ranking: unknown ranking 'three' (choose from high, three-card,"),
    "a deck written as a shoe": ("", '{figure: frequency, ranking: three-card, category: pair, deck: {decks: 2}, published: "3,744"}',
                                 "claims.0.deck: unknown deck {'decks': 2} (choose from standard,"),
    "more cards than the deck": ("", '{figure: frequency, ranking: three-card, category: pair, cards: 60, published: "3,744"}',
                                 "cards: cannot deal 60 cards from 52"),
}


@pytest.mark.parametrize("name", sorted(CLAIMS))
def test_a_claims_mistake_is_one_line_at_its_line(name, tmp_path, monkeypatch, capsys):
    game, claim, expected = CLAIMS[name]
    folder = tmp_path / "three_card_poker"
    (folder / "claims").mkdir(parents=True)
    (folder / "standard.yaml").write_text((ROOT / TCP).read_text())
    path = folder / "claims" / "claims.yaml"
    path.write_text(f'source: "a book"\n{game}\nclaims:\n  - {claim}\n')
    code, out, err = run(monkeypatch, capsys, "verify", str(path))
    assert (code, out) == (2, ""), (code, out, err)
    line = 2 if name in ("a game file that is not there", "a folder named as the game") else 4
    assert err.startswith(f"error: {path}:{line}: ") and err.count("\n") == 1, err
    assert expected in err, err


def test_a_claims_file_named_as_a_game_says_so(tmp_path):
    claims = tmp_path / "claims.yaml"
    claims.write_text('source: "a book"\nclaims:\n  - {figure: deals, published: "1"}\n')
    with pytest.raises(InputError, match=r"claims.yaml:2: claims: this is a claims file \(it lists claims\), not a game file"):
        load_game(claims)


def test_an_event_line_with_no_such_suit():
    events = (ROOT / "tests" / "games" / "shoe-baccarat-events.yaml").read_text()
    with pytest.raises(InputError, match=r"pair of aces in purple: 'pair of aces in purple': 'purple' is not a suit \(write in clubs"):
        load_game_text(events.replace("pair of aces in hearts", "pair of aces in purple"), "events.yaml")


# -- allowed, but worth a look: one warning line each ---------------------------------------------------------
MINI = ROOT / "tests" / "games" / "mini-three-card.yaml"


def test_a_line_the_deck_cannot_make_is_flagged(tmp_path, caplog):
    path = tmp_path / "stripped.yaml"  # on queens to aces no five cards run in sequence
    path.write_text((ROOT / "tests" / "games" / "mini-mississippi.yaml").read_text().replace("t: {four of a kind: 10",
                                                                                             "t: {straight: 3, four of a kind: 10"))
    load_game(path)
    assert [r.getMessage() for r in caplog.records] == [
        f"{path}:19: paytables.t.straight: never paid: no 5-card hand of the Q-A deck is a straight (on the player hand)"]


def test_a_pay_at_the_cap_is_warned(tmp_path, monkeypatch, capsys):
    path = tmp_path / "cap.yaml"
    path.write_text(MINI.read_text().replace("mini royal: 7", "mini royal: 10000000"))
    code, out, err = run(monkeypatch, capsys, "analyze", str(path), "--format", "csv")
    assert code == 0 and out
    assert f"warning: {path}:20: paytables.ante_bonus.mini royal: 10000000 to 1 is at the cap of plausible pays (10,000,000 to 1)" in err


def test_a_player_edge_is_warned(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "analyze", str(MINI), "--format", "csv")
    assert code == 0 and out
    assert f"warning: {MINI}: ante_play: the player has the edge (house edge -80.7792%)" in err
    code, out, err = run(monkeypatch, capsys, "analyze", str(ROOT / TCP), "--format", "csv")
    assert code == 0 and "warning" not in err


def test_hold_em_is_not_held_to_the_limit_of_sets():
    assert load_game(ROOT / UTH).bet == "ante_blind_play"  # 28,094,757,600 sets, but counted board by board
