"""The studio's provisional blackjack figure: the house edge from an infinite deck (``infinite_deck``), against a plain
recursion over card sequences in fractions (the dealer's final results; the player's return without splits), its
splits against their definition, and its properties: a blackjack's pay moves it by exactly the naturals it pays, and on
the shipped six-deck file it lies within a known distance of the exact figure."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_math.analysis import analyze, load_game
from casino_math.methods.blackjack.dealer import OUTCOMES
from casino_math.methods.blackjack.infinite_deck import UpCardPlay, dealer_finals, estimate, player_return
from casino_math.methods.blackjack.rules import ACE, TEN, VALUES, BlackjackRules, Shoe

A, T = ACE, TEN


def best_total(cards: tuple[int, ...]) -> int:
    hard = sum(c + 1 for c in cards)
    return hard + 10 if A in cards and hard <= 11 else hard


def soft(cards: tuple[int, ...]) -> bool:
    hard = sum(c + 1 for c in cards)
    return A in cards and hard <= 11


def reference_dealer(chances: tuple[Fraction, ...], up: int, hits_soft_17: bool, peeked: bool,
                     hole: int | None = None) -> dict[str, Fraction]:
    """The dealer's final results by dealing every sequence of cards one by one (no totals shared between sequences);
    ``hole``: the hole card known (dealt face up)."""
    out = {o: Fraction(0) for o in OUTCOMES}

    def deal(cards: tuple[int, ...], chance: Fraction) -> None:
        total = best_total(cards)
        if len(cards) == 2 and total == 21:
            out["blackjack"] += chance
        elif total > 17 or (total == 17 and not (hits_soft_17 and soft(cards))):
            out[str(total) if total <= 22 else "bust"] += chance
        else:
            for v, p in enumerate(chances):
                if p:
                    deal((*cards, v), chance * p)

    deal((up,) if hole is None else (up, hole), Fraction(1))
    if peeked:
        left = 1 - out["blackjack"]
        out = {o: (Fraction(0) if o == "blackjack" else p / left) for o, p in out.items()}
    return out


def reference_return(rules: BlackjackRules, chances: tuple[Fraction, ...]) -> Fraction:
    """The player's best return without splits or surrender, a peeking dealer, by card sequences: each hand of cards
    valued by standing, hitting (every card drawn) or doubling on its first two cards."""

    def stand(cards: tuple[int, ...], dealer: dict[str, Fraction], stake: int) -> Fraction:
        total = best_total(cards)
        if total > 21:
            return Fraction(-stake)
        out = Fraction(0)
        for o, p in dealer.items():
            d = 23 if o == "bust" else 0 if o == "blackjack" else int(o)
            out += p * stake * (1 if d > 21 or total > d else 0 if total == d else -1)
        return out

    result = Fraction(0)
    for up, p_up in enumerate(chances):
        if not p_up:
            continue
        dealer = reference_dealer(chances, up, rules.dealer_hits_soft_17, True)
        blackjack = chances[T] if up == A else chances[A] if up == T else Fraction(0)

        best = best_play(chances, dealer, stand)
        for first, p1 in enumerate(chances):
            for second, p2 in enumerate(chances):
                if not (p1 and p2):
                    continue
                if {first, second} == {A, T}:
                    value = (1 - blackjack) * rules.blackjack_pays
                else:
                    value = (1 - blackjack) * best(tuple(sorted((first, second)))) - blackjack
                result += p_up * p1 * p2 * value
    return result


def best_play(chances: tuple[Fraction, ...], dealer: dict[str, Fraction], stand):
    """The value of the best play of each hand of cards (sorted) against one dealer's results."""

    @lru_cache(maxsize=None)
    def best(cards: tuple[int, ...]) -> Fraction:
        if best_total(cards) > 21:
            return Fraction(-1)
        options = [stand(cards, dealer, 1)]
        if sum(c + 1 for c in cards) < 21:
            options.append(sum((p * best(tuple(sorted((*cards, v)))) for v, p in enumerate(chances) if p), Fraction(0)))
            if len(cards) == 2:
                options.append(sum((p * stand((*cards, v), dealer, 2) for v, p in enumerate(chances) if p), Fraction(0)))
        return max(options)

    return best


