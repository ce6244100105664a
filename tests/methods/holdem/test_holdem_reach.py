"""Each line's reach (issue 19): how far a pay of a hold'em game's own bet may move with every decision counted board by
board taking the same option, so that the totals kept are re-priced instead of counted again.

Evidence: small games counted from nothing at pays just inside each finite reach (the very totals) and just beyond it
(other totals: the reach is the first pay where a decision moves, not merely a bound); two lines moved at once within
their shares of reach; the plain reference's reach equals the kernels' (``test_holdem_kernels.test_boards_of_a_flop``).
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import numpy as np
import pytest

from casino_math.methods.holdem import method as holdem
from casino_math.game.description import Game
from casino_math.analysis import load_game, load_game_text
from casino_math.pays import Pay

from tests.methods.holdem.test_holdem import VARIANTS
from tests.helpers.paths import ROOT

SMALL = ROOT / "tests" / "games" / "holdem-small.yaml"
GAMES = ["uth", "casino-holdem", "four-card-flop", "texas-holdem-bonus"]


def game_of(name: str) -> Game:
    return load_game(SMALL) if name == "uth" else load_game_text(VARIANTS[name], f"{name}.yaml")


def paying(game: Game, nets: dict[int, Fraction]) -> Game:
    """``game`` with the lines of its own paytables (numbered in order, as ``KernelPlan.slopes`` are) paying these nets."""
    own = [(t, i) for t in game.own_tables for i in range(len(game.paytables[t].lines))]
    tables = dict(game.paytables)
    for index, net in nets.items():
        table, i = own[index]
        lines = list(tables[table].lines)
        lines[i] = dataclasses.replace(lines[i], pay=Pay(net))
        tables[table] = dataclasses.replace(tables[table], lines=tuple(lines))
    return dataclasses.replace(game, paytables=tables)


def counted(game: Game) -> tuple[holdem.Totals, tuple[Fraction, ...]]:
    compiled = holdem.compile_game(game)
    return holdem.count_shard(compiled.plan, 0, 1), compiled.nets


def repriced(totals: holdem.Totals, counted: tuple[Fraction, ...], game: Game) -> holdem.Totals:
    compiled = holdem.compile_game(game)
    found = holdem.repriced(totals, compiled.plan, counted, compiled.nets)
    assert found is not None
    return found


def near(reach: float, share: float, up: bool) -> Fraction:
    """``share`` of ``reach`` in thousandths, rounded up or down (a pay with a small denominator)."""
    return Fraction((math.ceil if up else math.floor)(reach * share * 1000), 1000)


def same(a: holdem.Totals, b: holdem.Totals) -> bool:
    """Every total equal (not the reach and the near decisions, which are the pays' own)."""
    return all(np.array_equal(x, y) for x, y in zip(dataclasses.astuple(a)[:5], dataclasses.astuple(b)[:5]))


@pytest.mark.parametrize("name", GAMES)
def test_pays_within_reach_count_the_same_totals_and_beyond_it_other_ones(name):
    game = game_of(name)
    totals, nets = counted(game)
    finite = [(line, way) for line in range(len(nets)) for way in (0, 1) if np.isfinite(totals.reach[line, way])]
    patched = False  # some near decision moved within reach, and was moved by the re-pricing
    for line, way in finite:
        for share, inside in ((0.999, True), (1.001, False)):
            step = near(float(totals.reach[line, way]), share, up=not inside)
            moved = paying(game, {line: nets[line] + (step if way == 0 else -step)})
            other, now = counted(moved)
            assert holdem.within_reach(nets, now, totals.reach) is inside
            assert same(repriced(totals, nets, moved), other) is inside, (line, way, share)
            patched |= inside and not same(totals, other)
    if name == "casino-holdem":  # the call on the flop is worth the Ante's pays: some of them move it
        assert finite and patched and len(totals.near_points)
    if name == "texas-holdem-bonus":  # the Ante is paid whether the player checks or bets after the flop: nothing moves
        assert not finite and nets
    # two lines moved at once, each by less than half its reach (or by one where nothing moves)
    ways = [(line, np.isfinite(totals.reach[line, 0]), float(totals.reach[line, 0])) for line in range(len(nets))][-2:]
    moved = paying(game, {line: nets[line] + (near(reach, 0.45, up=False) if limited else 1) for line, limited, reach in ways})
    other, now = counted(moved)
    assert holdem.within_reach(nets, now, totals.reach)
    assert same(repriced(totals, nets, moved), other)


def test_reach_is_the_least_over_shards():
    game = game_of("casino-holdem")
    plan = holdem.compile_game(game).plan
    parts = [holdem.count_shard(plan, i, 3) for i in range(3)]
    whole = holdem.count_shard(plan, 0, 1)
    summed = parts[0] + parts[1] + parts[2]
    assert same(summed, whole) and np.array_equal(summed.reach, whole.reach)
    assert len(summed.near_points) == len(whole.near_points) and len(summed.near_tally) == len(whole.near_tally)
    assert not all(np.array_equal(p.reach, whole.reach) for p in parts)  # each shard sees some of the decisions


def test_the_kept_totals_are_keyed_by_the_plan_without_its_money():
    """A changed pay of the own bet is the same shape (its totals looked for among those kept); a rule on a later decision
    or another deck is not."""
    game = game_of("uth")
    plan = holdem.compile_game(game).plan
    dearer = holdem.compile_game(paying(game, {4: Fraction(9)})).plan
    assert holdem.plan_digest(dearer) != holdem.plan_digest(plan)
    assert holdem.shape_digest(dearer) == holdem.shape_digest(plan)
    assert holdem.shape_digest(holdem.compile_game(game_of("casino-holdem")).plan) != holdem.shape_digest(plan)
