"""The player's expected value of every option at every hand, exactly, for one dealer up card and one shoe.

A :class:`Position` is the shoe the player's hands are dealt from (the up card out, and for a split hand the
other card of the pair too) and every hand it can deal. For each hand it counts the dealer's final totals after
that hand's cards are out (:func:`~.dealer.dealer_ways`), and from them the value of standing; hitting is worth
the average over the next card of the best option of the hand it makes, doubling twice the average of standing on
it; the hands are walked biggest first, so that a hand's extensions are valued before it.

Every value is a whole number over the hand's own denominator ``(n)_h``: the ordered ways to deal ``h`` more
cards from the ``n`` left, where ``h`` reaches past the longest hand the player and the dealer can still make
together. A card drawn turns ``(n)_h`` into ``n · (n − 1)_{h−1}``, so a hit's value is a plain sum of whole numbers,
and the options of one hand, sharing its denominator, compare as whole numbers: every choice is exact.

The walk is done by a compiled kernel over the values' residues modulo primes, its choices exact
(:mod:`~casino_math.methods.blackjack.compiled_values`), wherever it applies (the best play, a strategy given hand by hand, choices given hand by hand,
a basic strategy's chart; on every rule set, bonuses by a hand's cards, a double's rescue and split aces that may not
draw included); :meth:`Position.value_hands_plain` is the same walk in Python over whole numbers, its reference and the way
for the rest (another chooser, values too big for the kernel's primes).

Where the dealer peeks (or, without a hole card, takes only the original bet with a blackjack) a hand's values
are *joint with no dealer blackjack*: the player acts knowing there is none, and the blackjack's loss of the
original bet is counted once for the round (:mod:`~casino_math.methods.blackjack.rounds`). Dividing every option of a hand by the chance of no
blackjack would not change which is best.

A hand's stake is its own money and, in Free Bet, the house's: a free unit wins like the player's but loses
nothing (:class:`~.nets.Stakes`); the best play of a hand depends on the mix, so each mix is a position of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from operator import mul
from fractions import Fraction
from itertools import repeat
from typing import Iterator, Mapping

import numpy as np

from .choices import DOUBLE, HIT, STAND, ChartChooser, Chooser, Given, best
from ...collector import held
from .compiled_values import (DOUBLE_CODE, HIT_CODE, PRIMES, STAND_CODE, VALUED, DealerDigits, Residues, bonus_table, compiles, doubling, kernel_nets, moduli,
                              nets_table, preferences, primes_for, room, table_arrays)
from .dealer import PRIMES as DEALER_PRIMES
from .dealer import blackjack_hole, dealer_digits, dealer_graph, ways_bound
from .hands import HandTable, hand_table
from .kept import KnownCounts, keep, load
from .nets import ONE, OWN, Stakes, average_pay, hand_pays, stand_nets
from .rules import ACE, BlackjackRules
from ...held import cached

class Shoes(dict):
    """The cards left after each hand (by number), worked out when first asked for (:meth:`many`: many at once)."""

    def __init__(self, left: tuple[int, ...], table: HandTable) -> None:
        super().__init__()
        self.left, self.table = left, table

    def __missing__(self, hand: int) -> tuple[int, ...]:
        shoe = tuple(n - c for n, c in zip(self.left, self.table.hands[hand]))
        self[hand] = shoe
        return shoe

    def many(self, hands: np.ndarray) -> tuple[list[tuple[int, ...]], np.ndarray]:
        """The shoes left after ``hands`` (numbers), and the same as an array (a row each).

        >>> from casino_math.methods.blackjack.hands import Hand
        >>> table = hand_table()
        >>> shoes = Shoes((4,) * 9 + (16,), table)
        >>> hands = np.array([table.index[Hand.of("T", "6")], table.index[Hand.of("A")]])
        >>> found, rows = shoes.many(hands)
        >>> found[0], rows[1].tolist(), shoes[int(hands[0])] == found[0]
        ((4, 4, 4, 4, 4, 3, 4, 4, 4, 15), [3, 4, 4, 4, 4, 4, 4, 4, 4, 16], True)
        """
        rows = np.array(self.left, dtype=np.int64) - self.table.counts[hands]
        hands_list = hands.tolist()
        missing = [i for i, h in enumerate(hands_list) if h not in self]
        if missing:
            self.update(zip([hands_list[i] for i in missing], map(tuple, rows[missing].tolist())))
        return [self[h] for h in hands_list], rows


class DealerCounts:
    """The dealer's final totals after each shoe left (counts by value once the up card and the player's cards are out),
    counted once and kept, with the positions built on them: the optimal and the basic strategy of one game, and its
    split hands, share shoes (and the value of standing, which no strategy changes)."""

    shown: int | None = None  # the hole card where it is dealt face up (:class:`~.exposed.ExposedCounts`)

    def __init__(self, rules: BlackjackRules, up: int, shoe: tuple[int, ...], own: bool = False) -> None:
        """``own``: counts held by this object alone, freed with it (one up card of Switch, whose shoes no other game
        reaches), neither shared nor kept between runs."""
        self.rules, self.up, self.shoe = rules, up, shoe
        self.known = KnownCounts(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe) if own else \
            known_counts(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe)
        self.longest = dealer_graph(up, rules.dealer_hits_soft_17, rules.dealer_peeks).longest
        self.positions: dict[tuple, Position] = {}
        self._bounds: dict[int, int] = {}  # all the ways to deal the dealer's cards, by the cards left
        # the counts as the compiled kernel reads them (:mod:`~casino_math.methods.blackjack.compiled_values`), shared like the counts themselves
        self.digits = DealerDigits() if own else shared_digits(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe)

    def need(self, shoes: list[tuple[int, ...]], rows: np.ndarray | None = None) -> None:
        """Count the shoes not counted yet, all at once, as the kernel's digits (the whole numbers made when read:
        most of a count's shoes are read by the compiled kernel alone); ``rows``: the same shoes as an array, where
        made already."""
        row, known = self.digits.row, self.known
        missing = list(dict.fromkeys([s for s in shoes if s not in row and s not in known]))
        if missing:
            if rows is None:
                left = np.array(missing, dtype=np.int64)
            else:  # a row of each (the same shoe twice: the same row)
                at = dict(zip(shoes, range(len(shoes))))
                left = rows[[at[s] for s in missing]]
            digits, _ = dealer_digits(left, self.up, self.rules, self.shown, bounds=False)
            self.digits.add(missing, digits)

    def __contains__(self, shoe: tuple[int, ...]) -> bool:
        return shoe in self.known or shoe in self.digits.row

    def __getitem__(self, shoe: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        counted = self.known.get(shoe)
        if counted is None:  # the two digits of each count put together (:func:`~.dealer.whole`), one shoe
            p, n = DEALER_PRIMES[0], sum(shoe)
            ways = tuple(a + t * p for a, t in self.digits.array[self.digits.row[shoe]].tolist())
            if n not in self._bounds:
                self._bounds[n] = ways_bound(n, self.longest)
            counted = self.known[shoe] = ways, self._bounds[n]
        return counted

    def position(self, left: tuple[int, ...], split: bool = False, holding: int | None = None, scale: int = 1) -> Position:
        """The position of the hands dealt from ``left`` (split hands holding a ``holding``), built once."""
        key = (left, split, holding, scale)
        if key not in self.positions:
            members = hand_table().dealable(left, holding) if holding is not None else None
            self.positions[key] = Position(self.rules, self.up, left, self, split=split, members=members, scale=scale)
        return self.positions[key]


def dealer_counts(rules: BlackjackRules, up: int, shoe: tuple[int, ...]) -> DealerCounts:
    """The one :class:`DealerCounts` of a game's up card (``shoe``: the full shoe, naming the game with ``rules``), shared
    by the games whose hands play alike (:func:`hand_rules`)."""
    return _dealer_counts(hand_rules(rules), up, shoe)


@cached(maxsize=20)
def _dealer_counts(rules: BlackjackRules, up: int, shoe: tuple[int, ...]) -> DealerCounts:
    return DealerCounts(rules, up, shoe)


class ExposedCounts(DealerCounts):
    """The dealer's counts where the hole card is dealt face up (Double Exposure): the draws from the up card and the
    hole card ``shown``, out of the shoe (:mod:`~casino_math.methods.blackjack.exposed`). Not kept between runs: an
    ordinary dealer's counts are kept under the up card alone."""

    def __init__(self, rules: BlackjackRules, up: int, shown: int, shoe: tuple[int, ...]) -> None:
        self.rules, self.up, self.shown, self.shoe = rules, up, shown, shoe
        self.known = KnownCounts(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe)
        self.longest = dealer_graph(up, rules.dealer_hits_soft_17, rules.dealer_peeks, shown).longest
        self.positions = {}
        self._bounds = {}
        self.digits = DealerDigits()


