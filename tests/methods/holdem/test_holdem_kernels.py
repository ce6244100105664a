"""The compiled kernels against their plain references: hand strength, the showdown of one board, a flop's boards."""

from __future__ import annotations


import numpy as np
import pytest

from casino_math.cards import Deck
from casino_math.methods.holdem import method as holdem
from casino_math.analysis import load_game, load_game_text
from casino_math.game.simple_strategies import parse_rule
from casino_math.methods.holdem.kernels.boards import flop_counts, flop_counts_reference
from casino_math.methods.holdem.kernels.hands import hand_strength, pair_strengths
from casino_math.methods.holdem.kernels.pairs import showdown_counts, showdown_reference
from casino_math.methods.holdem.kernels.tables import strength_tables, strengths_reference, unsupported
from casino_math.rankings import get_ranking
from casino_math.subsets import all_subsets

from tests.methods.holdem.test_holdem import VARIANTS
from tests.helpers.paths import ROOT

SMALL = ROOT / "tests" / "games" / "holdem-small.yaml"
DECKS = [Deck.stripped(10), Deck.stripped(6), Deck.standard()]  # five ranks; the short deck (flush over full house); 52


@pytest.mark.parametrize("deck", DECKS, ids=str)
def test_strength_of_one_hand(deck):
    ranking = get_ranking("high", deck)
    tables = strength_tables(ranking, deck, (5, 7))
    n = len(deck.cards)
    if n <= 20:
        hands = all_subsets(n, 7)   # every seven-card hand of the 20-card deck
    else:
        hands = np.sort(np.argsort(np.random.default_rng(7).random((20_000, n)), axis=1)[:, :7], axis=1)
    mine = np.array([hand_strength(h, tables.rank_of, tables.suit_of, tables.multisets[7], tables.flushes, tables.binomial)
                     for h in hands])
    assert np.array_equal(mine, strengths_reference(tables, ranking, deck, hands))
    five = hands[:2_000, :5]
    mine = np.array([hand_strength(h, tables.rank_of, tables.suit_of, tables.multisets[5], tables.flushes, tables.binomial)
                     for h in five])
    assert np.array_equal(mine, strengths_reference(tables, ranking, deck, five))


