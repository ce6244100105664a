"""The generic engine against a plain brute force: every deal visited, every option tried, on small stripped decks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from casino_math.methods.level_by_level.counts import count
from casino_math.analysis import load_game
from casino_math.methods.level_by_level.solver import backward_induction

from tests.references.game_brute_force import brute_force
from tests.helpers.paths import ROOT

GAMES = sorted((ROOT / "tests" / "games").glob("mini-*.yaml"))
# the games whose brute force takes a quarter of a minute or more: deal by deal in the slow tier (the conformance kit
# checks each against its brute force's expected return and average wager in the default tier)
LONG = {"mini-double-down", "mini-four-card", "mini-dj-wild", "mini-mississippi"}


@pytest.fixture(scope="module", params=[pytest.param(p, marks=[pytest.mark.slow] if p.stem in LONG else []) for p in GAMES],
                ids=lambda p: p.stem)
def compared(request):
    game = load_game(request.param)
    counts = count(game)
    return game, counts, backward_induction(game, counts), brute_force(game)


def test_expected_return_and_average_wager(compared):
    game, counts, solved, (expected, average, _) = compared
    metrics = solved.table.metrics
    assert metrics.expected_return == expected
    assert metrics.average_wager == average
    assert metrics.combinations == counts.deals


def test_every_deal_ends_as_the_brute_force_says(compared):
    _, _, solved, (_, _, tally) = compared
    ends = Counter()
    for outcome in solved.table.outcomes:
        ends[(Fraction(outcome.key("stake")), outcome.key("situation"))] += outcome.combinations
    assert ends == +tally.ends


def test_each_decision_takes_the_same_options(compared):
    game, counts, solved, (_, _, tally) = compared
    taken = Counter()
    for chosen in solved.decisions:
        weights = counts.levels[chosen.level].weights
        for i, option in enumerate(chosen.options):
            taken[(chosen.decision.name, chosen.history, option.name)] += int(weights[chosen.choice == i].sum())
    assert +taken == tally.options()
    # the test games are built so that the strategy is not trivial: some decision takes two options or more
    assert max(len({o for (d, h, o), n in taken.items() if n and (d, h) == key}) for key in {(d, h) for d, h, _ in taken}) >= 2


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_re_solve_on_kept_counts_is_a_fresh_solve(path):
    """Solving the same counts again at other pays (the studio, a sweep: bases patched for the codes the new pays move,
    sums on cells sorted once, the card sets before the first decision kept) gives exactly what a solve on counts fresh
    from memory gives, return table and choices, at each pay of each line of the game's own tables in turn."""
    from dataclasses import replace

    from casino_math.methods.level_by_level.counts import _CACHE

    game = load_game(path)
    counts = count(game)
    backward_induction(game, counts)
    for table in game.own_tables:
        for i, line in enumerate(game.paytables[table].lines):
            if line.pay.push:
                continue
            paid = replace(line, pay=replace(line.pay, amount=line.pay.amount + 3))
            lines = (*game.paytables[table].lines[:i], paid, *game.paytables[table].lines[i + 1:])
            changed = replace(game, paytables={**game.paytables, table: replace(game.paytables[table], lines=lines)})
            again = backward_induction(changed, counts)  # on the counts' memo of every solve before
            _CACHE.clear()
            fresh = backward_induction(changed, replace(count(changed), memo={}))
            assert again.table == fresh.table, (table, line.key)
            assert [c.choice.tolist() for c in again.decisions] == [c.choice.tolist() for c in fresh.decisions]
            assert all((a.values == b.values).all() for a, b in zip(again.decisions, fresh.decisions))