@cached(maxsize=110)
def exposed_counts(rules: BlackjackRules, up: int, shown: int, shoe: tuple[int, ...]) -> ExposedCounts:
    """The one :class:`ExposedCounts` of a game's up card and hole card (as :func:`dealer_counts`)."""
    return ExposedCounts(hand_rules(rules), up, shown, shoe)


def hand_rules(rules: BlackjackRules) -> BlackjackRules:
    """The rules a position reads (:class:`Position`): what a round decides with its first two cards or pays on them
    (surrender, the blackjack's pay, how many hands a split makes) put aside, so that games differing only there (6 to 5,
    surrender, as compared side by side) share their positions and what is worked out in them.

    >>> hand_rules(BlackjackRules(surrender="late", blackjack_pays=Fraction(6, 5))) == BlackjackRules()
    True
    """
    return replace(rules, surrender="none", blackjack_pays=Fraction(3, 2), suited_blackjack_pays=None, split_hands=4,
                   resplit_aces=False, notes=())


@cached(maxsize=20)
@held
def known_counts(hits_soft_17: bool, peeks: bool, up: int, shoe: tuple[int, ...]) -> KnownCounts:
    """The dealer's counts after each shoe left, shared by every game of the same dealer, up card and full shoe (the
    same rules at other pays, as the design tools make them, count no dealer hand twice), and read from the counts kept
    between runs where they are (:mod:`~casino_math.methods.blackjack.kept`)."""
    known = KnownCounts(hits_soft_17, peeks, up, shoe)
    load(known)
    return known


