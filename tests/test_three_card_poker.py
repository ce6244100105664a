"""Three Card Poker: published figures, a brute-force reference on small decks, and properties."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math import analyze
from casino_math.cards import Deck
from casino_math.games.three_card_poker import ante_play, deal, simple_strategies
from casino_math.paytable import Pay

from brute_force import ante_play_edge, ante_play_outcomes

TABLES = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker"


def percent(value: Fraction, places: int = 2) -> str:
    """The exact value as a published percentage would print it (half-up at ``places`` decimals)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) * 100
    return str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)) + "%"


@pytest.fixture(scope="module")
def standard():
    return analyze(TABLES / "standard.yaml")


def test_deals_counted(standard):
    assert standard.deal.deals == 22_100 * 18_424 == 407_170_400
    assert standard.ante_play.table.total == 407_170_400


def test_dealer_qualifies_with_queen_high_in_15380_hands(standard):
    values = standard.deal.hands.values
    assert int((values >= standard.deal.qualifying_value).sum()) == 15_380
    assert percent(Fraction(15_380, 22_100)) == "69.59%"


def test_optimal_strategy_is_q64(standard):
    assert standard.ante_play.weakest_hand_played == "Q-6-4"
    strategy = standard.ante_play.strategy
    high_cards = strategy[strategy["category"] == "high_card"].set_index("hand")
    assert high_cards.loc["Q-6-4", "decision"] == "play" and high_cards.loc["Q-6-4", "ev_play_exact"] > -1
    assert high_cards.loc["Q-6-3", "decision"] == "fold" and high_cards.loc["Q-6-3", "ev_play_exact"] < -1
    assert set(strategy[strategy["category"] != "high_card"]["decision"]) == {"play"}


def test_house_edge_and_element_of_risk(standard):
    metrics = standard.ante_play.metrics
    assert percent(metrics.house_edge) == "3.37%"
    assert percent(metrics.element_of_risk) == "2.01%"


def test_wizard_return_table_rows(standard):
    rows = standard.ante_play.outcomes_by_hand().set_index("category")
    assert tuple(rows.loc["straight_flush", ["wins", "ties", "losses", "not_qualified"]]) == (617_044, 144, 968, 266_196)
    assert tuple(rows.loc["three_of_a_kind", ["wins", "ties", "losses"]]) == (665_776, 0, 3_312)


@pytest.mark.parametrize(
    "strategy, published",
    [("always play", "-0.129389"), ("play J-high or better", "-0.100696"), ("play Q-high or better", "-0.087342")],
)
def test_returns_without_ante_bonus_by_strategy(standard, strategy, published):
    plays = simple_strategies(standard.deal)[strategy]
    expected = ante_play(standard.deal, {}, plays).metrics.expected_return
    assert f"{float(expected):.6f}" == published


def test_optimal_return_without_ante_bonus(standard):
    optimal = ante_play(standard.deal, {})
    assert f"{float(optimal.metrics.expected_return):.6f}" == "-0.086580"
    assert optimal.weakest_hand_played == "Q-6-4"


def test_ante_bonus_5_3_1_element_of_risk():
    assert percent(analyze(TABLES / "ante-bonus-5-3-1.yaml").ante_play.metrics.element_of_risk) == "2.16%"


@pytest.mark.parametrize(
    "file, published",
    [
        ("standard.yaml", "2.32%"),
        ("pair-plus-40-25-6-4-1.yaml", "3.49%"),
        ("pair-plus-35-25-6-4-1.yaml", "4.58%"),
        ("pair-plus-40-30-6-3-1.yaml", "7.28%"),
        ("pair-plus-40-30-5-4-1.yaml", "5.57%"),
        ("pair-plus-40-30-5-4-1-mini-royal-50.yaml", "5.39%"),
        ("pair-plus-40-30-5-4-1-mini-royal-100.yaml", "4.49%"),
        ("pair-plus-40-30-6-3-1-mini-royal-50.yaml", "7.10%"),
    ],
)
def test_pair_plus_house_edges(file, published):
    assert percent(analyze(TABLES / file).pair_plus.metrics.house_edge) == published


def test_mini_royal_is_four_hands(standard):
    assert int(standard.deal.mini_royal.sum()) == 4
    assert int(standard.deal.spade_mini_royal.sum()) == 1


