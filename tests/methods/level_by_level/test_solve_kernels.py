"""The solve's compiled passes over the classes (:mod:`casino_math.kernels.sums`) against its numpy passes, on random
classes, and a solve of a small game with the compiled passes against one without."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.kernels.sums import by_code, per_class
from casino_math.methods.level_by_level import solver


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 200), st.integers(1, 6), st.integers(1, 9), st.sampled_from([np.int64, np.int32, np.int16]), st.integers(0, 2**32 - 1))
def test_the_compiled_passes_equal_numpy_s(classes, cells_per_class, codes, narrow, seed):
    rng = np.random.default_rng(seed)
    cells = rng.integers(0, 30_000, (classes, cells_per_class)).astype(narrow)
    unit = rng.integers(-500, 500, (cells_per_class, codes))
    code = rng.integers(0, codes, classes)
    mass = rng.integers(0, 10**6, classes)
    expected = sum((cells[:, c].astype(np.int64) * unit[c][code] for c in range(cells_per_class)), np.zeros(classes, dtype=np.int64))
    assert np.array_equal(per_class(cells, unit, code), expected)
    assert np.array_equal(solver._summed(cells, unit, code, np.int64), expected)
    columns = [np.bincount(code, weights=mass * cells[:, c], minlength=codes) for c in range(cells_per_class)]
    assert np.array_equal(by_code(code, mass, cells, codes), np.stack(columns, axis=1).astype(np.int64))


def test_a_solve_with_the_compiled_passes_equals_one_without(monkeypatch):
    from casino_math.analysis import load_game
    from casino_math.count_cache import disabled
    from casino_math.methods.level_by_level.counts import _count, symmetry_for
    from casino_math.parallel import Runner

    game = load_game("tests/games/mini-caribbean.yaml")
    with disabled():  # counts of their own each: a solve keeps its passes' sums in them
        plain = solver.backward_induction(game, _count(game, symmetry_for(game)[0], None, Runner.here(), "plain"))
        monkeypatch.setattr(solver, "COMPILED_FROM", 0)
        compiled = solver.backward_induction(game, _count(game, symmetry_for(game)[0], None, Runner.here(), "compiled"))
    assert plain.table == compiled.table and plain.table.total > 0
    assert all(np.array_equal(a.choice, b.choice) for a, b in zip(plain.decisions, compiled.decisions))
