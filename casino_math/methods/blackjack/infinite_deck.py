"""Blackjack's house edge estimated at once, from an infinite deck of the shoe's mix of cards: the figure a designer sees
while the exact count (:mod:`~casino_math.methods.blackjack.figures`, seconds to minutes) runs.

In an infinite deck every card is as likely after any cards dealt as before (each value's share of the full shoe), so
the dealer's final total given the up card is a small chain over the dealer's totals (:func:`dealer_finals`), the same
for every hand the player holds, and the player's best play of a hand depends on its total alone (with its number of
cards, and its first three cards where a 21 of those cards pays a bonus). A split's hands are played each on its own,
each drawing from the same infinite deck (the usual approximation: a finite shoe's hands share its cards); a pair
drawn to a split hand is split again while the rules allow it.

Double Exposure's two dealer cards in view are the dealer's hand the player plays against, one play per such hand.
What the estimate leaves out is the finite shoe: its cards removed as they are dealt (the infinite deck's house edge
lies 0.69 points above one deck's, S17 DAS, and 0.11 above six decks', H17 DAS), which :func:`estimate` corrects by a
game of the same cards solved exactly where it is given one. Blackjack Switch (two hands and a switch) gets no figure
but the words why (:func:`unreached`).

Figures are floats by default (a solve in milliseconds); ``exact=True`` works in fractions (the tests' reference).

>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> rules = BlackjackRules(dealer_hits_soft_17=True)
>>> f"{-player_return(rules, Shoe.of_decks(6)):.4%}"
'0.7311%'
>>> unreached(BlackjackRules(switch=True))
"Blackjack Switch's switch of the two hands' second cards"
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Callable, NamedTuple, Union

from ...contract.method import Estimate
from .bonuses import combination_lines, expected_combination_pay
from .dealer import BLACKJACK, BUST, BUST_22, OUTCOMES, hand_total
from .nets import FREE, OWN, Stakes, unit_net
from ...game.description import Game
from ...held import cached
from .game_file import BlackjackGame
from .rules import ACE, TEN, VALUES, BlackjackRules, Shoe

Number = Union[float, Fraction]
WHAT = ("an infinite deck of this shoe's mix of cards (each card as likely whatever was dealt before), each split hand "
        "played on its own")  #: what the estimate is, in words


CORRECTED = ("an infinite deck of this shoe's mix of cards (each card as likely whatever was dealt before), each split hand "
             "played on its own, corrected for the shoe's size by how far {known}'s exact figure lies from its infinite deck's "
             "(that gap taken as inversely proportional to the number of decks)")  #: what the corrected estimate is, in words


def estimate(game: BlackjackGame, known: tuple[Game, Fraction] | None = None) -> Estimate:
    """The game's house edge estimated from an infinite deck, or the rule the estimate does not reach. Where ``known``
    gives a game of the same mix of cards solved exactly (the file an edit is made of) and its house edge, the infinite
    deck's gap to that exact figure, scaled by the ratio of the decks, corrects the estimate: the finite shoe's share,
    which a rule edit barely moves (six decks, S17 from the exact H17 figure: 0.3960% against the exact 0.4029%, the plain
    infinite deck 0.5117%; one deck S17 from six decks H17: -0.1824% against -0.1831%; ``benchmarks/README.md``).

    >>> from casino_math.analysis import load_game
    >>> f"{estimate(load_game('paytables/blackjack/double-exposure-circus-circus-reno.yaml')).house_edge:.4%}"  # exact: 1.5605%
    '1.6768%'
    >>> six = load_game("paytables/blackjack/6-decks-s17-das.yaml")
    >>> f"{estimate(six).house_edge:.4%}", f"{estimate(six, (six, Fraction(4, 1000))).house_edge:.4%}"
    ('0.5117%', '0.4000%')
    """
    reason = unreached(game.rules)
    if reason is not None:
        return Estimate(None, reason)
    infinite = _house_edge(game.rules, game.shoe)
    if known is None or not _calibrates(known[0], game):
        return Estimate(infinite, WHAT)
    other, exact = known
    assert isinstance(other, BlackjackGame)
    gap = _house_edge(other.rules, other.shoe) - float(exact)
    return Estimate(infinite - gap * other.shoe.size / game.shoe.size, CORRECTED.format(known=other.id))


@cached(maxsize=64)
def _house_edge(rules: BlackjackRules, shoe: Shoe) -> float:
    """The infinite deck's house edge (kept: a designer's edits come back to the same rules, the file's every time)."""
    return -float(player_return(rules, shoe))


