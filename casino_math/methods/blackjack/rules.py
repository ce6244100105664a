"""Blackjack's rules as one immutable value, and the shoe as counts of card values.

Everything the blackjack engine needs to know about a game file's rules is a
:class:`BlackjackRules`; the shoe is a :class:`Shoe`: how many cards of each
blackjack value (ace, 2 to 9, ten) it holds. Blackjack never reads suits, bar
the suited blackjack, whose share of the blackjacks is exactly a quarter in any
shoe of whole decks (the suits play symmetric parts; see :func:`suited_share`).

>>> shoe = Shoe.of_decks(6)
>>> shoe.counts, shoe.size
((24, 24, 24, 24, 24, 24, 24, 24, 24, 96), 312)
>>> Shoe.of_decks(2, spanish=True).counts[TEN], Shoe.of_decks(2, spanish=True).size
(24, 96)
>>> rules = BlackjackRules(dealer_hits_soft_17=True, surrender="late")
>>> rules.can_double(10, soft=False, cards=2, split=False), rules.split_limit(ACE), rules.split_limit(8)
(True, 2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

VALUES = 10  # ace, 2 to 9, ten (tens and faces): what blackjack reads of a card
ACE, TEN = 0, 9  # their positions in a count of values: position v holds the cards worth v + 1
VALUE_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
Surrender = Literal["none", "late", "early"]
SplitPlay = Literal["CDP1", "CDZ-", "CDP"]  # split hands played: best with the pair's cards out, as unsplit, or best with every card seen


def value_name(v: int) -> str:
    """A value's name as a chart prints it: ``A``, ``2``, ... ``T``."""
    return VALUE_NAMES[v]


@dataclass(frozen=True)
class Shoe:
    """The cards a round is dealt from, by blackjack value: ``counts[v]`` cards worth ``v + 1`` (an ace counted 1)."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != VALUES or min(self.counts) < 0:
            raise ValueError("a shoe gives ten counts of cards, ace to ten, none negative")

    @classmethod
    def of_decks(cls, decks: int, spanish: bool = False) -> Shoe:
        """``decks`` standard decks (or Spanish decks of 48 cards, the tens taken out)."""
        return cls((4 * decks,) * 9 + ((12 if spanish else 16) * decks,))

    @classmethod
    def of_ranks(cls, ranks: tuple[int, ...], decks: int) -> Shoe:
        """The shoe of a deck of these ranks (2 to 14, ace 14), four suits of each, ``decks`` times."""
        counts = [0] * VALUES
        for rank in ranks:
            counts[ACE if rank == 14 else min(rank, 10) - 1] += 4 * decks
        return cls(tuple(counts))

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def points(self) -> int:
        """The cards' values added up, aces as 1: what bounds the cards a round can use."""
        return sum((v + 1) * c for v, c in enumerate(self.counts))

    def without(self, removed: tuple[int, ...]) -> Shoe:
        return Shoe(tuple(c - r for c, r in zip(self.counts, removed)))


def suited_share() -> Fraction:
    """The share of blackjacks whose two cards are of one suit, in any shoe of whole standard or Spanish decks.

    Given the values of every card dealt, the player's ten-valued card is any of the ten-valued cards left, and each
    other ten-valued card dealt is of the ace's suit one time in four (the suits of different ranks are independent
    and uniform): of ``4d − k/4`` tens of the ace's suit on average among ``16d − k``, a quarter (Spanish decks:
    ``(3d − k/4) / (12d − k)``, a quarter too).

    >>> suited_share()
    Fraction(1, 4)
    """
    return Fraction(1, 4)


