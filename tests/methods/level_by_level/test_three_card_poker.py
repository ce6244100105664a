"""Three Card Poker through the generic engine: the published figures, a brute force on a small deck, and properties."""

from __future__ import annotations

import dataclasses
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math import analyze
from casino_math.methods.level_by_level.counts import count
from casino_math.game.description import Line, Paytable
from casino_math.analysis import load_game, load_game_text
from casino_math.showdown import CELLS
from casino_math.methods.level_by_level.solver import backward_induction
from casino_math.pays import Pay

from tests.references.brute_force import ante_play_outcomes
from tests.helpers.paths import ROOT

TABLES = ROOT / "paytables" / "three_card_poker"


def percent(value: Fraction, places: int = 2) -> str:
    """The exact value as a published percentage would print it (half-up at ``places`` decimals)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) * 100
    return str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)) + "%"


@pytest.fixture(scope="module")
def standard():
    return analyze(TABLES / "standard.yaml")


def rows(table, **keys) -> int:
    """Deals in the rows of a return table whose keys are as given."""
    return sum(o.combinations for o in table.outcomes if all(o.key(k) == v for k, v in keys.items()))


def test_deals_counted(standard):
    assert standard.deals == 22_100 * 18_424 == 407_170_400
    assert standard.tables["ante_play"].total == 407_170_400


def test_dealer_qualifies_with_queen_high_in_15380_hands(standard):
    assert standard.dealer_qualifying() == (15_380, 22_100)
    assert percent(Fraction(15_380, 22_100)) == "69.59%"


def test_optimal_strategy_is_q64(standard):
    decision = standard.decision("play_or_fold")
    assert decision.threshold == "Q-6-4"
    frame = decision.frame()
    ranks = frame["player"].str.replace(r"[cdhs]", "", regex=True)
    q64 = frame[(ranks == "Q 6 4") & (frame["hand"] == "high_card")]
    q63 = frame[(ranks == "Q 6 3") & (frame["hand"] == "high_card")]
    assert len(q64) and set(q64["decision"]) == {"play"} and all(decision.exact(i, "play") > -1 for i in q64.index)
    assert len(q63) and set(q63["decision"]) == {"fold"} and all(decision.exact(i, "play") < -1 for i in q63.index)
    assert set(frame[frame["hand"] != "high_card"]["decision"]) == {"play"}
    assert int(frame["combinations"].sum()) == 22_100


def test_house_edge_and_element_of_risk(standard):
    metrics = standard.tables["ante_play"].metrics
    assert percent(metrics.house_edge) == "3.37%"
    assert percent(metrics.element_of_risk) == "2.01%"


def test_wizard_return_table_rows(standard):
    table = standard.tables["ante_play"]
    line = "line:ante_bonus"
    assert [rows(table, **{line: "straight flush", "situation": s}) for s in
            ("player_higher", "equal", "dealer_higher", "dealer_not_qualified")] == [617_044, 144, 968, 266_196]
    assert [rows(table, **{line: "three of a kind", "situation": s}) for s in
            ("player_higher", "equal", "dealer_higher")] == [665_776, 0, 3_312]


@pytest.mark.parametrize("rule, published", [
    ("always play", "-0.129389"), ("play J-high or better", "-0.100696"), ("play Q-high or better", "-0.087342"),
])
def test_returns_without_ante_bonus_by_strategy(rule, published):
    no_bonus = analyze(TABLES / "ante-play-no-bonus.yaml")
    assert f"{float(no_bonus.under_rule(rule).metrics.expected_return):.6f}" == published


def test_optimal_return_without_ante_bonus():
    no_bonus = analyze(TABLES / "ante-play-no-bonus.yaml")
    assert f"{float(no_bonus.tables['ante_play'].metrics.expected_return):.6f}" == "-0.086580"
    assert no_bonus.decision().threshold == "Q-6-4"


def test_ante_bonus_5_3_1_element_of_risk():
    assert percent(analyze(TABLES / "ante-bonus-5-3-1.yaml").tables["ante_play"].metrics.element_of_risk) == "2.16%"


@pytest.mark.parametrize("file, published", [
    ("standard.yaml", "2.32%"),
    ("pair-plus-40-25-6-4-1.yaml", "3.49%"),
    ("pair-plus-35-25-6-4-1.yaml", "4.58%"),
    ("pair-plus-40-30-6-3-1.yaml", "7.28%"),
    ("pair-plus-40-30-5-4-1.yaml", "5.57%"),
    ("pair-plus-40-30-5-4-1-mini-royal-50.yaml", "5.39%"),
    ("pair-plus-40-30-5-4-1-mini-royal-100.yaml", "4.49%"),
    ("pair-plus-40-30-6-3-1-mini-royal-50.yaml", "7.10%"),
])
def test_pair_plus_house_edges(file, published):
    assert percent(analyze(TABLES / file).tables["pair_plus"].metrics.house_edge) == published


def test_mini_royal_is_four_hands_one_in_spades():
    table = analyze(TABLES / "progressive.yaml").tables["progressive"]
    assert rows(table, line="mini royal in spades") == 1 and rows(table, line="mini royal") == 3


def test_six_card_bonus(standard):
    metrics = standard.tables["six_card_bonus"].metrics
    assert metrics.combinations == 20_358_520
    assert Fraction(85, 1000) < metrics.house_edge < Fraction(86, 1000)  # "just over 8.5%"
    assert Fraction(72, 1000) < metrics.hit_frequency < Fraction(73, 1000)  # "slightly over 7.2%"
    other = analyze(TABLES / "six-card-bonus-1000-200-50-25-20-10-5.yaml").tables["six_card_bonus"].metrics
    assert percent(other.house_edge) == "10.22%"  # published as 10.23%: a published error


def test_progressive_break_even_meter():
    progressive = analyze(TABLES / "progressive.yaml")
    assert progressive.break_even("progressive", "mini royal in spades") + 1 == 11_520  # the meter is paid "for 1"


def test_prime_counts_by_colour(standard):
    table = standard.tables["prime"]
    six = rows(table, line="same colour on six_cards")
    # six of one colour: 2 colours × C(26,3) player hands × C(23,3) dealer hands
    assert six == 2 * 2_600 * 1_771
    assert six + rows(table, line="same colour") == 2 * 2_600 * 18_424
    assert table.total == 407_170_400


def test_every_table_sums_to_its_deals(standard):
    for name, table in standard.tables.items():
        assert sum(o.combinations for o in table.outcomes) == table.metrics.combinations
        assert table.to_frame()["probability"].sum() == 1, name


# -- the showdown against a brute force, hand by hand, on a small deck ----------------------------------
def test_showdown_cells_match_brute_force_on_the_royal_deck():
    text = (TABLES / "standard.yaml").read_text().replace("deck: standard", "deck: royal")
    game = load_game_text(text, "royal.yaml")
    counts = count(game)
    slow = ante_play_outcomes(game.deck, 12)
    cards = game.deck.cards
    level = counts.last
    names = dict(zip(CELLS, range(len(CELLS))))
    for i, ids in enumerate(level.cards["player"]):
        tally = slow[tuple(cards[j] for j in ids)]
        cell = counts.cells[i]
        not_qualified = int(cell[:3].sum())
        got = (int(cell[names["qualified_player_higher"]]), int(cell[names["qualified_equal"]]),
               int(cell[names["qualified_dealer_higher"]]), not_qualified)
        assert got == (tally["win"], tally["tie"], tally["loss"], tally["not_qualified"])


# -- properties ---------------------------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), flips=st.integers(1, 300))
def test_no_strategy_beats_the_derived_one(standard, seed, flips):
    game, solved = standard.game, standard.solution.working()  # the level solver's own working
    counts, optimal = solved.counts, solved.decisions[0]
    choice = optimal.choice.copy()
    rng = np.random.default_rng(seed)
    flipped = rng.choice(len(choice), size=min(flips, len(choice)), replace=False)
    choice[flipped] = 1 - choice[flipped]
    other = backward_induction(game, counts, lambda level, decision, history, values: choice)
    assert other.table.metrics.expected_return < standard.tables["ante_play"].metrics.expected_return


@settings(max_examples=25, deadline=None)
@given(straight_flush=st.integers(0, 60), trips=st.integers(0, 60), straight=st.integers(0, 10),
       flush=st.integers(0, 10), pair=st.integers(0, 3))
def test_pair_plus_return_is_the_dot_product_of_counts_and_pays(standard, straight_flush, trips, straight, flush, pair):
    pays = {"straight flush": straight_flush, "three of a kind": trips, "straight": straight, "flush": flush, "pair": pair}
    counts = {"straight flush": 48, "three of a kind": 52, "straight": 720, "flush": 1_096, "pair": 3_744}
    game = standard.game
    table = game.paytables["pair_plus"]
    lines = tuple(Line(line.key, line.pattern, Pay.to_one(pays[line.key]), line.hand) for line in table.lines)
    changed = dataclasses.replace(game, paytables={**game.paytables, "pair_plus": Paytable(table.name, lines)})
    expected = Fraction(sum(counts[k] * pays[k] for k in counts) - (22_100 - sum(counts.values())), 22_100)
    assert analyze(changed).tables["pair_plus"].metrics.expected_return == expected


def test_variants_share_the_counts_of_their_game():
    assert count(load_game(TABLES / "standard.yaml")) is count(load_game(TABLES / "ante-bonus-4-3-1.yaml"))
