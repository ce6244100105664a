"""The compiled steps of a level's classes (:mod:`casino_math.kernels.classes`) against their references: every child
renamed under every renaming (``kernels.suits.children``, ``members``), ``np.unique``, the edges sorted by numpy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math import levels
from casino_math.cards import Deck
from casino_math.kernels.classes import distinct, first_card_children, first_card_members
from casino_math.kernels.suits import children, members
from casino_math.levels import SEEN_ROLES, Level, _merged, _remaining, build_levels
from casino_math.subsets import all_subsets
from casino_math.suits import Symmetry

SYMMETRIES = [(0, (), False), (0, (3,), False), (0, (), True), (2, (), False)]  # jokers, fixed suits, colours


def _parents(deck: Deck, symmetry: Symmetry, sizes: tuple[int, int, int], rows: int, seed: int) -> list[np.ndarray]:
    """Canonical members of random card sets (the parents a level holds), role by role."""
    rng = np.random.default_rng(seed)
    cards = np.array([rng.choice(len(deck.cards), sum(sizes), replace=False) for _ in range(rows)])
    bounds = np.cumsum([0, *sizes])
    roles = [np.sort(cards[:, bounds[i]:bounds[i + 1]], axis=1) for i in range(3)]
    _, members_ = symmetry.canonical(roles)
    return members_


@pytest.mark.parametrize("jokers, fixed, colours", SYMMETRIES)
@pytest.mark.parametrize("sizes, role", [((0, 0, 5), 0), ((0, 0, 2), 1), ((0, 0, 3), 0)])
def test_one_card_dealt_first_keys_and_members_as_every_renaming_gives(jokers, fixed, colours, sizes, role):
    deck = Deck.standard(jokers)
    symmetry = Symmetry.of(deck, fixed, colours)
    parents = _parents(deck, symmetry, sizes, 400, sum(sizes) + jokers)
    left = _remaining(np.concatenate(parents, axis=1), len(deck.cards))
    picks = all_subsets(left.shape[1], 1)
    radices = symmetry.radices([p.shape[1] + (1 if i == role else 0) for i, p in enumerate(parents)])
    keys, renaming = first_card_children(symmetry.maps, parents, role, left, radices)
    expected_keys, expected_renaming = children(symmetry.maps, parents, role, left, picks, radices)
    assert np.array_equal(keys, expected_keys)
    unique, first, _ = np.unique(keys, return_index=True, return_inverse=True)
    got = first_card_members(symmetry.maps, parents, role, radices[role], unique, renaming[first], first // len(picks))
    expected = members(symmetry.maps, parents, role, left, picks, expected_renaming, first)
    assert all(np.array_equal(a, b) for a, b in zip(got, expected))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5000), min_size=1, max_size=300), st.integers(0, 1))
def test_distinct_is_numpy_s_unique(keys, sparse):
    array = np.array(keys, dtype=np.int64) * (1 if not sparse else 10**9)  # sparse: too wide for the bits, numpy's own
    for got, expected in zip(distinct(array), np.unique(array, return_index=True, return_inverse=True)):
        assert np.array_equal(got, expected.reshape(-1))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 12), st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_row_edges_are_the_edges_numpy_sorts(n, s, classes, seed):
    rng = np.random.default_rng(seed)
    child = rng.integers(0, classes, n * s)
    parent = Level({r: np.zeros((n, 0), dtype=np.int64) for r in SEEN_ROLES}, rng.integers(1, 10**6, n))
    cards = {r: np.zeros((classes, 0), dtype=np.int64) for r in SEEN_ROLES}
    (plain, plain_edges), (compiled, compiled_edges) = (_merged(parent, n, s, child, classes, cards, c) for c in (False, True))
    assert np.array_equal(plain.weights, compiled.weights)
    assert all(np.array_equal(a, b) for a, b in zip(plain_edges, compiled_edges))


@pytest.mark.parametrize("jokers, fixed, colours", SYMMETRIES)
@pytest.mark.parametrize("steps", [[("player", 3), ("up", 1)], [("player", 2), ("board", 1), ("board", 1)]])
def test_levels_with_the_compiled_classes_equal_the_plain_ones(jokers, fixed, colours, steps, monkeypatch):
    deck = Deck.stripped(10, jokers)
    symmetry = Symmetry.of(deck, fixed, colours)
    plain = build_levels(deck, steps, symmetry)
    monkeypatch.setattr(levels, "COMPILED_FROM", 0)
    compiled = build_levels(deck, steps, symmetry)
    for a, b in zip(plain, compiled):
        assert all(np.array_equal(a.cards[r], b.cards[r]) for r in SEEN_ROLES) and np.array_equal(a.weights, b.weights)
        for x, y in ((a.parent, b.parent), (a.child, b.child), (a.multiplicity, b.multiplicity)):
            assert (x is None and y is None) or (np.array_equal(x, y) and x.dtype == y.dtype)
