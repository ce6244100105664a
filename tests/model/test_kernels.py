"""Each compiled kernel against its plain reference, on small decks and random inputs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.cards import Deck
from casino_math.kernels.showdown import Index, below, cells, swept
from casino_math.kernels.suits import canonical
from casino_math.rankings import get_ranking
from casino_math.showdown import below_reference, cells_of, hand_values
from casino_math.subsets import all_subsets
from casino_math.suits import Symmetry, canonical_reference


@pytest.mark.parametrize("deck, hidden, held", [(Deck.named("royal"), 3, 3), (Deck.stripped(9), 2, 5), (Deck.named("royal"), 4, 4)])
def test_showdown_kernel_equals_reference_on_real_hands(deck, hidden, held):
    """The dealer shows one card and holds ``hidden`` more: the best three-card hand of them, against players holding ``held``."""
    n = len(deck.cards)
    up = np.array([n - 1])
    rest = np.setdiff1d(np.arange(n), up)
    dealt = rest[all_subsets(len(rest), hidden)]
    values = hand_values(get_ranking("three-card", deck), deck, np.concatenate([np.broadcast_to(up, (len(dealt), 1)), dealt], axis=1))
    rng = np.random.default_rng(held)
    players = np.sort(np.array([rng.choice(rest, held, replace=False) for _ in range(300)]), axis=1)
    thresholds = np.stack([np.full(300, int(np.median(values))), rng.choice(values, 300), rng.choice(values, 300) + 1], axis=1)
    expected = below_reference(dealt, values, players, thresholds)
    assert np.array_equal(below(Index.of(dealt, values), players, thresholds), expected)
    assert np.array_equal(swept(dealt, values, players, thresholds), expected)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), hidden=st.integers(1, 4), held=st.integers(1, 5))
def test_showdown_kernel_equals_reference_on_random_values(seed, hidden, held):
    rng = np.random.default_rng(seed)
    dealt = all_subsets(14, hidden)
    values = rng.integers(0, 40, len(dealt))
    players = np.sort(np.array([rng.choice(16, held, replace=False) for _ in range(50)]), axis=1)  # cards 14, 15: never dealt
    thresholds = rng.integers(-1, 42, (50, 3))
    expected = below_reference(dealt, values, players, thresholds)
    assert np.array_equal(below(Index.of(dealt, values), players, thresholds), expected)
    assert np.array_equal(swept(dealt, values, players, thresholds), expected)
    # the sweep puts each row's cards in order itself: the hands and the players' cards in any order count the same
    assert np.array_equal(swept(rng.permuted(dealt, axis=1), values, rng.permuted(players, axis=1), thresholds), expected)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), qualifier=st.integers(0, 12))
def test_compiled_cells_equal_the_reference(seed, qualifier):
    """The six cells of players' hands below, at and above the qualifier, from counts of dealer hands below three
    thresholds, compiled and in numpy."""
    rng = np.random.default_rng(seed)
    v = rng.integers(0, 12, 200)
    below = np.sort(rng.integers(0, 50, (200, 3)), axis=1)
    assert np.array_equal(cells(below, v, qualifier, 60), cells_of(below, v, qualifier, 60))


@pytest.mark.parametrize("sizes, fixed, jokers", [((1, 0, 5), (), 0), ((0, 3, 2), (), 0), ((0, 0, 3), (3,), 0), ((1, 1, 2), (), 2)])
def test_canonical_kernel_equals_reference(sizes, fixed, jokers):
    deck = Deck.standard(jokers)
    symmetry = Symmetry.of(deck, fixed)
    rng = np.random.default_rng(sum(sizes))
    rows = np.array([rng.choice(len(deck.cards), sum(sizes), replace=False) for _ in range(2000)])
    bounds = np.cumsum([0, *sizes])
    roles = [np.sort(rows[:, bounds[i]:bounds[i + 1]], axis=1) for i in range(3)]
    radices = symmetry.radices(sizes)
    keys, reps = canonical(symmetry.maps, roles, radices)
    ref_keys, ref_reps = canonical_reference(symmetry.maps, roles, radices)
    assert np.array_equal(keys, ref_keys) and all(np.array_equal(a, b) for a, b in zip(reps, ref_reps))


@pytest.mark.parametrize("name, jokers, cards", [("four-card", 0, 6), ("three-card", 0, 5), ("deuces-wild-five-wilds", 1, 6)])
def test_best_of_a_table_of_every_hand_equals_the_ranking_s_best(name, jokers, cards):
    """The best hand of each row looked up in a table of every hand of the deck (the showdown's many dealer hands of more
    cards than a hand) against the ranking's own best of the row's hands."""
    from casino_math.kernels.showdown import best_of
    from casino_math.showdown import _every_hand, card_arrays

    deck = Deck.standard(jokers)
    ranking = get_ranking(name, deck)
    rng = np.random.default_rng(cards)
    ids = np.array([rng.choice(len(deck.cards), cards, replace=False) for _ in range(3000)])
    assert np.array_equal(best_of(ids, ranking.hand_size, _every_hand(ranking, deck)), ranking.best_values(*card_arrays(deck, ranking, ids)))
