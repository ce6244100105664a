"""A round of blackjack: the first two cards against the up card, every option's value, and how rounds end.

For each up card and each first two cards, the options are those of the hand (:mod:`~casino_math.methods.blackjack.values`), splitting a pair
(:mod:`~casino_math.methods.blackjack.splits`), surrendering, or nothing at all for a blackjack. A dealer blackjack is counted here, once: where
the dealer peeks (or takes only the original bet without a hole card) it takes the player's bet before anything is
decided, and the hands' values are joint with its absence; without a hole card, where it takes everything, the
hands' values already count it.

Then the strategy is followed forward from every first two cards to every way the round can end (:class:`Ends`):
the chance of each result of the round (a blackjack, a win, a push, a loss, a surrender, a double won or lost, a
split's net), exact for every round played as one hand; for a split, each hand's chance of each result against
each dealer total is exact too, and the hands are put together as if independent given the dealer's total (the
cards one split hand takes barely change another's), which keeps the round's average exact.

>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> play = play_game(BlackjackRules(split_hands=1, dealer_peeks=False), Shoe((3, 3, 2, 2, 2, 4, 4, 4, 4, 12)))
>>> play.expected_return == sum(p * play.ends.net(key) for key, p in play.ends.chances.items())
True
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Callable, Mapping

from .bonuses import combination_lines, pays_denominator
from ...collector import held
from .choices import DOUBLE, HIT, SPLIT, STAND, SURRENDER, Chooser, Given, Unsplit, best
from .dealer import BLACKJACK, blackjack_hole, natural
from .hands import Hand, hand_table
from .nets import OWN, Stakes
from .rules import VALUES, BlackjackRules, Shoe, suited_share
from .split_ends import SplitEnds, split_ends
from .splits import Split
from .values import DealerCounts, Position, Taken, Valued, dealer_counts, exposed_counts

BLACKJACK_OPTION = "blackjack"  # a natural: no decision
EndKey = tuple[str, int, int]  # how a round ends: what happened, its net (over the ends' scale), the player's own money staked


def check_shoe(rules: BlackjackRules, shoe: Shoe) -> None:
    """Refuse a shoe a round could run out of: every hand may take cards worth 31 (a hard 21 and a ten), the dealer 26."""
    hands = max(rules.split_hands, 1)
    if shoe.points <= 31 * hands + 26:
        raise ValueError(f"a shoe of {shoe.size} cards worth {shoe.points} could run out in a round of up to {hands} "
                         f"hand{'s' * (hands > 1)} (it needs cards worth more than {31 * hands + 26})")


@dataclass(frozen=True)
class Root:
    """The first two cards ``hand`` against ``up``: the chance of this deal, each option's expected value per initial
    unit (exact, the dealer's blackjack included), and the option taken."""

    up: int
    hand: Hand
    chance: Fraction
    options: Mapping[str, Fraction]
    taken: str

    @property
    def ev(self) -> Fraction:
        return self.options[self.taken]


@dataclass(eq=False)
class UpCard:
    """Everything about one up card: its chance, the hands' position, the split of each pair, the first two cards (and
    the game's rules: the position's may leave out what only the first two cards decide, :func:`~.values.hand_rules`)."""

    rules: BlackjackRules
    up: int
    chance: Fraction
    position: Position
    valued: dict[int, Valued]
    splits: dict[int, Split]
    roots: dict[Hand, Root]
    blackjack_chance: Fraction  # of a dealer blackjack under this up card
    shown: int | None = None  # Double Exposure: the hole card shown (every value joint with it, :mod:`~casino_math.methods.blackjack.exposed`)

    @property
    def ev(self) -> Fraction:
        """The expected return of a round with this up card, per initial unit."""
        return sum((r.chance * r.ev for r in self.roots.values()), Fraction(0)) / self.chance


Strategy = Callable[[UpCard, Hand, Mapping[str, Fraction]], str]  # the option taken with the first two cards


def best_root(up: UpCard, hand: Hand, options: Mapping[str, Fraction]) -> str:
    """The option of highest value; on a tie, the one wagering more (double, split, then stand, hit, surrender)."""
    top = max(options.values())
    return next(o for o in (BLACKJACK_OPTION, DOUBLE, SPLIT, STAND, HIT, SURRENDER) if options.get(o) == top)


@dataclass(eq=False)
class Play:
    """A game played by one strategy: every up card's rounds, and what they come to."""

    rules: BlackjackRules
    shoe: Shoe
    upcards: dict[int, UpCard]

    @cached_property
    def expected_return(self) -> Fraction:
        return sum((r.chance * r.ev for u in self.upcards.values() for r in u.roots.values()), Fraction(0))

    @cached_property
    def ends(self) -> Ends:
        return Ends.of(self)


@held
def play_game(rules: BlackjackRules, shoe: Shoe, hand_choice: Chooser = best, root_choice: Strategy = best_root,
              split_choice: Chooser | None = None) -> Play:
    """Every round of the game, played by the best option at every hand (or the choices given: ``hand_choice`` after
    the first two cards, ``root_choice`` with them, ``split_choice`` on split hands; None: the split convention)."""
    check_shoe(rules, shoe)
    if rules.exposed:
        raise ValueError("both dealer cards face up: the rounds are counted by up card and hole card (exposed.play_exposed)")
    upcards = {}
    for up in range(VALUES):
        if shoe.counts[up]:
            upcards[up] = play_up_card(rules, shoe, up, hand_choice, root_choice, split_choice)
    return Play(rules, shoe, upcards)


def pays_scale(rules: BlackjackRules, shoe: tuple[int, ...]) -> int:
    """The common denominator of the pays a hand can win (bonuses in halves: 2), and of their averages over the suits
    where the suits change a pay (:mod:`~casino_math.methods.blackjack.bonuses`: 99/64 for Spanish 21's 6-7-8 in six decks)."""
    return math.lcm(1, *(p.denominator for _, p in rules.card_bonuses), pays_denominator(combination_lines(rules), shoe))


@held
def replay(play: Play, rules: BlackjackRules) -> Play:
    """Every decision of ``play`` taken again, at ``rules``' pays (the same game otherwise): what the same strategy returns
    there, linear in every pay (how the design tools find where the best strategy changes)."""
    upcards = {}
    for key, old in play.upcards.items():  # Double Exposure's keyed by up card and hole card (exposed.play_exposed)
        hands = {h: v.taken for h, v in old.valued.items()}
        roots = {h: r.taken for h, r in old.roots.items()}
        splits = {pair: split.decisions() for pair, split in old.splits.items()}
        upcards[key] = play_up_card(rules, play.shoe, old.up, Given(hands), _root_taken(roots), splits, shown=old.shown)
    return Play(rules, play.shoe, upcards)


def _root_taken(roots: Mapping[Hand, str]) -> Strategy:
    def choose(upcard: UpCard, hand: Hand, options: Mapping[str, Fraction]) -> str:
        return roots[hand]

    return choose


def play_up_card(rules: BlackjackRules, shoe: Shoe, up: int, hand_choice: Chooser = best, root_choice: Strategy = best_root,
                 split_choice: Chooser | Mapping[int, Mapping[Stakes, dict[int, str]]] | None = None,
                 shown: int | None = None, out: tuple[int, ...] = (0,) * VALUES, dealer: DealerCounts | None = None) -> UpCard:
    """The rounds with ``up`` showing (see :func:`play_game`; ``split_choice`` may also be the split hands' decisions per
    pair and stakes; ``shown``: the hole card dealt face up, out of the shoe with the up card, :mod:`~casino_math.methods.blackjack.exposed`;
    ``out``: other cards seen, by value, out of the shoe too, :mod:`~casino_math.methods.blackjack.switch`; ``dealer``: the
    dealer's counts to read and fill, where not the game's shared ones)."""
    left = tuple(c - (v == up) - (v == shown) - o for v, (c, o) in enumerate(zip(shoe.counts, out)))
    if dealer is None:
        dealer = dealer_counts(rules, up, shoe.counts) if shown is None else exposed_counts(rules, up, shown, shoe.counts)
    dealer.need([left])  # the dealer's totals from the shoe as dealt (the par sheet's), kept with the others
    position = dealer.position(left, scale=pays_scale(rules, shoe.counts))
    valued = position.value_hands(OWN, hand_choice)
    if split_choice is None and rules.split_play == "CDZ-":  # split hands played as the same cards unsplit
        split_choice = Unsplit({h: v.taken for h, v in valued.items()})
    n = sum(left)
    hole = blackjack_hole(up)
    if shown is not None:
        hole = None  # the hole card is in view: no blackjack to come (a shown one is among the dealer's ends)
    chance = Fraction(shoe.counts[up], shoe.size) * (1 if shown is None else Fraction(left[shown] + 1, shoe.size - 1))
    upcard = UpCard(rules, up, chance, position, valued, {}, {}, Fraction(left[hole], n) if hole is not None else Fraction(0), shown)
    table = hand_table()
    for first in range(VALUES):
        for second in range(first, VALUES):
            ways = left[first] * (left[second] - 1) if first == second else 2 * left[first] * left[second]
            if ways <= 0:
                continue
            hand = Hand(tuple((v == first) + (v == second) for v in range(VALUES)))
            chance = upcard.chance * Fraction(ways, n * (n - 1))
            rest = tuple(c - h for c, h in zip(left, hand))
            blackjack = Fraction(rest[hole], n - 2) if hole is not None else Fraction(0)
            if natural(first, second) and shown is not None:  # the dealer's two cards in view: a tie of blackjacks pushes or wins
                paid = not natural(up, shown) or rules.blackjack_ties_win
                options = {BLACKJACK_OPTION: rules.blackjack_average if paid else Fraction(0)}
            elif natural(first, second):  # paid unless the dealer has one too (where a player's 21 always wins, even then)
                options = {BLACKJACK_OPTION: (1 if rules.player_21_wins else 1 - blackjack) * rules.blackjack_average}
            else:
                options = root_options(upcard, table.index[hand], blackjack)
                if first == second and rules.splits:
                    split = (Split(rules, up, left, first, dealer, given=split_choice[first]) if isinstance(split_choice, Mapping)
                             else Split(rules, up, left, first, dealer, split_choice))
                    split.scale = position.scale
                    upcard.splits[first] = split
                    options[SPLIT] = split.value() - (blackjack if position.apart else 0)
            upcard.roots[hand] = Root(up, hand, chance, options, root_choice(upcard, hand, options))
    return upcard


def root_options(upcard: UpCard, hand: int, blackjack: Fraction) -> dict[str, Fraction]:
    """The options of two first cards that are not a blackjack, per initial unit, the dealer's blackjack included."""
    position, rules = upcard.position, upcard.rules
    valued = position.options(hand, OWN, Taken(upcard.valued))
    options = {o: Fraction(v, position.denominator(2)) - (blackjack if position.apart else 0) for o, v in valued.items()}
    if rules.surrender == "late" and rules.dealer_peeks:
        options[SURRENDER] = -blackjack - (1 - blackjack) / 2
    elif rules.surrender != "none":
        options[SURRENDER] = Fraction(-1, 2)  # early, or without a hole card: half the bet, before any dealer blackjack
    return options


# -- how rounds end ----------------------------------------------------------------------------------------
def end_scale(rules: BlackjackRules, shoe: tuple[int, ...]) -> int:
    """The denominator every net of a round is a whole number over: halves (a surrender), and every pay's."""
    pays = [rules.blackjack_pays, *(x for x in [rules.suited_blackjack_pays] if x is not None)]
    return math.lcm(2, pays_scale(rules, shoe), *(p.denominator for p in pays))


@dataclass(frozen=True)
class Ends:
    """The chance of each way a round ends: (what happened, the net per initial unit times ``scale``, the player's own
    money staked). Rounds played as one hand, blackjacks, surrenders: exact (``chances``). Split rounds: their spread as
    floats (``split``: the hands put together as if independent, :mod:`~casino_math.methods.blackjack.split_ends`), their total chance, average net
    and average stake exact (``split_chance``, ``split_net``, ``split_stake``)."""

    chances: Mapping[EndKey, Fraction]
    scale: int
    split: Mapping[EndKey, float] = field(default_factory=dict)
    split_chance: Fraction = Fraction(0)
    split_net: Fraction = Fraction(0)
    split_stake: Fraction = Fraction(0)

    @classmethod
    @held
    def of(cls, play: Play) -> Ends:
        out: dict[EndKey, Fraction] = defaultdict(Fraction)
        split: dict[EndKey, float] = defaultdict(float)
        totals = [Fraction(0)] * 3
        scale = end_scale(play.rules, play.shoe.counts)
        for upcard in play.upcards.values():
            n = sum(upcard.position.left)
            plays: list[tuple[Root, int]] = []  # rounds played as one hand, each with the ordered deals of its two cards
            for root in upcard.roots.values():
                apart, hand, ends = root_parts(upcard, root, scale)
                for key, p in apart.items():
                    out[key] += root.chance * p
                if ends is not None:
                    weight = float(root.chance)
                    for key, q in ends.rows.items():
                        split[key] += weight * q
                    for i, x in enumerate((ends.chance, ends.net, ends.stake)):
                        totals[i] += root.chance * x
                if hand:
                    ways = root.chance / upcard.chance * n * (n - 1)
                    assert ways.denominator == 1
                    plays.append((root, int(ways)))
            denominator = n * (n - 1) * upcard.position.denominator(2) // upcard.position.scale
            for key, w in hand_ends(upcard, plays, scale).items():  # whole numbers (a 21 paid by its suits: fractions)
                out[key] += upcard.chance * Fraction(w, denominator)
        return cls({k: p for k, p in out.items() if p}, scale, {k: q for k, q in split.items() if q}, *totals)

    @property
    def average_wager(self) -> Fraction:
        return sum((p * stake for (_, _, stake), p in self.chances.items()), Fraction(0)) + self.split_stake

    def net(self, key: EndKey) -> Fraction:
        return Fraction(key[1], self.scale)

    def on_grid(self) -> dict[EndKey, Fraction]:
        """Every way a round ends with an exact chance: the split rounds' spread put on the grid of the others' common
        denominator (each rounded to it), then the two likeliest split results take up the remainder, so that the split
        rounds' total chance and average net are exact (their spread is approximate anyway, :mod:`~casino_math.methods.blackjack.split_ends`)."""
        out = dict(self.chances)
        if not self.split:
            return out
        grid = math.lcm(*(p.denominator for p in out.values()), 1)
        rounded = {k: Fraction(round(Fraction(p) * grid), grid) for k, p in self.split.items()}
        chance = self.split_chance - sum(rounded.values(), Fraction(0))
        mean = self.split_net - sum((p * self.net(k) for k, p in rounded.items()), Fraction(0))
        likeliest = sorted(self.split, key=lambda k: (-self.split[k], k))
        first = likeliest[0]
        second = next((k for k in likeliest if self.net(k) != self.net(first)), None)
        if second is None:
            rounded[first] += chance
        else:  # x + y = chance, x·net(first) + y·net(second) = mean
            y = (mean - chance * self.net(first)) / (self.net(second) - self.net(first))
            rounded[first] += chance - y
            rounded[second] += y
        return out | {k: p for k, p in rounded.items() if p}


def root_ends(upcard: UpCard, root: Root) -> dict[EndKey, Fraction]:
    """How the round of these first two cards ends under the strategy, each chance given the deal."""
    scale = end_scale(upcard.rules, upcard.position.dealer.shoe)
    apart, hand, split = root_parts(upcard, root, scale)
    if split is not None:
        raise ValueError("a split round's ends are not all exact: see Ends")
    out: dict[EndKey, Fraction] = defaultdict(Fraction, apart)
    denominator = upcard.position.denominator(2) // upcard.position.scale
    for key, w in (hand_ends(upcard, [(root, 1)], scale) if hand else {}).items():
        out[key] += Fraction(w, denominator)
    return dict(out)


def root_parts(upcard: UpCard, root: Root, scale: int) -> tuple[dict[EndKey, Fraction], bool, SplitEnds | None]:
    """The round's ends given the deal, in three parts: chances, whether the round is played out as one hand (its
    ends: :func:`hand_ends`), and a split's ends (:mod:`~casino_math.methods.blackjack.split_ends`)."""
    rules = upcard.rules
    hole = blackjack_hole(upcard.up)
    left = upcard.position.shoes[hand_table().index[root.hand]]
    n = sum(left)
    blackjack = Fraction(left[hole], n) if hole is not None else Fraction(0)
    lost = ("dealer blackjack", -scale, 1)
    if root.taken == BLACKJACK_OPTION and upcard.shown is not None:  # the dealer's two cards in view
        if natural(upcard.up, upcard.shown) and not rules.blackjack_ties_win:
            return {("both blackjack", 0, 1): Fraction(1)}, False, None
        return _merge({(kind, int(pay * scale), 1): p for (kind, pay), p in paid_naturals(rules, Fraction(1)).items()}), False, None
    if root.taken == BLACKJACK_OPTION:
        return blackjack_ends(rules, blackjack, scale), False, None
    if root.taken == SURRENDER:
        if rules.surrender == "late" and rules.dealer_peeks:
            return _merge({lost: blackjack, ("surrender", -scale // 2, 1): 1 - blackjack}), False, None
        return {("surrender", -scale // 2, 1): Fraction(1)}, False, None
    apart: dict[EndKey, Fraction] = defaultdict(Fraction)
    if upcard.position.apart and blackjack and (rules.dealer_peeks or root.taken == SPLIT):  # else the hand's ends hold it, at its stake
        apart[lost] = blackjack
    if root.taken == SPLIT:
        return dict(apart), False, split_ends(upcard.splits[root.hand.pair or 0], scale)
    return dict(apart), True, None


def blackjack_ends(rules: BlackjackRules, dealer_blackjack: Fraction, scale: int) -> dict[EndKey, Fraction]:
    """A player's blackjack: a push against the dealer's (paid where a player's 21 always wins), else paid (a suited one
    at its own pay, a quarter of them; ``scale``: the round's, :func:`end_scale`)."""
    out = {("both blackjack", 0, 1): Fraction(0) if rules.player_21_wins else dealer_blackjack}
    paid = Fraction(1) if rules.player_21_wins else 1 - dealer_blackjack
    out.update({(kind, int(pay * scale), 1): p for (kind, pay), p in paid_naturals(rules, paid).items()})
    return _merge(out)


def paid_naturals(rules: BlackjackRules, paid: Fraction) -> dict[tuple[str, Fraction], Fraction]:
    """A player's blackjacks paid (``paid``: their chance), by result and pay: a suited one at its own pay, a quarter of them.

    >>> paid_naturals(BlackjackRules(suited_blackjack_pays=Fraction(2)), Fraction(1, 10))
    {('blackjack', Fraction(3, 2)): Fraction(3, 40), ('suited blackjack', Fraction(2, 1)): Fraction(1, 40)}
    """
    if rules.suited_blackjack_pays is None:
        return {("blackjack", rules.blackjack_pays): paid}
    return {("blackjack", rules.blackjack_pays): paid * (1 - suited_share()),
            ("suited blackjack", rules.suited_blackjack_pays): paid * suited_share()}


def _merge(chances: Mapping[EndKey, Fraction]) -> dict[EndKey, Fraction]:
    return {k: p for k, p in chances.items() if p}


def hand_ends(upcard: UpCard, roots: list[tuple[Root, int]], scale: int) -> dict[EndKey, int | Fraction]:
    """Rounds played as one hand (stood, hit or doubled), each first two cards of ``roots`` with its weight: the
    ordered deals of the cards still to come, ``(n)_h`` in all (:meth:`~.values.Position.denominator` of two cards,
    unscaled), ending in each net, times the weight, added up; joint with no dealer blackjack where the dealer peeks,
    and without a hole card where a dealer blackjack takes the original bet, its row at the stake the player had out
    when it showed (a double's too). The rounds are followed together: a hand that several first two cards reach is
    played on once, with the ways of all of them.

    >>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
    >>> play = play_game(BlackjackRules(dealer_peeks=False, no_hole_card_takes_all=False, split_hands=1), Shoe((4, 0, 0, 0, 0, 0, 0, 0, 0, 16)))
    >>> play.ends.average_wager  # a pair of aces doubles against a ten, and meets a dealer blackjack 4 times in 17
    Fraction(286, 285)
    """
    position = upcard.position
    table = hand_table()
    out: dict[EndKey, int | Fraction] = defaultdict(int)
    _, h0 = position.horizon(2)
    ends = _Ends(position, out, h0, scale // position.scale, position.apart and not position.rules.dealer_peeks)
    by_size: dict[int, dict[int, int]] = defaultdict(dict)  # hands reached, by their cards: ordered ways over (n)_k
    first = {table.index[root.hand]: root.taken for root, _ in roots}  # the option of each first two cards
    by_size[2] = {table.index[root.hand]: weight for root, weight in roots}
    cards = 2
    while by_size.get(cards):
        for hand, ways in by_size.pop(cards).items():
            taken = first[hand] if cards == 2 else upcard.valued[hand].taken
            kind = "double" if cards == 2 and taken == DOUBLE else "hand"  # a round doubled on its first two cards
            k = cards - 2
            if taken == STAND:
                ends.stand(hand, OWN, False, ways, k, kind)
            elif taken == DOUBLE:
                stakes = OWN.doubled(position.rules.free_double(table.total[hand], table.soft[hand]))
                for child, w in ends.draw(hand, stakes, ways, k, kind):
                    if position.rescued(child, OWN, stakes):
                        ends.rescue(child, OWN, w, k + 1)
                    else:
                        ends.stand(child, stakes, True, w, k + 1, kind)
            else:
                bigger = by_size[cards + 1]
                for child, w in ends.draw(hand, OWN, ways, k, kind):
                    bigger[child] = bigger.get(child, 0) + w
        cards += 1
    return {key: w for key, w in out.items() if w}


@dataclass
class _Ends:
    """Ends of one hand added up as whole numbers over the ordered deals of ``h0`` cards from the hand's shoe."""

    position: Position
    out: dict[EndKey, int | Fraction]
    h0: int
    factor: int  # the position's nets to the round's scale
    shown_late: bool  # a dealer blackjack, counted apart, shows after the player's doubles: its row is the hand's

    def draw(self, hand: int, stakes: Stakes, ways: int, k: int, kind: str) -> list[tuple[int, int]]:
        """One card to ``hand`` (reached in ``ways`` over ``(n)_k``): a bust ends the round (counted here), any other card
        is returned with its ways."""
        table = hand_table()
        position = self.position
        shoe = position.shoes[hand]
        n = sum(shoe)
        hole = position.hole
        going = []
        for v, child in enumerate(table.child[hand]):
            count = shoe[v]
            if not count:
                continue
            if child >= 0:
                going.append((child, ways * count))
                continue
            # a bust: lost whatever the dealer holds, joint with no dealer blackjack where that is counted apart
            left, rest = n - 1, self.h0 - k - 1
            if position.apart:
                assert hole is not None
                holes = shoe[hole] - (v == hole)
                weight = (left - holes) * math.perm(left - 1, rest - 1)
                self._blackjack(stakes, ways * count * holes * math.perm(left - 1, rest - 1))
            else:
                weight = math.perm(left, rest)
            self.out[(kind, -stakes.own * position.scale * self.factor, stakes.own)] += ways * count * weight
        return going

    def rescue(self, hand: int, stakes: Stakes, ways: int, k: int) -> None:
        """A double rescued (``hand``: the doubled hand with its card, reached in ``ways`` over ``(n)_k``; ``stakes``
        before the double): the original stake lost, joint with no dealer blackjack where that is counted apart."""
        position = self.position
        left, rest = position.size - hand_table().cards[hand], self.h0 - k
        if position.apart:
            assert position.hole is not None
            holes = position.shoes[hand][position.hole]
            weight = (left - holes) * math.perm(left - 1, rest - 1)
            self._blackjack(stakes, ways * holes * math.perm(left - 1, rest - 1))
        else:
            weight = math.perm(left, rest)
        self.out[("rescue", -stakes.own * position.scale * self.factor, stakes.own)] += ways * weight

    def stand(self, hand: int, stakes: Stakes, doubled: bool, ways: int, k: int, kind: str) -> None:
        """A hand that stands (reached in ``ways`` over ``(n)_k``): its net against each dealer total."""
        position = self.position
        memo = ("round", hand, stakes, doubled, self.h0 - k, kind, self.factor)
        terms = position.ends.get(memo)
        if terms is None:  # the same hand stands in several rounds, and under both strategies
            terms = position.ends[memo] = self._stand_terms(hand, stakes, doubled, k, kind)
        for key, weight in terms:
            self.out[key] += ways * weight

    def _blackjack(self, stakes: Stakes, weight: int) -> None:
        """A dealer blackjack after the player's play, where it shows late: the original bet lost, the stake as it was out."""
        if self.shown_late and weight:
            self.out[("dealer blackjack", -self.position.scale * self.factor, stakes.own)] += weight

    def _stand_terms(self, hand: int, stakes: Stakes, doubled: bool, k: int, kind: str) -> tuple[tuple[EndKey, int | Fraction], ...]:
        """What :meth:`stand` adds per way of reaching the hand, by end."""
        table = hand_table()
        position = self.position
        counts, _ = position.dealer[position.shoes[hand]]
        n = position.size - table.cards[hand]
        most = min(position.dealer.longest, n)
        extend = math.perm(n - most, self.h0 - k - most)
        terms: dict[EndKey, int | Fraction] = defaultdict(int)
        if self.shown_late and counts[BLACKJACK]:
            terms[("dealer blackjack", -position.scale * self.factor, stakes.own)] = counts[BLACKJACK] * extend
        for pay, chance in position.win_pays(hand, doubled):  # one pay, or a 21 paid by its suits: each pay a result
            nets = position.nets(table.total[hand], pay, stakes)
            for o, (count, net) in enumerate(zip(counts, nets)):
                if count and not (o == BLACKJACK and position.apart):  # a blackjack counted apart is the round's own row
                    w = count * extend
                    terms[(kind, net * self.factor, stakes.own)] += w if chance == 1 else w * chance
        return tuple(terms.items())