SMALL = Shoe((4, 0, 0, 4, 0, 4, 4, 0, 4, 16))  # an ace, 4s, 6s, 7s, 9s and tens: short hands, every kind of play


@pytest.mark.parametrize("hits", [False, True])
@pytest.mark.parametrize("peeked", [False, True])
def test_the_dealer_s_results_are_those_of_every_sequence_of_cards(hits, peeked):
    chances = tuple(Fraction(c, SMALL.size) for c in SMALL.counts)
    for up in range(VALUES):
        if chances[up]:
            assert dict(zip(OUTCOMES, dealer_finals(chances, up, hits, peeked))) == reference_dealer(chances, up, hits, peeked)


@pytest.mark.parametrize("hits", [False, True])
def test_the_player_s_return_without_splits_is_that_of_every_sequence_of_cards(hits):
    rules = BlackjackRules(dealer_hits_soft_17=hits, split_hands=1)
    chances = tuple(Fraction(c, SMALL.size) for c in SMALL.counts)
    exact = player_return(rules, SMALL, exact=True)
    assert exact == reference_return(rules, chances)
    assert float(exact) == pytest.approx(player_return(rules, SMALL))  # the float walk is the same walk


def test_a_split_without_resplits_is_two_hands_of_the_pair_card_and_one_more():
    chances = tuple(Fraction(c, SMALL.size) for c in SMALL.counts)
    rules = BlackjackRules(split_hands=2)
    for up in (5, TEN):
        play = UpCardPlay(rules, SMALL, chances, up, True)
        for pair in (3, 8):
            one = sum((p * play.best(play.dealt(play.start(pair), v), True, pair) for v, p in enumerate(chances) if p), Fraction(0))
            assert play.split(pair) == 2 * one


def test_a_free_split_is_the_first_hand_on_the_player_s_unit_and_the_second_on_the_house_s():
    """Free Bet: of two split hands the first keeps the original bet, the second stakes a free unit (it only wins)."""
    from casino_math.methods.blackjack.nets import FREE, OWN

    chances = tuple(Fraction(c, SMALL.size) for c in SMALL.counts)
    rules = BlackjackRules(split_hands=2, free_split_values=frozenset({3, 8}), dealer_22_pushes=True)
    play = UpCardPlay(rules, SMALL, chances, 5, True)
    for pair in (3, 8):
        hands = [sum((p * play.best(play.dealt(play.start(pair), v), True, pair, stakes) for v, p in enumerate(chances) if p), Fraction(0))
                 for stakes in (OWN, FREE)]
        assert hands[1] >= 0 and play.split(pair) == hands[0] + hands[1]


@settings(max_examples=6, deadline=None)
@given(middle=st.lists(st.sampled_from([0, 4]), min_size=8, max_size=8), hits=st.booleans())
def test_free_doubles_and_splits_never_cost_the_player(middle, hits):
    shoe = Shoe((4, *middle, 16))
    plain = BlackjackRules(dealer_hits_soft_17=hits, dealer_22_pushes=True, double_totals=frozenset({9, 10, 11}))
    free = BlackjackRules(dealer_hits_soft_17=hits, dealer_22_pushes=True, double_totals=frozenset({9, 10, 11}),
                          free_double_totals=frozenset({9, 10, 11}), free_split_values=frozenset(range(TEN)))
    assert player_return(free, shoe, exact=True) >= player_return(plain, shoe, exact=True)


