"""Wild cards' stand-ins tried in arrays (``rankings/stand_ins.py``) against ``Ranking.hand_value``, one hand at a time.

Every key of a ranking's look-up table (each multiset of ranks, wild cards among them, with each suit pattern the
ranking tells apart) is valued both ways, by two instances of the ranking (neither sharing the other's memo of natural
hands): every ranking of the piquet deck with no joker, one and two (wild, and the bug), and DJ Wild Stud's (deuces and
a joker wild, the standard deck); hypothesis draws hands of the standard deck with two jokers for every ranking.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from casino_math import Deck
from casino_math.errors import InputError
from casino_math.rankings import RANKINGS, WILD, SuitRanking
from casino_math.rankings.base import Ranking
from casino_math.rankings.stand_ins import values

SUIT_RANKINGS = {"high-card-flush", "straight-flush"}
NAMES = [name for name in RANKINGS if name not in SUIT_RANKINGS]


def fresh(name: str, deck: Deck, joker: str = "wild") -> Ranking:
    """A new instance of the ranking (``get_ranking`` would hand back one whose memo is already filled)."""
    ranking = RANKINGS[name](deck, wild=joker if deck.jokers else None)
    assert not isinstance(ranking, SuitRanking)
    return ranking


def every_key(ranking: Ranking, most_wild: int) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of the ranking's table holding at most ``most_wild`` wild cards (a rank at most four times, no
    deuce where deuces are wild): its ranks (high first, wild cards last) and each suit pattern the ranking tells apart (all or none suited; with groups, every subset)."""
    k = ranking.hand_size
    hands = [sorted(c, reverse=True) for c in itertools.combinations_with_replacement([WILD, *ranking.deck.ranks], k)
             if c.count(WILD) <= most_wild and max(c.count(r) for r in ranking.deck.ranks) <= 4
             and not (ranking.wild_deuces and 2 in c)]
    patterns = ([list(p) for p in itertools.product([False, True], repeat=k)] if ranking.suits == "groups"
                else [[False] * k, [True] * k])
    ranks = np.array([h for h in hands for _ in patterns], dtype=np.int64)
    suited = np.array([p for _ in hands for p in patterns], dtype=bool)
    return ranks, suited


def assert_same(name: str, deck: Deck, joker: str, most_wild: int) -> None:
    ranks, suited = every_key(fresh(name, deck, joker), most_wild)
    plain = fresh(name, deck, joker)
    expected = [plain.hand_value(r, s) for r, s in zip(ranks.tolist(), suited.tolist())]
    assert values(fresh(name, deck, joker), ranks, suited).tolist() == expected


@pytest.mark.parametrize("joker", ["wild", "bug"])
@pytest.mark.parametrize("jokers", [0, 1, 2])
@pytest.mark.parametrize("name", NAMES)
def test_every_key_of_the_piquet_deck(name: str, jokers: int, joker: str) -> None:
    deck = Deck.named("piquet", jokers)
    if joker == "bug" and not jokers:
        pytest.skip("no joker, no bug")
    try:
        fresh(name, deck, joker)
    except InputError:
        pytest.skip(f"{name} has no rule for the bug")
    assert_same(name, deck, joker, jokers)


def test_every_key_of_dj_wild_stud() -> None:
    """DJ Wild Stud's ranking: four deuces and a joker wild, up to five wild cards."""
    assert_same("deuces-wild-five-wilds", Deck.named("standard", 1), "wild", 5)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(NAMES), joker=st.sampled_from(["wild", "bug"]), data=st.data())
def test_drawn_hands_of_the_standard_deck(name: str, joker: str, data: st.DataObject) -> None:
    deck = Deck.named("standard", 2)
    try:
        ranking = fresh(name, deck, joker)
    except InputError:  # no rule for the bug
        assume(False)
    k = ranking.hand_size
    rows = data.draw(st.lists(st.tuples(st.lists(st.sampled_from([WILD, *deck.ranks]), min_size=k, max_size=k),
                                        st.lists(st.booleans(), min_size=k, max_size=k)), min_size=1, max_size=8))
    ranks = np.array([sorted(r, reverse=True) for r, _ in rows], dtype=np.int64)
    suited = np.array([s for _, s in rows], dtype=bool)
    plain = fresh(name, deck, joker)
    expected = []
    for r, s in zip(ranks.tolist(), suited.tolist()):
        try:
            expected.append(plain.hand_value(r, s))
        except AssertionError:  # a natural hand no shape takes (five of a kind without wild cards): both refuse it
            with pytest.raises(AssertionError):
                values(fresh(name, deck, joker), np.array([r]), np.array([s]))
            return
    assert values(ranking, ranks, suited).tolist() == expected
