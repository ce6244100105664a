"""Blackjack files once misread (issue #34, item 8): late surrender without a hole card, the stake a dealer blackjack
meets without a hole card where it takes the original bet, and pays over large coprime denominators."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_math.analysis import analyze
from casino_math.errors import InputError
from casino_math.methods.blackjack.game_file import load_blackjack_text
from casino_math.methods.blackjack.rules import BlackjackRules
from tests.helpers.cli_runner import refused
from tests.references.blackjack_brute_force import A, T, Brute

HEAD = "game: blackjack\nid: bj\ndeck: {decks: 1}\n"
LATE_WITHOUT_HOLE_CARD = "blackjack:\n  dealer: {hole_card: none}\n  surrender: late\n"


def test_late_surrender_without_a_hole_card_is_refused_at_its_field():
    with pytest.raises(InputError, match=r"^bad\.yaml:6: blackjack\.surrender: late surrender comes after the dealer checks"):
        load_blackjack_text(HEAD + LATE_WITHOUT_HOLE_CARD, "bad.yaml")
    assert load_blackjack_text(HEAD + LATE_WITHOUT_HOLE_CARD.replace("late", "early")).rules.surrender == "early"


def test_late_surrender_without_a_hole_card_is_one_line_on_the_command_line(monkeypatch, capsys, tmp_path):
    path = tmp_path / "late.yaml"
    path.write_text(HEAD + LATE_WITHOUT_HOLE_CARD)
    err = refused(monkeypatch, capsys, tmp_path, "analyze", str(path))
    assert "late.yaml:6: blackjack.surrender: " in err and "write early" in err


def test_a_double_that_meets_a_dealer_blackjack_is_wagered():
    """Ten-to-ace, no hole card, a dealer blackjack takes the original bet: the stake each first two cards put out by
    the best option (the brute force's), counted over every deal, against the engine's average wager."""
    text = ("deck: {ranks: T-A}\nblackjack:\n  dealer: {soft_17: stands, hole_card: none, blackjack_takes: original}\n"
            "  double: {on: any}\n  split: none\n")
    game = load_blackjack_text("game: blackjack\nid: bj\n" + text)
    shoe = game.shoe.counts
    brute = Brute(BlackjackRules(dealer_peeks=False, no_hole_card_takes_all=False, split_hands=1), shoe)
    edge = wager = Fraction(0)
    for up in range(10):
        for first in range(10):
            for second in range(10):
                left = list(shoe)
                chance = Fraction(1)
                for card in (up, first, second):
                    chance *= Fraction(left[card], sum(left))
                    left[card] -= 1
                if not chance:
                    continue
                if sorted((first, second)) == [A, T]:  # a blackjack: pushed by the dealer's, else paid 3 to 2
                    hole = {A: T, T: A}.get(up)
                    dealer = Fraction(left[hole], sum(left)) if hole is not None else Fraction(0)
                    edge -= chance * (1 - dealer) * Fraction(3, 2)
                    wager += chance
                    continue
                options = brute.root(up, first, second)
                taken = max(("double", "stand", "hit"), key=lambda o: (options.get(o, Fraction(-9)), o == "double"))
                edge -= chance * options[taken]
                wager += chance * (2 if taken == "double" else 1)
    table = analyze(game).tables["blackjack"]
    assert wager == Fraction(286, 285) == table.average_wager
    assert edge == table.metrics.house_edge


@pytest.mark.slow  # two full-shoe counts in the Python walk
def test_pays_over_large_coprime_denominators_are_counted_exactly():
    """Nets past the kernel's 64-bit integers: the Python walk counts them (once an OverflowError)."""
    text = "blackjack:\n  pays: {blackjack: 3 to 2, five-card 21: 5 to 4999999, six-card 21: 7 to 4999997, seven-card 21: 11 to 4999993}\n"
    table = analyze(load_blackjack_text(HEAD + text)).tables["blackjack"]
    plain = analyze(load_blackjack_text(HEAD + "blackjack:\n  pays: {blackjack: 3 to 2}\n")).tables["blackjack"]
    assert sum(Fraction(o.combinations, table.total) for o in table.outcomes) == 1
    assert 0 < table.metrics.house_edge - plain.metrics.house_edge < Fraction(1, 100)  # a 21 of 5 cards or more paid next to nothing