@cached(maxsize=20)
def shared_digits(hits_soft_17: bool, peeks: bool, up: int, shoe: tuple[int, ...]) -> DealerDigits:
    """The dealer's counts as the compiled kernel reads them, shared as :func:`known_counts` shares the counts (a game
    at other pays, as a design tool or the studio makes it, reads the rows its first solve wrote)."""
    return DealerDigits()


def keep_counts(rules: BlackjackRules, shoe: tuple[int, ...]) -> None:
    """Keep the dealer's counts of a game's up cards (those counted in this run) between runs."""
    for up in range(len(shoe)):
        if shoe[up]:
            keep(known_counts(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe),
                 shared_digits(rules.dealer_hits_soft_17, rules.dealer_peeks, up, shoe))


class Valued:
    """One hand's options, each a whole number over ``denominator``, and the option taken (the options worked out from
    the compiled kernel's residues when first read: ``residues`` (:class:`~.compiled_values.Residues`), its ``row``)."""

    __slots__ = ("_options", "taken", "denominator", "_residues", "_row")

    def __init__(self, options: dict[str, int] | None, taken: str, denominator: int, residues: Residues | None = None,
                 row: int = 0) -> None:
        self._options, self.taken, self.denominator, self._residues, self._row = options, taken, denominator, residues, row

    @property
    def options(self) -> dict[str, int]:
        if self._options is None:
            assert self._residues is not None
            self._options = self._residues.options(self._row)
            self._residues = None
        return self._options

    @property
    def value(self) -> int:
        return self.options[self.taken]

    def ev(self, option: str | None = None) -> Fraction:
        return Fraction(self.options[option or self.taken], self.denominator)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Valued):
            return NotImplemented
        return (self.options, self.taken, self.denominator) == (other.options, other.taken, other.denominator)

    def __repr__(self) -> str:
        return f"Valued(options={self.options!r}, taken={self.taken!r}, denominator={self.denominator!r})"


class Taken(Mapping[int, int]):
    """The value of the option taken at each valued hand (what a hit adds up), read through."""

    def __init__(self, valued: Mapping[int, Valued]) -> None:
        self.valued = valued

    def __getitem__(self, hand: int) -> int:
        return self.valued[hand].value

    def __iter__(self) -> Iterator[int]:
        return iter(self.valued)

    def __len__(self) -> int:
        return len(self.valued)


class Solved(dict[int, Valued]):
    """A position's valued hands (hand -> :class:`Valued`), and where the compiled kernel valued them, ``taken``: the code of
    the option taken at each hand of the table (``compiled_values.VALUED``; -1: not valued), so that what reads
    the strategy back (a split's strategy, its hands' ends) need not read it hand by hand."""

    taken: np.ndarray | None = None


class Decided(dict[int, str]):
    """A strategy, hand -> option, with ``codes``: each hand of the table's option as :func:`plan_codes` reads it."""

    codes: np.ndarray


def decided(valued: Mapping[int, Valued]) -> Decided:
    """The options ``valued`` takes, as a strategy (:class:`Decided`).

    >>> plan = decided({5: Valued({"stand": 1}, "stand", 1), 7: Valued({"hit": 1}, "hit", 1)})
    >>> dict(plan), plan_codes(plan)[[5, 6, 7]].tolist()
    ({5: 'stand', 7: 'hit'}, [0, -1, 1])
    """
    taken = valued.taken if isinstance(valued, Solved) else None
    if taken is None:
        plan = Decided((h, v.taken) for h, v in valued.items())
        plan.codes = _codes(plan)
        return plan
    hands = list(valued)  # the kernel's hands, valued in this order
    plan = Decided(zip(hands, _NAMES[taken[hands]].tolist()))
    plan.codes = taken
    return plan


_NAMES = np.array(VALUED, dtype=object)


def plan_codes(plan: Mapping[int, str]) -> np.ndarray:
    """Each hand of the table's option in ``plan`` as a code: ``compiled_values.VALUED``'s (stand 0, hit 1, double 2),
    3 for another option, -1 where the plan has none."""
    return plan.codes if isinstance(plan, Decided) else _codes(plan)


