"""Bets on the dealer's blackjack hand (Buster Blackjack, Bust It, Bust Bonus, Match the Dealer) against a brute force
that deals small shoes card by card, value and suit (tests/references/dealer_bets_brute_force.py), and properties:
the dealer's bust against the blackjack engine's own count of the dealer's totals, the chances adding to one, a
placed-after-the-up-card bet averaged over the up cards against the same bet placed before the deal."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.analysis import analyze, load_game
from casino_math.errors import InputError
from casino_math.methods.blackjack.dealer import dealer_chances
from casino_math.methods.blackjack.dealer_bet_file import load_dealer_bets_text
from casino_math.methods.blackjack.dealer_bets import dealer_counts, match_counts, parse_line
from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
from tests.references.dealer_bets_brute_force import dealer_hands, shoe_of
from tests.helpers.paths import ROOT

Facts = tuple[list[tuple[int, int]], tuple[tuple[int, int], ...]]
SMALL = {1: 4, 2: 4, 6: 4, 8: 4, 10: 8}  # aces, deuces and sixes for long and soft hands
SUITED = {2: 4, 8: 12, 10: 4}  # three 8s of each suit


def counted(shoe: dict[int, int], lines: list[str], hits: bool, up: int | None = None, peeks: bool = False) -> list[Fraction]:
    """The engine's chance of each line (the first a hand takes) and of no line, for ``shoe`` (value 1..10 -> cards)."""
    counts, total = dealer_counts(tuple(shoe.get(v + 1, 0) for v in range(10)),
                                  BlackjackRules(dealer_hits_soft_17=hits, dealer_peeks=peeks),
                                  None if up is None else up - 1, tuple(parse_line(t) for t in lines))
    return [Fraction(c, total) for c in counts] + [Fraction(total - sum(counts), total)]


def brute(shoe: dict[int, int], tests: list[Callable[[Facts], bool]], hits: bool, up: int | None = None,
          peeks: bool = False, player: bool = False, suits: bool = False) -> list[Fraction]:
    """The brute force's chance of each test (the first a hand passes) and of none (``suits``: cards dealt with suits)."""
    out = [Fraction(0)] * (len(tests) + 1)
    for hand, cards, p in dealer_hands(shoe_of(shoe, suits), hits, up, peeks, player):
        first = next((i for i, t in enumerate(tests) if t((hand, cards))), len(tests))
        out[first] += p
    return out


def busted(f: Facts) -> bool:
    values = [v for v, _ in f[0]]
    return sum(values) > 21


def cards(n: int, most: int | None = None) -> Callable[[Facts], bool]:
    return lambda f: busted(f) and n <= len(f[0]) <= (most or n)


def suited(f: Facts) -> bool:
    return len({s for _, s in f[0]}) == 1


def colour(f: Facts) -> bool:
    return len({s in (1, 2) for _, s in f[0]}) == 1  # hearts and diamonds red, as the deck orders its suits


def player_blackjack(f: Facts) -> bool:
    return sorted(v for v, _ in f[1]) == [1, 10]


@pytest.mark.parametrize("hits", [False, True])
def test_buster_against_the_brute_force(hits):
    lines = ["bust with 6 or more cards", "bust with 5 cards", "bust with 4 cards", "bust with 3 cards"]
    tests = [cards(6, 99), cards(5), cards(4), cards(3)]
    assert counted(SMALL, lines, hits) == brute(SMALL, tests, hits)


def test_a_player_blackjack_with_the_dealer_playing_out():
    shoe = {1: 4, 2: 4, 6: 4, 10: 8}
    lines = ["bust with 4 or more cards and player blackjack", "bust with 4 or more cards", "bust and player blackjack", "bust"]
    tests = [lambda f: cards(4, 99)(f) and player_blackjack(f), cards(4, 99), lambda f: busted(f) and player_blackjack(f), busted]
    assert counted(shoe, lines, True) == brute(shoe, tests, True, player=True)


def test_bust_it_by_the_third_card_and_its_suits():
    lines = ["suited 8-8-8", "same colour 8-8-8", "bust with 3 cards on an 8", "bust with 3 cards on a 10", "bust with 3 cards"]
    eights = lambda f: sorted(v for v, _ in f[0]) == [8, 8, 8]  # noqa: E731
    tests = [lambda f: eights(f) and suited(f), lambda f: eights(f) and colour(f),
             lambda f: cards(3)(f) and f[0][-1][0] == 8, lambda f: cards(3)(f) and f[0][-1][0] == 10, cards(3)]
    assert counted(SUITED, lines, False) == brute(SUITED, tests, False, suits=True)


@pytest.mark.parametrize("up", [2, 8, 10])
def test_bust_bonus_given_the_up_card(up):
    """Placed once the up card shows, and after the peek under a ten (an ace: by value, below)."""
    lines = ["suited 8-8-8", "8-8-8", "suited bust", "same colour bust", "bust"]
    eights = lambda f: sorted(v for v, _ in f[0]) == [8, 8, 8]  # noqa: E731
    tests = [lambda f: eights(f) and suited(f), eights, lambda f: busted(f) and suited(f), lambda f: busted(f) and colour(f), busted]
    shoe = {**SUITED, 1: 4} if up == 10 else SUITED
    assert counted(shoe, lines, True, up, peeks=True) == brute(shoe, tests, True, up, peeks=True, suits=True)


@pytest.mark.parametrize("up", [1, 10])
def test_a_bet_after_the_peek_is_given_no_blackjack(up):
    lines = ["bust with 4 or more cards", "bust"]
    assert counted(SMALL, lines, True, up, peeks=True) == brute(SMALL, [cards(4, 99), busted], True, up, peeks=True)