def _calibrates(other: Game, game: BlackjackGame) -> bool:
    """Whether ``other``'s exact figure corrects ``game``'s estimate: a game the estimate reaches, of the same cards in the
    same shares (whatever the decks)."""
    if not isinstance(other, BlackjackGame) or unreached(other.rules) is not None:
        return False
    mine, theirs = game.shoe, other.shoe
    return all(a * theirs.size == b * mine.size for a, b in zip(mine.counts, theirs.counts))


def unreached(rules: BlackjackRules) -> str | None:
    """The rule the estimate does not reach, in words (None: it reaches every rule of ``rules``)."""
    if rules.switch:
        return "Blackjack Switch's switch of the two hands' second cards"
    return None


def dealer_finals(chances: tuple[Number, ...], up: int, hits_soft_17: bool, peeked: bool,
                  shown: int | None = None) -> tuple[Number, ...]:
    """The chance of each final result of the dealer (:data:`~.dealer.OUTCOMES`) with ``up`` showing, each card drawn
    with ``chances[v]`` (values ACE..TEN); ``peeked``: given that the dealer has no blackjack (the chances divided by
    that of none); ``shown``: the hole card, dealt face up too (Double Exposure).

    >>> finals = dealer_finals((Fraction(1, 13),) * 9 + (Fraction(4, 13),), TEN, False, False)
    >>> finals[OUTCOMES.index("blackjack")], sum(finals)
    (Fraction(1, 13), Fraction(1, 1))
    """
    zero = chances[0] * 0
    empty = (zero,) * len(OUTCOMES)

    @lru_cache(maxsize=None)
    def finish(hard: int, aces: bool) -> tuple[Number, ...]:
        total, soft = hand_total(hard, aces)
        if total > 17 or (total == 17 and not (soft and hits_soft_17)):
            return _one(total - 17 if total <= 21 else BUST_22 if total == 22 else BUST, zero)
        out = list(empty)
        for v, p in enumerate(chances):
            for o, q in enumerate(finish(hard + v + 1, aces or v == ACE)):
                out[o] += p * q
        return tuple(out)

    out = list(empty)
    for hole, p in enumerate(chances):
        if shown is not None:
            p = zero + (hole == shown)
        if not p:
            continue
        if {up, hole} == {ACE, TEN}:
            out[BLACKJACK] += p
            continue
        for o, q in enumerate(finish(up + hole + 2, ACE in (up, hole))):
            out[o] += p * q
    if peeked:
        left = 1 - out[BLACKJACK]
        out = [q / left for q in out]
        out[BLACKJACK] = zero
    return tuple(out)


def _one(outcome: int, zero: Number) -> tuple[Number, ...]:
    return tuple(zero + (o == outcome) for o in range(len(OUTCOMES)))


class Hand(NamedTuple):
    """A hand as the estimate values it: its hard total (aces as 1), whether it holds an ace, its cards (counted up to
    the most a bonus reads) and, while it has three cards at most and a bonus reads them, their values (sorted)."""

    hard: int
    aces: bool
    cards: int
    values: tuple[int, ...] | None

    @property
    def total(self) -> int:
        return hand_total(self.hard, self.aces)[0]

    @property
    def soft(self) -> bool:
        return hand_total(self.hard, self.aces)[1]