@pytest.mark.parametrize("deck", DECKS, ids=str)
def test_every_hole_pair_on_a_board(deck):
    ranking = get_ranking("high", deck)
    tables = strength_tables(ranking, deck, (5, 7))
    n = len(deck.cards)
    rng = np.random.default_rng(3)
    for _ in range(20):
        board = np.sort(rng.permutation(n)[:5])
        pool = np.setdiff1d(np.arange(n), board)
        out = np.empty(len(pool) * (len(pool) - 1) // 2, dtype=np.int64)
        pair_strengths(board, pool, tables.rank_of, tables.suit_of, tables.multisets[7], tables.flushes, tables.binomial,
                       tables.ranks, out)
        pairs = pool[all_subsets(len(pool), 2)]
        hands = np.concatenate([np.broadcast_to(board, (len(pairs), 5)), pairs], axis=1)
        assert np.array_equal(out, strengths_reference(tables, ranking, deck, hands))


def test_tables_refuse_what_they_cannot_value():
    assert unsupported(get_ranking("high", Deck.standard(jokers=1)), Deck.standard(jokers=1)) == "wild cards"
    assert "not a five-card ranking" in unsupported(get_ranking("three-card"), Deck.standard())
    assert unsupported(get_ranking("ace-to-five"), Deck.standard()) is not None


@pytest.mark.parametrize("n", [2, 3, 4, 7, 12, 20])
def test_showdown_of_one_board(n):
    rng = np.random.default_rng(n)
    m = n * (n - 1) // 2
    for spread in (3, 50):
        strengths = rng.integers(0, spread, m)
        for qualifier in (0, 1, spread // 2, spread):
            mine = showdown_counts(strengths, n, qualifier, np.zeros(spread, dtype=np.int64))
            for a, b in zip(mine, showdown_reference(strengths, n, qualifier)):
                assert np.array_equal(a, b)


@pytest.mark.parametrize(("game_name", "rule"), [
    ("uth", None), ("uth", "bet_2x with two pair or better"), ("uth", "bet_1x with three of a kind or better"), ("uth", "always bet_1x"),
    ("every-stage", None), ("every-stage", "bet_2x with two pair or better"), ("every-stage", "call with three of a kind or better"),
    ("texas-holdem-bonus", None), ("texas-holdem-bonus", "river_bet with a straight or better"),
    ("turn-and-river-apart", None)])
def test_boards_of_a_flop(game_name, rule):
    """The kernel against its plain reference on three flops: every total (each pay's reach too), and the flop's and the
    turn's decision of every hole pair (UTH, with no turn decision; a decision at every stage; Texas Hold'em Bonus; the river dealt apart)."""
    game = load_game(SMALL) if game_name == "uth" else load_game_text(VARIANTS[game_name], f"{game_name}.yaml")
    player = game.hands["player"]
    plan = holdem.compile_game(game, parse_rule(game, rule) if rule else None).plan
    reached = False
    for f in (0, len(plan.flops) // 2, len(plan.flops) - 1):
        flop, weight = plan.flops[f], int(plan.weights[f])
        mine, ref = holdem.Totals.zeros(plan), holdem.Totals.zeros(plan)
        cards, decisions = plan.kernel_inputs()
        out, theirs = plan.flop_outputs(mine), plan.flop_outputs(ref)
        flop_counts(flop, weight, plan.n_cards, plan.later, cards, decisions, out, plan.scratch(), plan.symmetry(flop, renamed=False))
        flop_counts_reference(plan, player.ranking, game.deck, flop, weight, theirs._asdict())
        for name in out._fields:
            assert np.array_equal(getattr(out, name), getattr(theirs, name)), name
        # one board and one hole pair of each class under the renamings fixing the flop: the same totals, and the same
        # near decisions, each class's alike ones as one (its card sets as its weight)
        by_class = holdem.Totals.zeros(plan)
        summed = plan.flop_outputs(by_class, looked_up=False)
        flop_counts(flop, weight, plan.n_cards, plan.later, cards, decisions, summed, plan.scratch(), plan.symmetry(flop))
        for name in ("class_tally", "class_cells", "flop_taken", "river_taken", "turn_taken", "reach"):
            assert np.array_equal(getattr(summed, name), getattr(out, name)), name
        assert near_decisions(summed) == near_decisions(out)
        assert mine.class_tally.any() and (mine.river_taken.any() or mine.turn_taken.any() or mine.flop_taken.any())
        reached |= bool(np.isfinite(mine.reach).any())
    if game_name in ("uth", "turn-and-river-apart") and rule is None:  # a pay's reach met on these flops (the same in both)
        assert reached


def near_decisions(out):
    """A flop's near decisions as (history, class, category, option taken) -> each option's path times the card sets."""
    found = {}
    for point, paths in zip(out.near_points[:out.near_count[0]], out.near_paths[:out.near_count[0]]):
        key = tuple(point[:4].tolist())
        found[key] = found.get(key, 0) + int(point[4]) * paths
    return {key: paths.tobytes() for key, paths in found.items()}


def test_shards_summed_are_one_shard_of_every_flop():
    """Four shards' totals joined at once: every count and reach of one shard holding every flop, and its near decisions
    (in another order: shard by shard), each still pointing at its own rows."""
    plan = holdem.compile_game(load_game_text(VARIANTS["casino-holdem"], "casino-holdem.yaml")).plan  # near decisions on most flops
    whole = holdem.count_shard(plan, 0, 1)
    parts = holdem.Totals.summed([holdem.count_shard(plan, i, 4) for i in range(4)])
    for name in ("class_tally", "class_cells", "flop_taken", "river_taken", "turn_taken", "reach"):
        assert np.array_equal(getattr(parts, name), getattr(whole, name)), name
    assert len(whole.near_points) > 0 and rows_by_decision(parts) == rows_by_decision(whole)


def rows_by_decision(totals):
    """Each near decision (its point) with its rows (option, end and key, and tally), as a sorted list."""
    rows = {}
    for of, row, tally in zip(totals.near_of, totals.near_row, totals.near_tally):
        rows.setdefault(of, []).append((int(row), tuple(tally.tolist())))
    return sorted((tuple(totals.near_points[of].tolist()), tuple(totals.near_values[of].tolist()), tuple(found))
                  for of, found in rows.items())