def _codes(plan: Mapping[int, str]) -> np.ndarray:
    codes = np.full(len(hand_table().hands), -1, dtype=np.int64)
    if plan:
        options = np.array(list(plan.values()), dtype=object)
        code = np.full(len(options), 3, dtype=np.int64)
        for c, name in enumerate(VALUED):
            code[options == name] = c
        codes[np.fromiter(plan.keys(), dtype=np.int64, count=len(plan))] = code
    return codes


@dataclass(eq=False)
class Position:
    """The hands dealt from ``left`` (counts by value, the up card out) against ``up``: see the module's introduction.

    ``split`` says the hands are split hands (their options after a split: no surrender, doubling as the rules allow
    after a split; split aces take one card unless the rules let them hit). ``members`` are the hands valued (numbers
    in :func:`~.hands.hand_table`; None: every hand the shoe can deal). ``scale`` multiplies every value so that pays
    in halves or fifths stay whole.
    """

    rules: BlackjackRules
    up: int
    left: tuple[int, ...]
    dealer: DealerCounts
    split: bool = False
    members: tuple[int, ...] | None = None
    scale: int = 1

    def __post_init__(self) -> None:
        table = self.table = hand_table()
        if self.members is None:
            self.members = table.dealable(self.left)
        self.dealt: tuple[int, ...] = tuple(sorted(self.members))  # biggest hands first
        self.size = sum(self.left)
        self.reach = int(table_arrays()[1][list(self.dealt)].max(initial=0)) + self.dealer.longest
        self.shoes = Shoes(self.left, table)
        self.hole = blackjack_hole(self.up) if self.dealer.shown is None else None  # a hole card shown: no blackjack to come
        self.apart = self.hole is not None and (self.rules.dealer_peeks or not self.rules.no_hole_card_takes_all)
        self._den: dict[int, int] = {}
        self._stands: dict[tuple[int, Stakes, bool], int] = {}
        self._nets: dict[tuple, tuple[int, ...]] = {}
        self._extend: dict[int, int] = {}
        self._live: dict[int, int] = {}
        self._draws: dict[int, tuple[tuple[tuple[int, int], ...], int]] = {}
        self._doubles: dict[tuple[int, Stakes], int] = {}
        self._may_double: dict[int, bool] = {}
        self._solved: dict[tuple, dict[int, Valued]] = {}  # by stakes, first card and strategy (the best, or a mapping)
        self._counted = False  # every hand's dealer counts asked for (the first solve without a strategy)
        self.kernel: dict[tuple, tuple] = {}  # what the compiled kernel reads, per stakes (:mod:`~casino_math.methods.blackjack.compiled_values`)
        self._slots = np.full(len(table.hands), -1, dtype=np.int64)  # each hand's row of the dealer's digits
        self.ends: dict[tuple, tuple] = {}  # how its hands end, per hand (:mod:`~casino_math.methods.blackjack.rounds`, :mod:`~casino_math.methods.blackjack.split_ends`)

    # -- denominators: the ordered deals of the cards still to come -----------------------------------------
    def horizon(self, cards: int) -> tuple[int, int]:
        """Cards left, and how many more a hand of ``cards`` cards counts its deals over."""
        n = self.size - cards
        return n, min(self.reach - cards, n)

    def denominator(self, cards: int) -> int:
        """The denominator of every value of a hand of ``cards`` cards."""
        if cards not in self._den:
            n, h = self.horizon(cards)
            self._den[cards] = math.perm(n, h) * self.scale
        return self._den[cards]

    def live(self, cards: int, holes: int) -> int:
        """What one unit lost by a hand of ``cards`` cards is worth over its denominator: all of it, or where a dealer
        blackjack is counted apart, its chance of none (``holes``: the cards left that would make one)."""
        if not self.apart:
            return self.denominator(cards)
        return (self.size - cards - holes) * self.live_deals(cards)

    def live_deals(self, cards: int) -> int:
        """The deals after a first dealer card that is not a hole card making a blackjack (where that is counted apart)."""
        base = self._live.get(cards)
        if base is None:
            n, h = self.horizon(cards)
            base = self._live[cards] = math.perm(n - 1, h - 1) * self.scale
        return base

    # -- standing ------------------------------------------------------------------------------------
    def stand(self, hand: int, stakes: Stakes, doubled: bool = False) -> int:
        """The value of standing on ``hand`` (over its denominator)."""
        key = (hand, stakes, doubled)
        if key not in self._stands:
            self._stands[key] = self._stand(hand, stakes, doubled)
        return self._stands[key]

    def _stand(self, hand: int, stakes: Stakes, doubled: bool) -> int:
        table = self.table
        cards = table.cards[hand]
        ways, _ = self.dealer[self.shoes[hand]]
        if cards not in self._extend:
            n, h = self.horizon(cards)
            most = min(self.dealer.longest, n)
            self._extend[cards] = math.perm(n - most, h - most)
        nets = self.nets(table.total[hand], self.win_amount(hand, doubled), stakes)
        return self._extend[cards] * sum(map(mul, ways, nets))

    def nets(self, total: int, win: Fraction, stakes: Stakes) -> tuple[int, ...]:
        """What standing on ``total`` nets against each dealer outcome, times the position's scale (whole numbers)."""
        key = (total, stakes.own, stakes.free) if win is ONE else (total, stakes.own, stakes.free, win)
        nets = self._nets.get(key)
        if nets is None:
            nets = self._nets[key] = stand_nets(self.rules, self.apart, self.scale, total, win, stakes)
        return nets

    def win_amount(self, hand: int, doubled: bool) -> Fraction:
        """What a win pays on this hand: 1, or a bonus for a 21 of many cards or of certain cards (never doubled), on
        average over the suits where they change the pay (:mod:`~casino_math.methods.blackjack.bonuses`)."""
        return average_pay(self.win_pays(hand, doubled))

    def win_pays(self, hand: int, doubled: bool) -> tuple[tuple[Fraction, Fraction], ...]:
        """What a win pays on this hand, each pay with its chance given the cards' values (:func:`~casino_math.methods.blackjack.nets.hand_pays`)."""
        rules = self.rules
        if doubled or self.table.total[hand] != 21 or not (rules.card_bonuses or rules.combination_bonuses or rules.suit_bonuses):
            return ((ONE, ONE),)
        return hand_pays(rules, self.dealer.shoe, hand)

    # -- every hand, biggest first ------------------------------------------------------------------------
    def value_hands(self, stakes: Stakes = OWN, choose: Chooser | Mapping[int, str] = best, first: int | None = None,
              compiled: bool = True) -> dict[int, Valued]:
        """Every hand's options under ``stakes``, the option taken, and its value (numbers of :func:`~.hands.hand_table`).

        ``choose`` takes the option from the values (default: the best); a mapping instead *is* the strategy (hand ->
        option): only the hands it reaches from the smallest hands are valued, and only by the option it takes. A hand
        of two cards or more may stand, hit or double (as the rules allow; the first two cards of a game's hand are
        the round's own business, :mod:`~casino_math.methods.blackjack.rounds`); a split hand of one card (``first``) only draws.

        The best play or a strategy given as a mapping is valued by the compiled kernel (:mod:`~casino_math.methods.blackjack.compiled_values`) where
        it applies, else (or with ``compiled`` False) by :meth:`value_hands_plain`: the same values and choices.
        """
        plan: Mapping[int, str] | None = None
        chooser: Chooser = best
        if isinstance(choose, Mapping):
            plan = choose
        else:
            chooser = choose
        # a strategy as two tuples, its hands and their options (one pair a hand would be hundreds of thousands of tuples
        # in a six-deck count, each walked by the cycle collector)
        strategy = (tuple(plan), tuple(plan.values())) if plan is not None else None
        memo = (stakes, first, strategy, compiled) if plan is not None or chooser is best else None
        if memo is not None and memo in self._solved:  # the same play again (another game sharing the position)
            return self._solved[memo]
        codes = plan_codes(plan) if plan is not None else None  # the plan's options read once, as codes
        hands = self.reached(plan, first, codes) if plan is not None else self.dealt
        standing = self.count_dealer(hands, plan, codes)
        out = value_hands_compiled(self, stakes, plan, chooser, first, hands, codes, standing) if compiled else None
        if out is None:
            out = self.value_hands_plain(stakes, plan, chooser, first, hands)
        if memo is not None:
            self._solved[memo] = out
        return out

    def value_hands_plain(self, stakes: Stakes, plan: Mapping[int, str] | None, chooser: Chooser, first: int | None,
                    hands: list[int] | tuple[int, ...]) -> dict[int, Valued]:
        """:meth:`value_hands` walked in Python over whole numbers, hand by hand (``hands``: biggest first, their dealer's
        counts counted): the reference of the compiled kernel."""
        out: dict[int, Valued] = {}
        values: dict[int, int] = {}  # the value taken at each hand valued, read by the hits of smaller hands
        cards_of, hard = self.table.cards, self.table.hard
        plain = not (self.split and first == ACE and not self.rules.hit_split_aces)  # split aces may draw on
        for hand in hands:
            only = plan.get(hand) if plan is not None else None
            if plain and only is None and cards_of[hand] >= 2:  # the options of most hands, inline (see options)
                options = {STAND: self.stand(hand, stakes)}
                if hard[hand] < 21:
                    options[HIT] = self.hit(hand, stakes, values)
                    if self.may_double(hand):
                        options[DOUBLE] = self.double(hand, stakes)
            else:
                options = self.options(hand, stakes, values, first, only)
            if not options:
                continue
            if len(options) == 1:
                taken = next(iter(options))
            elif plan is not None:
                raise KeyError(f"the strategy has no option for {self.table.hands[hand]}")
            else:
                taken = chooser(hand, options)
            out[hand] = Valued(options, taken, self.denominator(cards_of[hand]))
            values[hand] = options[taken]
        return out

    def kernel_slots(self, hands: list[int] | tuple[int, ...], plan: Mapping[int, str] | None,
                     standing: np.ndarray | None = None) -> np.ndarray:
        """Each hand's row of the dealer's digits (-1: not needed), for every hand that may stand or double among
        ``hands`` (counted already, :meth:`count_dealer`; ``standing``: those hands, where worked out already)."""
        if standing is None:
            standing = self.standing(hands, plan)
        slots = self._slots
        new = standing[slots[standing] < 0].tolist()
        if new:
            slots[new] = self.dealer.digits.rows(self.shoes.many(np.array(new, dtype=np.int64))[0], self.dealer.known)
        return slots

    def count_dealer(self, hands: list[int] | tuple[int, ...], plan: Mapping[int, str] | None,
                     codes: np.ndarray | None = None) -> np.ndarray | None:
        """Count the dealer's totals after every hand that stands or is doubled on (with a strategy: only those); those
        hands (:meth:`standing`), or None where every hand's are counted already."""
        if self._counted:
            return None
        standing = self.standing(hands, plan, codes)
        self.dealer.need(*self.shoes.many(standing))
        self._counted = plan is None and hands is self.dealt
        return standing

    def standing(self, hands: list[int] | tuple[int, ...], plan: Mapping[int, str] | None,
                 codes: np.ndarray | None = None) -> np.ndarray:
        """The hands among ``hands`` whose dealer's totals are read: every hand of two cards or more (a double's hands
        are among them), or with a strategy those it stands on, and those its doubles make (each after the hand it is
        doubled from, in the order of ``hands``; ``codes``: the strategy's, :func:`plan_codes`, where read already)."""
        child, cards, _, _, counts = table_arrays()
        order = np.asarray(hands, dtype=np.int64)
        order = order[cards[order] >= 2]
        if plan is None:
            return order
        options = (plan_codes(plan) if codes is None else codes)[order]
        stands = (options == -1) | (options == STAND_CODE)
        doubles = np.flatnonzero((options == -1) | (options == DOUBLE_CODE))
        made = child[order[doubles]]
        made_at = (made >= 0) & (np.array(self.left, dtype=np.int64) - counts[order[doubles]] > 0)
        # each hand's place in ``hands``, then its doubles' hands by the card drawn
        place = np.concatenate([np.flatnonzero(stands) * 11, (doubles[:, None] * 11 + 1 + np.arange(child.shape[1]))[made_at]])
        return np.concatenate([order[stands], made[made_at]])[np.argsort(place, kind="stable")]

    def reached(self, plan: Mapping[int, str], first: int | None, codes: np.ndarray | None = None) -> list[int]:
        """The hands a strategy reaches from the smallest hands of the position, biggest first (a card at a time: every
        hand reached with as many cards at once; ``codes``: the strategy's, :func:`plan_codes`, where read already)."""
        child, cards, _, _, counts = table_arrays()
        if codes is None:
            codes = plan_codes(plan)
        dealt = np.asarray(self.dealt, dtype=np.int64)
        left = np.array(self.left, dtype=np.int64)
        frontier = dealt[cards[dealt] == cards[dealt].min()]
        seen = np.zeros(len(cards), dtype=np.bool_)
        seen[frontier] = True
        while len(frontier):
            drawing = frontier[(cards[frontier] < 2) | (codes[frontier] == HIT_CODE)]
            made = child[drawing]
            made = made[(made >= 0) & (left - counts[drawing] > 0)]
            seen[made] = True
            frontier = np.unique(made)
        return np.flatnonzero(seen).tolist()

    def options(self, hand: int, stakes: Stakes, values: Mapping[int, int], first: int | None = None,
                only: str | None = None) -> dict[str, int]:
        """The value of each option open at ``hand`` (``values``: the value taken at each of its extensions, valued
        already; :class:`Taken` reads them off valued hands); ``only``: that option alone."""
        table = self.table
        cards = table.cards[hand]
        if cards == 1:
            return {HIT: self.hit(hand, stakes, values)} if first is not None else {}
        if self.split and first == ACE and not self.rules.hit_split_aces:
            return {STAND: self.stand(hand, stakes)} if cards == 2 else {}
        if only is not None:
            value = {STAND: self.stand, HIT: lambda h, s: self.hit(h, s, values), DOUBLE: self.double}[only](hand, stakes)
            return {only: value}
        options = {STAND: self.stand(hand, stakes)}
        if table.hard[hand] < 21:
            options[HIT] = self.hit(hand, stakes, values)
            if self.may_double(hand):
                options[DOUBLE] = self.double(hand, stakes)
        return options

    def may_double(self, hand: int) -> bool:
        """Whether the rules let ``hand`` double (in this position: split hands or not)."""
        allowed = self._may_double.get(hand)
        if allowed is None:
            table = self.table
            allowed = self._may_double[hand] = self.rules.can_double(table.total[hand], table.soft[hand], table.cards[hand], self.split)
        return allowed

    def hit(self, hand: int, stakes: Stakes, values: Mapping[int, int]) -> int:
        """The value of drawing a card and playing on (``values``: the value taken at each bigger hand)."""
        draws, busts = self.draws(hand)
        total = -stakes.own * busts
        for count, child in draws:
            total += count * values[child]
        return total

    def draws(self, hand: int) -> tuple[tuple[tuple[int, int], ...], int]:
        """The cards ``hand`` may draw without busting, as (how many are left, the hand made), and what one unit lost to a
        bust is worth over the bigger hand's denominator, times the cards that bust (no strategy changes either)."""
        found = self._draws.get(hand)
        if found is None:
            shoe = self.shoes[hand]
            children = self.table.child[hand]
            draws = tuple((count, child) for count, child in zip(shoe, children) if count and child >= 0)
            busting = sum(count for count, child in zip(shoe, children) if child < 0)
            cards = self.table.cards[hand] + 1
            if busting and self.apart:  # live(cards, holes − (v == hole)) for each bust v, added up
                assert self.hole is not None
                holes = shoe[self.hole]
                busts = (busting * (self.size - cards - holes) + (holes if children[self.hole] < 0 else 0)) * self.live_deals(cards)
            else:
                busts = busting * self.live(cards, 0)
            found = self._draws[hand] = (draws, busts)
        return found

    def rescue(self, hand: int, stakes: Stakes) -> int:
        """The value of a double-down rescue of ``hand`` (the doubled hand with its card; ``stakes`` before the double):
        the original stake lost, joint with no dealer blackjack where that is counted apart."""
        holes = self.shoes[hand][self.hole] if self.hole is not None else 0
        return -stakes.own * self.live(self.table.cards[hand], holes)

    def rescued(self, hand: int, stakes: Stakes, doubled: Stakes) -> bool:
        """Whether the player rescues the double of ``hand`` (``stakes`` before the double, ``doubled`` after): where the
        rules allow it, on a hand not split, worth more than standing (a tie stands: the option wagering more)."""
        if not self.rules.double_rescue or self.split:
            return False
        return self.rescue(hand, stakes) > self.stand(hand, doubled, doubled=True)

    def double(self, hand: int, stakes: Stakes) -> int:
        """The value of doubling: one card more, and a stand (or a rescue, where the rules allow it and it is worth more);
        no strategy changes it, so it is worked out once."""
        key = (hand, stakes)
        value = self._doubles.get(key)
        if value is None:
            value = self._doubles[key] = self._double(hand, stakes)
        return value

    def _double(self, hand: int, stakes: Stakes) -> int:
        table = self.table
        doubled = stakes.doubled(self.rules.free_double(table.total[hand], table.soft[hand]))
        shoe = self.shoes[hand]
        cards = table.cards[hand] + 1
        holes = shoe[self.hole] if self.hole is not None else 0
        total = 0
        for v, child in enumerate(table.child[hand]):
            count = shoe[v]
            if count:
                if child < 0:
                    total += count * -doubled.own * self.live(cards, holes - (v == self.hole))
                elif self.rescued(child, stakes, doubled):
                    total += count * self.rescue(child, stakes)
                else:
                    total += count * self.stand(child, doubled, doubled=True)
        return total


