"""The value of splitting a pair, exactly, for a strategy that plays each split hand by its own cards.

**The convention.** Each split hand is played by the cards it holds (and the up card), never by the cards the other
split hands drew: the decisions are the best ones for a hand dealt from the shoe with the up card and *both* cards
of the pair taken out (Eric Farmer's "CDP1"; with no resplitting that is the best play a hand's own cards allow).
For that strategy the value of the split below is exact, with every card the other hands take accounted for.

**Why the other hands' cards can be left out.** A hand played by its own cards stops by a rule on its own cards;
the chance of anything that happens later in the round, averaged over the cards such a hand takes, is the chance
with those cards still in the shoe (the share of each value left is a martingale; an average over a random card
burned is the average itself). So a split hand's value depends only on what is *known* of the cards dealt
before the dealer draws: the pair cards taken out, and the second cards known *not* to be of the pair's value,
which the hands that were not resplit drew while resplitting was still open.

**The sum.** Second cards are dealt hand by hand; while fewer than the most hands allowed are in play, a card of
the pair's value starts a new hand (:func:`patterns` lists every such sequence of pair and other cards). A hand
completed while resplitting was open has a second card known not to be a pair card (``A``: its value joint with
that); once the most hands are in play, the hands still waiting draw any card (``X``: a pair card is played as a
hand of its total). With ``a`` more pair cards out and ``b`` cards known not to be pair cards, a value is the
average over the ``b`` cards of the value with them out, from two values with one fewer (a card burned at random
is a pair card with the pair's share ``v``)::

    F(a, b − 1) = v · F(a + 1, b − 1) + (1 − v) · F(a, b)

so every value is a sum of ``F(a, 0)``, a position with ``a`` more pair cards out (:class:`~.values.Position`).

**CDP** (``split_play="CDP"``, a split to two hands): the first hand is played as above (all it has seen are the
pair cards); the second by its best play given every card seen, the first hand's too. The first hand's value is as
above (the second hand's play, whatever it reads, is a rule on cards already dealt: the argument holds); the second
hand's is the average, over the cards the first hand ends holding (:meth:`Split.first_hand_ends`), of its best value
with those cards out as well (:meth:`Split.second_hand`).

>>> patterns(3)   # up to three hands: a pair card first; two others; another card, then a pair card
(('P', 0, True), ('NN', 2, False), ('NP', 1, True))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping

from .choices import DOUBLE, HIT, STAND, Chooser, best
from .hands import Hand, hand_table
from .nets import FREE, OWN, Stakes
from .rules import BlackjackRules
from .values import DealerCounts, Position, Valued, decided
from ...held import cached

Decisions = dict[int, str]  # hand number -> option


@cached(maxsize=16)
def patterns(most: int) -> tuple[tuple[str, int, bool], ...]:
    """Every sequence of second cards (``P``: a pair card, a new hand; ``N``: another card, a hand completed) dealt
    while fewer than ``most`` hands are in play, with the hands completed and whether ``most`` hands were reached
    (the waiting hands then draw any card)."""
    out: list[tuple[str, int, bool]] = []

    def deal(hands: int, current: int, drawn: str) -> None:
        if hands == most:
            out.append((drawn, current - 1, True))
        elif current > hands:
            out.append((drawn, current - 1, False))
        else:
            deal(hands + 1, current, drawn + "P")
            deal(hands, current + 1, drawn + "N")

    deal(2, 1, "")
    return tuple(sorted(out, key=lambda p: (len(p[0]), p[0])))


@dataclass(frozen=True)
class SplitHands:
    """A split hand's values with ``a`` more pair cards out, under the split strategy: ``any`` (second card of any
    value) and ``other`` (joint with a second card not of the pair), each a Fraction joint with no dealer blackjack
    where the blackjack is counted apart; and the position's hands."""

    any: Fraction
    other: Fraction
    hands: dict[int, Valued]
    position: Position


