"""Blackjack Switch: two hands of equal bets, whose second cards the player may switch once, before playing either.

A round is an up card and four player cards: the first hand's two (``a``, ``b``), the second hand's two (``c``, ``d``).
Played as dealt, the hands are ``a b`` and ``c d``; switched, ``a d`` and ``c b``. Each hand is valued as the ordinary
game values a first two cards (:func:`~.rounds.play_up_card`), from the shoe less the up card and *all four* player
cards: each hand played by its best play for its own cards, with the up card and the other hand's two cards out, not
reading the cards the other hand draws. The sum of the two hands' values is then exact for that play: the cards a
hand draws by a rule of its own cards leave the cards after them as likely as before, on average (the chance of any
sequence of the cards to come is a martingale, stopped where the hand stops), so neither hand's draws change the other's
value, nor the dealer's. It is the convention of the split hands played by their own cards (Farmer's CDP1), and of the
published analyses of Switch; a player reading the other hand's draws could do a little better, which no figure here
counts. The player takes the pairing of the higher sum (played as dealt on a tie).

Where the dealer peeks, a dealer blackjack ends the round before the switch: the hands as dealt lose, a blackjack
among them pushes; the switch is chosen given no dealer blackjack. Without a hole card, the switch is chosen before
the dealer's second card, each hand's value counting the blackjack to come. An ace and a ten made by switching count
21, not a blackjack (``rules.switched_blackjack``: a blackjack, as some casinos pay it).

The figures are per hand: the round's return over its two initial bets, as the published house edge is.

>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> rules = BlackjackRules(switch=True, dealer_22_pushes=True, blackjack_pays=Fraction(1), split_hands=1)
>>> play = play_switch(rules, Shoe((2, 0, 2, 0, 0, 2, 0, 2, 0, 6)))
>>> play.expected_return > play_switch(replace(rules, switch=False), Shoe((2, 0, 2, 0, 0, 2, 0, 2, 0, 6))).expected_return
True
>>> sum(play.ends.chances.values()) == 1, play.expected_return == sum(p * play.ends.net(k) for k, p in play.ends.chances.items())
(True, True)
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterator

from .basic import BasicStrategy
from .dealer import blackjack_hole, natural
from .hands import Hand, hand_table
from .rounds import BLACKJACK_OPTION, EndKey, Ends, Root, best_root, check_shoe, end_scale, hand_ends, play_up_card, root_options, root_parts
from .rules import ACE, TEN, VALUES, BlackjackRules, Shoe
from .split_ends import SplitEnds
from .values import DealerCounts, hand_rules

SETTLED = ("dealer blackjack", "both blackjack")  # a hand's ends against a dealer blackjack (where the dealer peeks: the hands as dealt)
SWITCH_COUNTS = VALUES * (VALUES + 1) // 2  # the first two cards counted once per pair of values the other hand holds
SWITCHED_21 = "switched 21"  # the key of an ace and a ten made by switching, where it counts 21


@dataclass(frozen=True)
class Worth:
    """One hand of a round, as valued from the shoe less the up card and the four player cards: its value per unit bet
    (the dealer's blackjack counted as the ordinary game counts it), whether it is valued as a blackjack, the option
    taken, and how it ends (exact chances; a split's spread as floats with its exact totals)."""

    value: Fraction
    natural: bool
    taken: str
    chances: dict[EndKey, Fraction]
    split: SplitEnds | None


def _hand(first: int, second: int) -> Hand:
    return Hand(tuple((v == first) + (v == second) for v in range(VALUES)))


def _pairs() -> Iterator[tuple[int, int]]:
    for first in range(VALUES):
        for second in range(first, VALUES):
            yield first, second


def worths(rules: BlackjackRules, shoe: Shoe, up: int, other: tuple[int, int], dealer: DealerCounts,
           chart: BasicStrategy | None = None) -> dict[object, Worth]:
    """Every first two cards against ``up`` with the other hand's two cards ``other`` out of the shoe, by pair of values
    (low first); an ace and a ten made by switching also under ``SWITCHED_21``, where it counts 21. ``dealer``: the up
    card's counts (:func:`up_card_counts`), its positions dropped once read (no other pairing deals from their shoes).
    ``chart``: each hand played by that basic strategy (split hands too), not by its best play; a switched 21 stands."""
    out_cards = tuple((v == other[0]) + (v == other[1]) for v in range(VALUES))
    if chart is None:
        upcard = play_up_card(rules, shoe, up, out=out_cards, dealer=dealer)
    else:
        upcard = play_up_card(rules, shoe, up, chart.hand_chooser(up), chart.root_chooser, chart.hand_chooser(up, split=True),
                              out=out_cards, dealer=dealer)
    scale = end_scale(rules, shoe.counts)
    hole = blackjack_hole(up)
    out: dict[object, Worth] = {}
    roots: dict[object, Root] = dict(upcard.roots)
    if not rules.switched_blackjack and (at := _hand(ACE, TEN)) in roots:
        left = upcard.position.shoes[hand_table().index[at]]
        blackjack = Fraction(left[hole], sum(left)) if hole is not None else Fraction(0)
        options = root_options(upcard, hand_table().index[at], blackjack)
        roots[SWITCHED_21] = Root(up, at, upcard.roots[at].chance, options, best_root(upcard, at, options))
    for key, root in roots.items():
        apart, played, split = root_parts(upcard, root, scale)
        chances = defaultdict(Fraction, apart)
        denominator = upcard.position.denominator(2) // upcard.position.scale
        for end, w in (hand_ends(upcard, [(root, 1)], scale) if played else {}).items():
            chances[end] += Fraction(w, denominator)
        name = key if isinstance(key, str) else tuple(v for v in range(VALUES) for _ in range(root.hand[v]))
        out[name] = Worth(root.ev, root.taken == BLACKJACK_OPTION, root.taken, dict(chances), split)
    dealer.positions.clear()
    return out


def up_card_counts(rules: BlackjackRules, shoe: Shoe, up: int) -> DealerCounts:
    """The dealer's counts under ``up``, shared by the up card's 55 pairings (the shoe less the four player cards is the
    same for many of them) and by nothing else: no other game deals from a shoe less four player cards, so they go with
    the up card's count (held with the shared counts, they grew by gigabytes)."""
    return DealerCounts(hand_rules(rules), up, shoe.counts, own=True)


@dataclass(frozen=True)
class SwitchUp:
    """The rounds under one up card: the expected return per hand given it, and each deal's two pairings' values (both
    hands, given no dealer blackjack where the dealer peeks) as whole numbers over ``denominator``, by the deal's values
    (the first hand's two cards, then the second's, in the order dealt), with the number of ordered ways to deal it."""

    up: int
    chance: Fraction
    ev: Fraction
    denominator: int
    deals: dict[tuple[int, int, int, int], tuple[int, int, int]]  # (a, b, c, d) -> (ways, as dealt, switched)

    def switched(self, deal: tuple[int, int, int, int]) -> bool:
        _, dealt, switched = self.deals[deal]
        return switched > dealt

    def value(self, deal: tuple[int, int, int, int], switched: bool) -> Fraction:
        """A pairing's value, both hands (as dealt, or switched)."""
        return Fraction(self.deals[deal][2 if switched else 1], self.denominator)


@dataclass(frozen=True)
class SwitchPlay:
    """Every round of a game of Switch played best: the expected return per hand, by up card (with each deal's pairings),
    and how a hand ends (per hand: each of a round's two hands one half)."""

    rules: BlackjackRules
    shoe: Shoe
    expected_return: Fraction
    upcards: dict[int, SwitchUp]
    ends: Ends

    @property
    def switch_rate(self) -> Fraction:
        """The chance the player switches."""
        out = Fraction(0)
        for u in self.upcards.values():
            total = sum(w for w, _, _ in u.deals.values())
            out += u.chance * Fraction(sum(w for w, dealt, switched in u.deals.values() if switched > dealt), total)
        return out


def play_switch(rules: BlackjackRules, shoe: Shoe, chart: BasicStrategy | None = None) -> SwitchPlay:
    """Every round of Switch played best (see the module): each up card (:func:`switch_up`), each ordered deal of four
    player cards by value. ``chart``: every hand played by that basic strategy instead, the switch still taken where the
    two hands so played are worth more switched."""
    check_shoe(replace(rules, split_hands=2 * max(rules.split_hands, 1)), shoe)  # two hands, each may split
    upcards: dict[int, SwitchUp] = {}
    ends: list[Ends] = []
    for up in range(VALUES):
        if shoe.counts[up]:
            upcards[up], up_ends = switch_up(rules, shoe, up, chart)
            ends.append(up_ends)
    chances: dict[EndKey, Fraction] = defaultdict(Fraction)
    split_rows: dict[EndKey, float] = defaultdict(float)
    for e in ends:
        for end, p in e.chances.items():
            chances[end] += p
        for end, q in e.split.items():
            split_rows[end] += q
    total = sum((u.chance * u.ev for u in upcards.values()), Fraction(0))
    merged = Ends(dict(chances), end_scale(rules, shoe.counts), dict(split_rows), sum((e.split_chance for e in ends), Fraction(0)),
                  sum((e.split_net for e in ends), Fraction(0)), sum((e.split_stake for e in ends), Fraction(0)))
    return SwitchPlay(rules, shoe, total, upcards, merged)


def switch_up(rules: BlackjackRules, shoe: Shoe, up: int, chart: BasicStrategy | None = None) -> tuple[SwitchUp, Ends]:
    """The rounds under one up card: each ordered deal of four player cards by value, both pairings compared as whole
    numbers over one denominator (exact, and fast); and how a hand ends, each chance joint with the up card."""
    size = shoe.size
    scale = end_scale(rules, shoe.counts)
    peeked = rules.dealer_peeks
    chances: dict[EndKey, Fraction] = defaultdict(Fraction)
    split_rows: dict[EndKey, float] = defaultdict(float)
    split_totals = [Fraction(0)] * 3
    chance = Fraction(shoe.counts[up], size)
    left = [c - (v == up) for v, c in enumerate(shoe.counts)]
    cache = _pairings(rules, shoe, up, left, chart)
    hole = blackjack_hole(up) if peeked else None
    n = size - 5  # the cards left once the up card and the four player cards are out
    denominator = math.lcm(n, *(w.value.denominator for ws in cache.values() for w in ws.values()))
    whole = {(other, key): int(w.value * denominator) for other, ws in cache.items() for key, w in ws.items()}
    apart = {(other, key): not w.natural and hole is not None for other, ws in cache.items() for key, w in ws.items()}
    weights: dict[tuple[tuple[int, int], object], int] = defaultdict(int)  # (other hand, this hand) -> ordered deals
    settled: dict[EndKey, int] = defaultdict(int)  # ends against a dealer blackjack: ordered deals times the hole cards
    deals: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
    up_total = 0
    for a, b, c, d, ways in _deals(left):
        blackjack = 0
        if hole is not None:
            blackjack = (left[hole] - (a == hole) - (b == hole) - (c == hole) - (d == hole)) * (denominator // n)
        values = []
        for hands, switched in ((((a, b), (c, d)), False), (((a, d), (c, b)), True)):
            keys = [(_low(hands[1 - i]), _key(rules, hands[i], switched)) for i in range(2)]
            values.append((sum(whole[k] + blackjack * apart[k] for k in keys), keys))
        (dealt, kept), (switched_value, swapped) = values
        deals[(a, b, c, d)] = (ways, dealt, switched_value)
        best, keys = (switched_value, swapped) if rules.switch and switched_value > dealt else (dealt, kept)
        for k in keys:
            weights[k] += ways
        naturals = natural(a, b) + natural(c, d)
        up_total += ways * (best - blackjack * (2 - naturals))
        if blackjack:
            settled[("both blackjack", 0, 1)] += ways * naturals * blackjack
            settled[("dealer blackjack", -scale, 1)] += ways * (2 - naturals) * blackjack
    deals_left = math.perm(size - 1, 4)
    for (other, key), ways in weights.items():
        worth = cache[other][key]
        weight = chance * Fraction(ways, 2 * deals_left)
        for end, p in worth.chances.items():
            if not (peeked and end[0] in SETTLED):
                chances[end] += weight * p
        if worth.split is not None:
            for end, q in worth.split.rows.items():
                split_rows[end] += float(weight) * q
            for i, x in enumerate((worth.split.chance, worth.split.net, worth.split.stake)):
                split_totals[i] += weight * x
    for end, w in settled.items():
        chances[end] += chance * Fraction(w, 2 * deals_left * denominator)
    ends = Ends({k: p for k, p in chances.items() if p}, scale, {k: q for k, q in split_rows.items() if q}, *split_totals)
    return SwitchUp(up, chance, Fraction(up_total, 2 * deals_left * denominator), denominator, deals), ends


def _pairings(rules: BlackjackRules, shoe: Shoe, up: int, left: list[int],
              chart: BasicStrategy | None) -> dict[tuple[int, int], dict[object, Worth]]:
    """:func:`worths` of every other hand the shoe less the up card (``left``) can deal, the up card's counts freed after."""
    dealer = up_card_counts(rules, shoe, up)
    return {other: worths(rules, shoe, up, other, dealer, chart) for other in _pairs() if _dealable(left, other)}


def _dealable(left: list[int], cards: tuple[int, int]) -> bool:
    return left[cards[0]] > 0 and left[cards[1]] - (cards[0] == cards[1]) > 0


def _low(cards: tuple[int, int]) -> tuple[int, int]:
    return (min(cards), max(cards))


def _key(rules: BlackjackRules, cards: tuple[int, int], switched: bool) -> object:
    """A hand's key among :func:`worths`: its values low first, or ``SWITCHED_21`` for a switched ace and ten counting 21."""
    if switched and natural(*cards) and not rules.switched_blackjack:
        return SWITCHED_21
    return _low(cards)


def _deals(left: list[int]) -> Iterator[tuple[int, int, int, int, int]]:
    """Every ordered deal of four cards by value from ``left``, with its number of ordered ways."""
    counts = list(left)
    for a in range(VALUES):
        wa = counts[a]
        if not wa:
            continue
        counts[a] -= 1
        for b in range(VALUES):
            wb = counts[b]
            if not wb:
                continue
            counts[b] -= 1
            for c in range(VALUES):
                wc = counts[c]
                if not wc:
                    continue
                counts[c] -= 1
                for d in range(VALUES):
                    if counts[d]:
                        yield a, b, c, d, wa * wb * wc * counts[d]
                counts[c] += 1
            counts[b] += 1
        counts[a] += 1


__all__ = ["SWITCH_COUNTS", "SwitchPlay", "SwitchUp", "Worth", "play_switch", "switch_up", "up_card_counts", "worths"]
