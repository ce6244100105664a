"""Double Exposure (Face Up 21): both dealer cards dealt face up, the player deciding with both in view.

A round is counted as the ordinary game counts it, once per hole card: the up card and the hole card out of the shoe,
the dealer drawing from both (:func:`~.dealer.dealer_graph` with ``shown``), each hand played best with both in view;
the game's expected return adds the values over the up card, the hole card and the first two cards, each weighted by
its chance. A dealer blackjack in view takes every bet but a player's blackjack (a push, or paid where blackjack ties
win: :attr:`~.rules.BlackjackRules.blackjack_ties_win`); a player's blackjack beats every other dealer hand; a tie
loses where the rules say so (:attr:`~.rules.BlackjackRules.ties_lose`). The tools read these rounds through
:mod:`~casino_math.methods.blackjack.exposed_views` (the strategy by the dealer's two cards, the simulator's rounds).

>>> from fractions import Fraction
>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> play = play_exposed(BlackjackRules(exposed=True, dealer_peeks=False, split_hands=1), Shoe((3, 3, 2, 2, 2, 4, 4, 4, 4, 12)))
>>> len(play.upcards), sum((u.chance * u.ev for u in play.upcards.values()), Fraction(0)) == play.expected_return
(100, True)
"""

from __future__ import annotations

from .rounds import Play, check_shoe, play_up_card
from .rules import VALUES, BlackjackRules, Shoe


def play_exposed(rules: BlackjackRules, shoe: Shoe) -> Play:
    """Every round of a Double Exposure game played best, by up card and hole card (keyed ``up · 10 + hole``)."""
    check_shoe(rules, shoe)
    upcards = {}
    for up in range(VALUES):
        for shown in range(VALUES):
            if shoe.counts[up] and shoe.counts[shown] - (shown == up) > 0:
                upcards[up * VALUES + shown] = play_up_card(rules, shoe, up, shown=shown)
    return Play(rules, shoe, upcards)


__all__ = ["play_exposed"]
