"""The classes of seen cards counted with their work shared: worker processes canonicalising card sets, edges found per
parent, the showdown valuing each class's hand in its shard. Each against a plain count of its own."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from casino_math import levels, suits
from casino_math.cards import Deck
from casino_math.levels import SEEN_ROLES, build_levels
from casino_math.suits import Symmetry, canonical_reference


def _plain_edges(level: levels.Level, child: levels.Level, role: str, k: int, symmetry: Symmetry, deck_size: int):
    """Every way to deal ``k`` more cards to ``role`` from each class's member, each card set canonicalised on its own,
    counted by (parent, child) in a dictionary; the children found by their members."""
    radices = symmetry.radices([child.cards[r].shape[1] for r in SEEN_ROLES])
    index = {tuple(np.concatenate([child.cards[r][i] for r in SEEN_ROLES]).tolist()): i for i in range(len(child))}
    edges: Counter = Counter()
    for p in range(len(level)):
        seen = set(np.concatenate([level.cards[r][p] for r in SEEN_ROLES]).tolist())
        for extra in itertools.combinations(sorted(set(range(deck_size)) - seen), k):
            rows = [np.array([sorted([*level.cards[r][p].tolist(), *(extra if r == role else ())])], dtype=np.int64) for r in SEEN_ROLES]
            _, member = canonical_reference(symmetry.maps, rows, radices)
            edges[p, index[tuple(np.concatenate([m[0] for m in member]).tolist())]] += 1
    return sorted((p, c, m) for (p, c), m in edges.items())


@pytest.mark.parametrize("steps", [[("player", 2), ("up", 1)], [("player", 1), ("board", 2), ("up", 1)]])
def test_edges_and_weights_equal_a_plain_count(steps):
    deck = Deck.named("royal")
    symmetry = Symmetry.of(deck)
    built = build_levels(deck, steps, symmetry)
    for i, (role, k) in enumerate(steps):
        level, child = built[i], built[i + 1]
        found = sorted(zip(level.parent.tolist(), level.child.tolist(), level.multiplicity.tolist()))
        assert found == _plain_edges(level, child, role, k, symmetry, len(deck.cards))
        weights = Counter()
        for p, c, m in found:
            weights[c] += int(level.weights[p]) * m
        assert child.weights.tolist() == [weights[c] for c in range(len(child))]
    total = 1  # every card set dealt, in every order of the steps
    left = len(deck.cards)
    for _, k in steps:
        total *= len(list(itertools.combinations(range(left), k)))
        left -= k
    assert int(built[-1].weights.sum()) == total


def test_canonical_members_shared_by_workers_are_the_same(monkeypatch):
    deck = Deck.standard()
    symmetry = Symmetry.of(deck)
    rng = np.random.default_rng(5)
    rows = np.array([rng.choice(52, 6, replace=False) for _ in range(3000)])
    roles = [np.sort(rows[:, :1], axis=1), np.zeros((3000, 0), dtype=np.int64), np.sort(rows[:, 1:], axis=1)]
    alone = symmetry.canonical(roles)
    monkeypatch.setattr(suits, "_CHUNK", 250)
    monkeypatch.setattr(suits, "PARALLEL_FROM", 1000)
    monkeypatch.setattr(suits, "COMPILED_FROM", 100)  # the compiled kernel in each chunk, as a big count runs it
    done = []
    shared = symmetry.canonical(roles, lambda rows, of: done.append(rows), processes=3)
    assert np.array_equal(alone[0], shared[0]) and all(np.array_equal(a, b) for a, b in zip(alone[1], shared[1]))
    assert sorted(done) == done and done[-1] == 3000 and len(done) == 12


@pytest.mark.parametrize("keyed", [False, True])
def test_levels_built_by_workers_equal_those_built_alone(monkeypatch, keyed):
    """Card sets canonicalised by workers, or (``keyed``) children keyed from their parents by workers."""
    deck = Deck.named("royal")
    steps = [("player", 3), ("up", 1)]
    alone = build_levels(deck, steps)
    monkeypatch.setattr(suits, "_CHUNK", 200)
    monkeypatch.setattr(suits, "PARALLEL_FROM", 400)
    monkeypatch.setattr(levels, "PARALLEL_FROM", 400)
    if keyed:
        monkeypatch.setattr(levels, "COMPILED_FROM", 0)
    shared = build_levels(deck, steps, processes=2)
    for a, b in zip(alone, shared):
        assert all(np.array_equal(a.cards[r], b.cards[r]) for r in SEEN_ROLES) and np.array_equal(a.weights, b.weights)
        for x, y in ((a.parent, b.parent), (a.child, b.child), (a.multiplicity, b.multiplicity)):
            assert (x is None and y is None) or np.array_equal(x, y)


def test_the_showdown_values_the_player_s_hand_as_the_solver_does():
    from casino_math.analysis import load_game
    from casino_math.count_cache import disabled
    from casino_math.methods.level_by_level.counts import _count, symmetry_for
    from casino_math.parallel import Runner
    from casino_math.showdown import hand_values

    game = load_game("tests/games/mini-caribbean.yaml")
    with disabled():
        counts = _count(game, symmetry_for(game)[0], None, Runner.here(), "test")
    player = game.hands["player"]
    key = ("values", player.of, player.ranking.name, len(counts.levels) - 1)
    assert key in counts.memo
    last = counts.levels[-1]
    assert np.array_equal(counts.memo[key], hand_values(player.ranking, game.deck, last.cards["player"]))


def test_suit_by_suit_cells_shared_by_workers_are_the_same(monkeypatch):
    from casino_math.analysis import load_game
    from casino_math.methods.by_suits import method as by_suits

    game = load_game("tests/games/mini-high-card-flush.yaml")
    alone = by_suits._count(game, None)
    monkeypatch.setattr(by_suits, "CHUNK", 3)
    heard = []
    shared = by_suits._count(game, lambda what, done, of: heard.append(done), processes=2)
    assert len(alone.cells) == 20 and np.array_equal(alone.cells, shared.cells) and heard[0] == 0 and heard[-1] == 20


@pytest.mark.parametrize("n, hidden, dense", [(14, 3, 60_000_000), (16, 4, 300), (12, 5, 0), (20, 2, 1_000)])
def test_the_showdown_index_equals_its_numpy_reference(n, hidden, dense, monkeypatch):
    """The index compiled pass by pass against the one numpy builds, dense levels and sorted runs alike."""
    from casino_math.kernels import showdown as kernel
    from casino_math.subsets import all_subsets

    monkeypatch.setattr(kernel, "DENSE_CELLS", dense)
    rng = np.random.default_rng(n + hidden)
    dealt = all_subsets(n, hidden)
    values = rng.integers(0, 25, len(dealt)) * 7
    compiled, plain = kernel.Index.of(dealt, values), kernel.Index.of_plain(dealt, values)
    assert np.array_equal(compiled.distinct, plain.distinct)
    for mine, theirs in ((compiled.dense, plain.dense), (compiled.starts, plain.starts), (compiled.runs, plain.runs)):
        assert len(mine) == len(theirs)
        assert all(a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(mine, theirs))


@pytest.mark.parametrize("steps, fixed, jokers", [([("player", 3), ("up", 1)], (), 0), ([("player", 1), ("board", 2), ("up", 1)], (), 0),
                                                  ([("up", 1), ("player", 2)], (3,), 0), ([("player", 2), ("up", 1)], (), 2)])
def test_children_keyed_from_their_parents_equal_the_card_sets_canonicalised(monkeypatch, steps, fixed, jokers):
    """The compiled path of a big level (each child's key from its parent's member and the cards added, the card sets
    never made) gives the levels of the card sets made and canonicalised one by one."""
    deck = Deck.named("royal") if not jokers else Deck.stripped(10, jokers)
    symmetry = Symmetry.of(deck, fixed)
    monkeypatch.setattr(levels, "COMPILED_FROM", 10**12)
    plain = build_levels(deck, steps, symmetry)
    monkeypatch.setattr(levels, "COMPILED_FROM", 0)
    keyed = build_levels(deck, steps, symmetry)
    for a, b in zip(plain, keyed):
        assert all(np.array_equal(a.cards[r], b.cards[r]) for r in SEEN_ROLES) and np.array_equal(a.weights, b.weights)
        for x, y in ((a.parent, b.parent), (a.child, b.child), (a.multiplicity, b.multiplicity)):
            assert (x is None and y is None) or np.array_equal(x, y)