def test_resplitting_never_loses_to_splitting_once_where_a_pair_card_is_worth_splitting():
    """Eights against a 6: a drawn eight split again is worth more than an eight played as 16, so more hands do better."""
    chances = tuple(Fraction(c, 52) for c in Shoe.of_decks(1).counts)
    values = [UpCardPlay(BlackjackRules(split_hands=n), Shoe.of_decks(1), chances, 5, True).split(7) for n in (2, 3, 4)]
    assert values[0] < values[1] < values[2]


@settings(max_examples=6, deadline=None)
@given(middle=st.lists(st.sampled_from([0, 4]), min_size=8, max_size=8), hits=st.booleans(), peeks=st.booleans(),
       surrender=st.sampled_from(["none", "late", "early"]))
def test_a_blackjack_paying_6_to_5_costs_exactly_the_naturals_paid_less(middle, hits, peeks, surrender):
    """No decision sees a natural's pay: 6 to 5 against 3 to 2 moves the return by 3/10 of the chance of a natural that
    is paid (the dealer's natural pushes it). Shoes of a few kinds of cards, aces and tens always among them (fractions
    of a full deck's walk take seconds each)."""
    shoe = Shoe((4, *middle, 16))
    rules = BlackjackRules(dealer_hits_soft_17=hits, dealer_peeks=peeks, surrender=surrender)
    six_five = BlackjackRules(dealer_hits_soft_17=hits, dealer_peeks=peeks, surrender=surrender, blackjack_pays=Fraction(6, 5))
    p = [Fraction(c, shoe.size) for c in shoe.counts]
    paid = sum((p[up] * 2 * p[A] * p[T] * (1 - (p[T] if up == A else p[A] if up == T else 0)) for up in range(VALUES)), Fraction(0))
    assert player_return(rules, shoe, exact=True) - player_return(six_five, shoe, exact=True) == Fraction(3, 10) * paid
    assert player_return(rules, shoe) > player_return(six_five, shoe)  # the floats the studio shows move the same way


def test_the_estimate_of_the_shipped_six_deck_file_is_near_its_exact_figure():
    """Six decks, H17, DAS: the infinite deck's house edge a little above the exact shoe's (a finite shoe's cards removed
    as dealt help the player), within a tenth and a half of a percentage point."""
    game = load_game("paytables/blackjack/6-decks-h17-das.yaml")
    exact = float(analyze(game).solution.table.metrics.house_edge)
    estimated = estimate(game)
    assert estimated.house_edge is not None and "infinite deck" in estimated.words
    assert exact < estimated.house_edge < exact + 0.0015


def test_the_rules_it_does_not_reach_are_named():
    found = estimate(load_game("paytables/blackjack/blackjack-switch-6-decks.yaml"))
    assert found.house_edge is None and "Switch" in found.words


def test_double_exposure_sees_the_dealer_s_cards():
    """Both dealer cards in view: against a dealer blackjack the player loses the bet (or pushes a blackjack), tied
    blackjacks winning never cost, ties losing always do; the plays read the dealer's total."""
    rules = BlackjackRules(exposed=True, ties_lose=True, blackjack_pays=Fraction(1), split_hands=2)
    tied = BlackjackRules(exposed=True, ties_lose=True, blackjack_pays=Fraction(1), split_hands=2, blackjack_ties_win=True)
    pushing = BlackjackRules(exposed=True, blackjack_pays=Fraction(1), split_hands=2)
    values = [player_return(r, SMALL, exact=True) for r in (rules, tied, pushing)]
    assert values[0] < values[1] and values[0] < values[2]
    chances = tuple(Fraction(c, SMALL.size) for c in SMALL.counts)
    natural = UpCardPlay(rules, SMALL, chances, A, False, T)
    assert max(natural.options(natural.dealt(natural.start(5), 6), False).values()) == -1  # nothing beats a blackjack
    for up, hole in ((5, T), (A, 5), (A, A), (8, 3)):  # the dealer's two cards in view: the dealer draws from there
        seen = UpCardPlay(rules, SMALL, chances, up, False, hole)
        assert dict(zip(OUTCOMES, seen.finals)) == reference_dealer(chances, up, False, False, hole)
