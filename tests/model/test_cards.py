"""Card notation and decks."""

from __future__ import annotations

import pytest

from casino_math import Card, Deck, InputError, format_cards, get_ranking, parse_cards


def test_parse_and_print_each_notation():
    tokens = "Ah Td 10d 2c A♥ Jk".split()
    cards = [Card.parse(t) for t in tokens]
    assert [str(c) for c in cards] == ["Ah", "Td", "Td", "2c", "Ah", "Jk"]
    assert cards[0] == Card(14, 2) and cards[1] == cards[2] == Card(10, 1) and cards[3] == Card(2, 0)
    assert cards[5].is_joker and not cards[0].is_joker
    assert [str(Card.parse(t)) for t in ("ah", "AH", "tD", "K♠", "Q♦", "J♣", "joker", "JK")] == [
        "Ah", "Ah", "Td", "Ks", "Qd", "Jc", "Jk", "Jk"]


def test_parse_cards_separators_and_round_trip():
    cards = parse_cards("Ah, 10d  2c,A♠ Jk")
    assert format_cards(cards) == "Ah Td 2c As Jk"
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(["Ah", "Kd"]) == (Card(14, 2), Card(13, 1))
    assert parse_cards("") == ()
    assert parse_cards("Jk Jk") == (Card(0, -1), Card(0, -1))  # a deck may hold two jokers


@pytest.mark.parametrize("text", ["1h", "Ax", "11d", "A", "h", "AhKd", "Jkk", "10", "♥A"])
def test_unknown_cards_are_input_errors(text):
    with pytest.raises(InputError, match="unknown card"):
        parse_cards(text)


@pytest.mark.parametrize("text, card", [("Ah Ah", "Ah"), ("Td 10d", "Td"), ("A♥ 2c ah", "Ah")])
def test_duplicate_cards_are_input_errors(text, card):
    with pytest.raises(InputError, match=f"duplicate card {card}"):
        parse_cards(text)
    assert len(parse_cards(text, allow_repeats=True)) == len(text.split())


@pytest.mark.parametrize("name, size", [("standard", 52), ("short", 36), ("piquet", 32), ("royal", 20), ("mexican", 40)])
def test_deck_sizes(name, size):
    for jokers in (0, 1, 2):
        deck = Deck.named(name, jokers)
        assert len(deck) == len(deck.cards) == size + jokers
        assert len(set(deck.cards)) == size + min(jokers, 1)  # the jokers are alike
        assert sum(c.is_joker for c in deck.cards) == jokers
    assert str(Deck.named(name, 2)) == f"{name}+2jk"


def test_stripped_decks_and_bad_decks():
    assert Deck.stripped(6).ranks == Deck.named("short").ranks and len(Deck.stripped(6)) == 36
    assert len(Deck.stripped(7)) == 32 and len(Deck.stripped(10)) == 20
    assert Deck.named("mexican").ranks == (2, 3, 4, 5, 6, 7, 11, 12, 13, 14)
    with pytest.raises(InputError, match="unknown deck"):
        Deck.named("pinochle")
    with pytest.raises(InputError, match="0, 1 or 2 jokers"):
        Deck.standard(jokers=3)


def test_check_contains():
    short = Deck.named("short", 1)
    short.check_contains(parse_cards("As 6d Jk"), "dead cards")
    with pytest.raises(InputError, match="5h is not in the short"):
        short.check_contains(parse_cards("5h"), "dead cards")
    with pytest.raises(InputError, match="more jokers than"):
        short.check_contains(parse_cards("Jk Jk"), "fixed cards")
    with pytest.raises(InputError, match="no joker in"):
        Deck.standard().check_contains(parse_cards("Jk"), "fixed cards")


def test_straights_in_stripped_decks():
    """The ace plays high and just below the lowest rank present."""
    short, mexican, standard = Deck.named("short"), Deck.named("mexican"), Deck.standard()
    assert short.straights[0] == (14, 6, 7, 8, 9) and len(short.straights) == 6
    assert len(standard.straights) == 10 and standard.straights[0] == (14, 2, 3, 4, 5)
    # Mexican stud has no 8, 9 or 10: the 7 and the jack are consecutive
    assert (4, 5, 6, 7, 11) in mexican.straights and (7, 11, 12, 13, 14) in mexican.straights
    assert len(mexican.straights) == 7

    high_short, high_mexican = get_ranking("high", "short"), get_ranking("high", "mexican")
    category = lambda ranking, hand: ranking.category_of(ranking.evaluate(hand))  # noqa: E731
    assert category(high_short, "Ac 6d 7h 8s 9c") == "straight"
    assert high_short.evaluate("Ac 6d 7h 8s 9c") < high_short.evaluate("6c 7d 8h 9s Tc")  # the lowest straight
    assert category(high_mexican, "4c 5d 6h 7s Jc") == "straight"
    assert category(high_mexican, "7c Jd Qh Ks Ah") == "straight"
    assert category(high_mexican, "6c 7d Jh Qs Kc") == "straight"
    assert category(high_mexican, "5c 6d 7h Qs Kc") == "high_card"  # a gap at the jack


def test_royal_deck_has_one_straight_and_a_royal_flush():
    """Regression: with only T-A in the deck, A-T-J-Q-K was also listed as an ace-low straight,

    so A-K-Q-J-T suited ranked as a king-high straight flush and the deck had no royal flush.
    """
    assert Deck.named("royal").straights == ((10, 11, 12, 13, 14),)
    royal = get_ranking("high", "royal")
    value = royal.evaluate("Ah Kh Qh Jh Th")
    assert royal.category_of(value) == "royal_flush"
    assert royal.category_of(royal.evaluate("Ah Kd Qh Jh Th")) == "straight"
