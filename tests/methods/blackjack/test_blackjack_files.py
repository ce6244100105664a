"""Blackjack game files: every rule read from the ``blackjack:`` section, variants, the schema, and every bad file
refused with ``file:line: field: what is wrong``."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_math.errors import InputError
from casino_math.game.description import Deal
from casino_math.methods.blackjack.method import BLACKJACK
from casino_math.methods.blackjack.game_file import BlackjackGame, load_blackjack_text
from casino_math.methods.blackjack.rules import TEN
from casino_math.analysis import game_schema, load_game, load_game_text
from tests.helpers.paths import ROOT

HEAD = "game: blackjack\nid: bj\n"


def test_every_rule_is_read():
    game = load_game_text(HEAD + """deck: {decks: 6}
blackjack:
  dealer: {soft_17: hits, hole_card: none, blackjack_takes: original}
  double: {on: 10-11, after_split: false, cards: any, rescue: true}
  split: {hands: 3, resplit_aces: true, hit_split_aces: true}
  surrender: early
  player_21: always wins
  pays: {blackjack: 6 to 5, suited blackjack: 2 to 1, five-card 21: 3 to 2, 7-7-7: 2}
""")
    assert isinstance(game, BlackjackGame) and game.bet == "blackjack" and game.deck.decks == 6
    r = game.rules
    assert (r.dealer_hits_soft_17, r.dealer_peeks, r.no_hole_card_takes_all) == (True, False, False)
    assert (r.double_totals, r.double_after_split, r.double_any_cards, r.double_rescue) == (frozenset({10, 11}), False, True, True)
    assert (r.split_hands, r.resplit_aces, r.hit_split_aces, r.surrender, r.player_21_wins) == (3, True, True, "early", True)
    assert (r.blackjack_pays, r.suited_blackjack_pays) == (Fraction(6, 5), Fraction(2))
    assert r.card_bonuses == ((5, Fraction(3, 2)),) and r.combination_bonuses == (((6, 6, 6), Fraction(2)),)
    assert game.shoe.counts[TEN] == 96 and game.shoe.size == 312


def test_pays_by_suits_are_read_and_are_the_paytable_s_lines():
    game = load_game_text(HEAD + """deck: {name: spanish, decks: 6}
blackjack:
  pays: {blackjack: 3 to 2, 6-7-8: 3 to 2, suited 6-7-8: 2 to 1, 6-7-8 in spades: 3 to 1, 7-7-7 in hearts: 5 to 1}
""")
    r = game.rules
    assert r.combination_bonuses == (((5, 6, 7), Fraction(3, 2)),)
    assert r.suit_bonuses == (((5, 6, 7), "suited", Fraction(2)), ((5, 6, 7), "spades", Fraction(3)), ((6, 6, 6), "hearts", Fraction(5)))
    assert [line.key for line in game.paytables["pays"].lines] == ["blackjack", "6-7-8", "suited 6-7-8", "6-7-8 in spades", "7-7-7 in hearts"]
    assert "A 21 of 7-7-7 all in hearts pays 5 to 1 (not on a doubled hand)." in game.words.rules


def test_free_bet_s_first_rules_are_read():
    r = load_game(ROOT / "paytables/blackjack/free-bet-2012.yaml").rules
    assert r.free_double_any_cards and r.free_double_totals == frozenset({9, 10, 11}) and not r.double_any_cards
    assert r.free_split_values == frozenset({0, 1, 2, 4, 5, 6, 7, 8})  # every pair but 4s and tens
    assert r.can_double(11, False, 3, False) and not r.can_double(12, False, 3, False) and not r.can_double(11, True, 3, False)


def test_defaults_are_the_common_rules():
    r = load_game_text(HEAD + "blackjack:\n").rules
    assert (r.dealer_hits_soft_17, r.dealer_peeks, r.double_totals, r.double_after_split, r.split_hands, r.resplit_aces,
            r.hit_split_aces, r.surrender, r.blackjack_pays) == (False, True, None, True, 4, False, False, "none", Fraction(3, 2))


def test_no_split_and_no_double():
    r = load_game_text(HEAD + "blackjack: {split: none, double: none}\n").rules
    assert r.split_hands == 1 and not r.splits and r.double_totals == frozenset()
    assert not r.can_double(11, False, 2, False)


def test_spanish_and_free_bet_rules():
    game = load_game_text(HEAD + """deck: {name: spanish, decks: 6}