def value_hands_compiled(position: Position, stakes: Stakes, plan: Mapping[int, str] | None, chooser: Chooser, first: int | None,
                   hands: list[int] | tuple[int, ...], codes: np.ndarray | None = None,
                   standing: np.ndarray | None = None) -> dict[int, Valued] | None:
    """:meth:`Position.value_hands_plain` by the compiled kernel (:func:`~.values_kernel.solve_kernel`), where ``plan`` is None
    the option taken by ``chooser`` (the best, or a chart's order, :class:`~.choices.ChartChooser`); None where the kernel
    does not apply (:func:`~.compiled_values.compiles`, another chooser, a value too big for the primes, a plan or a chart
    without a hand's option). ``codes``: the plan's (:func:`plan_codes`), ``standing``: the hands whose dealer's counts
    are read (:meth:`Position.standing`), where worked out already."""
    if not compiles():
        return None
    from .values_kernel import solve_kernel  # numba loaded when a position is valued, not when a kept solution is read

    child, cards, hard, total, counts = table_arrays()
    order = np.array(hands, dtype=np.int64)
    prefer = np.full((len(hands), 3), -1, dtype=np.int64)
    if plan is None and isinstance(chooser, Given):
        numbers = {name: code for code, name in enumerate(VALUED)}
        prefer[:, 0] = [numbers.get(chooser.taken.get(h, ""), 3) for h in hands]  # 3: not valued here, the Python walk says
    elif plan is None and chooser is not best:
        if not isinstance(chooser, ChartChooser):
            return None
        prefer = preferences(chooser, order)
    only_array = np.full(len(hands), -1, dtype=np.int64)
    if plan is not None:
        given = (plan_codes(plan) if codes is None else codes)[order]
        only_array[:] = np.where(given <= DOUBLE_CODE, given, -1)
        if ((only_array < 0) & (cards[order] >= 2) & ((given >= 0) | (hard[order] < 21))).any():
            return None  # a hand the strategy leaves open, or an option not valued here: the Python walk says so
    doubled = (stakes, Stakes(stakes.own + 1, stakes.free), Stakes(stakes.own, stakes.free + 1))
    key = (stakes, "nets")
    if key not in position.kernel:
        try:
            nets = nets_table(position.rules, position.apart, position.scale, doubled)
            bonus, bonus_nets = bonus_table(position.rules, position.apart, position.scale, position.dealer.shoe, stakes)
        except OverflowError:  # a net past 64 bits (pays over large coprime denominators): the Python walk counts it
            position.kernel[key] = (0, (None, None), None, None, None)
            return None
        largest = max(int(np.abs(nets).max()), int(np.abs(bonus_nets).max()), stakes.own + 1) if len(bonus_nets) else 0
        k = primes_for(largest * position.denominator(0)) if largest else 0
        position.kernel[key] = ((k, kernel_nets(nets, [s.own for s in doubled], k), horizons(position, k), bonus,
                                 np.ascontiguousarray(bonus_nets[..., None] % np.array(PRIMES[:k], dtype=np.int64)))
                                if k else (0, (None, None), None, None, None))
    k, (net, lost), by_cards, bonus, bonus_net = position.kernel[key]
    if not k:
        return None
    primes, garner, half, _ = moduli(k)
    extend, denominator, live_deals = by_cards
    slot = position.kernel_slots(hands, plan, standing)
    may, free = doubling(position.rules, position.split)
    digits = position.dealer.digits.array
    values = np.zeros((len(hands), 3, k), dtype=np.int64)
    present = np.zeros((len(hands), 3), dtype=np.bool_)
    taken = np.full(len(hands), -1, dtype=np.int64)
    aces_stand = position.split and first == ACE and not position.rules.hit_split_aces  # split aces take one card
    rescue = position.rules.double_rescue and not position.split
    solve_kernel(
        order, only_array, prefer, first is not None, aces_stand, child, cards, hard, total, may, free, rescue, counts,
        np.array(position.left, dtype=np.int64), slot, digits, DEALER_PRIMES[0], net, bonus, bonus_net, lost, extend,
        denominator, live_deals, position.size,
        -1 if position.hole is None else position.hole, position.apart, primes, 1.0 / primes.astype(np.float64), garner, half,
        values, present, taken, room(len(child), k, len(position.left)))
    residues = Residues(values, present, k)
    dens = [position.denominator(c) if c <= position.size else 0 for c in range(int(cards[order].max(initial=0)) + 1)]
    if (taken == -2).any():
        return None  # a chart with no option open to a hand: the Python walk says so
    rows = np.flatnonzero(taken >= 0)
    valued = order[rows]
    out = Solved(zip(valued.tolist(), map(Valued, repeat(None), _NAMES[taken[rows]].tolist(),
                                          [dens[c] for c in cards[valued].tolist()], repeat(residues), rows.tolist())))
    out.taken = np.full(len(child), -1, dtype=np.int64)
    out.taken[valued] = taken[rows]
    return out


