"""A re-solve that patches the last solve (a changed pay: only the classes of the lines whose results moved are valued,
decided and counted to their ends again) is a solve from scratch: the same return table, the same choice and the same
exact value of every option in every class, the same ends, for any pays (hypothesis), including pays that move the
strategy, pays in halves, and a pay that moves every class (then solved from scratch)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from casino_math.methods.level_by_level import solver
from casino_math.methods.level_by_level.counts import SCRATCH, count
from casino_math.analysis import load_game
from casino_math.methods.level_by_level.solver import backward_induction
from tests.helpers.paths import ROOT

GAMES = ROOT / "tests" / "games"
# small games whose one decision is taken with every seen card: the shape a patch applies to (a raise of several sizes,
# a raise limited by the hand, a fold, a qualifier)
PATCHED = ("mini-caribbean", "mini-four-card", "mini-three-card", "mini-crazy-four")


def with_pays(game, table: str, pays: list[Fraction]):
    """The game with ``table``'s lines paying ``pays`` (in the file's order)."""
    from dataclasses import replace

    from casino_math.pays import Pay

    lines = tuple(replace(line, pay=Pay(p)) for line, p in zip(game.paytables[table].lines, pays))
    return replace(game, paytables={**game.paytables, table: replace(game.paytables[table], lines=lines)})


def fresh(game, counts):
    """A solve from scratch: nothing of a last solve to patch."""
    counts.memo.pop((SCRATCH, "last solve"), None)
    return backward_induction(game, counts)


def same(a, b) -> None:
    assert a.table == b.table
    assert dict(a.ends.rows) == dict(b.ends.rows)
    assert len(a.decisions) == len(b.decisions) == 1
    (x,), (y,) = a.decisions, b.decisions
    assert x.options == y.options and x.scale == y.scale
    assert np.array_equal(x.choice, y.choice) and np.array_equal(x.values, y.values)


def table_of(game) -> str:
    """The first paytable of the game's own bet."""
    return game.own_tables[0]


@pytest.mark.parametrize("name", PATCHED)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_a_patched_re_solve_is_a_solve_from_scratch(name, data):
    game = load_game(GAMES / f"{name}.yaml")
    counts = count(game)
    table = table_of(game)
    base = [line.pay.amount for line in game.paytables[table].lines]
    fresh(game, counts)  # the solve to patch
    for _ in range(3):
        pays = list(base)
        for i in data.draw(st.lists(st.integers(0, len(base) - 1), min_size=1, max_size=2), label="lines changed"):
            pays[i] = Fraction(data.draw(st.integers(0, 60), label="pay"), data.draw(st.sampled_from([1, 1, 2]), label="over"))
        edited = with_pays(game, table, pays)
        found = backward_induction(edited, counts)
        same(found, fresh(edited, counts))
        backward_induction(edited, counts)  # the next solve patches this one


def test_the_patch_is_taken_and_redoes_few_classes(monkeypatch):
    """A pay of one line is a patch (no solve from scratch) that values only the classes paid by that line, and moves the
    strategy where it should (the pair paid 3: raising more hands); a change of every line's pay is solved from scratch,
    with the same result."""
    game = load_game(GAMES / "mini-caribbean.yaml")
    counts = count(game)
    table = table_of(game)
    lines = [line.key for line in game.paytables[table].lines]
    base = [line.pay.amount for line in game.paytables[table].lines]
    (before,) = fresh(game, counts).decisions
    one = list(base)
    one[lines.index("pair")] = Fraction(3)
    edited = with_pays(game, table, one)
    monkeypatch.setattr(solver, "PATCHED_SHARE", 1)  # pairs are a third of this small deck's hands: patched all the same
    monkeypatch.setattr(solver, "_ends", _never)
    patched = backward_induction(edited, counts)
    monkeypatch.undo()
    assert not np.array_equal(patched.decisions[0].choice, before.choice)  # the strategy moved
    same(patched, fresh(edited, counts))
    everything = with_pays(game, table, [p + 1 for p in base])
    fresh(game, counts)
    monkeypatch.setattr(solver, "_ends", _never)
    with pytest.raises(AssertionError, match="from scratch"):
        backward_induction(everything, counts)


def _never(*args, **kwargs):
    raise AssertionError("solved from scratch")
