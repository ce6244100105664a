"""Simulation: dealt hands played by the derived strategy and settled by the declared rules agree with the exact analysis.

On small decks every deal is played and settled, and the exact sums must equal the analysis; on real decks a
seeded sample must land near it.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_math.errors import InputError
from casino_math.game.analysis import analyze
from casino_math.game.description import Deal
from casino_math.game.loader import load_game, load_game_text
from casino_math.simulate import Tally, chunks, deal_cards, make_plan, play, play_chunk, simulate

STANDARD = Path(__file__).resolve().parent.parent / "paytables" / "three_card_poker" / "standard.yaml"
MINI = sorted((Path(__file__).resolve().parent / "games").glob("mini-*.yaml"))
# Three Card Poker rules on 16 cards (jacks to aces) with side bets of every kind: by value, by suit, by colour
# over two hands, and a bonus line in spades (so the strategy's classes keep spades apart)
SMALL_DECK = """\
game: small
id: small
deck: {ranks: J-A}
deal:
  - player: 3
  - dealer: 3
  - decide: {options: {fold: fold, play: {play: 1}}}
hands:
  player: {of: [player], ranking: three-card}
  dealer: {of: [dealer], ranking: three-card}
  six_cards: {of: [player, dealer], best: 5, ranking: high}
dealer_qualifies: pair
bet: ante_play
wagers:
  ante: {stake: 1, settle: {folded: lose, dealer_not_qualified: win, player_higher: win, equal: push, dealer_higher: lose}}
  play: {settle: {dealer_not_qualified: push, player_higher: win, equal: push, dealer_higher: lose}}
  ante_bonus: {bonus_on: ante, settle: {folded: push, otherwise: {pays: ante_bonus, on: player}}}
side_bets:
  pair_plus: {pays: pair_plus, on: player}
  six_card_bonus: {pays: six_card_bonus, on: six_cards}
  prime: {pays: prime, on: player}
  progressive: {pays: progressive, on: player}
paytables:
  ante_bonus: {mini royal in spades: 50, straight flush: 5, three of a kind: 4, straight: 1, pair: "1/2"}
  pair_plus: {mini royal: 60, straight flush: 40, three of a kind: 30, straight: 6, flush: 4, pair: 1}
  six_card_bonus: {royal flush: 1000, straight flush: 200, four of a kind: 100, full house: 20, flush: 15, straight: 10}
  prime: {same colour on six_cards: 4, same colour: 3}
  progressive: {mini royal in spades: "5000 for 1", mini royal: "500 for 1", three of a kind: "90 for 1"}
"""


def every_deal(game) -> np.ndarray:
    """Every way to deal the game's steps from its deck (each step's cards a set), as rows of card ids in deal order."""
    sizes = [s.cards for s in game.steps if isinstance(s, Deal)]
    rows: list[tuple[int, ...]] = [()]
    for k in sizes:
        rows = [r + c for r in rows for c in itertools.combinations([x for x in range(len(game.deck.cards)) if x not in r], k)]
    return np.array(rows, dtype=np.int64)


def mean(tally: Tally, bet: str, scale) -> Fraction:
    return Fraction(sum(v * n for v, n in tally.nets[bet].items()), tally.hands) / scale


@pytest.mark.parametrize("game", [load_game_text(SMALL_DECK, "small.yaml"), *map(load_game, MINI)], ids=lambda g: g.id)
def test_every_deal_of_a_small_deck_gives_the_exact_figures(game):
    """All deals played by the analysed strategy and settled one by one, summed exactly: the analysis' figures."""
    analysis = analyze(game)
    plan = make_plan(analysis)
    tally = play(plan, every_deal(game))
    assert tally.hands == analysis.deals
    for bet, table in analysis.tables.items():
        scale = plan.net_scale if bet == game.bet else plan.side_scale[bet]
        assert mean(tally, bet, scale) == table.metrics.expected_return, bet
    own = analysis.tables[game.bet]
    stakes = Fraction(sum(v * n for v, n in tally.stakes.items()), tally.hands) / (plan.stake_scale * game.initial_stake)
    assert stakes == own.metrics.average_wager
    folds = sum(o.combinations for o in own.outcomes if o.key("situation") == "folded")
    assert sum(tally.folds.values()) == folds


@functools.cache
def simulated(path: Path):
    return simulate(path, hands=200_000, seed=3)


@pytest.mark.parametrize("path", [STANDARD, *MINI], ids=lambda p: p.stem)
def test_simulation_lands_near_the_exact_figures(path):
    frame = simulated(path)
    assert list(frame["wager"]) == list(analyze(path).tables)
    assert (frame["z"].abs() < 5).all(), frame[["wager", "z"]]
    checks = frame.attrs["strategy"]
    assert checks["figure"].iloc[0] == "average wager" and (checks["z"].abs() < 5).all(), checks[["figure", "z"]]


def test_the_fold_rate_is_the_analysed_strategys():
    frame = simulated(STANDARD)
    folds = frame.attrs["strategy"].set_index("figure").loc["folds at play_or_fold"]
    assert folds["exact"] == Fraction(72, 221)  # hands below Q-6-4 fold
    assert abs(folds["observed"] - 72 / 221) < 0.005


def test_the_seed_fixes_the_deals_and_chunks_are_independent():
    frame = simulate(MINI[0], hands=20_000, seed=5)
    again = simulate(MINI[0], hands=20_000, seed=5)
    other = simulate(MINI[0], hands=20_000, seed=6)
    assert frame["observed_return"].tolist() == again["observed_return"].tolist() != other["observed_return"].tolist()
    assert chunks(250_000) == [100_000, 100_000, 50_000]
    plan = make_plan(analyze(MINI[0]))
    sizes = [3_000, 3_000, 1_500]
    forward, backward = Tally(), Tally()
    for chunk, size in enumerate(sizes):
        forward = forward.add(play_chunk(plan, 5, chunk, size))
    for chunk, size in reversed(list(enumerate(sizes))):
        backward = backward.add(play_chunk(plan, 5, chunk, size))
    assert forward == backward and forward.hands == 7_500
    assert play_chunk(plan, 5, 0, 3_000) != play_chunk(plan, 5, 1, 3_000)  # each chunk its own stream


def test_dealt_cards_are_distinct_and_uniform():
    cards = deal_cards(np.random.default_rng(3), 200_000, 52, 6)
    ordered = np.sort(cards, axis=1)
    assert not (ordered[:, 1:] == ordered[:, :-1]).any()
    counts = np.bincount(cards.ravel(), minlength=52)
    expected = cards.size / 52
    assert ((counts - expected) ** 2 / expected).sum() < 100  # chi-square, 51 degrees of freedom: p ≈ 1e-4
    first = np.bincount(cards[:, 0], minlength=52)  # every position is uniform too, not just the whole
    assert ((first - 200_000 / 52) ** 2 / (200_000 / 52)).sum() < 100


@pytest.mark.parametrize("hands, seed, message", [(0, 1, "deal between 2 and"), (100, -1, "a seed is a whole number")])
def test_bad_input(hands, seed, message):
    with pytest.raises(InputError, match=message):
        simulate(STANDARD, hands=hands, seed=seed)