@dataclass(eq=False)
class Split:
    """Splitting ``pair`` against ``up`` from the shoe ``left`` (the up card out, the pair in): see the module."""

    rules: BlackjackRules
    up: int
    left: tuple[int, ...]
    pair: int
    dealer: DealerCounts
    choose: Chooser | None = None  # a given strategy for split hands (None: the rules' convention, CDP1 or CDP)
    given: Mapping[Any, Decisions] | None = None  # or the split hands' decisions themselves, per stakes (a replay; CDP's
    # second hand's per stakes and the first hand's cards, keyed ("second", stakes, cards))

    def __post_init__(self) -> None:
        self.shoe = tuple(c - 2 * (v == self.pair) for v, c in enumerate(self.left))  # both pair cards out
        self.n, self.p = sum(self.shoe), self.shoe[self.pair]
        self.most = min(self.rules.split_limit(self.pair), 2 + self.p)
        self.free = self.pair in self.rules.free_split_values
        self.scale = 1
        self._strategy: dict[Stakes, Decisions] = {}
        self._values: dict[tuple[int, Stakes], SplitHands] = {}
        self._burned: dict[tuple[Hashable, int, int], Any] = {}
        self.post_split = self.rules.split_play == "CDP" and self.choose is None  # CDP: the second hand reads the first's cards
        if self.post_split and self.most > 2:
            raise ValueError("CDP is counted for a split to two hands")
        self._second: dict[tuple[tuple[int, ...], Stakes], SplitHands] = {}
        self._ends: dict[Stakes, dict[tuple[int, ...], Fraction]] = {}

    def hands_at(self, more: int, stakes: Stakes) -> SplitHands:
        """The split hands' values with ``more`` further pair cards out (the hand's own pair card in it)."""
        key = (more, stakes)
        if key not in self._values:
            table = hand_table()
            left = tuple(c - (1 + more) * (v == self.pair) for v, c in enumerate(self.left))
            position = self.dealer.position(left, split=True, holding=self.pair, scale=self.scale)
            if more == 0:  # the split strategy: chosen here, with the pair's two cards out, and kept for more pair cards out
                plan = self.given[stakes] if self.given is not None else (self.choose or best)
                valued = position.value_hands(stakes, plan, first=self.pair)
                self._strategy[stakes] = decided(valued)
            else:
                valued = position.value_hands(stakes, self.strategy(stakes), first=self.pair)
            one = table.index[Hand(tuple(int(v == self.pair) for v in range(len(left))))]
            start = valued[one]
            both = table.child[one][self.pair]
            pair_cards = left[self.pair] - 1
            paired = pair_cards * Fraction(valued[both].value, start.denominator) if both in valued and pair_cards else Fraction(0)
            self._values[key] = SplitHands(start.ev(HIT), start.ev(HIT) - paired, valued, position)
        return self._values[key]

    def strategy(self, stakes: Stakes) -> Decisions:
        """The split strategy (CDP1): each split hand's best option with the pair's two cards out."""
        if stakes not in self._strategy:
            self.hands_at(0, stakes)
        return self._strategy[stakes]

    def decisions(self) -> dict[Any, Decisions]:
        """The split hands' decisions worked out so far, per stakes (what a replay of the strategy takes); under CDP the
        second hand's too, per stakes and the first hand's cards (``("second", stakes, cards)``)."""
        out: dict[Any, Decisions] = {stakes: dict(decisions) for stakes, decisions in self._strategy.items()}
        for (cards, stakes), hands in self._second.items():
            out[("second", stakes, cards)] = {h: v.taken for h, v in hands.hands.items()}
        return out

    def first_hand_ends(self, stakes: Stakes) -> dict[tuple[int, ...], Fraction]:
        """CDP: the cards the first hand ends holding besides its pair card (counts by value; a bust's card among them),
        each with its chance, the hand played by the split strategy from the shoe with both pair cards out.

        >>> from casino_math.methods.blackjack.values import dealer_counts
        >>> rules, shoe = BlackjackRules(split_hands=2, split_play="CDP"), (2, 0, 2, 0, 0, 2, 0, 2, 0, 6)
        >>> left = tuple(c - (v == 9) for v, c in enumerate(shoe))  # a ten up, a pair of eights
        >>> ends = Split(rules, 9, left, 7, dealer_counts(rules, 9, shoe)).first_hand_ends(OWN)
        >>> sum(ends.values()), ends[(0,) * 9 + (1,)]   # every end, and 8-T standing: five tens of eleven cards
        (Fraction(1, 1), Fraction(5, 11))
        """
        if stakes not in self._ends:
            hands = self.hands_at(0, stakes)
            position, valued, table = hands.position, hands.hands, hand_table()
            out: dict[tuple[int, ...], Fraction] = {}

            def end(counts: tuple[int, ...], chance: Fraction) -> None:
                key = tuple(c - (v == self.pair) for v, c in enumerate(counts))
                out[key] = out.get(key, Fraction(0)) + chance

            level = {min(valued, key=lambda h: table.cards[h]): Fraction(1)}  # the pair card alone
            while level:
                following: dict[int, Fraction] = {}
                for hand, chance in level.items():
                    counts = table.hands[hand].counts
                    taken = HIT if table.cards[hand] == 1 else valued[hand].taken if hand in valued else STAND
                    if taken == STAND:
                        end(counts, chance)
                        continue
                    shoe = position.shoes[hand]
                    n = sum(shoe)
                    for v, count in enumerate(shoe):
                        child = table.child[hand][v]
                        if not count:
                            continue
                        if taken == DOUBLE or child < 0:
                            end(tuple(c + (w == v) for w, c in enumerate(counts)), chance * Fraction(count, n))
                        else:
                            following[child] = following.get(child, Fraction(0)) + chance * Fraction(count, n)
                level = following
            self._ends[stakes] = out
        return self._ends[stakes]

    def second_hand(self, cards: tuple[int, ...], stakes: Stakes) -> SplitHands:
        """CDP: the second hand's values played best (or as a replay gives) from the shoe with the first hand's pair card
        and ``cards`` out as well (its own pair card in it)."""
        key = (cards, stakes)
        if key not in self._second:
            table = hand_table()
            left = tuple(c - (v == self.pair) - k for v, (c, k) in enumerate(zip(self.left, cards)))
            position = self.dealer.position(left, split=True, holding=self.pair, scale=self.scale)
            plan = self.given[("second", stakes, cards)] if self.given is not None else best
            valued = position.value_hands(stakes, plan, first=self.pair)
            start = valued[table.index[Hand(tuple(int(v == self.pair) for v in range(len(left))))]]
            self._second[key] = SplitHands(start.ev(HIT), start.ev(HIT), valued, position)
        return self._second[key]

    def second_strategy(self, first: tuple[int, ...], stakes: Stakes) -> Decisions:
        """CDP: the second hand's decisions once the first hand holds ``first`` (counts by value, its pair card in them)."""
        cards = tuple(c - (v == self.pair) for v, c in enumerate(first))
        return {h: v.taken for h, v in self.second_hand(cards, stakes).hands.items()}

    def second_value(self, stakes: Stakes, at: Callable[[SplitHands, str], Any] | None = None) -> Any:
        """CDP: the second hand's value (or ``at`` of its hands), averaged over the cards the first hand ends holding."""
        total: Any = Fraction(0)
        for cards, chance in self.first_hand_ends(self.stakes_of(1)).items():
            hands = self.second_hand(cards, stakes)
            total += (hands.any if at is None else at(hands, "any")) * chance
        return total

    def _f(self, kind: str, more: int, others: int, stakes: Stakes, at: Callable[[SplitHands, str], Any] | None = None) -> Any:
        """``F(a, b)``: the value ``kind`` (``any`` or ``other``) with ``a`` more pair cards and ``b`` cards known not to be
        pair cards out, the ``b`` cards averaged over (``at``: what is taken of the split hands in place of their value)."""
        def value(a: int) -> Any:
            hands = self.hands_at(a, stakes)
            return getattr(hands, kind) if at is None else at(hands, kind)

        return self.burned(value, more, others, (kind, stakes, at)) if others else value(more)

    def burned(self, at: Callable[[int], Any], more: int, others: int, key: Hashable = None) -> Any:
        """``F(a, b)`` from ``F(a', 0) = at(a')``: anything linear in the shoe (a value, a vector of chances) with ``a``
        more pair cards and ``b`` cards known not to be pair cards out (``key``: names ``at`` to keep what is worked out)."""
        if others == 0:
            return at(more)
        memo = (key, more, others)
        if key is not None and memo in self._burned:
            return self._burned[memo]
        share = Fraction(self.p - more, self.n - more - others + 1)
        kept = self.burned(at, more, others - 1, key)
        if share == 1:
            result = kept * Fraction(0)  # no card but pair cards left: nothing can be known not to be one
        else:
            if share:
                kept = kept - self.burned(at, more + 1, others - 1, key) * share
            result = kept * (1 / (1 - share))
        if key is not None:
            self._burned[memo] = result
        return result

    def value(self, at: Callable[[SplitHands, str], Any] | None = None) -> Any:
        """The split's value per initial unit (joint with no dealer blackjack where the blackjack is counted apart); or
        with ``at``, anything linear taken of the split hands in its place (``at(hands, kind)``, ``kind`` ``any`` or
        ``other``: the value as a linear form of the pays, :mod:`~casino_math.methods.blackjack.linear`), put together the same way."""
        n, p = self.n, self.p
        total: Any = Fraction(0)
        for drawn, done, reached in patterns(self.most):
            more, others = drawn.count("P"), drawn.count("N")
            chance = Fraction(math.perm(p, more) * math.perm(n - p, others), math.perm(n, more + others))
            if chance == 0:
                continue
            for hand in range(1, done + 1):  # completed: its own non-pair card drawn last, the others before it
                without = Fraction(math.perm(p, more) * math.perm(n - p, others - 1), math.perm(n, more + others - 1))
                total += without * self._f("other", more, others - 1, self.stakes_of(hand), at)
            if reached:
                for hand in range(done + 1, self.most + 1):
                    if self.post_split and hand == 2:
                        total += self.second_value(self.stakes_of(hand), at)
                        continue
                    total += chance * self._f("any", more, others, self.stakes_of(hand), at)
        return total

    def stakes_of(self, hand: int) -> Stakes:
        """The first hand keeps the original bet; in Free Bet a free split gives every other hand a free unit."""
        return FREE if self.free and hand > 1 else OWN
