"""Pays of a 21 by its suits (Spanish 21's suited and spade 6-7-8 and 7-7-7), against brute forces that deal suits.

The engine deals values only and pays such a 21 its average over the suits (:mod:`casino_math.methods.blackjack.bonuses`):
given the values of every card of a round, the suits of each rank's cards are as random as the shoe's. Two brute
forces check it, sharing nothing with the engine's counting: every ordered deal of distinct cards of a small shoe (the
chance of one suit given the values of every card dealt), and every round of a game dealt card by card with suits, the
player playing the engine's strategy (which reads values): each option's value and the chance of every net, exactly.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_math.methods.blackjack.bonuses import combination_pays, one_suit_chance, pay_by_suits
from casino_math.methods.blackjack.hands import Hand, hand_table
from casino_math.methods.blackjack.rounds import BLACKJACK_OPTION, end_scale, play_game, root_ends
from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
from casino_math.methods.blackjack.choices import DOUBLE, HIT, STAND

SIX, SEVEN, EIGHT, SPADES = 5, 6, 7, 3


@pytest.mark.parametrize("three", [(SIX, SEVEN, EIGHT), (SEVEN, SEVEN, SEVEN)], ids=["6-7-8", "7-7-7"])
def test_the_chance_of_one_suit_given_the_values_of_every_card_dealt(three):
    """Every ordered deal of four distinct cards (an up card, then the player's three) from one deck of sixes and eights
    and three decks of sevens: given the values of all four, the player's three are of one suit, or all spades, with the
    chance the engine uses, whatever the up card."""
    cards = [(v, s) for v, copies in ((SIX, 1), (SEVEN, 3), (EIGHT, 1)) for s in range(4) for _ in range(copies)]
    shoe = tuple(sum(1 for c in cards if c[0] == v) for v in range(10))
    seen: dict[tuple[int, ...], list[int]] = defaultdict(lambda: [0, 0, 0])
    for deal in itertools.permutations(range(len(cards)), 4):
        up, *mine = (cards[i] for i in deal)
        if sorted(v for v, _ in mine) != list(three):
            continue
        counts = seen[(up[0], *(v for v, _ in mine))]
        suits = {s for _, s in mine}
        counts[0] += 1
        counts[1] += len(suits) == 1
        counts[2] += suits == {SPADES}
    named = one_suit_chance(three, shoe)
    assert named == (Fraction(1, 64) if three[0] == SIX else Fraction(1, 220))
    assert len(seen) == 3 * (6 if three[0] == SIX else 1)  # every up card, every order of the player's values
    for values, (deals, suited, spades) in seen.items():
        assert (Fraction(suited, deals), Fraction(spades, deals)) == (4 * named, named), values


LINES = {"6-7-8": (((SIX, SEVEN, EIGHT), None, Fraction(3, 2)), ((SIX, SEVEN, EIGHT), "suited", Fraction(2)),
                   ((SIX, SEVEN, EIGHT), "spades", Fraction(3))),
         "7-7-7 (no line of any suits)": (((SEVEN,) * 3, "suited", Fraction(5, 2)), ((SEVEN,) * 3, "hearts", Fraction(4)))}
SHOE = (4, 0, 0, 0, 0, 4, 12, 4, 0, 8)  # four aces, sixes and eights, twelve sevens (three of each suit), eight tens


def test_the_spread_of_pays_adds_to_one_and_takes_the_most_specific_line():
    pays = dict(combination_pays(LINES["6-7-8"], (SIX, SEVEN, EIGHT), SHOE))
    assert pays == {Fraction(3, 2): Fraction(15, 16), Fraction(2): Fraction(3, 64), Fraction(3): Fraction(1, 64)}
    pays = dict(combination_pays(LINES["7-7-7 (no line of any suits)"], (SEVEN,) * 3, SHOE))
    assert pays == {Fraction(1): 1 - Fraction(4, 220), Fraction(5, 2): Fraction(3, 220), Fraction(4): Fraction(1, 220)}


class SuitedBrute:
    """Rounds dealt card by card with suits (the suits of sixes, sevens and eights; no other suit is read), without a
    hole card and without splits, the player playing the engine's strategy after the first option."""

    def __init__(self, rules: BlackjackRules, play) -> None:
        self.rules, self.play = rules, play
        self.kinds = [(v, s) for v in range(10) for s in ((0, 1, 2, 3) if v in (SIX, SEVEN, EIGHT) else (None,))]
        self.full = tuple(SHOE[v] // 4 if s is not None else SHOE[v] for v, s in self.kinds)
        self.dealer = lru_cache(maxsize=None)(self._dealer)
        self.act = lru_cache(maxsize=None)(self._act)

    @staticmethod
    def total(values: list[int]) -> int:
        hard = sum(v + 1 for v in values)
        return hard + 10 if 0 in values and hard <= 11 else hard

    def _dealer(self, rem: tuple[int, ...], values: tuple[int, ...]) -> dict[str, Fraction]:
        """The dealer's result from ``values`` drawing from ``rem`` (counts by value: the dealer reads no suit)."""
        t = self.total(list(values))
        soft = 0 in values and sum(v + 1 for v in values) <= 11
        if len(values) == 2 and sorted(values) == [0, 9]:
            return {"blackjack": Fraction(1)}
        if t > 21:
            return {"bust": Fraction(1)}
        if t > 17 or (t == 17 and not (soft and self.rules.dealer_hits_soft_17)):
            return {str(t): Fraction(1)}
        out: dict[str, Fraction] = defaultdict(Fraction)
        n = sum(rem)
        for v, c in enumerate(rem):
            if c:
                after = rem[:v] + (c - 1,) + rem[v + 1:]
                for k, p in self.dealer(after, tuple(sorted(values + (v,)))).items():
                    out[k] += Fraction(c, n) * p
        return dict(out)

    def pay(self, cards: tuple[tuple[int, int | None], ...]) -> Fraction:
        """What a won hand pays per unit, read from its cards' values and suits as a dealer reads them."""
        values = sorted(v for v, _ in cards)
        for least, pay in self.rules.card_bonuses:
            if len(cards) >= least:
                return pay
        suits = {s for _, s in cards}
        lines = [(s, p) for v, s, p in [(tuple(v), None, p) for v, p in self.rules.combination_bonuses] + list(self.rules.suit_bonuses)
                 if list(v) == values]
        named = {"spades": 3, "hearts": 2, "diamonds": 1, "clubs": 0}
        for wanted in ("named", "suited", None):
            for s, p in lines:
                if wanted == "named" and s in named and suits == {named[s]}:
                    return p
                if wanted == "suited" and s == "suited" and len(suits) == 1:
                    return p
                if wanted is None and s is None and len(cards) == 3:
                    return p
        return Fraction(1)

    def settle(self, rem, up: int, cards, stake: int, doubled: bool) -> dict[Fraction, Fraction]:
        t = self.total([v for v, _ in cards])
        if t > 21:
            return {Fraction(-stake): Fraction(1)}
        win = stake * (Fraction(1) if doubled or t != 21 else self.pay(cards))
        out: dict[Fraction, Fraction] = defaultdict(Fraction)
        values_left = tuple(sum(c for (w, _), c in zip(self.kinds, rem) if w == v) for v in range(10))
        for result, p in self.dealer(values_left, (up,)).items():
            if result == "blackjack":
                net = Fraction(-stake)
            elif result == "bust" or t > int(result) or (t == 21 and self.rules.player_21_wins):
                net = win
            else:
                net = Fraction(0) if t == int(result) else Fraction(-stake)
            out[net] += p
        return dict(out)

    def draws(self, rem):
        n = sum(rem)
        for i, c in enumerate(rem):
            if c:
                yield Fraction(c, n), rem[:i] + (c - 1,) + rem[i + 1:], self.kinds[i]

    def _act(self, rem, up: int, cards, option: str) -> dict[Fraction, Fraction]:
        """The chance of each net after ``option``, then the engine's strategy for every later hand (``cards`` sorted:
        their order changes nothing)."""
        if option == STAND:
            return self.settle(rem, up, cards, 1, False)
        out: dict[Fraction, Fraction] = defaultdict(Fraction)
        for p, after, card in self.draws(rem):
            more = tuple(sorted(cards + (card,), key=str))
            if option == DOUBLE:
                spread = self.settle(after, up, more, 2, True)
            elif self.total([v for v, _ in more]) > 21:
                spread = {Fraction(-1): Fraction(1)}
            else:
                hand = Hand(tuple(sum(1 for v, _ in more if v == w) for w in range(10)))
                valued = self.play.upcards[up].valued
                index = hand_table().index[hand]
                spread = self.act(after, up, more, valued[index].taken if index in valued else STAND)
            for net, q in spread.items():
                out[net] += p * q
        return dict(out)

    def root(self, up: int, first: int, second: int, option: str) -> dict[Fraction, Fraction]:
        """The chance of each net of the round given the values of the up card and the player's first two cards, their
        suits dealt too (every card of those values equally likely)."""
        out: dict[Fraction, Fraction] = defaultdict(Fraction)
        total = Fraction(0)
        start = self.full
        for p0, r0, c0 in self.draws(start):
            if c0[0] != up:
                continue
            for p1, r1, c1 in self.draws(r0):
                if c1[0] != first:
                    continue
                for p2, r2, c2 in self.draws(r1):
                    if c2[0] != second:
                        continue
                    weight = p0 * p1 * p2
                    total += weight
                    for net, q in self.act(r2, up, tuple(sorted((c1, c2), key=str)), option).items():
                        out[net] += weight * q
        return {net: p / total for net, p in out.items() if p}


RULES = {
    "6-7-8 mixed, suited, spades": BlackjackRules(split_hands=1, dealer_peeks=False, dealer_hits_soft_17=True, player_21_wins=True,
                                                  double_any_cards=True, card_bonuses=((5, Fraction(3, 2)),),
                                                  combination_bonuses=(((SIX, SEVEN, EIGHT), Fraction(3, 2)),),
                                                  suit_bonuses=(((SIX, SEVEN, EIGHT), "suited", Fraction(2)),
                                                                ((SIX, SEVEN, EIGHT), "spades", Fraction(3)))),
    "7-7-7 suited and in hearts, a 21 pushing": BlackjackRules(split_hands=1, dealer_peeks=False,
                                                               suit_bonuses=(((SEVEN,) * 3, "suited", Fraction(5, 2)),
                                                                             ((SEVEN,) * 3, "hearts", Fraction(4)))),
}


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_every_option_and_every_net_against_rounds_dealt_with_suits(rules):
    """For every up card and first two cards: each option's value (the engine's strategy after it) and the chance of
    every net of the round as played, exactly as the brute force dealing suits finds them."""
    play = play_game(rules, Shoe(SHOE))
    brute = SuitedBrute(rules, play)
    scale = end_scale(rules, SHOE)
    checked = 0
    for up, upcard in play.upcards.items():
        for hand, root in upcard.roots.items():
            if root.taken == BLACKJACK_OPTION:
                continue
            first, second = hand.values()
            for option, value in root.options.items():
                spread = brute.root(up, first, second, option)
                assert sum(net * p for net, p in spread.items()) == value, (up, str(hand), option)
            got: dict[Fraction, Fraction] = defaultdict(Fraction)
            for (_, net, _), p in root_ends(upcard, root).items():
                got[Fraction(net, scale)] += p
            assert dict(got) == brute.root(up, first, second, root.taken), (up, str(hand))
            checked += HIT in root.options
    assert checked > 20


@given(decks=st.integers(1, 8), seven=st.booleans(), pays=st.lists(st.integers(2, 9), min_size=3, max_size=3),
       named=st.sampled_from(["spades", "hearts", "diamonds", "clubs"]))
def test_the_spread_of_pays_is_the_suits_dealt_one_by_one(decks, seven, pays, named):
    """For any number of decks and pays: the spread of pays equals the three cards' suits dealt one after the other
    without replacement (each rank's cards, a quarter of them of each suit), each read as a dealer reads it."""
    values = (SEVEN,) * 3 if seven else (SIX, SEVEN, EIGHT)
    plain, suited, one = sorted(Fraction(p) for p in pays)
    lines = ((values, None, plain), (values, "suited", suited), (values, named, one))
    shoe = tuple(4 * decks for _ in range(10))
    dealt: dict[Fraction, Fraction] = defaultdict(Fraction)
    for suits in itertools.product(range(4), repeat=3):
        chance = Fraction(1)
        for i, suit in enumerate(suits):
            same = sum(1 for j in range(i) if suits[j] == suit and values[j] == values[i])  # that suit of that rank gone
            before = sum(1 for j in range(i) if values[j] == values[i])
            chance *= Fraction(decks - same, 4 * decks - before)
        if chance:
            pay = pay_by_suits(lines, values, suits)
            assert pay is not None
            dealt[pay] += chance
    assert dict(combination_pays(lines, values, shoe)) == {p: c for p, c in dealt.items() if c}
