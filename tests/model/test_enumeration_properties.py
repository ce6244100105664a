"""Properties of the rankings and of exact enumeration, checked on generated cases.

(a) a hand's value does not change when its suits are permuted;
(b) best-of-n is the best of the k-card subsets, each valued on its own;
(c) the categories of a deal add up to C(deck size, n);
(d) counting by classes gives exactly what visiting every hand gives, dead and fixed cards included;
(f) where several suits can hold enough cards to matter (three-card hands of six
    or more, high hands of ten, wild Sökö hands), classes still count every hand
    exactly, and there are far fewer of them than hands (issue #12);
(e) values order hands consistently: values are integers, so the order is total,
    antisymmetric and transitive by construction; what can fail is the encoding,
    so the check is that a value's category bits name its category, that a
    stronger category always means a bigger value, and that two natural hands tie
    exactly when they hold the same ranks and are both flushes or both not.

Hypothesis runs derandomised (fixed examples, no database) with few examples, so
the file stays fast and every run checks the same cases.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.references.brute_force import every_hand_counts
from casino_math import Card, Deck, get_ranking
from casino_math.enumeration import category_counts, deal
from casino_math.rankings import CATEGORY_SHIFT, WILD, SuitRanking, cards_to_arrays
from casino_math.rankings import RANKINGS as ALL_RANKINGS

# the rankings of suits (High Card Flush) value whole hands and count them suit by suit, not by the classes here:
# tests/methods/by_suits/test_high_card_flush.py checks them
RANKINGS = [name for name in ALL_RANKINGS if not isinstance(get_ranking(name), SuitRanking)]
FAST = settings(max_examples=12, deadline=None, derandomize=True, database=None)

SMALL_DECKS = ("royal", "piquet", "short", "mexican")


def cases(decks=("standard", *SMALL_DECKS), jokers=(0, 1, 2)):
    """(ranking name, deck name, jokers, joker rule): every ranking on every deck, wild and bug jokers."""
    out = []
    for name, deck, j in itertools.product(RANKINGS, decks, jokers):
        if name == "deuces-wild" and 2 not in Deck.NAMED[deck]:
            continue  # no deuces, nothing wild
        out.append((name, deck, j, "wild"))
        if name == "high" and j:
            out.append((name, deck, j, "bug"))
    return out


def ranking_of(case):
    name, deck, jokers, joker = case
    return get_ranking(name, Deck.named(deck, jokers), joker)


# every ranking by name (the bug apart); hypothesis picks the deck, the jokers and the hand
FAMILIES = [*RANKINGS, "high (bug)"]


def family_cases(family: str) -> list:
    name, _, rule = family.partition(" (")
    return [c for c in cases() if c[0] == name and (c[3] == "bug") == (rule == "bug)")]


@st.composite
def hands(draw, family, extra_cards=(0, 2)):
    """A ranking of ``family`` (any deck, any jokers) and a hand of ``hand_size`` plus ``extra_cards`` distinct cards."""
    ranking = ranking_of(draw(st.sampled_from(family_cases(family))))
    cards = ranking.deck.cards
    n = ranking.hand_size + draw(st.integers(*extra_cards))
    picked = draw(st.lists(st.integers(0, len(cards) - 1), min_size=n, max_size=n, unique=True))
    return ranking, [cards[i] for i in picked]


def value(ranking, cards) -> int:
    ranks, suits = cards_to_arrays([cards], ranking)
    return int(ranking.best_values(ranks, suits)[0])


# -- (a) ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("family", FAMILIES)
@FAST
@given(data=st.data())
def test_value_is_invariant_under_suit_permutation(family, data):
    ranking, cards = data.draw(hands(family))
    permutation = data.draw(st.permutations(range(4)))
    permuted = [c if c.is_joker else Card(c.rank, permutation[c.suit]) for c in cards]
    assert value(ranking, permuted) == value(ranking, cards)


# -- (b) ----------------------------------------------------------------------------------------
def suited_flags(ranking, cards) -> tuple[bool, ...]:
    """What ``hand_value`` takes: each card in the suit most of the natural cards share (wild cards: True)."""
    natural_suits = [c.suit for c in cards if not ranking.is_wild(c)]
    main = Counter(natural_suits).most_common(1)[0][0] if natural_suits else None
    return tuple(ranking.is_wild(c) or c.suit == main for c in cards)


@pytest.mark.parametrize("family", FAMILIES)
@FAST
@given(data=st.data())
def test_best_of_n_is_the_best_subset_valued_one_by_one(family, data):
    ranking, cards = data.draw(hands(family, extra_cards=(1, 2)))
    one_by_one = max(
        ranking.hand_value([WILD if ranking.is_wild(c) else c.rank for c in subset], suited_flags(ranking, subset))
        for subset in itertools.combinations(cards, ranking.hand_size)
    )
    assert value(ranking, cards) == one_by_one


@pytest.mark.parametrize("family", FAMILIES)
@FAST
@given(data=st.data())
def test_a_hand_of_natural_cards_is_valued_alike_with_or_without_the_memo(family, data):
    ranking, cards = data.draw(hands(family, extra_cards=(2, 2)))
    naturals = [c for c in cards if not ranking.is_wild(c)][:ranking.hand_size]
    assume(len(naturals) == ranking.hand_size)
    ranks, suited = [c.rank for c in naturals], suited_flags(ranking, naturals)
    assert ranking.natural_value_once(ranks, suited) == ranking.hand_value(ranks, suited)


# -- (c) ----------------------------------------------------------------------------------------
# The 20-card deck's totals are checked by (d), where every hand is also visited. On the
# standard deck, high, three-card, ace-to-six, Sökö, deuces wild, eight-or-better (7 cards)
# and the joker decks have their totals asserted beside their published or hand-derived
# counts (test_published_hand_counts.py, test_rankings_oracle.py).
TOTAL_CASES = [
    *cases(decks=("piquet",), jokers=(0, 1)),
    *cases(decks=("short", "mexican"), jokers=(0,)),
    ("ace-to-five", "standard", 0, "wild"), ("deuce-to-seven", "standard", 0, "wild"),
]


@pytest.mark.parametrize("case", TOTAL_CASES, ids=str)
def test_category_totals_are_all_hands(case):
    ranking = ranking_of(case)
    counts = category_counts(ranking, ranking.hand_size)
    assert list(counts) == list(reversed(ranking.categories))  # strongest first, zero rows kept
    assert sum(counts.values()) == comb(len(ranking.deck), ranking.hand_size)


# -- (d) ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", cases(decks=("royal",)), ids=str)
@pytest.mark.parametrize("extra", [0, 1])
def test_classes_equal_brute_force_royal_deck(case, extra):
    """All rankings on the 20-card deck, 0-2 jokers, best of hand_size and hand_size + 1 cards."""
    ranking = ranking_of(case)
    n = ranking.hand_size + extra
    counts = category_counts(ranking, n)
    assert counts == category_counts(ranking, n, method="brute")
    assert sum(counts.values()) == comb(len(ranking.deck), n)


@pytest.mark.parametrize("case", [
    ("high", "piquet", 0, "wild"), ("high", "short", 1, "bug"), ("soko-canadian", "piquet", 1, "wild"),
    ("ace-to-six", "piquet", 2, "wild"), ("deuces-wild", "mexican", 0, "wild"),
], ids=str)
def test_classes_equal_brute_force_bigger_decks(case):
    ranking = ranking_of(case)
    assert category_counts(ranking, ranking.hand_size) == category_counts(ranking, ranking.hand_size, method="brute")


@st.composite
def dead_and_fixed(draw):
    """A ranking, a hand size, and dead and fixed cards leaving few enough hands to visit one by one."""
    ranking = ranking_of(draw(st.sampled_from(cases())))
    n = ranking.hand_size + draw(st.integers(0, 2))
    cards = list(range(len(ranking.deck)))
    live = next(m for m in range(len(cards), n - 1, -1) if comb(m, n) <= 10_000)  # keep the brute force small
    order = draw(st.permutations(cards))
    n_fixed = draw(st.integers(0, min(2, n)))
    dead = [ranking.deck.cards[i] for i in order[: len(cards) - live]]
    fixed = [ranking.deck.cards[i] for i in order[len(cards) - live :][:n_fixed]]
    return ranking, n, dead, fixed


@settings(max_examples=20, deadline=None, derandomize=True, database=None)
@given(dead_and_fixed())
def test_classes_equal_brute_force_with_dead_and_fixed_cards(situation):
    ranking, n, dead, fixed = situation
    classes = category_counts(ranking, n, dead=dead, fixed=fixed)
    brute = category_counts(ranking, n, dead=dead, fixed=fixed, method="brute")
    assert classes == brute
    assert sum(classes.values()) == comb(len(ranking.deck) - len(dead) - len(fixed), n - len(fixed))


# -- (e) ----------------------------------------------------------------------------------------
def natural_key(ranking, cards):
    """What a natural hand's value may depend on: its ranks, and whether it is a flush where flushes count."""
    flush = len({c.suit for c in cards}) == 1 and ranking.suits == "flush"
    return sorted(c.rank for c in cards), flush


