"""Simulation: dealt hands played by the derived strategy and settled by the declared rules agree with the exact analysis.

On small decks (and small shoes) every deal is played and settled, and the exact sums must equal the analysis; on
real decks and shoes a seeded sample must land near it.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from casino_math.cards import Deck, parse_cards
from casino_math.errors import InputError
from casino_math.analysis import analyze
from casino_math.game.description import Deal
from casino_math.counting.drawing import bet_tables
from casino_math.analysis import load_game, load_game_text
from casino_math.shoe import Shoe
from casino_math.counting.drawing import CoupSettler
from casino_math.simulate import ShoePlan, Tally, chunks, deal_cards, make_plan, play, play_chunk, play_coups, simulate
from tests.helpers.paths import ROOT

STANDARD = ROOT / "paytables" / "three_card_poker" / "standard.yaml"
BACCARAT = ROOT / "paytables" / "baccarat" / "standard.yaml"
LUCKY_LADIES = ROOT / "paytables" / "blackjack_side_bets" / "lucky-ladies.yaml"
EVENTS = ROOT / "tests" / "games" / "shoe-baccarat-events.yaml"  # baccarat's deal, side bets reading every kind of event
MINI = sorted((ROOT / "tests" / "games").glob("mini-*.yaml"))
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


def chunks_in_any_order(plan) -> Tally:
    """Chunks dealt forwards or backwards tally the same (each chunk its own stream, different from the others)."""
    sizes = [3_000, 3_000, 1_500]
    forward, backward = Tally(), Tally()
    for chunk, size in enumerate(sizes):
        forward = forward.add(play_chunk(plan, 5, chunk, size))
    for chunk, size in reversed(list(enumerate(sizes))):
        backward = backward.add(play_chunk(plan, 5, chunk, size))
    assert forward == backward and forward.hands == 7_500
    assert play_chunk(plan, 5, 0, 3_000) != play_chunk(plan, 5, 1, 3_000)
    return forward


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
    chunks_in_any_order(make_plan(analyze(MINI[0])))


def test_dealt_cards_are_distinct_and_uniform():
    cards = deal_cards(np.random.default_rng(3), 200_000, 52, 6)
    ordered = np.sort(cards, axis=1)
    assert not (ordered[:, 1:] == ordered[:, :-1]).any()
    counts = np.bincount(cards.ravel(), minlength=52)
    expected = cards.size / 52
    assert ((counts - expected) ** 2 / expected).sum() < 100  # chi-square, 51 degrees of freedom: p ≈ 1e-4
    for position in range(6):  # every position is uniform too, not just the whole
        seen = np.bincount(cards[:, position], minlength=52)
        assert ((seen - 200_000 / 52) ** 2 / (200_000 / 52)).sum() < 100, position
    pairs = np.bincount(cards[:, 4] * 52 + cards[:, 5], minlength=52 * 52).reshape(52, 52)  # two cards dealt late, jointly
    assert not pairs.diagonal().any()
    expected = 200_000 / (52 * 51)
    assert ((pairs - expected) ** 2 / expected).sum() - 52 * expected < 2652 + 400  # chi-square, 2,651 df (diagonal out)


# -- games dealt from a shoe ---------------------------------------------------------------------------
def test_every_coup_of_a_small_shoe_gives_the_exact_figures():
    """Every ordered deal of six cards from nine, played and settled as a simulated chunk: the exact counts of the
    analysis of that shoe, outcome by outcome (a game with draws counts ordered deals of its six places)."""
    game = load_game(EVENTS)
    shoe = Shoe.from_cards(parse_cards("Ah Ah Kh Ad 9s 9s 3c 6h 7c", allow_repeats=True))
    tables = bet_tables(game, shoe)
    scales = {bet: math.lcm(*(o.net.denominator for o in table.outcomes), 1) for bet, table in tables.items()}
    plan = ShoePlan(game, CoupSettler(game, shoe), scales)
    tally = play_coups(plan, plan.coups.kinds[np.array(list(itertools.permutations(range(shoe.size), plan.coups.cards)))])
    for bet, table in tables.items():
        assert tally.hands == table.total
        assert {o.keys: tally.outcomes[bet][o.keys] for o in table.outcomes} == {o.keys: o.combinations for o in table.outcomes}
        assert mean(tally, bet, plan.side_scale[bet]) == table.metrics.expected_return, bet


@functools.cache
def simulated_shoe(path: Path, hands: int = 300_000, seed: int = 3):
    return simulate(path, hands=hands, seed=seed)


@pytest.mark.parametrize("path", [BACCARAT, LUCKY_LADIES], ids=lambda p: p.stem)
def test_shoe_simulation_lands_near_the_exact_figures(path):
    frame = simulated_shoe(path)
    game = load_game(path)
    assert list(frame["wager"]) == list(game.bets) and frame["hands"].eq(300_000).all()
    assert (frame["z"].abs() < 5).all(), frame[["wager", "z"]]
    outcomes = frame.attrs["outcomes"]
    assert set(outcomes["wager"]) == set(game.bets) and (outcomes["z"].abs() < 5).all(), outcomes[["wager", "outcome", "z"]]
    assert "strategy" not in frame.attrs  # no decisions


def test_a_small_shoe_deals_its_own_frequencies():
    """Two 20-card decks (tens to aces): card removal moves every frequency far from a big shoe's (a pair of the
    same card is 1 in 39, not 1 in 20 as it would be dealt with replacement); the simulated ones agree with it."""
    game = dataclasses.replace(load_game(EVENTS), deck=Deck.named("royal", decks=2))
    frame = simulate(game, hands=200_000, seed=11)
    outcomes = frame.attrs["outcomes"]
    assert (outcomes["z"].abs() < 5).all(), outcomes[["wager", "outcome", "observed", "exact_float", "z"]]
    matched = outcomes[(outcomes["wager"] == "perfect_pair") & (outcomes["outcome"] == "matched")].iloc[0]
    assert matched["exact"] == Fraction(1, 39) - Fraction(2, 40) * Fraction(1, 39)  # less the aces of hearts, an earlier line
    assert (frame["z"].abs() < 5).all()


def test_shoe_coups_are_fixed_by_the_seed_and_chunks_are_independent():
    frame = simulate(BACCARAT, hands=20_000, seed=5)
    again = simulate(BACCARAT, hands=20_000, seed=5)
    other = simulate(BACCARAT, hands=20_000, seed=6)
    assert frame["observed_return"].tolist() == again["observed_return"].tolist() != other["observed_return"].tolist()
    assert frame.attrs["outcomes"].equals(again.attrs["outcomes"])
    forward = chunks_in_any_order(make_plan(analyze(BACCARAT)))
    assert sum(forward.outcomes["tie"].values()) == 7_500


@pytest.mark.parametrize("hands, seed, message", [(0, 1, "deal between 2 and"), (100, -1, "a seed is a whole number")])
def test_bad_input(hands, seed, message):
    with pytest.raises(InputError, match=message):
        simulate(STANDARD, hands=hands, seed=seed)