def horizons(position: Position, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Residues by a hand's cards (0 to the most a hand of the position holds, and one more): what extends the dealer's
    deals to the hand's denominator, the denominator, and the deals after a first dealer card that is not a hole card
    (:meth:`Position.horizon`), modulo each of the first ``k`` primes; 0 where a hand of so many cards has none."""
    most = int(table_arrays()[1][list(position.dealt)].max(initial=0)) + 2
    return _horizons(position.size, position.reach, position.dealer.longest, position.scale, most, k)


@cached(maxsize=256)
def _horizons(size: int, reach: int, dealer_longest: int, scale: int, most: int,
              k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`horizons` of a position of ``size`` cards whose deals reach ``reach`` cards (the same for the many
    positions of a game's split hands with as many cards out; read, never written, by the kernel)."""
    rows = np.zeros((3, most + 1, k), dtype=np.int64)
    primes = PRIMES[:k]
    for c in range(most + 1):
        n, h = size - c, min(reach - c, size - c)  # :meth:`Position.horizon`
        if n < 0 or h < 0:
            continue
        longest = min(dealer_longest, n)
        whole_numbers = (math.perm(n - longest, h - longest) if h >= longest else 0, math.perm(n, h) * scale,
                         math.perm(n - 1, h - 1) * scale if n >= 1 and h >= 1 else 0)
        for j, x in enumerate(whole_numbers):
            rows[j, c] = [x % p for p in primes]
    return rows[0], rows[1], rows[2]