def test_six_card_bonus(standard):
    metrics = standard.six_card_bonus.metrics
    assert metrics.combinations == 20_358_520
    assert Fraction(85, 1000) < metrics.house_edge < Fraction(86, 1000)  # "just over 8.5%"
    assert Fraction(72, 1000) < metrics.hit_frequency < Fraction(73, 1000)  # "slightly over 7.2%"
    other = analyze(TABLES / "six-card-bonus-1000-200-50-25-20-10-5.yaml").six_card_bonus.metrics
    assert percent(other.house_edge) == "10.22%"  # published as 10.23%: a published error


def test_progressive_break_even_jackpot():
    progressive = analyze(TABLES / "progressive.yaml").progressive
    assert progressive.break_even_jackpot == 11_520
    assert progressive.house_edge_at(11_520) == 0
    assert progressive.house_edge_at(11_519) > 0 > progressive.house_edge_at(11_521)
    assert progressive.metrics.house_edge == progressive.house_edge_at(progressive.jackpot)


def test_prime_counts_by_colour(standard):
    rows = {o.name: o.combinations for o in standard.prime.outcomes}
    # six of one colour: 2 colours × C(26,3) player hands × C(23,3) dealer hands
    assert rows["six same color"] == 2 * 2_600 * 1_771
    assert rows["six same color"] + rows["three same color"] == 2 * 2_600 * 18_424
    assert sum(rows.values()) == 407_170_400


def test_every_table_sums_to_its_deals(standard):
    for name, table in standard.tables.items():
        assert sum(o.combinations for o in table.outcomes) == table.metrics.combinations
        assert table.to_frame()["probability"].sum() == 1, name


# -- the brute-force reference on small decks ------------------------------------------------------
@pytest.mark.parametrize(
    "the_deck, rule, top",
    [(Deck.named("royal"), "queen_high", 12), (Deck.named("royal"), "pair", None), (Deck.stripped(9), "king_high", 13)],
)
def test_counts_match_brute_force(the_deck, rule, top):
    fast = deal(the_deck, rule)
    slow = ante_play_outcomes(the_deck, top)
    cards = the_deck.cards
    for i, ids in enumerate(fast.hands.cards):
        tally = slow[tuple(cards[j] for j in ids)]
        got = (int(fast.wins[i]), int(fast.ties[i]), int(fast.losses[i]), int(fast.not_qualified[i]))
        assert got == (tally["win"], tally["tie"], tally["loss"], tally["not_qualified"])


def test_ante_play_edge_matches_brute_force_on_royal_deck():
    bonus = {"straight_flush": Fraction(5), "three_of_a_kind": Fraction(4), "straight": Fraction(1)}
    edge, played = ante_play_edge(Deck.named("royal"), 12, bonus)
    fast = ante_play(deal(Deck.named("royal"), "queen_high"), {k: Pay.to_one(v) for k, v in bonus.items()})
    assert fast.metrics.house_edge == edge
    assert fast.hands_played == played


# -- properties ---------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), flips=st.integers(1, 500))
def test_no_strategy_beats_the_derived_one(standard, seed, flips):
    optimal = standard.ante_play
    plays = optimal.plays.copy()
    rng = np.random.default_rng(seed)
    plays[rng.choice(len(plays), size=flips, replace=False)] ^= True
    other = ante_play(standard.deal, optimal.ante_bonus, plays)
    assert other.metrics.expected_return < optimal.metrics.expected_return


@settings(max_examples=30, deadline=None)
@given(
    straight_flush=st.integers(0, 60), trips=st.integers(0, 60), straight=st.integers(0, 10),
    flush=st.integers(0, 10), pair=st.integers(0, 3),
)
def test_pair_plus_return_is_the_dot_product_of_counts_and_pays(standard, straight_flush, trips, straight, flush, pair):
    pays = {"straight_flush": straight_flush, "three_of_a_kind": trips, "straight": straight, "flush": flush, "pair": pair}
    counts = {"straight_flush": 48, "three_of_a_kind": 52, "straight": 720, "flush": 1_096, "pair": 3_744}
    base = standard.config
    pair_plus = base.wagers.pair_plus.model_copy(update={"pays": {k: Pay.to_one(v) for k, v in pays.items()}})
    config = base.model_copy(update={"wagers": base.wagers.model_copy(update={"pair_plus": pair_plus})})
    expected = Fraction(sum(counts[k] * pays[k] for k in counts) - (22_100 - sum(counts.values())), 22_100)
    assert analyze(config).pair_plus.metrics.expected_return == expected