class UpCardPlay:
    """The player's best play of every hand against one up card, in an infinite deck (see the module): each hand's value
    per unit of the initial bet, given no dealer blackjack where it is counted apart (a peek, or a blackjack taking the
    original bet only), else with the dealer's blackjack among the dealer's results."""

    def __init__(self, rules: BlackjackRules, shoe: Shoe, chances: tuple[Number, ...], up: int, apart: bool,
                 shown: int | None = None) -> None:
        self.rules, self.shoe, self.chances, self.up = rules, shoe, chances, up
        self.finals = dealer_finals(chances, up, rules.dealer_hits_soft_17, apart, shown)
        self.zero = chances[0] * 0
        self.lines = combination_lines(rules)
        self.most = max([3, *(least for least, _ in rules.card_bonuses)])  # cards counted up to what a bonus reads
        self.read = {part for line, _, _ in self.lines for k in range(1, 4) for part in combinations(line, k)}  # cards a bonus reads
        # each worked out once per hand (the hands are few: a total, an ace, a few cards)
        self.best, self.stand = lru_cache(maxsize=None)(self._best), lru_cache(maxsize=None)(self._stand)
        self.dealt, self.standing = lru_cache(maxsize=None)(self._dealt), lru_cache(maxsize=None)(self._standing)
        self.double = lru_cache(maxsize=None)(self._double)

    def _dealt(self, hand: Hand, v: int) -> Hand:
        cards = hand.cards + 1
        values = tuple(sorted((*hand.values, v))) if hand.values is not None and cards <= 3 else None
        if values not in self.read:
            values = None  # no bonus reads these cards: their values no longer matter
        return Hand(hand.hard + v + 1, hand.aces or v == ACE, min(cards, self.most), values)

    def start(self, v: int) -> Hand:
        return Hand(v + 1, v == ACE, 1, (v,) if (v,) in self.read else None)

    def _stand(self, total: int, win: Fraction, stakes: Stakes) -> Number:
        """Standing on ``total`` (21 or less), a win paying ``win`` (a bonus's, or even money): the player's own units
        win or lose, the house's free units only win (Free Bet)."""
        out = self.zero
        for o, p in enumerate(self.finals):
            if p:
                net = unit_net(self.rules, False, total, o, win)
                out += p * (stakes.own * net + stakes.free * max(net, Fraction(0)))
        return out

    def win(self, hand: Hand, doubled: bool) -> Fraction:
        """What a win pays on ``hand`` (a bonus for some 21s on a hand not doubled, as :func:`~.nets.hand_pays`)."""
        if doubled or hand.total != 21:
            return Fraction(1)
        for least, pay in self.rules.card_bonuses:
            if hand.cards >= least:
                return pay
        if hand.cards == 3 and hand.values is not None:
            return expected_combination_pay(self.lines, hand.values, self.shoe.counts) or Fraction(1)
        return Fraction(1)

    def _standing(self, hand: Hand, stakes: Stakes, doubled: bool = False) -> Number:
        if hand.hard > 21:
            return self.zero - stakes.own
        return self.stand(hand.total, self.win(hand, doubled), stakes)

    def options(self, hand: Hand, split: bool, first: int | None = None, stakes: Stakes = OWN) -> dict[str, Number]:
        """Each option open at a hand of two cards or more (``split``: a split hand, ``first`` its pair card)."""
        if split and first == ACE and not self.rules.hit_split_aces:
            return {"stand": self.standing(hand, stakes)}
        options = {"stand": self.standing(hand, stakes)}
        if hand.hard < 21:
            options["hit"] = sum((p * self.best(self.dealt(hand, v), split, first, stakes) for v, p in enumerate(self.chances) if p),
                                 self.zero)
            if self.rules.can_double(hand.total, hand.soft, hand.cards, split):
                options["double"] = self.double(hand, split, stakes)
        return options

    def _double(self, hand: Hand, split: bool, stakes: Stakes) -> Number:
        """One card more at twice the stake (the house's where the double is free), and a stand (or a rescue where the
        rules allow it: the original bet lost)."""
        total = self.zero
        rescue = self.rules.double_rescue and not split
        doubled = stakes.doubled(self.rules.free_double(hand.total, hand.soft))
        for v, p in enumerate(self.chances):
            if p:
                after = self.dealt(hand, v)
                value = self.standing(after, doubled, doubled=True)
                total += p * (max(value, self.zero - stakes.own) if rescue and after.hard <= 21 else value)
        return total

    def _best(self, hand: Hand, split: bool, first: int | None, stakes: Stakes = OWN) -> Number:
        if hand.hard > 21:
            return self.zero - stakes.own
        return max(self.options(hand, split, first, stakes).values())

    def split(self, pair: int) -> Number:
        """Splitting a pair of ``pair``: each hand its pair card and one drawn, a pair card drawn split again while the
        rules allow (up to :meth:`~.rules.BlackjackRules.split_limit` hands), every hand played on its own, in order:
        the first keeps the original bet, the others stake one unit each (the house's, where the split is free)."""
        limit = self.rules.split_limit(pair)
        start = self.start(pair)
        kinds = (OWN, FREE if pair in self.rules.free_split_values else OWN)  # the first hand's stakes, the others'
        first = pair if pair == ACE and not self.rules.hit_split_aces else None  # what the play reads of the pair card (its
        # other hands are any split hand's: one play for every pair)
        values = [[self.best(self.dealt(start, v), True, first, stakes) for v in range(VALUES)] for stakes in kinds]
        again = self.chances[pair]
        others = [sum((p * value[v] for v, p in enumerate(self.chances) if v != pair), self.zero) for value in values]

        @lru_cache(maxsize=None)
        def hands(made: int, waiting: int, first: bool) -> Number:
            """What the hands still waiting for their second card add, ``made`` hands made so far (``first``: the first
            hand among them, drawn to first)."""
            if waiting == 0:
                return self.zero
            kind = 0 if first else 1
            if made < limit:
                return again * hands(made + 1, waiting + 1, first) + others[kind] + (1 - again) * hands(made, waiting - 1, False)
            return again * values[kind][pair] + others[kind] + hands(made, waiting - 1, False)

        return hands(2, 2, True)


