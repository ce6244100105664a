"""Simulation: the settlement of dealt cards agrees with the exact analysis, deal by deal on a small deck."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_math import analyze
from casino_math.errors import InputError
from casino_math.paytable import load_game_text
from casino_math.simulate import Table, deal_cards, simulate

STANDARD = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker" / "standard.yaml"
SMALL_DECK = """\
game: three_card_poker
id: small
rules: {{deck: royal, dealer_qualifies: {rule}}}
wagers:
  ante_play:
    ante_bonus: {{straight_flush: 5, three_of_a_kind: 4, straight: 1, pair: "1/2"}}
  pair_plus:
    pays: {{mini_royal: 60, straight_flush: 40, three_of_a_kind: 30, straight: 6, flush: 4, pair: 1}}
  six_card_bonus:
    pays: {{royal_flush: 1000, straight_flush: 200, four_of_a_kind: 100, full_house: 20, flush: 15, straight: 10, three_of_a_kind: 7}}
  prime:
    pays: {{three_same_color: 3, six_same_color: 4}}
  progressive:
    jackpot: 5000
    pays: {{spade_mini_royal: jackpot, mini_royal: "500 for 1", straight_flush: "100 for 1", three_of_a_kind: "90 for 1"}}
"""


def every_deal(deck_size: int) -> np.ndarray:
    """Every (player three, dealer three) of a deck, as rows of six card ids."""
    hands = np.array(list(itertools.combinations(range(deck_size), 3)))
    masks = (1 << hands).sum(axis=1)
    player, dealer = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    return np.concatenate([hands[player], hands[dealer]], axis=1)


@pytest.mark.parametrize("rule", ["queen_high", "pair"])
def test_settling_every_deal_of_a_small_deck_gives_the_exact_returns(rule):
    """20 cards (tens to aces): all 775,200 deals settled one by one, summed exactly, against the counted analysis."""
    analysis = analyze(load_game_text(SMALL_DECK.format(rule=rule)))
    deals = every_deal(20)
    nets = Table(analysis).settle(deals)
    assert set(nets) == set(analysis.tables)
    for wager, net in nets.items():
        total = sum(Fraction(v) * int(n) for v, n in zip(*np.unique(net, return_counts=True)))
        assert total / len(deals) == analysis.tables[wager].metrics.expected_return, wager


def test_dealt_cards_are_distinct_and_uniform():
    cards = deal_cards(np.random.default_rng(3), 200_000, 52)
    ordered = np.sort(cards, axis=1)
    assert not (ordered[:, 1:] == ordered[:, :-1]).any()
    counts = np.bincount(cards.ravel(), minlength=52)
    expected = cards.size / 52
    assert ((counts - expected) ** 2 / expected).sum() < 100  # chi-square, 51 degrees of freedom: p ≈ 1e-4


def test_simulation_within_its_interval():
    frame = simulate(STANDARD, hands=200_000, seed=1).set_index("wager")
    assert list(frame.index) == ["ante_play", "pair_plus", "six_card_bonus", "prime"]
    assert frame["inside"].all()
    assert (frame["ci_low"] < frame["exact_return_float"]).all() and (frame["exact_return_float"] < frame["ci_high"]).all()
    assert frame["standard_error"].between(0.001, 0.02).all()
    again = simulate(STANDARD, hands=200_000, seed=1).set_index("wager")
    assert (again["observed_return"] == frame["observed_return"]).all()  # the seed fixes the hands


@pytest.mark.parametrize("hands, seed, message", [(0, 1, "deal between 2 and"), (100, -1, "a seed is a whole number")])
def test_bad_input(hands, seed, message):
    with pytest.raises(InputError, match=message):
        simulate(STANDARD, hands=hands, seed=seed)