NATURAL_FAMILIES = [f for f in RANKINGS if f not in ("soko-finnish", "soko-canadian", "deuces-wild")]


@pytest.mark.parametrize("family", NATURAL_FAMILIES)
@FAST
@given(data=st.data())
def test_values_order_hands_consistently(family, data):
    """Natural hands (no wild card, no Sökö partial hands): a tie means the same ranks, and flush status."""
    case = data.draw(st.sampled_from([c for c in family_cases(family) if c[2] == 0]))
    ranking = ranking_of(case)
    triple = [data.draw(hands_of(ranking)) for _ in range(3)]
    values = [value(ranking, h) for h in triple]
    for (a, va), (b, vb) in itertools.permutations(zip(triple, values), 2):
        category_a, category_b = va >> CATEGORY_SHIFT, vb >> CATEGORY_SHIFT
        assert ranking.categories[category_a] == ranking.category_of(va)
        if category_a != category_b:  # the category decides before any tiebreak
            assert (va < vb) == (category_a < category_b)
        # ties exactly when the hands are the same up to suits (or neither has an eight-or-better low)
        alike = natural_key(ranking, a) == natural_key(ranking, b) or ranking.category_of(va) == ranking.category_of(vb) == "no_low"
        assert (va == vb) == alike, (a, b)