def test_match_the_dealer_against_every_deal():
    """Three ranks, three decks: every ordered deal of the player's two cards and the up card, card by card."""
    ranks, decks = (2, 3, 4), 3
    deck = [(r, s) for r in ranks for s in range(4) for _ in range(decks)]
    names = ["two suited matches", "suited match and unsuited match", "suited match", "two unsuited matches", "unsuited match"]
    events = {(2, 0): 0, (1, 1): 1, (1, 0): 2, (0, 2): 3, (0, 1): 4}
    seen: Counter[int] = Counter()
    for a, b, up in permutations(range(len(deck)), 3):
        same = [deck[c][0] == deck[up][0] for c in (a, b)]
        suit = sum(s and deck[c] == deck[up] for s, c in zip(same, (a, b)))
        seen[events.get((suit, sum(same) - suit), 5)] += 1
    counts, total = match_counts(ranks, decks, [parse_line(n) for n in names])
    assert [*counts, total - sum(counts)] == [seen[i] for i in range(6)] and total == sum(seen.values())


@settings(max_examples=4, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=10, max_size=10), st.booleans())
def test_the_dealer_busts_as_the_engine_counts_it(quarters, hits):
    """The chance of a bust, of every number of cards, is the blackjack engine's own dealer's bust (its compiled count of
    the dealer's totals), up card by up card and before the deal; the chances add to one."""
    counts = tuple(4 * q + 4 * (v == 9) for v, q in enumerate(quarters))
    shoe, rules = Shoe(counts), BlackjackRules(dealer_hits_soft_17=hits, dealer_peeks=False)
    lines = (parse_line("bust with 3 or 4 cards"), parse_line("bust"))
    before = dealer_counts(counts, rules, None, lines)
    assert sum(before[0]) <= before[1]
    overall = Fraction(0)
    for up in (u for u in range(10) if counts[u]):
        bust, total = dealer_counts(counts, rules, up, lines)
        chances = dealer_chances(shoe, up, rules)
        assert Fraction(sum(bust), total) == chances["22"] + chances["bust"]
        overall += Fraction(counts[up], shoe.size) * Fraction(sum(bust), total)
    assert Fraction(sum(before[0]), before[1]) == overall


def test_a_file_names_its_problems_at_their_lines():
    text = ("game: x\nid: x\ndeck: {decks: 6}\ndealer_bets:\n  bets: {b: {pays: b, up: Z}}\n"
            "paytables: {b: {bust: 2}}\n")
    with pytest.raises(InputError, match=r"f.yaml:5: dealer_bets.bets.b.up: 'Z' is not an up card"):
        load_dealer_bets_text(text, "f.yaml")
    text = "game: x\nid: x\ndealer_bets:\n  bets: {b: {pays: b}}\npaytables: {b: {suited bust and player blackjack: 2}}\n"
    with pytest.raises(InputError, match=r"f.yaml:5: paytables.b.suited bust and player blackjack: a line on the dealer's suits"):
        load_dealer_bets_text(text, "f.yaml")
    text = "game: x\nid: x\ndealer_bets:\n  bets: {b: {pays: c}}\npaytables: {b: {bust: 2}}\n"
    with pytest.raises(InputError, match=r"f.yaml:4: dealer_bets.bets.b.pays: no paytable 'c'"):
        load_dealer_bets_text(text, "f.yaml")


def test_a_shipped_file_reads_and_counts():
    """The Bust Bonus file: one bet per up card, each given its up card; its 8-8-8 lines only under an 8."""
    analysis = analyze(ROOT / "paytables" / "blackjack_side_bets" / "bust-bonus-6-decks.yaml")
    assert len(analysis.tables) == 10
    eight = analysis.tables["eight_up"]
    assert [o.name for o in eight.outcomes] == ["suited 8-8-8", "8-8-8", "suited bust", "bust", "loses"]
    assert load_game(ROOT / "paytables" / "blackjack_side_bets" / "buster-blackjack-1-deck-s17.yaml").rules.dealer_hits_soft_17 is False


def test_a_card_of_one_suit_out():
    """What the effect of removal counts: a shoe whose suits are no longer a quarter each (an 8 of one suit out), the
    suited and same-colour busts against the brute force dealing that shoe card by card."""
    shoe = shoe_of(SUITED)
    shoe[(8, 0)] -= 1
    values = tuple(sum(n for (v, _), n in shoe.items() if v == w + 1) for w in range(10))
    suits = tuple(tuple(shoe.get((w + 1, t), 0) for t in range(4)) for w in range(10))
    lines = ["suited bust", "same colour bust", "bust"]
    counts, total = dealer_counts(values, BlackjackRules(), None, tuple(parse_line(t) for t in lines), suits)
    tests = [lambda f: busted(f) and suited(f), lambda f: busted(f) and colour(f), busted]
    out = [Fraction(0)] * 4
    for hand, cards, p in dealer_hands(shoe, False):
        out[next((i for i, t in enumerate(tests) if t((hand, cards))), 3)] += p
    assert [Fraction(c, total) for c in counts] + [Fraction(total - sum(counts), total)] == out


@pytest.mark.slow  # fourteen two-deck counts; the conformance kit checks removal on a dealer bet in the default tier
def test_the_effect_of_removal_is_the_bet_counted_again():
    analysis = analyze(ROOT / "paytables" / "blackjack_side_bets" / "bust-it-2-decks.yaml")
    effects = analysis.effect_of_removal("bust_it")
    table = analysis.tables["bust_it"]
    assert effects.expected == table.metrics.expected_return and len(effects.effects) == 13
    tens = {effects.effects[effects.ranks.index(r)] for r in (10, 11, 12, 13)}
    assert len(tens) == 1  # a ten and a king leave the same cards for every line of the bet
