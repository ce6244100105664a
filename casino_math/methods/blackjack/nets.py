"""What a hand has at stake and what it nets: its stakes (the player's own units and the house's free ones), what
standing on a total nets against each dealer outcome, and what a win pays on a hand (bonuses by its cards or suits).

The Python walk (:mod:`~casino_math.methods.blackjack.values`) and the compiled kernels (:mod:`~casino_math.methods.blackjack.compiled_values`, :mod:`~casino_math.methods.blackjack.compiled_splits`) read the
same nets from here.

>>> stand_nets(BlackjackRules(), True, 1, 20, ONE, Stakes(1, 1))   # 20 doubled for free, against 17 to 22, a bust, a blackjack
(2, 2, 2, 0, -1, 2, 2, 0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from .bonuses import combination_lines, combination_pays
from .dealer import BLACKJACK, BUST, BUST_22, OUTCOMES
from .hands import hand_table
from .rules import BlackjackRules
from ...held import cached

ONE, ZERO = Fraction(1), Fraction(0)


class Stakes(NamedTuple):
    """What a hand has at stake, per unit of the initial bet: the player's own money and the house's free units (a
    named pair: it keys the values worked out, and a pair hashes fastest)."""

    own: int = 1
    free: int = 0

    def doubled(self, free: bool) -> Stakes:
        return Stakes(self.own, self.free + 1) if free else Stakes(self.own + 1, self.free)


OWN = Stakes(1, 0)
FREE = Stakes(0, 1)


@cached(maxsize=4096)
def stand_nets(rules: BlackjackRules, apart: bool, scale: int, total: int, win: Fraction, stakes: Stakes) -> tuple[int, ...]:
    """What standing on ``total`` nets against each dealer outcome (:data:`~.dealer.OUTCOMES`), times ``scale``: the
    player's own units win ``win`` or lose, the house's free units only win (``apart``: a dealer blackjack is counted
    apart, so nets nothing here)."""
    out = []
    for o in range(len(OUTCOMES)):
        base = unit_net(rules, apart, total, o, win)
        net = (stakes.own * base + stakes.free * max(base, ZERO)) * scale
        if net.denominator != 1:
            raise ValueError(f"a pay of {win} is finer than the scale {scale}")
        out.append(int(net))
    return tuple(out)


def unit_net(rules: BlackjackRules, apart: bool, total: int, outcome: int, win: Fraction) -> Fraction:
    """The net per unit of the player's own stake standing on ``total`` when the dealer ends in ``outcome``."""
    if outcome == BLACKJACK:
        return ZERO if apart else Fraction(-1)
    if outcome == BUST:
        return win
    if outcome == BUST_22:
        return ZERO if rules.dealer_22_pushes else win
    dealer = 17 + outcome
    if total > dealer or (total == 21 and rules.player_21_wins):
        return win
    return ZERO if total == dealer and not rules.ties_lose else Fraction(-1)



def hand_pays(rules: BlackjackRules, shoe: tuple[int, ...], hand: int) -> tuple[tuple[Fraction, Fraction], ...]:
    """What a win pays on ``hand`` (a number of :func:`~.hands.hand_table`) standing undoubled in a game of ``rules``
    dealt from ``shoe`` (the full shoe), each pay with its chance given the cards' values: one pay but for a 21 whose
    pay depends on its suits (:mod:`~casino_math.methods.blackjack.bonuses`).

    >>> from casino_math.methods.blackjack.hands import Hand
    >>> rules = BlackjackRules(card_bonuses=((5, Fraction(3, 2)),))
    >>> hand_pays(rules, (4,) * 9 + (16,), hand_table().index[Hand.of("A", "A", "2", "7", "T")])
    ((Fraction(3, 2), Fraction(1, 1)),)
    """
    table = hand_table()
    if table.total[hand] != 21:
        return ((ONE, ONE),)
    cards = table.cards[hand]
    for least, pay in rules.card_bonuses:
        if cards >= least:
            return ((pay, ONE),)
    if cards == 3:
        return combination_pays(combination_lines(rules), tuple(table.hands[hand].values()), shoe) or ((ONE, ONE),)
    return ((ONE, ONE),)


def average_pay(pays: tuple[tuple[Fraction, Fraction], ...]) -> Fraction:
    """What a win pays on average, given its pays with their chances (:func:`hand_pays`).

    >>> average_pay(((Fraction(3, 2), Fraction(15, 16)), (Fraction(2), Fraction(3, 64)), (Fraction(3), Fraction(1, 64))))
    Fraction(99, 64)
    """
    return pays[0][0] if len(pays) == 1 else sum((pay * chance for pay, chance in pays), ZERO)
