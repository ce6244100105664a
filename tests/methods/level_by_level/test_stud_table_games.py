"""Crazy 4 Poker, Double Down Stud and DJ Wild Stud beyond their claims files: the strategy Crazy 4 Poker's published
analysis gives, the order of DJ Wild's hands (five wild cards on top, a royal flush over five of a kind), and the
mistakes a designer can make in their files, each one line at its file and line.

The exact figures against published ones are the claims files (tests/common/test_common.py verifies them); the engine
against the plain brute force, the small games tests/games/mini-crazy-four.yaml, mini-double-down.yaml and
mini-dj-wild.yaml (tests/common/test_common.py)."""

from __future__ import annotations

import pytest

from casino_math import analyze
from casino_math.frequencies import hand_frequencies
from casino_math.game.qualifier import weakest

from tests.model.test_input_errors import broken, one_line

DJ = "paytables/dj_wild_stud/standard.yaml"
DDS = "paytables/double_down_stud/standard.yaml"
C4P = "paytables/crazy_4_poker/standard.yaml"


def test_dj_wild_ranks_five_wilds_first_and_a_royal_over_five_of_a_kind():
    """Against deuces wild on the same 53 cards: the one hand of five wild cards leaves five of a kind for a class of
    its own, and four wild cards with a ten to an ace make a royal flush, not five of a kind (5 ranks x 4 suits x 5 ways
    to hold four of the five wild cards = 100 hands); every other category is the same."""
    dj = dict(hand_frequencies(5, ranking="deuces-wild-five-wilds", jokers=1)[["category", "combinations"]].values)
    dw = dict(hand_frequencies(5, ranking="deuces-wild", jokers=1)[["category", "combinations"]].values)
    assert list(dj)[:3] == ["five_wilds", "royal_flush", "five_of_a_kind"]
    assert (dj["five_wilds"], dj["royal_flush"] - dw["royal_flush"], dw["five_of_a_kind"] - dj["five_of_a_kind"]) == (1, 100, 101)
    same = set(dw) - {"royal_flush", "five_of_a_kind"}
    assert {c: dj[c] for c in same} == {c: dw[c] for c in same} and sum(dj.values()) == sum(dw.values()) == 2_869_685


@pytest.mark.slow
def test_crazy_4_poker_plays_as_published():
    """Published: play 1x with K-Q-8-4 or better, 3x with a pair of aces or better. Exactly: every hand that may raise
    3x does, no other can; the fifth card moves the 1x line for a few card sets around K-Q-8-4 (under 0.1% of hands)."""
    analysis = analyze(C4P)
    view = analysis.decision("play_or_fold")
    frame, values = view.frame(), view.player_values
    ranking = analysis.game.hands["player"].ranking
    aces, kq84 = weakest(ranking, "pair of aces"), weakest(ranking, "K-Q-8-4")
    taken, sets = frame["decision"].to_numpy(), frame["combinations"].to_numpy()
    assert ((taken == "play_3x") == (values >= aces)).all()
    off_the_line = sets[(values >= kq84) != (taken != "fold")].sum()
    assert 0 < off_the_line < sets.sum() / 1000


# name: (file, text to replace, replacement, what the message says, the text of the line it names (default: the replacement))
TWO_HANDS = "ranking: deuces-wild-five-wilds}\n  dealer: {of: [dealer], ranking: deuces-wild-five-wilds}"
MISTAKES = {
    "five wilds on a ranking without it": (DJ, TWO_HANDS, TWO_HANDS.replace("-five-wilds", ""), "paytables.blind.five wilds: the "
                                           "deuces-wild ranking has no five wilds", "  blind: {five wilds"),
    "a ranking misspelt": (DJ, "ranking: deuces-wild-five-wilds}\n  dealer", "ranking: deuces-wild-five-wild}\n  dealer",
                           "hands.player.ranking: unknown ranking 'deuces-wild-five-wild'", None),
    "a double that adds to no wager": (DDS, "double: {double: 1}", "double: {dubble: 1}",
                                       "deal.1.decide.options.double.dubble: no wager 'dubble' to add to", None),
    "a push line the ranking cannot make": (DDS, "pair of 6s to 10s: push", "pair of 6s to 1s: push",
                                            "paytables.double_down_stud.pair of 6s to 1s", None),
    "a super bonus with no result when the dealer wins": (C4P, "      dealer_higher: {pays: super_bonus, on: player}\n", "",
                                                          "wagers.super_bonus.settle: no result for dealer_higher", "    settle:\n"),
}


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_in_these_games_is_one_line(name, tmp_path):
    source, old, new, expected, anchor = MISTAKES[name]
    one_line(*broken(tmp_path, source, old, new, anchor), expected)
