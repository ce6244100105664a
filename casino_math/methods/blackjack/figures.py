"""A blackjack game's figures: the optimal and the basic strategy played out, by up card, and the dealer's totals.

:func:`blackjack_figures` plays the game twice, exactly: by the optimal strategy (each hand by its cards; split
hands by the split convention of :mod:`~casino_math.methods.blackjack.splits`) and by the basic strategy (:mod:`~casino_math.methods.blackjack.basic`); then what a par sheet
quotes of each (house edge, element of risk, average wager, how rounds end), per up card, and the dealer's final
totals under each up card from the full shoe.

>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> figures = blackjack_figures(BlackjackRules(split_hands=2), Shoe.of_decks(1))
>>> f"{float(figures.optimal.expected_return):+.6f}", f"{float(figures.basic.expected_return):+.6f}"
('+0.001541', '+0.001318')
>>> ten = figures.dealer[9]   # the dealer's totals under a ten, the hole card's blackjack included
>>> f"{float(ten['22'] + ten['bust']):.6f}", f"{float(ten['blackjack']):.6f}", f"{float(figures.insurance):+.6f}"
('0.214264', '0.078431', '-0.058824')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Mapping

from .basic import BasicStrategy, basic_strategy
from ...collector import held
from .dealer import OUTCOMES, dealer_chances
from .rounds import BLACKJACK_OPTION, Ends, Play, play_game
from .rules import ACE, TEN, VALUES, BlackjackRules, Shoe, value_name
from .values import dealer_counts


@dataclass(frozen=True)
class Played:
    """A strategy played out: its exact expected return and how rounds end."""

    play: Play

    @property
    def expected_return(self) -> Fraction:
        return self.play.expected_return

    @cached_property
    def ends(self) -> Ends:
        return self.play.ends

    def by_up_card(self) -> dict[int, Fraction]:
        """The expected return of a round given each up card."""
        return {up: u.ev for up, u in self.play.upcards.items()}


@dataclass(frozen=True, eq=False)
class BlackjackFigures:
    """Everything computed of one game (see the module)."""

    rules: BlackjackRules
    shoe: Shoe
    optimal: Played
    basic: Played
    strategy: BasicStrategy
    turns: int  # turns the basic strategy's search took
    seconds: Mapping[str, float]

    @cached_property
    def dealer(self) -> dict[int, dict[str, Fraction]]:
        """Per up card: the probability of each final total from the full shoe (the blackjack included; where the dealer
        peeks, its chance is that of the hole card making one)."""
        out = {}
        for up in range(VALUES):
            if self.shoe.counts[up]:
                counts = dealer_counts(self.rules, up, self.shoe.counts)  # the shoe less the up card: counted with the rest
                left = tuple(c - (v == up) for v, c in enumerate(self.shoe.counts))
                counts.need([left])
                out[up] = dealer_chances(self.shoe, up, self.rules, counted=counts[left])
        return out

    @property
    def dealer_by_name(self) -> dict[str, dict[str, Fraction]]:
        """:attr:`dealer` with each up card by its name (``A``, ``2`` ... ``T``), as a published table gives it."""
        return {value_name(up): chances for up, chances in self.dealer.items()}

    @cached_property
    def dealer_given_no_blackjack(self) -> dict[int, dict[str, Fraction]]:
        """Per up card: the final totals given no dealer blackjack (what the player faces where the dealer peeks)."""
        out = {}
        for up, chances in self.dealer.items():
            live = 1 - chances["blackjack"]
            out[up] = {o: (c / live if o != "blackjack" else Fraction(0)) for o, c in chances.items()}
        return out

    @property
    def insurance(self) -> Fraction:
        """The expected return of insurance (half the bet, paid 2 to 1 on a dealer blackjack) per unit insured, taken
        on every ace up; never part of the strategy."""
        tens = Fraction(self.shoe.counts[TEN], self.shoe.size - 1)
        return 2 * tens - (1 - tens)

    @property
    def natural_pays(self) -> tuple[Fraction, Fraction | None]:
        """The pays of a player's blackjack: any, and a suited one (None: as any)."""
        return self.rules.blackjack_pays, self.rules.suited_blackjack_pays

    @property
    def natural_paid(self) -> dict[str, Fraction]:
        """Per up card (by name): the chance, given it, of a player's blackjack paid (not pushed by the dealer's)."""
        average = self.rules.blackjack_average
        return {value_name(up): sum((r.chance * r.ev for r in u.roots.values() if r.taken == BLACKJACK_OPTION), Fraction(0))
                / average / u.chance for up, u in self.optimal.play.upcards.items()}

    @property
    def returns_by_up_card(self) -> dict[str, dict[str, Fraction]]:
        """The expected return of a round given each up card (by name), under the ``optimal`` and the ``basic`` strategy."""
        return {name: {value_name(up): ev for up, ev in played.by_up_card().items()}
                for name, played in (("optimal", self.optimal), ("basic", self.basic))}

    @property
    def basic_return(self) -> Fraction:
        return self.basic.expected_return

    @property
    def basic_wager(self) -> Fraction:
        return self.basic.ends.average_wager

    @property
    def dealer_blackjack(self) -> Fraction:
        """The chance of a dealer blackjack in a round."""
        n = self.shoe.size
        return 2 * Fraction(self.shoe.counts[ACE], n) * Fraction(self.shoe.counts[TEN], n - 1)


@held
def blackjack_figures(rules: BlackjackRules, shoe: Shoe) -> BlackjackFigures:
    """The game played optimally and by basic strategy, and how the rounds of each end (see the module; the cycle
    collector held off once for all of it: each hold given back costs a pass over everything built in it)."""
    started = time.perf_counter()
    optimal = play_game(rules, shoe)
    _ = optimal.expected_return
    after_optimal = time.perf_counter()
    strategy, basic, turns = basic_strategy(rules, shoe, optimal)
    after_basic = time.perf_counter()
    _ = optimal.ends, basic.ends
    return BlackjackFigures(rules, shoe, Played(optimal), Played(basic), strategy, turns,
                            {"optimal": after_optimal - started, "basic strategy": after_basic - after_optimal,
                             "ends": time.perf_counter() - after_basic})


OUTCOME_NAMES = {"17": "17", "18": "18", "19": "19", "20": "20", "21": "21", "22": "bust with 22", "bust": "bust (23 or more)",
                 "blackjack": "blackjack"}
assert set(OUTCOME_NAMES) == set(OUTCOMES)