def player_return(rules: BlackjackRules, shoe: Shoe, exact: bool = False) -> Number:
    """The player's expected return per unit of the initial bet under the best play of an infinite deck of ``shoe``'s
    mix of cards (ValueError where the estimate does not reach a rule: :func:`unreached`)."""
    reason = unreached(rules)
    if reason is not None:
        raise ValueError(f"no estimate for {reason}")
    number: Callable[[Fraction], Number] = (lambda x: x) if exact else float
    chances = tuple(number(Fraction(c, shoe.size)) for c in shoe.counts)
    apart = rules.dealer_peeks or not rules.no_hole_card_takes_all
    out = chances[0] * 0
    if rules.exposed:
        return _exposed(rules, shoe, chances)
    for up, p_up in enumerate(chances):
        if not p_up:
            continue
        hole = TEN if up == ACE else ACE if up == TEN else None
        blackjack = chances[hole] if hole is not None else chances[0] * 0
        play = UpCardPlay(rules, shoe, chances, up, apart)
        for first, p_first in enumerate(chances):
            for second, p_second in enumerate(chances):
                if not (p_first and p_second):
                    continue
                out += p_up * p_first * p_second * _root(rules, play, first, second, blackjack, apart)
    return out


def _exposed(rules: BlackjackRules, shoe: Shoe, chances: tuple[Number, ...]) -> Number:
    """Double Exposure: both dealer cards in view, the player's play by them (one play per dealer's two-card hand: its
    hard total and whether it holds an ace); a dealer blackjack takes every bet but a blackjack's, which pushes or wins."""
    zero = chances[0] * 0
    plays: dict[tuple[int, bool], UpCardPlay] = {}
    out = zero
    for up, p_up in enumerate(chances):
        for hole, p_hole in enumerate(chances):
            if not (p_up and p_hole):
                continue
            dealer_natural = {up, hole} == {ACE, TEN}
            key = (-1, True) if dealer_natural else (up + hole + 2, ACE in (up, hole))
            if key not in plays:
                plays[key] = UpCardPlay(rules, shoe, chances, up, False, hole)
            play = plays[key]
            for first, p_first in enumerate(chances):
                for second, p_second in enumerate(chances):
                    if not (p_first and p_second):
                        continue
                    if {first, second} == {ACE, TEN}:
                        paid = not dealer_natural or rules.blackjack_ties_win
                        value = number_of(rules.blackjack_average, zero) if paid else zero
                    else:
                        value = _root(rules, play, first, second, zero, False)
                    out += p_up * p_hole * p_first * p_second * value
    return out


def _root(rules: BlackjackRules, play: UpCardPlay, first: int, second: int, blackjack: Number, apart: bool) -> Number:
    """The best option at the first two cards, the dealer's blackjack counted (as :func:`~.rounds.root_options`)."""
    if {first, second} == {ACE, TEN}:
        return (1 if rules.player_21_wins else 1 - blackjack) * number_of(rules.blackjack_average, blackjack)
    options = play.options(play.dealt(play.start(first), second), False)
    if first == second and rules.splits:
        options["split"] = play.split(first)
    out: dict[str, Number] = {name: (1 - blackjack) * value - blackjack for name, value in options.items()} if apart else dict(options)
    if rules.surrender == "late" and rules.dealer_peeks:
        out["surrender"] = -blackjack - (1 - blackjack) / 2
    elif rules.surrender != "none":
        out["surrender"] = blackjack * 0 - Fraction(1, 2)
    return max(out.values())


def number_of(value: Fraction, like: Number) -> Number:
    """``value`` as the same kind of number as ``like`` (a float, or a fraction kept exact)."""
    return value if isinstance(like, Fraction) else float(value)
