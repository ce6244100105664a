"""Final stud hands: the seeds' showdowns, and position rules checked against every allowed five-card subset."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.cards import parse_cards
from casino_math.rankings import get_ranking
from casino_math.stud import get_game
from casino_math.stud.hands import HandRule, hand_arrays


def value(game: str, cards: str, ranking: str | None = None, **roles) -> int:
    the_game = get_game(game)
    rule = HandRule.of(the_game, ranking or the_game.ranking)
    ranks, suits = hand_arrays([parse_cards(cards)])
    return int(rule.values(ranks, suits, **roles)[0])


def test_seed_razz_showdown():
    """Seed 002: Carol's 7-6-4-3-A beats Alice's 8-7-4-2-A (down cards first, then up cards)."""
    carol, alice = "4s 6h 3h 3s Ac 6d 7c", "7d Js 4c 2d 8h 8s Ah"
    razz = HandRule.of(get_game("razz"), "ace-to-five")
    assert razz.category(value("razz", carol)) == "7_low" and razz.category(value("razz", alice)) == "8_low"
    assert value("razz", carol) > value("razz", alice)


def test_seed_low_order():
    """Seed 004's low hands, best first: any unpaired hand beats a pair, the ace is low, straights and flushes do not count."""
    order = ["A 2 3 4 5", "A 2 3 4 6", "2 3 4 5 6", "A 5 6 7 9", "3 5 6 7 9", "5 6 7 8 9", "7 T J Q K",
             "9 T J Q K", "8 9 T A A", "5 6 7 2 2", "2 3 4 Q Q", "6 6 4 4 4"]
    # each rank's first card a club, its second a diamond...: the unpaired hands are flushes, which do not count
    hands = [parse_cards(" ".join(r + "cdhs"[hand.split()[:i].count(r)] for i, r in enumerate(hand.split()))) for hand in order]
    razz_low, stud8_low = (get_ranking(get_game(g).ranking_names[-1]) for g in ("razz", "stud8"))
    values = [razz_low.evaluate(h) for h in hands]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    # the eight-or-better half: only the first three are eight or better
    assert [stud8_low.category_of(stud8_low.evaluate(h)) != "no_low" for h in hands] == [True] * 3 + [False] * 9


def test_seed_flush_example():
    """Seed 000: Q♥ T♥ 9♥ 7♥ 5♥ beats 9♥ 7♥ 6♥ 5♥ 3♥ (the seed's cards, as two seven-card stud hands)."""
    a = value("seven-card-stud", "Qh Th 3h 7h 5h 9h Jd")
    b = value("seven-card-stud", "4c 6h 3h 7h 5h 9h Jd")
    high = get_ranking("high")
    assert high.category_of(a) == high.category_of(b) == "flush" and a > b


def test_eight_or_better_split_hands():
    """Seed 002: A-A-8-6-6-4-3 plays A-A-6-6-8 high and 8-6-4-3-A low; K-9-8-7-7-6-5 has a straight and no low."""
    high = get_ranking("high")
    assert high.category_of(value("stud8", "Ac Ad 8h 6c 6d 4s 3s")) == "two_pair"
    low = HandRule.of(get_game("stud8"), "eight-or-better")
    assert low.category(value("stud8", "Ac Ad 8h 6c 6d 4s 3s", "eight-or-better")) == "8_low"
    assert low.category(value("stud8", "Kc 9d 8h 7c 6d 5s 4s", "eight-or-better")) == "8_low"
    assert high.category_of(value("stud8", "Kc 9d 8h 7c 7d 6s 5s")) == "straight"
    assert low.category(value("stud8", "Kc 9d 8h 7c 7d 6s 5s", "eight-or-better")) == "no_low"


def _explicit(game_name: str, cards) -> int:
    """The reference: every five-card subset the hand may play, scored one by one by the engine's ranking."""
    game = get_game(game_name)
    face_down_joker = any(cards[p].is_joker for p in game.down_positions)
    ranking = game.rankings(game.ranking)[1 if face_down_joker else 0]
    best = -1
    for subset in itertools.combinations(range(game.cards), 5):
        if game.hole_limit and len(set(subset) & set(game.limited_positions)) > game.hole_limit.usable:
            continue
        best = max(best, ranking.evaluate([cards[i] for i in subset]))
    return best


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["crocodile-stud", "buffalo-stud", "murrumbidgee-stud", "mexican-stud"]), data=st.data())
def test_position_rules_against_explicit_subsets(game, data):
    the_game = get_game(game)
    cards = data.draw(st.permutations(the_game.the_deck.cards))[: the_game.cards]
    rule = HandRule.of(the_game, the_game.ranking)
    ranks, suits = hand_arrays([cards])
    got = rule.values(ranks, suits, down=the_game.down_positions, limited=the_game.limited_positions)
    assert int(got[0]) == _explicit(game, cards)


def test_limit_binds():
    """Buffalo: three aces down and two kings up make only aces up, not a full house."""
    buffalo = get_game("buffalo-stud")
    rule = HandRule.of(buffalo, "high")
    ranks, suits = hand_arrays([parse_cards("Ac Ad Ah Kc Kd 7s 4h 2c")])
    assert rule.category(int(rule.values(ranks, suits, limited=buffalo.limited_positions)[0])) == "two_pair"
    assert rule.category(int(rule.values(ranks, suits)[0])) == "full_house"
    assert np.array_equal(rule.subsets[0], [0, 1, 2, 3, 4])