blackjack:
  dealer: {soft_17: hits, twenty_two: pushes}
  double: {free: 9-11}
  split: {free: all but tens}
""")
    assert game.shoe.counts[TEN] == 72 and game.shoe.size == 288
    assert game.rules.dealer_22_pushes and game.rules.free_double_totals == frozenset({9, 10, 11})
    assert game.rules.free_split_values == frozenset(range(9))


def test_a_variant_changes_only_what_it_names(tmp_path):
    (tmp_path / "base.yaml").write_text(HEAD + "deck: {decks: 2}\nblackjack:\n  dealer: {soft_17: hits}\n  surrender: late\n")
    (tmp_path / "six-five.yaml").write_text("extends: base.yaml\nid: bj-65\nblackjack:\n  pays: {blackjack: 6 to 5}\n")
    game = load_game(tmp_path / "six-five.yaml")
    assert isinstance(game, BlackjackGame)
    assert (game.id, game.deck.decks, game.rules.dealer_hits_soft_17, game.rules.surrender, game.rules.blackjack_pays) == (
        "bj-65", 2, True, "late", Fraction(6, 5))
    assert len(game.files) == 2


def test_the_schema_takes_blackjack_files():
    schema = game_schema()
    assert "blackjack" in schema["properties"] and "deal" not in schema["required"]
    section = schema["$defs"]["BlackjackSection"]
    assert {"dealer", "double", "split", "surrender", "pays"} <= set(section["properties"])


def test_the_shipped_files_load():
    for path in sorted((ROOT / "paytables" / "blackjack").glob("*.yaml")):
        assert isinstance(load_game(path), BlackjackGame), path


BAD = {
    "a split limit below 2": ("blackjack:\n  split: {hands: 1}\n",
                              "bad.yaml:4: blackjack.split.hands: a split makes at least 2 hands; to allow no split, write split: none"),
    "too many hands": ("blackjack:\n  split: {hands: 9}\n", "bad.yaml:4: blackjack.split.hands: a split to 9 hands"),
    "resplit aces, two hands": ("blackjack:\n  split: {hands: 2, resplit_aces: true}\n",
                                "bad.yaml:4: blackjack.split.resplit_aces: aces cannot be resplit when a split makes only 2 hands"),
    "CDP past two hands": ("blackjack:\n  split: {play: CDP}\n",
                           "bad.yaml:4: blackjack.split.play: CDP is counted for a split to 2 hands (each hand's play reading the "
                           "other's cards), not 4: write hands: 2, or play: CDP1"),
    "ties lose, a hole card down": ("blackjack:\n  ties: lose\n",
                                    "bad.yaml:4: blackjack.ties: ties: lose is a rule of Double Exposure, counted with both dealer "
                                    "cards face up"),
    "blackjack ties won, a hole card down": ("blackjack:\n  blackjack_ties: player wins\n",
                                             "bad.yaml:4: blackjack.blackjack_ties: blackjack_ties: player wins is a rule of Double Exposure"),
    "surrender, both cards up": ("blackjack:\n  dealer: {hole_card: face up}\n  surrender: early\n",
                                 "bad.yaml:5: blackjack.surrender: both dealer cards are face up: surrender is not offered"),
    "what a blackjack in view takes": ("blackjack:\n  dealer: {hole_card: face up, blackjack_takes: original}\n",
                                       "bad.yaml:4: blackjack.dealer.blackjack_takes: with both dealer cards face up a dealer "
                                       "blackjack is seen before the player acts"),
    "free doubles beyond doubling": ("blackjack:\n  double: {on: 10-11, free: 9-11}\n",
                                     "bad.yaml:4: blackjack.double.free: free doubles on 9-11, but doubling only on 10-11"),
    "a rescue of a free double": ("blackjack:\n  double: {free: 9-11, rescue: true}\n",
                                  "bad.yaml:4: blackjack.double.rescue: a rescue takes a double back: a free double stakes none"),
    "doubling after no split": ("blackjack:\n  split: none\n  double: {after_split: true}\n",
                                "bad.yaml:5: blackjack.double.after_split: doubling after a split, but split: none"),
    "what a peeked blackjack takes": ("blackjack:\n  dealer: {blackjack_takes: all}\n",
                                      "bad.yaml:4: blackjack.dealer.blackjack_takes: a dealer who peeks never turns a blackjack over"),
    "a payout that is not a pay": ("blackjack:\n  pays: {blackjack: push}\n",
                                   "bad.yaml:4: blackjack.pays.blackjack: blackjack must pay something"),
    "a bare 3:2": ("blackjack:\n  pays: {blackjack: 3:2}\n", 'bad.yaml:4: blackjack.pays.blackjack: write "3 to 2" (quoted) or 3'),
    "an unknown pay": ("blackjack:\n  pays: {blackjack: 3 to 2, royal match: 25}\n",
                       "bad.yaml:4: blackjack.pays.royal match: unknown pay 'royal match'"),
    "a suited pay below the mixed": ("blackjack:\n  pays: {blackjack: 3 to 2, 6-7-8: 3 to 2, suited 6-7-8: 1 to 1}\n",
                                     "bad.yaml:4: blackjack.pays.suited 6-7-8: suited 6-7-8 pays less than 6-7-8, yet every such "
                                     "hand is also a 6-7-8"),
    "a spade pay below the suited": ("blackjack:\n  pays: {blackjack: 3 to 2, suited 7-7-7: 2 to 1, 7-7-7 in spades: 3 to 2}\n",
                                     "bad.yaml:4: blackjack.pays.7-7-7 in spades: 7-7-7 in spades pays less than suited 7-7-7"),
    "a suit misspelt": ("blackjack:\n  pays: {blackjack: 3 to 2, 6-7-8 in spade: 3 to 1}\n",
                        "bad.yaml:4: blackjack.pays.6-7-8 in spade: unknown pay '6-7-8 in spade'"),
    "a suited pay that is no pay": ("blackjack:\n  pays: {blackjack: 3 to 2, 6-7-8 in spades: 0}\n",
                                    "bad.yaml:4: blackjack.pays.6-7-8 in spades: 6-7-8 in spades must pay something"),
    "a suited 7-7-7 from two decks": ("deck: {decks: 2}\nblackjack:\n  pays: {blackjack: 3 to 2, suited 7-7-7: 2 to 1}\n",
                                      "bad.yaml:5: blackjack.pays.suited 7-7-7: 2 decks hold 2 7s of each suit: no suited 7-7-7 can be dealt"),
    "a free split of no pair": ("blackjack:\n  split: {free: [A, 2, X]}\n",
                                "bad.yaml:4: blackjack.split.free.2: 'X' is not a pair's card: A, 2 to 9, or T"),
    "a free split named twice": ("blackjack:\n  split: {free: [A, 8, 8]}\n", "bad.yaml:4: blackjack.split.free.2: 8 named twice"),
    "free doubles on any cards without free doubles": ("blackjack:\n  double: {free_cards: any}\n",
                                                       "bad.yaml:4: blackjack.double.free_cards: free doubles on any number of cards, but no free doubles"),
    "no blackjack pay": ("blackjack:\n  pays: {suited blackjack: 2}\n", "bad.yaml:4: blackjack.pays: say what a blackjack pays"),
    "a word for a rule": ("blackjack:\n  dealer: {soft_17: maybe}\n", "bad.yaml:4: blackjack.dealer.soft_17: unknown value 'maybe'"),
    "an unknown rule": ("blackjack:\n  insurance_pays: 2\n", "bad.yaml:4: blackjack.insurance_pays: unknown field 'insurance_pays'"),
    "a deal in a blackjack file": ("deal: [{player: 2}]\nblackjack:\n", "bad.yaml:3: deal: unknown field 'deal'"),
    "jokers": ("deck: {jokers: 1}\nblackjack:\n", "bad.yaml:3: deck.jokers: blackjack is dealt without jokers"),
    "a shoe that runs out": ("deck: {ranks: K-A}\nblackjack:\n  split: {hands: 2}\n",
                             "bad.yaml:3: deck: the K-A deck could run out of cards in a round of 2 hands"),
}


@pytest.mark.parametrize("text, message", BAD.values(), ids=BAD.keys())
def test_bad_files(text, message):
    with pytest.raises(InputError) as error:
        load_blackjack_text(HEAD + text, "bad.yaml")
    assert str(error.value).startswith(message), str(error.value)


def test_bad_files_through_the_loader():
    with pytest.raises(InputError, match=r"^bad\.yaml:4: blackjack\.split\.hands: a split makes at least 2 hands"):
        load_game_text(HEAD + "blackjack:\n  split: {hands: 1}\n", "bad.yaml")


def test_the_split_conventions_are_read_and_said():
    """split: {play: ...} chooses the convention; the rules in words say which (CDP1, the default, says nothing)."""
    for play, words in (("CDP1", None), ("CDZ-", "(CDZ-)"), ("CDP", "(CDP)")):
        game = load_game_text(HEAD + f"blackjack:\n  split: {{hands: 2, play: {play}}}\n")
        assert isinstance(game, BlackjackGame) and game.rules.split_play == play
        said = [line for line in game.words.rules if "Split hands are counted" in line]
        assert said == [] if words is None else len(said) == 1 and words in said[0], said


def test_double_exposure_is_read_and_said():
    """Both dealer cards face up, ties lost, blackjack ties won: read into the rules and said in words, the hole card
    dealt face up among the game's steps; the blackjack method counts it (exposed.play_exposed, exposed_views)."""
    game = load_game_text(HEAD + "deck: {decks: 6}\nblackjack:\n  dealer: {soft_17: hits, hole_card: face up}\n"
                          "  double: {on: 9-11}\n  split: {hands: 2}\n  ties: lose\n  blackjack_ties: player wins\n"
                          "  pays: {blackjack: 1 to 1}\n")
    assert isinstance(game, BlackjackGame)
    r = game.rules
    assert (r.exposed, r.ties_lose, r.blackjack_ties_win, r.dealer_peeks, r.blackjack_pays) == (True, True, True, False, Fraction(1))
    words = " ".join(game.words.rules)
    assert "Both dealer cards are dealt face up" in words and "which wins against it" in words and "Ties lose" in words
    assert [step.face_up for step in game.steps if isinstance(step, Deal) and step.role == "dealer"] == [True, True]
    assert BLACKJACK.unfit(game) is None


def test_doubling_soft_19_and_20_beside_hard_9_to_11_is_read_and_said():
    """Atlantic City's Double Exposure doubles hard 9-11 and soft 19-20 (two cards only): read into the rules, said in words."""
    game = load_game_text(HEAD + "blackjack:\n  double: {on: 9-11 and soft 19-20, after_split: false}\n")
    assert isinstance(game, BlackjackGame)
    r = game.rules
    assert (r.double_totals, r.double_soft_totals) == (frozenset({9, 10, 11}), frozenset({19, 20}))
    assert [r.can_double(t, s, 2, False) for t, s in ((19, True), (20, True), (18, True), (10, False), (12, False))] == \
        [True, True, False, True, False]
    assert not r.can_double(19, True, 3, False) and not r.can_double(10, False, 2, True)
    assert "Double on hard 9-11 and soft 19-20, not after a split." in game.words.rules
