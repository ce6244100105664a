"""Texas Hold'em Bonus's Bonus bet: a table on the player's two cards alone, and 1,000 to 1 when the player and the
dealer both hold a pair of aces. Its lines name the ranks of a hand's cards (``A-K suited``, ``A-Q or A-J offsuit``,
``A-A-A-A`` on the four cards of both hands), counted deal by deal by the hold'em method beside the game's decisions,
and checked against a plain count of every deal of two cards to the player and two to the dealer
(tests/references/hole_card_bonus.py)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.errors import InputError
from casino_math.methods.holdem import method as holdem
from casino_math.analysis import analyze
from casino_math.analysis import load_game, load_game_text
from tests.helpers.paths import ROOT
from tests.references.hole_card_bonus import brute_force, by_pay

THB = ROOT / "paytables" / "texas_holdem_bonus" / "standard.yaml"
SMALL = ROOT / "tests" / "games" / "thb-small.yaml"


def test_the_bonus_bet_exactly_as_every_deal_counts_it():
    """52 cards: C(52,2)·C(50,2) = 1,624,350 deals; the house keeps 13,873/162,435 (8.5406%) of the Bonus."""
    game = load_game(THB)
    table = holdem.HOLDEM.side_bets(game)["bonus"]
    assert table.total == comb(52, 2) * comb(50, 2)
    assert by_pay(table) == brute_force(range(2, 15))
    assert table.metrics.house_edge == Fraction(13873, 162435)
    assert [(o.key("line"), o.combinations) for o in table.outcomes][:2] == [("A-A-A-A on both_hole_cards", 6), ("A-A", 7344)]
    atlantic = load_game(THB.with_name("atlantic-city.yaml"))  # the Atlantic City rules keep the Bonus of the file they extend
    assert by_pay(holdem.HOLDEM.side_bets(atlantic)["bonus"]) == by_pay(table)


def test_the_small_deck_bonus_through_the_analysis():
    """Tens to aces (20 cards): the whole analysis (the game solved and its side bet counted) against every deal."""
    analysis = analyze(SMALL)
    table = analysis.tables["bonus"]
    assert table.total == comb(20, 2) * comb(18, 2)
    assert by_pay(table) == brute_force(range(10, 15))


@pytest.mark.parametrize(("edit", "error"), [
    # three ranks named for a hand of two cards
    (lambda text: text.replace("    A-K suited: 25", "    A-K-Q suited: 25"),
     r"x\.yaml:\d+: paytables\.bonus\.A-K-Q suited: the line names the ranks of 3 cards, but the hole_cards hand holds 2 "
     r"\(its player cards\): name a rank for each"),
    # a rank the deck does not have
    (lambda text: text.replace("deck: standard", "deck: {ranks: T-A}"),
     r"x\.yaml:\d+: paytables\.bonus\.2-2 or 3-3 .*: the T-A deck has no deuces"),
    # a line naming ranks that pays the game's own wager
    (lambda text: text.replace("  ante: {royal flush: 1,", "  ante: {A-A-K-K-Q-Q-J: 1, royal flush: 1,"),
     r"x\.yaml:\d+: paytables\.ante\.A-A-K-K-Q-Q-J: a line naming the ranks of the cards pays a side bet only"),
    # ranks named on the cards of player, dealer and board: more deals than are visited one by one
    (lambda text: text.replace("both_hole_cards: {of: [player, dealer]", "both_hole_cards: {of: [player, dealer, board]")
     .replace("A-A-A-A on both_hole_cards", "A-A-A-A-K-K-K-K-Q on both_hole_cards"),
     r"x\.yaml:\d+: paytables\.bonus: its lines name ranks on cards of several deals: 132,446,714,400 deals to visit one by one, "
     r"more than the 5,000,000 visited at most"),
    # a word that is no rank: read as a category, which a hand without a ranking has none of
    (lambda text: text.replace("    A-K suited: 25", "    A-X suited: 25"),
     r"x\.yaml:\d+: paytables\.bonus\.A-X suited: 'A-X suited': this hand has no ranking, so only same colour or the "
     r"ranks of its cards \(A-K suited\) can be paid on it"),
])
def test_lines_naming_ranks_a_hand_cannot_hold_are_refused_where_written(edit, error):
    text = THB.read_text()
    assert edit(text) != text
    with pytest.raises(InputError, match=error):
        load_game_text(edit(text), "x.yaml")


RANK_TEXT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A", **{r: str(r) for r in range(2, 10)}}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 14), st.integers(2, 14)), min_size=1, max_size=3),
       st.sampled_from(["", " suited", " offsuit"]), st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
def test_a_rank_line_pays_the_two_cards_it_names(named, suits, card_ids):
    """A line such as ``A-Q or A-J suited`` pays two cards exactly when their ranks, in any order, are one of the named
    pairs, and (suited) their suits agree or (offsuit) differ; and it covers a line only if it pays all that line pays."""
    from casino_math.game.patterns import named_ranks

    text = " or ".join(f"{RANK_TEXT[a]}-{RANK_TEXT[b]}" for a, b in named) + suits
    pattern = named_ranks(text)
    assert pattern is not None
    cards = sorted(((i // 4 + 2, i % 4) for i in card_ids), reverse=True)  # ids run by rank then suit, high first
    ranks = np.array([[r for r, _ in cards]])
    suit_of = np.array([[s for _, s in cards]])
    same = cards[0][1] == cards[1][1]
    expected = (any(sorted(pair) == sorted(r for r, _ in cards) for pair in named)
                and (suits != " suited" or same) and (suits != " offsuit" or not same))
    assert bool(pattern.matches(np.zeros(1, dtype=np.int64), suit_of, ranks)[0]) == expected
    first = named_ranks(" or ".join(f"{RANK_TEXT[a]}-{RANK_TEXT[b]}" for a, b in named[:1]) + suits)
    assert pattern.covers(first) and (first.covers(pattern) == (set(pattern.ranks) == set(first.ranks)))
