"""Final-hand frequency tables: published counts, and deal-by-deal brute force on reduced decks."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from casino_math.cards import Deck
from casino_math.enumeration import category_counts
from casino_math.rankings import CATEGORY_SHIFT, WILD, get_ranking, sort_hands
from casino_math.stud import GAMES, HoleLimit, StudGame, get_game, stud_frequencies

SEVEN_CARD_HIGH = {
    "royal_flush": 4_324, "straight_flush": 37_260, "four_of_a_kind": 224_848, "full_house": 3_473_184,
    "flush": 4_047_644, "straight": 6_180_020, "three_of_a_kind": 6_461_620, "two_pair": 31_433_400,
    "one_pair": 58_627_800, "high_card": 23_294_460,
}


def counts(game) -> dict[str, int]:
    table = stud_frequencies(game).table
    return dict(zip(table["category"], table["combinations"]))


def test_seven_card_stud_published():
    assert counts("seven-card-stud") == SEVEN_CARD_HIGH
    assert counts("mississippi-stud") == SEVEN_CARD_HIGH  # the same seven cards, dealt differently


def test_five_card_stud_published():
    assert counts("five-card-stud") == {
        "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3_744, "flush": 5_108,
        "straight": 10_200, "three_of_a_kind": 54_912, "two_pair": 123_552, "one_pair": 1_098_240, "high_card": 1_302_540,
    }


def test_razz_published_ace_to_five():
    """Seven cards, best five: 5-low 781,824; 6-low 3,151,360; 7-low 7,426,560; 8-low 13,171,200; some low 127,615,488."""
    razz = counts("razz")
    assert (razz["5_low"], razz["6_low"], razz["7_low"], razz["8_low"]) == (781_824, 3_151_360, 7_426_560, 13_171_200)
    assert sum(v for k, v in razz.items() if k.endswith("_low")) == 127_615_488


def test_stud8_published_eight_or_better():
    result = stud_frequencies("stud8")
    low = dict(zip(result.low["category"], result.low["combinations"]))
    assert low == {"5_low": 781_824, "6_low": 3_151_360, "7_low": 7_426_560, "8_low": 13_171_200, "no_low": 133_784_560 - 24_530_944}
    assert result.qualifying_low == Fraction(24_530_944, 133_784_560)
    table = result.table.set_index("category")
    assert sum(table["with_low"]) == 24_530_944
    # a full house or quads uses at most three distinct ranks of seven cards: never with a low
    assert table.loc["full_house", "with_low"] == table.loc["four_of_a_kind", "with_low"] == 0
    assert table.loc["royal_flush", "with_low"] == 0 and table.loc["straight_flush", "with_low"] > 0
    assert table.loc["straight", "with_low_probability"] == Fraction(table.loc["straight", "with_low"], 133_784_560)


@pytest.mark.parametrize("name", ["six-card-stud", "razz", "soko-canadian", "short-deck-stud"])
def test_plain_games_match_the_engine(name):
    game = get_game(name)
    assert counts(game) == category_counts(get_ranking(game.ranking, game.the_deck), game.cards)


def test_tables_total_every_deal():
    for game in GAMES.values():
        if game.cards <= 7 or not game.hole_limit:  # the eight-card tables are checked on a reduced deck below
            result = stud_frequencies(game)
            assert result.total == comb(len(game.the_deck), game.cards) * result.arrangements
            assert sum(result.table["probability"]) == 1


# -- games where a card's position matters, against every deal on a reduced deck -------------------------
def _brute_force(game: StudGame) -> Counter:
    """Every hand, every choice of the cards in the positions that matter, every five-card subset it may play."""
    deck = game.the_deck
    up, down = game.rankings(game.ranking)
    cards = deck.cards
    hands = np.array(list(itertools.combinations(range(len(cards)), game.cards)))
    ranks = np.array([WILD if c.is_joker else c.rank for c in cards])[hands]
    suits = np.array([c.suit for c in cards])[hands]
    subsets = list(itertools.combinations(range(game.cards), 5))
    values = {}
    for ranking in {up, down}:
        values[ranking] = np.stack([ranking.best_values(*sort_hands(ranks[:, s], suits[:, s])) for s in subsets], axis=1)
    tally: Counter[str] = Counter()
    if game.hole_limit:
        role_size = game.hole_limit.cards
    else:
        role_size = len(game.down_positions)
    for chosen in itertools.combinations(range(game.cards), role_size):
        if game.hole_limit:
            allowed = [i for i, s in enumerate(subsets) if len(set(s) & set(chosen)) <= game.hole_limit.usable]
            best = values[up][:, allowed].max(axis=1)
        else:  # the chosen cards lie face down: a joker among them plays by the down ranking
            joker_down = (ranks[:, list(chosen)] == WILD).any(axis=1)
            best = np.where(joker_down, values[down].max(axis=1), values[up].max(axis=1))
        tally.update(up.categories[c] for c in (best >> CATEGORY_SHIFT).tolist())
    return tally


ROYAL = Deck.named("royal")
REDUCED = [
    dataclasses.replace(get_game("crocodile-stud"), deck=ROYAL),
    dataclasses.replace(get_game("buffalo-stud"), deck=Deck.stripped(11)),  # 16 cards: eight-card hands stay few
    dataclasses.replace(get_game("mexican-stud"), deck=Deck.named("royal", jokers=1)),
    StudGame("croc-down", "Crocodile, last card down", ("ddu", "u", "u", "d"), deck=ROYAL, hole_limit=HoleLimit(2, 1)),
]


@pytest.mark.parametrize("game", REDUCED, ids=lambda g: f"{g.name}-{g.the_deck}")
def test_position_games_against_brute_force(game):
    expected = _brute_force(game)
    got = {k: v for k, v in counts(game).items() if v}
    assert got == dict(expected)


def test_buffalo_and_murrumbidgee_share_a_table():
    """Both deal eight cards of which the first three down cards may play at most two: the same final hands."""
    buffalo, murrumbidgee = (dataclasses.replace(get_game(g), deck=ROYAL) for g in ("buffalo-stud", "murrumbidgee-stud"))
    assert counts(buffalo) == counts(murrumbidgee)
    assert stud_frequencies(buffalo).arrangements == comb(8, 3)