@dataclass(frozen=True)
class BlackjackRules:
    """The rules of one blackjack game: the dealer, doubling, splitting, surrender and the pays.

    Totals are as players count them: an ace is 11 while that keeps the hand at 21 or less (a *soft* total).
    """

    dealer_hits_soft_17: bool = False
    dealer_peeks: bool = True  # the dealer checks the hole card for a blackjack before the player acts
    no_hole_card_takes_all: bool = True  # without a peek: a dealer blackjack takes doubles and splits (else the original bet)
    double_totals: frozenset[int] | None = None  # None: any first two cards; else only hard totals among these
    double_soft_totals: frozenset[int] = frozenset()  # and these soft totals, where double_totals limits the hard ones
    double_any_cards: bool = False  # a double on any number of cards, not just the first two (Spanish 21)
    double_after_split: bool = True
    double_rescue: bool = False  # after a double's card: take the double back and forfeit the original bet (hands not split)
    split_hands: int = 4  # the most hands splitting makes (1: no split)
    resplit_aces: bool = False
    hit_split_aces: bool = False
    split_play: SplitPlay = "CDP1"  # CDP1: split hands by their best play with both pair cards out; CDZ-: as the same cards
    # unsplit; CDP: each split hand by its best play given every card seen, the earlier split hands' too (two hands at most)
    surrender: Surrender = "none"
    blackjack_pays: Fraction = Fraction(3, 2)
    suited_blackjack_pays: Fraction | None = None  # a blackjack of one suit (None: as any blackjack)
    dealer_22_pushes: bool = False  # Free Bet: a dealer total of 22 pushes every hand still standing
    free_double_totals: frozenset[int] = frozenset()  # Free Bet: hard totals doubled for free (the house stakes the double)
    free_double_any_cards: bool = False  # a free double on any number of cards (Free Bet's first rules), not just two
    free_split_values: frozenset[int] = frozenset()  # Free Bet: pairs split for free (positions: ACE..TEN)
    player_21_wins: bool = False  # Spanish 21: a player's 21 beats the dealer's 21, a player's blackjack the dealer's
    exposed: bool = False  # Double Exposure: both dealer cards dealt face up, the player deciding with both in view
    ties_lose: bool = False  # Double Exposure: a tie loses (a dealer blackjack still only meets a player's blackjack)
    blackjack_ties_win: bool = False  # Double Exposure: a player's blackjack wins against the dealer's (else pushes)
    switch: bool = False  # Blackjack Switch: two hands, whose second cards the player may switch before playing (switch.py)
    switched_blackjack: bool = False  # Switch: an ace and a ten made by switching count as a blackjack (else 21)
    switch_basic: bool = False  # Switch: each hand played after the switch by the ordinary game's basic strategy (else its best play)
    card_bonuses: tuple[tuple[int, Fraction], ...] = ()  # Spanish 21: (cards in a 21, its pay), most cards first
    combination_bonuses: tuple[tuple[tuple[int, ...], Fraction], ...] = ()  # Spanish 21: (values of a 3-card 21, pay)
    suit_bonuses: tuple[tuple[tuple[int, ...], str, Fraction], ...] = ()  # the same of one suit ("suited") or a named suit
    notes: tuple[str, ...] = field(default=(), compare=False)  # what the file says of the rules beyond these

    def __post_init__(self) -> None:
        if self.split_hands < 1:
            raise ValueError("a split makes at least two hands (1: no split)")

    @property
    def splits(self) -> bool:
        return self.split_hands >= 2

    def split_limit(self, pair: int) -> int:
        """The most hands a pair of ``pair`` (ACE..TEN) can become: aces once only unless resplit."""
        if not self.splits:
            return 1
        return self.split_hands if pair != ACE or self.resplit_aces else 2

    def can_double(self, total: int, soft: bool, cards: int, split: bool) -> bool:
        """Whether a hand of ``cards`` cards and this total may double (``split``: a hand made by splitting)."""
        if cards != 2 and not self.double_any_cards and not (self.free_double_any_cards and self.free_double(total, soft)):
            return False
        if split and not self.double_after_split and not self.free_double(total, soft):
            return False
        if self.double_totals is None:
            return True
        return total in (self.double_soft_totals if soft else self.double_totals)

    def free_double(self, total: int, soft: bool) -> bool:
        """Whether the house stakes this hand's double (Free Bet's hard 9, 10 and 11)."""
        return not soft and total in self.free_double_totals

    def unpaid(self) -> BlackjackRules:
        """These rules but their pays (what a replay of a strategy at other pays must not change).

        >>> BlackjackRules(blackjack_pays=Fraction(6, 5)).unpaid() == BlackjackRules().unpaid()
        True
        """
        return replace(self, blackjack_pays=Fraction(0), suited_blackjack_pays=None, card_bonuses=(), combination_bonuses=(),
                       suit_bonuses=())

    @property
    def blackjack_average(self) -> Fraction:
        """What a blackjack pays on average, a suited one paying its own pay a quarter of the time."""
        if self.suited_blackjack_pays is None:
            return self.blackjack_pays
        return (1 - suited_share()) * self.blackjack_pays + suited_share() * self.suited_blackjack_pays
