"""Published hand frequencies (shared/reference/published_figures.md), as exact integers."""

import pytest

from casino_math import Deck, get_ranking
from casino_math.cards import parse_cards
from casino_math.enumeration import category_counts

SEVEN_CARD_HIGH = {
    "royal_flush": 4_324, "straight_flush": 37_260, "four_of_a_kind": 224_848, "full_house": 3_473_184,
    "flush": 4_047_644, "straight": 6_180_020, "three_of_a_kind": 6_461_620, "two_pair": 31_433_400,
    "one_pair": 58_627_800, "high_card": 23_294_460,
}


def test_three_card_hands():
    counts = category_counts(get_ranking("three-card"), 3)
    assert counts == {"straight_flush": 48, "three_of_a_kind": 52, "straight": 720, "flush": 1_096, "pair": 3_744, "high_card": 16_440}


def test_five_card_high_hands():
    counts = category_counts(get_ranking("high"), 5)
    assert counts == {
        "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3_744, "flush": 5_108,
        "straight": 10_200, "three_of_a_kind": 54_912, "two_pair": 123_552, "one_pair": 1_098_240, "high_card": 1_302_540,
    }


def test_six_card_high_hands_alspach():
    counts = category_counts(get_ranking("high"), 6)
    assert counts == {
        "royal_flush": 188, "straight_flush": 1_656, "four_of_a_kind": 14_664, "full_house": 165_984, "flush": 205_792,
        "straight": 361_620, "three_of_a_kind": 732_160, "two_pair": 2_532_816, "one_pair": 9_730_740, "high_card": 6_612_900,
    }


def test_seven_card_high_hands():
    assert category_counts(get_ranking("high"), 7) == SEVEN_CARD_HIGH


def test_ace_to_five_five_cards():
    counts = category_counts(get_ranking("ace-to-five"), 5)
    assert (counts["5_low"], counts["6_low"], counts["7_low"], counts["8_low"]) == (1_024, 5_120, 15_360, 35_840)
    assert sum(v for k, v in counts.items() if k.endswith("_low")) == 1_317_888


def test_ace_to_five_seven_cards():
    counts = category_counts(get_ranking("ace-to-five"), 7)
    assert (counts["5_low"], counts["6_low"], counts["7_low"], counts["8_low"]) == (781_824, 3_151_360, 7_426_560, 13_171_200)
    assert sum(v for k, v in counts.items() if k.endswith("_low")) == 127_615_488


def test_eight_or_better_seven_cards():
    counts = category_counts(get_ranking("eight-or-better"), 7)
    assert counts["no_low"] == 133_784_560 - 24_530_944
    assert counts["8_low"] + counts["7_low"] + counts["6_low"] + counts["5_low"] == 24_530_944


def test_joker_fully_wild_five_cards():
    counts = category_counts(get_ranking("high", Deck.standard(jokers=1)), 5)
    assert counts["royal_flush"] + counts["straight_flush"] == 204  # published with the royal included
    assert {k: v for k, v in counts.items() if k not in ("royal_flush", "straight_flush")} == {
        "five_of_a_kind": 13, "four_of_a_kind": 3_120, "full_house": 6_552, "flush": 7_804, "straight": 20_532,
        "three_of_a_kind": 137_280, "two_pair": 123_552, "one_pair": 1_268_088, "high_card": 1_302_540,
    }


@pytest.mark.parametrize("trips_beat_straight", [False, True])
def test_short_deck_seven_cards(trips_beat_straight):
    counts = category_counts(get_ranking("high", "short", trips_beat_straight=trips_beat_straight), 7)
    assert list(counts)[:5] == ["royal_flush", "straight_flush", "four_of_a_kind", "flush", "full_house"]
    assert (counts["royal_flush"], counts["straight_flush"], counts["four_of_a_kind"], counts["flush"], counts["full_house"]) == (
        1_860, 8_700, 44_640, 175_560, 633_024)
    # The published trips figure (637,560) is for the six-plus rule, where trips beat a straight;
    # under the usual order (pokerkit's too) hands holding both count as straights.
    assert counts["three_of_a_kind"] == (637_560 if trips_beat_straight else 607_200)


# Figures from the independent brute force of issue #12 (every hand visited, outside this project).
@pytest.mark.parametrize("deck, cards, category, count", [
    ("short", 5, "9_low", 0), ("piquet", 5, "10_low", 0), ("mexican", 5, "jack_low", 34_680),
    ("short", 7, "9_low", 0), ("piquet", 7, "10_low", 0), ("mexican", 7, "jack_low", 4_228_484),
])
def test_ace_to_six_in_stripped_decks(deck, cards, category, count):
    """A-6-7-8-9 (36 cards), A-7-8-9-10 (32) and 4-5-6-7-J (Mexican) are straights, so no such low."""
    assert category_counts(get_ranking("ace-to-six", deck), cards)[category] == count


@pytest.mark.parametrize("name, jokers, four_of_a_kind, five_of_a_kind", [
    ("soko-finnish", 1, 3_120, 13), ("soko-finnish", 2, 9_360, 78), ("soko-canadian", 1, 3_120, 13),
])
def test_soko_with_wild_jokers_makes_five_of_a_kind(name, jokers, four_of_a_kind, five_of_a_kind):
    deck = Deck.standard(jokers=jokers)
    counts = category_counts(get_ranking(name, deck), 5)
    assert (counts["four_of_a_kind"], counts["five_of_a_kind"]) == (four_of_a_kind, five_of_a_kind)
    # with fixed cards too, Sökö's hands from two pair up are high poker's
    soko, high = (category_counts(get_ranking(n, deck), 5, fixed=parse_cards("Kc Kd")) for n in (name, "high"))
    assert soko["five_of_a_kind"] == high["five_of_a_kind"] > 0 and soko["four_of_a_kind"] == high["four_of_a_kind"]
