"""Blackjack rounds dealt card by card from shuffled shoes and settled by the rules (:mod:`casino_math.methods.blackjack.coups`),
played by the analysed strategy: the average net and the frequency of every row of the return table land within four
standard errors of the exact figures (the simulator's check, on the counting's own strategy and rows)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from casino_math.analysis import analyze
from casino_math.methods.blackjack.game_file import load_blackjack_text
from casino_math.methods.blackjack.method import BLACKJACK

HEAD = "game: blackjack\nid: bj\n"
ONE_DECK = "deck: {decks: 1}\n"
GAMES = {
    "peek, S17, DAS": "blackjack: {split: {hands: 3}}\n",
    "split hands by every card seen (CDP), 6 to A": "deck: {ranks: 6-A}\nblackjack: {split: {hands: 2, play: CDP}}\n",
    "no hole card, original bet, early surrender": "blackjack:\n  dealer: {hole_card: none, blackjack_takes: original}\n  surrender: early\n  split: {hands: 2}\n",
    "free bet": "blackjack:\n  dealer: {soft_17: hits, twenty_two: pushes}\n  double: {free: 9-11}\n  split: {hands: 3, free: all but tens}\n",
    "spanish 21 rules, suited blackjack": ("blackjack:\n  double: {cards: any, rescue: true}\n  split: {hands: 2, hit_split_aces: true}\n  player_21: always wins\n"
                                           "  pays: {blackjack: 3 to 2, suited blackjack: 2 to 1, five-card 21: 3 to 2, 6-7-8: 3 to 2, suited 6-7-8: 2 to 1,"
                                           " 6-7-8 in spades: 3 to 1}\n"),
}


@pytest.mark.slow  # ten seconds each: an exact analysis and 20,000 rounds (the default tier has coups.py's doctest)
@pytest.mark.parametrize("rules", GAMES.values(), ids=GAMES.keys())
def test_rounds_dealt_land_on_the_exact_figures(rules):
    analysis = analyze(load_blackjack_text(HEAD + ("" if rules.startswith("deck:") else ONE_DECK) + rules))
    table = analysis.tables["blackjack"]
    coups = BLACKJACK.coups(analysis.solution)
    rng = np.random.default_rng(20)
    hands = 20_000
    rows = np.array([rng.permutation(coups.kinds)[:coups.cards] for _ in range(hands)])
    codes, ends = coups(rows)["blackjack"]
    nets = [float(ends[c].net) for c in codes.tolist()]
    sd = table.metrics.standard_deviation
    assert abs(np.mean(nets) - float(table.metrics.expected_return)) < 4 * sd / math.sqrt(hands)
    seen = Counter(codes.tolist())
    for i, outcome in enumerate(table.outcomes):
        p = Fraction(outcome.combinations, table.total)
        se = math.sqrt(float(p * (1 - p)) / hands) or 1 / hands
        assert abs(seen[i] / hands - float(p)) < 4 * se + 1 / hands, outcome.name
