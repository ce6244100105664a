"""Every game × every tool, as scikit-learn's ``test_common.py`` checks every estimator.

Each game file (the test games and one file of every shipped family) goes through every tool the
README promises, all reached through :class:`~casino_math.analysis.GameAnalysis`: the exact
analysis (against a brute force where the game is small), a 20,000-hand simulation, a two-point sweep,
a solve, a small search, a par sheet, and its family's published claims. The full-deck big games
(Caribbean Stud, Four Card Poker, Ultimate Texas Hold'em, High Card Flush, Texas Hold'em Bonus, Casino Hold'em) take from half a minute to minutes: they are the ``slow`` tier,
run by ``python3 -m pytest -m slow tests/common/test_common.py``.

The rule that keeps the tools on the contract is checked here too: no module outside ``game/`` imports a
counting engine (see the README's architecture section).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_math.claims import verify_file
from casino_math.design.explore import search, sweep
from casino_math.design.expression import pay_expression
from casino_math.design.model import wager_model
from casino_math.design.solve import solve
from casino_math.analysis import GameAnalysis, analyze
from casino_math.contract.money import opening_stakes
from casino_math.report import build_reports
from casino_math.simulate import simulate
from tests.helpers.paths import ROOT

TEST_GAMES = sorted((ROOT / "tests" / "games").glob("*.yaml"))
FAST = [ROOT / "paytables" / p for p in ("three_card_poker/standard.yaml", "let_it_ride/standard.yaml", "mississippi_stud/standard.yaml",
                                         "baccarat/standard.yaml", "blackjack_side_bets/twenty-one-plus-three.yaml",
                                         "double_down_stud/standard.yaml", "casino_war/6-decks.yaml", "red_dog/1-deck.yaml")]
BIG = [ROOT / "paytables" / p for p in ("caribbean_stud/standard.yaml", "four_card_poker/standard.yaml", "ultimate_texas_holdem/standard.yaml",
                                        "crazy_4_poker/standard.yaml", "dj_wild_stud/standard.yaml",
                                        "blackjack/1-deck-s17-das.yaml", "high_card_flush/standard.yaml",
                                        "texas_holdem_bonus/standard.yaml", "casino_holdem/standard.yaml")]  # blackjack: a full deck, every tool seconds to minutes
GAMES = [*(pytest.param(p, id=p.stem) for p in TEST_GAMES), *(pytest.param(p, id=p.parent.name) for p in FAST),
         *(pytest.param(p, id=p.parent.name, marks=pytest.mark.slow) for p in BIG)]


@functools.cache
def analysed(path: Path) -> GameAnalysis:
    return analyze(path)


def first_bet(analysis: GameAnalysis) -> str:
    """The first bet paid by a paytable (the game's own bet first): the one whose pays the design tools change."""
    from casino_math.errors import InputError

    for bet in analysis.tables:
        try:
            wager_model(analysis.game, bet)
        except InputError:  # settled by fixed results only (baccarat's Banker): no pay to change
            continue
        return bet
    raise AssertionError(f"{analysis.game.id} has no bet paid by a paytable")


def paid_line(analysis: GameAnalysis, bet: str) -> tuple[str, Fraction]:
    """A line of the bet's paytable that pays something, and its pay (the first whose pay is positive)."""
    model = wager_model(analysis.game, bet)
    name, pay = next((n, p) for n, p in model.pays.items() if p > 0 and n not in model.for_one)
    return name, pay


# -- the exact analysis -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", GAMES)
def test_every_bet_is_counted_exactly(path):
    analysis = analysed(path)
    assert analysis.method.unfit(analysis.game) is None
    for bet, table in analysis.tables.items():
        assert table.total == sum(o.combinations for o in table.outcomes) > 0, bet
        assert sum((Fraction(o.combinations, table.total) for o in table.outcomes), Fraction(0)) == 1, bet
        assert isinstance(table.metrics.house_edge, Fraction), bet
    solution = analysis.solution
    assert solution.size > 0 and solution.deals == analysis.deals > 0
    if solution.table is not None:  # the same strategy replayed at the same pays is the same table
        assert solution.replayed(analysis.game).outcomes == solution.table.outcomes


@pytest.mark.parametrize("path", [*TEST_GAMES, *FAST, *BIG], ids=lambda p: p.stem if p.parent.name == "games" else p.parent.name)
def test_a_file_read_twice_goes_with_itself(path):
    """What ``compare`` groups games by to solve them in workers (the method's workload) is read before any count, is
    hashable, and is the same for the same file read twice: where a method groups its games, those two go together."""
    from casino_math.game.loader import load_game

    analyses = [GameAnalysis(load_game(path)) for _ in range(2)]
    first, second = (a.workload for a in analyses)
    assert first == second and hash(first) == hash(second) and first.cost > 0
    assert "solution" not in vars(analyses[0])  # nothing solved to know it


@pytest.mark.parametrize("path", [p for p in TEST_GAMES if p.stem.startswith("mini-")], ids=lambda p: p.stem)
def test_small_games_against_a_brute_force(path):
    from tests.references.game_brute_force import brute_force

    analysis = analysed(path)
    expected, average, _ = brute_force(analysis.game)
    metrics = analysis.tables[analysis.game.bet].metrics
    assert (metrics.expected_return, metrics.average_wager) == (expected, average)


def test_two_methods_agree_on_a_small_holdem_game():
    """The hold'em method against the level-by-level method on the same small game: tables and every decision's
    option and exact value, for random deals."""
    from casino_math.methods.holdem.method import HOLDEM
    from casino_math.methods.level_by_level.solver import LEVEL_BY_LEVEL

    analysis = analysed(ROOT / "tests" / "games" / "holdem-small.yaml")
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


# -- the tools --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", GAMES)
def test_simulation_lands_on_the_exact_figures(path):
    """20,000 hands played by the analysed strategy at every decision: each bet's mean and the strategy's figures
    (average wager, folds per decision) within 4 standard errors of the exact values."""
    frame = simulate(path, hands=20_000, seed=11)
    assert list(frame["wager"]) == list(analysed(path).tables)
    assert (frame["z"].abs() < 4).all(), frame[["wager", "z"]]
    checks = frame.attrs.get("strategy")
    if checks is not None:
        assert (checks["z"].abs() < 4).all(), checks[["figure", "observed", "exact_float", "z"]]


@pytest.mark.parametrize("path", GAMES)
def test_sweep_of_two_pays(path):
    analysis = analysed(path)
    bet = first_bet(analysis)
    line, pay = paid_line(analysis, bet)
    frame = sweep(path, bet, line, [pay, pay + 1])
    low, high = frame["house_edge"].tolist()
    assert low == analysis.tables[bet].metrics.house_edge  # the file's own pay gives the analysed figure
    assert high <= low  # a pay raised never helps the house


@pytest.mark.parametrize("path", GAMES)
def test_solve_finds_the_files_own_pay(path):
    analysis = analysed(path)
    bet = first_bet(analysis)
    line, pay = paid_line(analysis, bet)
    edge = analysis.tables[bet].metrics.house_edge
    found = solve(path, bet, line, edge)
    assert found.pays, found.message
    assert Fraction(str(found.pays[0])) <= pay  # the lowest pay giving that edge (a strategy change can reach it lower)
    assert found.nearby["house_edge"].min() <= edge <= found.nearby["house_edge"].max()


@pytest.mark.parametrize("path", GAMES)
def test_house_edge_as_an_expression_of_the_pays(path):
    """The expression gives the analysed edge at the file's pays, and the edge of the same strategy one unit higher: for a
    side bet, the re-analysed edge there (it holds for every pay); for the game's own bet, at most it (the best strategy
    there may do better)."""
    analysis = analysed(path)
    bet = first_bet(analysis)
    line, pay = paid_line(analysis, bet)
    expression = pay_expression(path, bet)
    assert expression.house_edge_at({}) == analysis.tables[bet].metrics.house_edge
    raised = sweep(path, bet, line, [pay + 1])["house_edge"][0]
    at_raised = expression.house_edge_at({line: pay + 1})
    assert at_raised == raised if expression.everywhere else at_raised >= raised


@pytest.mark.parametrize("path", GAMES)
def test_small_search(path):
    analysis = analysed(path)
    bet = first_bet(analysis)
    line, pay = paid_line(analysis, bet)
    edge = analysis.tables[bet].metrics.house_edge
    frame = search(path, bet, {line: [pay, pay + 1]}, (edge, edge))
    assert pay in frame[line].tolist()


@pytest.mark.parametrize("path", GAMES)
def test_report_builds(path):
    reports = build_reports([path])
    assert reports and all(name.endswith((".html", ".pdf")) and data for name, data in reports.items())


CLAIMS = sorted(ROOT.glob("paytables/*/claims/*.yaml"))
BIG_FAMILIES = {p.parent.name for p in BIG}
BIG_CLAIMS = {"pai_gow_poker/house-way"}  # Pai Gow Poker's own bet over 53 cards: about 13 minutes of processor time, 5 GB
# published as 10.23% for the 1000-200-50-25-20-10-5 table; the exact figure is 10.2248%, and the par sheet shows it as FAIL;
# the Wizard of Macau's 2.88% for a surrendering Casino War player is the going-to-war figure (surrender: 3.6977%);
# oddsshark.com's one-deck Red Dog 3.15% is 3.1554% cut short (it rounds to 3.16%);
# High Card Flush: a UK licensing page's odds of the longest straight flushes (1 in 83,615 and 1 in 3,351; exactly
# 1 in 82,379.66 and 1 in 3,347.96);
# Texas Hold'em Bonus: the Wizard of Odds' standard deviation 3.500839 leaves the folds' squared loss out of the variance
# (it is the square root of the variance less the chance of a fold, 10/221); the exact figure is 3.507296;
# Pai Gow Poker: the Wizard of Odds' seven-card counts put the 201,824 hands with three of a kind and a straight under
# three of a kind (paytables/pai_gow_poker/claims/fortune.yaml); his long-quoted house way figures (28.61%, 41.48%,
# 29.91%, 2.73%) are a random simulation's, older than JB's exact count (paytables/pai_gow_poker/claims/house-way.yaml)
PUBLISHED_ERRORS = {"pai_gow player wins both (simulation)", "pai_gow push (simulation)",
                    "pai_gow banker wins both (simulation)", "pai_gow house edge (simulation)",
                    "six_card_bonus house edge", "casino_war house edge [always surrender], Wizard of Macau",
                    "red_dog house edge, 1 deck (oddsshark.com)",
                    "six- or seven-card straight flush odds", "five-card straight flush odds",
                    "ante_flop_turn_river standard deviation",
                    "fortune combinations (three of a kind)", "fortune combinations (straight)", "fortune expected return",
                    "dealer's blackjack under A (printed 0.313726; 16/51 = 0.3137255 rounds to 0.313725)"}


# blackjack: the Wizard of Odds' game totals (Appendix 9) are computed with his approximation of splits and differ from the
# exact ones by a few units in their last printed place (a convention gap: paytables/blackjack/claims/, whose claims say
# in words what was measured, so they are matched here by their rule set); Free Bet's 0.625% was published for the
# game's first rules. The par sheet shows each as FAIL with the exact figure.
APPENDIX_9_GAPS = ("1 deck S17 DAS", "1 deck S17 no DAS", "1 deck H17 DAS", "1 deck H17 no DAS", "2 decks H17 DAS", "2 decks H17 no DAS",
                   "5 decks S17 DAS", "5 decks H17 DAS", "5 decks H17 no DAS", "6 decks H17 no hole card DAS",
                   "6 decks H17 no hole card no DAS", "8 decks H17 no hole card DAS", "8 decks H17 no hole card no DAS")
BLACKJACK_CONVENTION_GAPS = {
    "Free Bet house edge, first rules (with the rules he states, ours is 0.6305%: 0.0055% above, a gap no rule reading closes)"}


def convention_gap(claim: str) -> bool:
    """A claim failing by a known convention gap: one of the Appendix 9 totals, named by its rule set, or one listed.

    >>> convention_gap("expected return, 1 deck S17 DAS (Appendix 9: his approximate splits, ours exact, CDP1: ...)")
    True
    >>> convention_gap("expected return, 5 decks S17 no DAS (Appendix 9: ...)"), convention_gap("expected return, 1 deck S17 DAS")
    (False, False)
    """
    head = claim.split(" (Appendix 9: ")[0] if " (Appendix 9: " in claim else None
    return claim in BLACKJACK_CONVENTION_GAPS or head in {f"expected return, {rules}" for rules in APPENDIX_9_GAPS}


@pytest.mark.parametrize("path", [pytest.param(p, id=f"{p.parent.parent.name}-{p.stem}",
                                               marks=[pytest.mark.slow] if p.parent.parent.name in BIG_FAMILIES
                                               or f"{p.parent.parent.name}/{p.stem}" in BIG_CLAIMS else [])
                                  for p in CLAIMS])
def test_shipped_claims_hold(path):
    """Every published figure a shipped claims file quotes, verified; the one known published error fails as it should."""
    frame = verify_file(path)
    failing = frame[~frame["passed"]]
    unexplained = [c for c in failing["claim"] if c not in PUBLISHED_ERRORS and not convention_gap(c)]
    assert not unexplained, failing[["claim", "published", "computed_text"]].to_dict("records")


# -- one way in ---------------------------------------------------------------------------------------------------
