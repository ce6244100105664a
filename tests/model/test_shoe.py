"""Shoes counted by kind: decks of several decks, compositions, and the ways to deal symbols of mixed detail."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from casino_math.cards import Card, Deck, parse_cards
from casino_math.errors import InputError
from casino_math.rankings.points import get_points
from casino_math.shoe import CARD, CLASS, RANK, SUITS, Alphabet, Shoe, falling


def test_a_shoe_holds_each_card_once_per_deck():
    shoe = Deck.named("standard", decks=6)
    assert len(shoe) == 312 == len(shoe.cards)
    assert shoe.cards.count(Card(12, 2)) == 6
    assert str(shoe) == "6 × standard"
    spanish = Deck.named("spanish", decks=8)
    assert len(spanish) == 384 and 10 not in spanish.ranks


@pytest.mark.parametrize("make, message", [
    (lambda: Deck.named("standard", decks=9), "a shoe holds 1 to 8 decks"),
    (lambda: Deck.named("standard", jokers=1, decks=2), "without jokers"),
    (lambda: Shoe.of(Deck.standard(jokers=1)), "jokers"),
    (lambda: Shoe.of(Deck.standard()).without(Card(14, 3), Card(14, 3)), "no As left"),
])
def test_bad_shoes_are_refused(make, message):
    with pytest.raises(InputError, match=message):
        make()


def test_a_composition_counts_its_cards():
    shoe = Shoe.from_cards(parse_cards("Ah Ah Kd 2c 2c 2c", allow_repeats=True))
    assert shoe.ranks == (2, 13, 14) and shoe.size == 6
    assert shoe.counts == ((3, 0, 0, 0), (0, 1, 0, 0), (0, 0, 2, 0))
    assert sorted(shoe.cards()) == sorted(parse_cards("Ah Ah Kd 2c 2c 2c", allow_repeats=True))
    assert shoe.without(Card(14, 2)).counts[2] == (0, 0, 1, 0)


def _sequences(cards: list[Card], places: int):
    return itertools.permutations(range(len(cards)), places)


@pytest.mark.parametrize("seed", range(4))
def test_ways_match_every_card_sequence(seed):
    """Ordered ways to deal symbols of mixed detail (card, rank, class) equal the card sequences counted one by one."""
    rng = random.Random(seed)
    cards = [Card(rng.choice((2, 5, 10, 13, 14)), rng.randrange(SUITS)) for _ in range(9)]
    shoe = Shoe.from_cards(cards)
    baccarat = get_points("baccarat")
    classes = tuple(sorted({baccarat.points_of(r) for r in shoe.ranks}).index(baccarat.points_of(r)) for r in shoe.ranks)
    kinds = Alphabet(shoe, classes)
    details = tuple(rng.choice((CARD, RANK, CLASS)) for _ in range(4))

    def symbol(card: Card, detail: int) -> int:
        rank = shoe.ranks.index(card.rank)
        return rank * SUITS + card.suit if detail == CARD else rank if detail == RANK else classes[rank]

    expected: dict[tuple[int, ...], int] = {}
    for seq in _sequences(cards, len(details)):
        key = tuple(symbol(cards[i], d) for i, d in zip(seq, details))
        expected[key] = expected.get(key, 0) + 1
    rows = np.array(list(itertools.product(*(kinds.symbols(d) for d in details))))
    ways = kinds.ways(rows, details)
    got = {tuple(r): int(w) for r, w in zip(rows.tolist(), ways) if w}
    assert got == expected
    assert sum(got.values()) == falling(len(cards), len(details))


def test_places_not_dealt_count_once():
    shoe = Shoe.of(Deck.named("standard", decks=2))
    kinds = Alphabet(shoe)
    rows = np.array([[kinds.ranks.index(14), -1, kinds.ranks.index(14)]])
    assert kinds.ways(rows, (RANK, RANK, RANK)).tolist() == [8 * 7]


def test_points_totals_agree_with_one_hand_at_a_time():
    for name in ("baccarat", "blackjack"):
        points = get_points(name, Deck.standard())
        for ranks in itertools.combinations_with_replacement(range(2, 15), 3):
            card_points = np.array([[points.points_of(r) for r in ranks]])
            aces = np.array([sum(r == 14 for r in ranks)])
            assert points.totals(card_points, aces)[0] == points.total(ranks)
