"""Every game × every tool, as scikit-learn's ``test_common.py`` checks every estimator: the conformance kit
(:mod:`casino_math.conformance`) over the files found here, not over lists.

The matrix: every test game (``tests/games/``; the ``mini-`` ones against a brute force too), and one file of every
shipped family (each folder of ``paytables/``: its ``standard.yaml``, else its first file by name). The families whose
file takes from half a minute to a quarter of an hour are the ``slow`` tier (:data:`SLOW`), run by
``python3 -m pytest -m slow tests/common/test_common.py``; every counting method has a game of the default tier. Every shipped
claims file holds: a claim that fails says why in its ``gap:``, and a claim with a gap fails.

In the default tier every game of the matrix is counted and checked exactly (:data:`EXACTNESS`); each tool runs there
on the least costly game of each counting method (by its declared workload) and on every other game in the slow tier,
so that the default run stays within CI's minutes while every method meets every tool in it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from casino_math.analysis import GameAnalysis, analyze, load_game
from casino_math.conformance import check_claims, checks_for, parametrize_with_checks
from casino_math.contract.money import opening_stakes
from casino_math.registry import method_for, methods
from tests.helpers.paths import ROOT

TEST_GAMES = sorted((ROOT / "tests" / "games").glob("*.yaml"))
FAMILIES = sorted(p for p in (ROOT / "paytables").iterdir() if p.is_dir())
# the families whose file counts from half a minute (the full-deck poker games, blackjack) to a quarter of an hour (Pai
# Gow Poker over 53 cards: its small deck, tests/games/pai-gow-small.yaml, is in the default tier)
SLOW = {"caribbean_stud", "four_card_poker", "ultimate_texas_holdem", "crazy_4_poker", "dj_wild_stud", "blackjack",
        "high_card_flush", "texas_holdem_bonus", "casino_holdem", "pai_gow_poker"}
QUICK_CLAIMS = {"pai_gow_poker/fortune", "caribbean_stud/progressive", "caribbean_stud/progressive-envy"}  # a slow family's claims on a side bet alone, counted in seconds


def shipped(family: Path) -> Path:
    """The file of a family in the matrix: its ``standard.yaml``, else its first game file by name."""
    standard = family / "standard.yaml"
    return standard if standard.exists() else sorted(family.glob("*.yaml"))[0]


SHIPPED = [shipped(f) for f in FAMILIES if any(f.glob("*.yaml"))]
DEFAULT = [*TEST_GAMES, *(p for p in SHIPPED if p.parent.name not in SLOW)]


def small_brute_force(game):
    from tests.references.game_brute_force import brute_force

    return brute_force(game)[:2]


# the checks of the figures themselves, on every game of the default tier; the tools' checks (simulation, the design
# tools, the report, the studio ...) on one game of each method there (:func:`tiered`)
EXACTNESS = {"counted exactly", "the same workload twice", "strategy replayed", "against a brute force"}
MINI = [p for p in TEST_GAMES if p.stem.startswith("mini-")]
OTHERS = [p for p in DEFAULT if not p.stem.startswith("mini-")]


def tool_checks() -> set[tuple[Path, str]]:
    """The (game, check) pairs of the tools' checks the default tier runs: for each counting method and each tool's
    check, the default game of least declared workload that has that check (a small test game first at equal cost)."""
    chosen: dict[tuple[str, str], tuple[float, int, Path]] = {}
    for order, path in enumerate([*MINI, *OTHERS]):
        analysis = GameAnalysis(load_game(path))
        for name, _ in checks_for(path):
            cost = (analysis.workload.cost, order, path)
            chosen[analysis.method.name, name] = min(chosen.get((analysis.method.name, name), cost), cost)
    return {(path, name) for (_, name), (_, _, path) in chosen.items()}


TOOL_CHECKS = tool_checks()


def tiered(paths: list[Path], brute_force=None) -> pytest.MarkDecorator:
    """:func:`~casino_math.conformance.parametrize_with_checks` of ``paths``, a tool's check not in :data:`TOOL_CHECKS`
    marked ``slow``."""
    params = [pytest.param(p, check, id=f"{p.parent.name}/{p.stem}-{name}",
                           marks=[] if name in EXACTNESS or (p, name) in TOOL_CHECKS else [pytest.mark.slow])
              for p in paths for name, check in checks_for(p, brute_force)]
    return pytest.mark.parametrize("path, check", params)


@tiered(MINI, brute_force=small_brute_force)
def test_small_games(path, check):
    check(path)


@tiered(OTHERS)
def test_games(path, check):
    check(path)


@parametrize_with_checks([p for p in SHIPPED if p.parent.name in SLOW], marks=[pytest.mark.slow])
def test_big_games(path, check):
    check(path)


def test_every_method_has_a_game_of_the_default_tier():
    counted = {method_for(load_game(p)).name for p in DEFAULT}
    missing = [m.name for m in methods() if m.name not in counted]
    assert not missing, f"no game file of the default tier is counted by: {', '.join(missing)}"


def test_every_family_is_in_the_matrix():
    """Each folder of ``paytables/`` is reached by a file of the matrix (a test game counts for the family it extends)."""
    reached = {Path(f).parent.name for p in [*TEST_GAMES, *SHIPPED] for f, _ in load_game(p).files}
    missing = [f.name for f in FAMILIES if f.name not in reached]
    assert not missing, f"no game file of the matrix for the families: {', '.join(missing)}"


def test_the_kit_chooses_by_what_is_declared():
    """No strategy to replay in a game of side bets only; the effect of removal only where the method computes it."""
    names = [name for name, _ in checks_for(ROOT / "paytables" / "baccarat" / "standard.yaml")]
    assert "strategy replayed" not in names and "effect of removal" in names
    assert "effect of removal" not in [name for name, _ in checks_for(ROOT / "paytables" / "three_card_poker" / "standard.yaml")]


# -- a second method ---------------------------------------------------------------------------------------------
def test_two_methods_agree_on_a_small_holdem_game():
    """The hold'em method against the level-by-level method on the same small game: tables and every decision's
    option and exact value, for random deals."""
    from casino_math.methods.holdem.method import HOLDEM
    from casino_math.methods.level_by_level.solver import LEVEL_BY_LEVEL

    analysis = analyze(ROOT / "tests" / "games" / "holdem-small.yaml")
    game = analysis.game
    board, levels = HOLDEM.solve(game), LEVEL_BY_LEVEL.solve(game)
    assert board.table.outcomes == levels.table.outcomes
    rng = np.random.default_rng(5)
    start = opening_stakes(game)
    for _ in range(60):
        cards = rng.permutation(len(game.deck.cards))[:7]
        hole, flop, whole = cards[:2], cards[2:5], cards[2:7]
        for decision, seen in (("pre_flop", {"player": hole}), ("flop", {"player": hole, "board": flop}),
                               ("river", {"player": hole, "board": whole})):
            assert board.strategy.choose(decision, seen, start) == levels.strategy.choose(decision, seen, start)


CLAIMS = sorted(ROOT.glob("paytables/*/claims/*.yaml"))


def claims_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


@pytest.mark.parametrize("path", [pytest.param(p, id=claims_id(p), marks=[pytest.mark.slow] if p.parent.parent.name in SLOW
                                               and claims_id(p) not in QUICK_CLAIMS else []) for p in CLAIMS])
def test_shipped_claims_hold(path):
    """Every published figure a shipped claims file quotes, verified: the ones known to fail say why (``gap:``)."""
    check_claims(path)


def test_a_gap_is_held_to_its_claim(tmp_path):
    """A claim with a gap that passes, and a failing claim without one, both fail the check, each named; an empty gap is
    refused where it is written."""
    from casino_math.errors import InputError

    game = ROOT / "paytables" / "three_card_poker" / "standard.yaml"
    claims = tmp_path / "claims.yaml"
    claims.write_text(f"game: {game}\nclaims:\n"
                      '  - {figure: house_edge, wager: pair_plus, published: "2.32%", gap: "a slip"}\n'
                      '  - {figure: house_edge, wager: pair_plus, published: "7.5%"}\n')
    with pytest.raises(AssertionError) as raised:
        check_claims(claims)
    closed, unexplained = str(raised.value).splitlines()
    assert closed.endswith("the gap is closed (published 2.32%, exact 2.3167%): remove its gap") and ":3:" in closed
    assert unexplained.endswith("published 7.5%, exact 2.317%, and no gap says why") and ":4:" in unexplained
    claims.write_text(f'game: {game}\nclaims:\n  - {{figure: house_edge, wager: pair_plus, published: "2.32%", gap: " "}}\n')
    with pytest.raises(InputError, match=r"claims.yaml:3: claims.0.gap: say in words why"):
        check_claims(claims)


# -- one way in ---------------------------------------------------------------------------------------------------
