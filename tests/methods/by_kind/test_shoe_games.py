"""Games dealt from a shoe: the engine (counting by kinds of card) against a brute force that deals every card.

Small shoes with repeated cards, so that suited pairs, matched cards and suited
trips happen; every bet's probability of each way of ending must agree exactly.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb, perm

import numpy as np
import pytest
from tests.references.shoe_brute_force import outcome_probabilities

from casino_math.cards import Card, Deck, parse_cards
from casino_math.analysis import analyze
from casino_math.counting.coup import play
from casino_math.counting.coup import settle as settle_coup
from casino_math.counting.drawing import Rows, bet_tables, places, settle
from casino_math.analysis import load_game
from casino_math.shoe import Shoe
from tests.helpers.paths import ROOT

BACCARAT = ROOT / "paytables" / "baccarat"
BLACKJACK = ROOT / "paytables" / "blackjack_side_bets"


def _engine(game, cards) -> dict[str, dict[tuple, Fraction]]:
    tables = bet_tables(game, Shoe.from_cards(cards))
    return {name: {o.keys: Fraction(o.combinations, t.total) for o in t.outcomes if o.combinations} for name, t in tables.items()}


def _agree(game, text: str) -> None:
    cards = list(parse_cards(text, allow_repeats=True))
    assert _engine(game, cards) == outcome_probabilities(game, cards)


def test_baccarat_agrees_with_every_card_dealt():
    """Player, Banker, Tie, the Pairs and the Dragon Bonus, each drawing rule taken on a ten-card shoe."""
    _agree(load_game(BACCARAT / "standard.yaml"), "Ah As 3c 4d 6h 7c 8d 9s Kh 2c")


def test_designers_events_agree_with_every_card_dealt():
    """Suited, matched and coloured pairs, K-Q, naturals joined across hands, margins, three-card totals, any."""
    _agree(load_game(ROOT / "tests" / "games" / "shoe-baccarat-events.yaml"), "Ah Ah Kh Ad 9s 9s 3c 6h 7c Kd")


@pytest.mark.parametrize("name, cards", [
    ("twenty-one-plus-three.yaml", "Ah Ah Ah Kh Qh Jh Jh Kd 5c 5c 4c 3c 2s Ad"),
    ("perfect-pairs.yaml", "Ah Ah Ad As Kh Kd Kd Qs Qc 5c 5c"),
    ("royal-match.yaml", "Kh Kh Qh Qs Ks 2h 5h 9d Ad Ad"),
    ("lucky-ladies.yaml", "Qh Qh Qh Ah Ts Kh Kh 9h Ad 5c 2c"),
])
def test_blackjack_side_bets_agree_with_every_card_dealt(name, cards):
    _agree(load_game(BLACKJACK / name), cards)


def test_a_spanish_shoe_agrees_with_every_card_dealt():
    """The 48-card Spanish deck has no tens: 21+3 from two of them (9-J-Q runs, as in the deck's own order)."""
    game = load_game(BLACKJACK / "twenty-one-plus-three.yaml")
    spanish = dataclasses.replace(game, deck=Deck.named("spanish", decks=2))
    _agree(spanish, "9h 9h Jh Qh Qh Kd Ac Ac 2c 3c 8s")


def test_deals_are_counted_as_published_tables_count_them():
    """Ordered six-card deals where the rules draw; sets of the cards a bet reads where nothing is drawn."""
    baccarat = analyze(BACCARAT / "standard.yaml")
    assert {t.total for t in baccarat.tables.values()} == {perm(416, 6)}
    assert "ordered deal of 6 cards" in baccarat.tables["player_pair"].notes[0]
    assert analyze(BLACKJACK / "twenty-one-plus-three.yaml").tables["twenty_one_plus_three"].total == comb(416, 3)
    assert analyze(BLACKJACK / "royal-match.yaml").tables["royal_match"].total == comb(312, 2)
    assert analyze(BLACKJACK / "lucky-ladies.yaml").tables["lucky_ladies"].total == comb(312, 2) * comb(310, 2)


def test_one_deck_and_a_shoe_of_one_deck_agree():
    """A one-deck 21+3 file is counted card set by card set (the poker engine); the eight-deck file's game counted by
    kinds from a one-deck shoe must give the same table."""
    one_deck = analyze(BLACKJACK / "twenty-one-plus-three-9-to-1-1-deck.yaml")
    assert not one_deck.game.counted_by_kind
    shoe_game = load_game(BLACKJACK / "twenty-one-plus-three-9-to-1-8-decks.yaml")
    by_kind = bet_tables(shoe_game, Shoe.of(Deck.standard()))["twenty_one_plus_three"]
    by_sets = one_deck.tables["twenty_one_plus_three"]
    assert [(o.name, o.combinations) for o in by_sets.outcomes] == [(o.name, o.combinations) for o in by_kind.outcomes]


def test_the_banker_draws_by_the_printed_tableau():
    """The game file's tableau, read back: the banker's draw for each of his totals and the player's third card."""
    printed = {  # banker total -> player's third-card values on which he draws (the casino's printed tableau)
        0: set(range(10)), 1: set(range(10)), 2: set(range(10)), 3: set(range(10)) - {8},
        4: {2, 3, 4, 5, 6, 7}, 5: {4, 5, 6, 7}, 6: {6, 7}, 7: set(),
    }
    banker = load_game(BACCARAT / "standard.yaml").steps[-1]
    assert {total: set(values) for total, values in banker.table.items()} == printed
    assert banker.on == frozenset(range(6)) and banker.by == "player"


@pytest.mark.parametrize("path", [BACCARAT / "standard.yaml", BACCARAT / "ez-baccarat.yaml", ROOT / "tests" / "games" / "shoe-baccarat-events.yaml",
                                  BLACKJACK / "twenty-one-plus-three.yaml", BLACKJACK / "lucky-ladies.yaml", BLACKJACK / "perfect-pairs.yaml"])
def test_real_deals_settle_alike_by_rows_and_card_by_card(path):
    """A simulator's deals (random card sequences from the shoe): the counting engine's rows and the coup played card
    by card end every bet the same way."""
    game = load_game(path)
    shoe = Shoe.of(game.deck)
    rng = np.random.default_rng(11)
    physical = np.repeat(np.arange(len(shoe.card_counts)), shoe.card_counts)
    sequences = np.stack([rng.permutation(physical)[:len(places(game))] for _ in range(3000)])
    rows = Rows.of_sequences(game, shoe, sequences)
    for bet in game.side_bets:
        codes, ends = settle(game, bet, rows)
        for sequence, code in zip(sequences, codes.tolist()):
            cards = iter(Card(shoe.ranks[k // 4], k % 4) for k in sequence.tolist())
            keys, net = settle_coup(game, bet, play(game, cards.__next__))
            assert (ends[code].keys, ends[code].net) == (keys, net)