def hands_of(ranking):
    """Hands of exactly ``hand_size`` cards from the ranking's deck."""
    n, cards = ranking.hand_size, ranking.deck.cards
    return st.lists(st.sampled_from(cards), min_size=n, max_size=n, unique=True)


# -- (f) ----------------------------------------------------------------------------------------
SEVERAL_SUITS = [
    # (ranking, deck, jokers, joker rule), cards, live cards (the others dead, chosen at random), fixed cards
    (("three-card", "royal", 0, "wild"), 6, 20, 0),
    (("three-card", "royal", 0, "wild"), 7, 20, 0),
    (("three-card", "piquet", 0, "wild"), 8, 18, 2),
    (("high", "piquet", 0, "wild"), 10, 18, 1),
    (("high", "royal", 1, "bug"), 10, 17, 1),
    (("ace-to-six", "piquet", 0, "wild"), 10, 17, 2),
    (("deuce-to-seven", "short", 0, "wild"), 10, 17, 0),
    (("soko-canadian", "royal", 2, "wild"), 7, 22, 0),
    (("soko-finnish", "royal", 1, "bug"), 8, 18, 1),
    (("deuces-wild", "standard", 0, "wild"), 7, 18, 1),
]


@pytest.mark.parametrize("case, cards, live, fixed", SEVERAL_SUITS, ids=str)
def test_classes_equal_brute_force_where_several_suits_reach_the_threshold(case, cards, live, fixed):
    """Dead and fixed cards break the symmetry between suits, so every way to lay the suited sets is counted."""
    ranking = ranking_of(case)
    rng = random.Random(f"{case}{cards}")
    # the wild cards live, then clubs and diamonds, then the rest, each in a random order: two suits stay rich
    wild = [c for c in ranking.deck.cards if ranking.is_wild(c)]
    rich, poor = ([c for c in ranking.deck.cards if not ranking.is_wild(c) and (c.suit < 2) == r] for r in (True, False))
    order = wild + rng.sample(rich, len(rich)) + rng.sample(poor, len(poor))
    dead, held = order[live:], order[len(wild) : len(wild) + fixed]
    classes = category_counts(ranking, cards, dead=dead, fixed=held)
    assert classes == category_counts(ranking, cards, dead=dead, fixed=held, method="brute")
    assert sum(classes.values()) == comb(live - fixed, cards - fixed)
    assert max(suits_that_matter(ranking, deal(ranking, cards, dead=dead, fixed=held))) >= 2  # the case tests what it says


def suits_that_matter(ranking, hands) -> np.ndarray:
    """For each hand: how many suits hold enough natural cards to matter, the wild cards joining them."""
    wilds = (hands.ranks == WILD).sum(axis=1)
    per_suit = np.stack([((hands.suits == s) & (hands.ranks != WILD)).sum(axis=1) for s in range(4)], axis=1)
    return (per_suit >= np.maximum(ranking.flush_threshold - wilds, 1)[:, None]).sum(axis=1)


@pytest.mark.parametrize("ranking, cards", [
    (get_ranking("three-card", Deck("J-A", (11, 12, 13, 14))), 6),  # two suits can hold three cards
    (get_ranking("three-card", Deck("J-A", (11, 12, 13, 14))), 7),
    (get_ranking("soko-canadian", Deck.named("royal", 2), "wild"), 6),  # two jokers: two suits of two make four-flushes
], ids=["three-card 6 of J-A", "three-card 7 of J-A", "soko-canadian 6 of royal+2jk"])
def test_classes_equal_every_hand_valued_one_by_one(ranking, cards):
    counts = category_counts(ranking, cards)
    assert {k: v for k, v in counts.items() if v} == dict(every_hand_counts(ranking, cards))


@pytest.mark.parametrize("ranking, cards", [
    (get_ranking("three-card"), 6),  # issue #12: 20,358,520 hands visited, 8 GB
    (get_ranking("soko-canadian", Deck.standard(jokers=2)), 7),  # three minutes
    (get_ranking("high", "piquet"), 10),  # killed: 64,512,240 hands
], ids=["three-card 6", "soko-canadian 7 with two jokers", "high 10 of piquet"])
def test_big_hands_are_counted_by_class_not_visited(ranking, cards):
    hands = deal(ranking, cards)
    assert hands.total == comb(len(ranking.deck), cards)
    assert len(hands.weights) * 20 < hands.total
