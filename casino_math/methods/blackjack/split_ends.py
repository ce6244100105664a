"""How a split round ends: each split hand's chance of each result against each dealer total, and the round's net.

Each split hand is followed forward by the split strategy from its pair card to every way it ends (a stand, a bust,
a double), jointly with the dealer's final total counted after that hand's cards: :class:`Chances` over
``(net, stake, dealer total)``. Like a split hand's value, these chances depend only on the pair cards out and the
cards known not to be pair cards (:mod:`~casino_math.methods.blackjack.splits`), so they add up over the same sequences of second cards, exactly.
The hands are followed by a compiled kernel over residues where it applies (:mod:`~casino_math.methods.blackjack.compiled_splits`: the same chances
in the same order); ``_Walk.follow`` is the same walk in Python, its reference and the way for the rest.

A round's net is the sum of its hands' nets, and the hands share the dealer's hand: given the sequence of second
cards and the dealer's total, the hands are put together as if independent (the one approximation of the par
sheet's spread, stated in the notes; the chance of every result of each hand, and so the round's average, stay exact).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Iterable

from .choices import DOUBLE, STAND
from .compiled_splits import follow
from .dealer import BLACKJACK
from .hands import hand_table
from .nets import ONE, Stakes
from .rules import VALUES
from .splits import Split, SplitHands, patterns
from .values import Position, Valued
from ...held import Held

Key = tuple[int, int, int]  #: a hand's net (over the round's scale), its own stake, the dealer's final total (of OUTCOMES)


class Chances:
    """Chances by key, each a whole number of ``ways`` (a fraction where the suits change a pay) over one ``denominator``,
    added and scaled like a vector (what the burn identity of :mod:`~casino_math.methods.blackjack.splits` needs): a scaling or a sum on one
    denominator reduces no fraction.

    >>> a = Chances({(1, 1, 0): 1, (-1, 1, 0): 2}, 4) * Fraction(2, 3)
    >>> a.total(), a.moment(0), a.float((1, 1, 0))
    (Fraction(1, 2), Fraction(-1, 6), 0.16666666666666666)
    """

    __slots__ = ("ways", "denominator")

    def __init__(self, ways: dict[Key, int | Fraction], denominator: int) -> None:
        self.ways, self.denominator = ways, denominator

    def __mul__(self, x: Fraction | int) -> Chances:
        x = Fraction(x)
        return Chances({k: w * x.numerator for k, w in self.ways.items()}, self.denominator * x.denominator)

    def __sub__(self, other: Chances) -> Chances:
        if other.denominator == self.denominator:
            out = dict(self.ways)
            for k, w in other.ways.items():
                out[k] = out.get(k, 0) - w
            return Chances(out, self.denominator)
        a, b = other.denominator, self.denominator
        out = {k: w * a for k, w in self.ways.items()}
        for k, w in other.ways.items():
            out[k] = out.get(k, 0) - w * b
        return Chances(out, a * b)

    def total(self) -> Fraction:
        return Fraction(sum(self.ways.values()), self.denominator)

    def moment(self, i: int) -> Fraction:
        """The sum of each chance times its key's ``i``-th part (0: the net, 1: the stake), exactly."""
        return Fraction(sum(w * k[i] for k, w in self.ways.items()), self.denominator)

    def float(self, key: Key) -> float:
        """The chance of ``key`` in floating point, rounded once (as the exact chance would be)."""
        return float(self.ways[key] / self.denominator)


def hand_chances(split: Split, more: int, stakes: Stakes, scale: int) -> tuple[Chances, Chances]:
    """A split hand's chances of (net, stake, dealer total) with ``more`` further pair cards out: its second card of any
    value, and joint with a second card not of the pair (each joint with no dealer blackjack where that is apart)."""
    return chances_of(split.hands_at(more, stakes), split.pair, stakes, scale)


def chances_of(values: SplitHands, pair: int, stakes: Stakes, scale: int) -> tuple[Chances, Chances]:
    """:func:`hand_chances` of one position's split hands (``values``), holding a ``pair`` card."""
    position, valued = values.position, values.hands
    table = hand_table()
    one = min(valued, key=lambda h: table.cards[h])  # the pair card alone
    n1, h1 = position.horizon(1)
    shoe = position.shoes[one]
    walk = _Walk(position, valued, stakes, h1, scale // position.scale)
    starts = [(table.child[one][v], shoe[v]) for v in range(VALUES) if shoe[v] and v != pair]
    pairs = [(table.child[one][pair], shoe[pair])] if shoe[pair] else []
    any_, paired = walk.ends(starts), walk.ends(pairs)
    denominator = math.perm(n1, h1)
    other = Chances({k: w for k, w in any_.items() if w}, denominator)
    both = other - Chances({k: -w for k, w in paired.items() if w}, denominator)
    return both, other


End = tuple[int, "int | None", Stakes, bool, int]  # a hand's end: the hand ended on, the bust card, stakes, doubled, cards still counted


class _Walk:
    """The split hands of one position followed forward by the split strategy (``valued``) to every way they end."""

    def __init__(self, position: Position, valued: dict[int, Valued], stakes: Stakes, h1: int, factor: int) -> None:
        self.position, self.valued, self.stakes, self.h1, self.factor = position, valued, stakes, h1, factor
        self._events: dict[int, tuple[list[tuple[End, int]], list[tuple[int, int]]]] = {}

    def ends(self, starts: list[tuple[int, int]]) -> dict[Key, int | Fraction]:
        """:meth:`follow` by the compiled kernel where it applies (:mod:`~casino_math.methods.blackjack.compiled_splits`), else walked in Python."""
        found = follow(self.position, self.valued, self.stakes, self.h1, self.factor, starts)
        return self.follow(starts) if found is None else found

    def follow(self, starts: list[tuple[int, int]]) -> dict[Key, int | Fraction]:
        """Every end of the split hands of two cards ``starts`` (each with its ways), whole numbers over ``(n)_h1``: the
        starts followed together (a hand's ways are those of every start reaching it, and an end's, of every hand
        reaching it, each end's chances added once), the ends in the order they are met following each start alone,
        one after the other (the order the floating-point spread adds them up in, :func:`_together`: :meth:`first_met`)."""
        weights: dict[int, int] = {}
        first: dict[int, int] = {}  # the first start reaching each hand
        for i, (start, ways) in enumerate(starts):
            weights[start] = weights.get(start, 0) + ways
            first.setdefault(start, i)
        reached = self.reached(weights)
        self.count_busts(reached)
        reaching: dict[End, int] = {}
        for hand in reached:
            w, i = weights[hand], first[hand]
            ends, draws = self.events(hand)
            for end, ways in ends:
                reaching[end] = reaching.get(end, 0) + w * ways
            for child, ways in draws:
                weights[child] = weights.get(child, 0) + w * ways
                if first.get(child, i) >= i:
                    first[child] = i
        out: dict[Key, int | Fraction] = defaultdict(int)
        for end, ways in reaching.items():
            for key, weight in zip(*self.terms(end)):
                out[key] += ways * weight
        return {key: out[key] for key in self.first_met(reached, first, len(out))}

    def events(self, hand: int) -> tuple[list[tuple[End, int]], list[tuple[int, int]]]:
        """What the split strategy does at ``hand``, in order: the ends it reaches, and the hands it draws to, each with
        its ways per way of reaching ``hand``."""
        found = self._events.get(hand)
        if found is not None:
            return found
        table = hand_table()
        position, stakes = self.position, self.stakes
        rest = self.h1 - (table.cards[hand] - 1)  # the cards still counted, the pair card and those dealt to the hand out
        taken = self.valued[hand].taken
        ends: list[tuple[End, int]] = []
        draws: list[tuple[int, int]] = []
        if taken == STAND:
            ends.append(((hand, None, stakes, False, rest), 1))
        else:
            doubled = stakes.doubled(position.rules.free_double(table.total[hand], table.soft[hand])) if taken == DOUBLE else stakes
            shoe = position.shoes[hand]
            for v in range(VALUES):
                if not shoe[v]:
                    continue
                child = table.child[hand][v]
                if taken == DOUBLE:
                    ends.append(((child if child >= 0 else hand, v if child < 0 else None, doubled, True, rest - 1), shoe[v]))
                elif child >= 0:
                    draws.append((child, shoe[v]))
                else:
                    ends.append(((hand, v, stakes, False, rest - 1), shoe[v]))
        found = self._events[hand] = (ends, draws)
        return found

    def reached(self, starts: Iterable[int]) -> list[int]:
        """The hands the split strategy reaches from ``starts`` (themselves included), smallest first (each after every
        hand drawing to it)."""
        seen: set[int] = set(starts)
        frontier = list(seen)
        while frontier:
            for child, _ in self.events(frontier.pop())[1]:
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
        return sorted(seen)[::-1]

    def terms(self, end: End) -> tuple[tuple[Key, ...], tuple[int | Fraction, ...]]:
        """:func:`_leaf_terms` of an end, worked out once per position (the same ends recur: from each second card the
        hand holds, under each strategy)."""
        position = self.position
        hand, bust, stakes, doubled, rest = end
        memo = ("split", hand, bust, stakes, doubled, rest, self.factor)
        terms = position.ends.get(memo)
        if terms is None:
            terms = position.ends[memo] = _leaf_terms(position, hand, bust, stakes, doubled, rest, self.factor)
        return terms

    def first_met(self, reached: list[int], first: dict[int, int], keys: int) -> list[Key]:
        """The ``keys`` ends of :meth:`follow` in the order they are met following each start alone, one after the other.
        Following a start meets its hands in the order of ``reached``, and those an earlier start reaches meet nothing new:
        so the hands are taken by the first start reaching them (``first``), then in that order, until all are met."""
        met: dict[Key, None] = {}
        position = {hand: i for i, hand in enumerate(reached)}
        for hand in sorted(reached, key=lambda h: (first[h], position[h])):
            for end, _ in self.events(hand)[0]:
                met.update(dict.fromkeys(self.terms(end)[0]))
            if len(met) == keys:
                break
        return list(met)

    def count_busts(self, hands: list[int]) -> None:
        """The dealer's counts after every bust of ``hands``, counted at once."""
        shoes = []
        for hand in hands:
            for (_, bust, _, _, _), _ in self.events(hand)[0]:
                if bust is not None:
                    shoes.append(tuple(c - (v == bust) for v, c in enumerate(self.position.shoes[hand])))
        self.position.dealer.need(shoes)


@dataclass(frozen=True)
class SplitEnds:
    """How a split round ends, given the deal: the chance of each (net over the round's scale, own money staked) as a
    float (the hands put together as if independent: an approximation anyway, whose exact form has denominators of
    thousands of digits), and exactly, from each hand's exact chances: the rows' total chance, their average net per
    initial unit, and the average own money staked (the average of a sum is the sum of the averages, whatever ties
    the hands together)."""

    rows: dict[tuple[str, int, int], float]
    chance: Fraction
    net: Fraction
    stake: Fraction


def split_ends(split: Split, scale: int) -> SplitEnds:
    """How a split round ends (:class:`SplitEnds`), given the deal; joint with no dealer blackjack where that is counted
    apart (see the module on how the hands are put together)."""
    n, p = split.n, split.p
    cache: dict[tuple[int, Stakes], tuple[Chances, Chances]] = {}

    def at(more: int, stakes: Stakes, kind: int) -> Chances:
        if (more, stakes) not in cache:
            cache[(more, stakes)] = hand_chances(split, more, stakes, scale)
        return cache[(more, stakes)][kind]

    out: dict[tuple[str, int, int], float] = defaultdict(float)
    total = net = stake = Fraction(0)
    for drawn, done, reached in patterns(split.most):
        more, others = drawn.count("P"), drawn.count("N")
        chance = Fraction(math.perm(p, more) * math.perm(n - p, others), math.perm(n, more + others))
        if not chance:
            continue
        hands: list[Chances] = []
        for hand in range(1, done + 1):
            stakes = split.stakes_of(hand)
            without = Fraction(math.perm(p, more) * math.perm(n - p, others - 1), math.perm(n, more + others - 1))
            hands.append(split.burned(partial(at, stakes=stakes, kind=1), more, others - 1, ("ends other", stakes)) * (without / chance))
        if reached:
            for hand in range(done + 1, split.most + 1):
                stakes = split.stakes_of(hand)
                if split.post_split and hand == 2:  # CDP: the second hand by the first hand's cards too
                    hands.append(second_chances(split, stakes, scale))
                    continue
                hands.append(split.burned(partial(at, stakes=stakes, kind=0), more, others, ("ends any", stakes)))
        total += chance * hands[0].total()
        net += chance * sum((hand.moment(0) for hand in hands), Fraction(0)) / scale
        stake += chance * sum((hand.moment(1) for hand in hands), Fraction(0))
        weight = float(chance)
        for (x, s), q in _together(hands).items():
            out[("split", x, s)] += weight * q
    return SplitEnds({k: v for k, v in out.items() if v}, total, net, stake)


def second_chances(split: Split, stakes: Stakes, scale: int) -> Chances:
    """CDP: the second hand's chances, averaged over the cards the first hand ends holding (each position's chances on
    its own denominator: the average's ways are fractions over 1)."""
    ways: dict[Key, int | Fraction] = defaultdict(int)
    for cards, chance in split.first_hand_ends(split.stakes_of(1)).items():
        hand = chances_of(split.second_hand(cards, stakes), split.pair, stakes, scale)[0]
        for key, w in hand.ways.items():
            ways[key] += chance * Fraction(w, hand.denominator)
    return Chances(dict(ways), 1)


def _together(hands: list[Chances]) -> dict[tuple[int, int], float]:
    """The round's (net, stake) from its hands' chances given one sequence of second cards: independent given the
    dealer's total, each dealer total weighted by its chance (the first hand's; every hand's is the same): with hand
    ``i``'s chance ``q_i(x, t)`` and the dealer's ``c_t``, the round nets ``x`` with the dealer on ``t`` with chance
    ``c_t · Π (q_i(x_i, t) / c_t)``, the sum over the hands' nets adding to ``x``."""
    floats = [{k: hand.float(k) for k, w in hand.ways.items() if w} for hand in hands]
    dealer: dict[int, float] = defaultdict(float)
    for (_, _, o), q in floats[0].items():
        dealer[o] += q
    by_total: list[dict[int, list[tuple[int, int, float]]]] = []  # each hand's chances by the dealer's total, in order
    for hand in floats:
        grouped: dict[int, list[tuple[int, int, float]]] = defaultdict(list)
        for (x, s, o), q in hand.items():
            grouped[o].append((x, s, q))
        by_total.append(grouped)
    out: dict[tuple[int, int], float] = defaultdict(float)
    for o, c in dealer.items():
        if c <= 0:
            continue
        # the first hand's chances as they are (the sum from nothing: 0 + c·q/c, one term a key)
        rounds: dict[tuple[int, int], float] = {(x, s): c * (q / c) for x, s, q in by_total[0].get(o, ())}
        for grouped in by_total[1:]:
            rounds = _convolve(rounds, [(x, s, q / c) for x, s, q in grouped.get(o, ())])
        for key, w in rounds.items():
            out[key] += w
    return out


def _convolve(rounds: dict[tuple[int, int], float], hand: Iterable[tuple[int, int, float]]) -> dict[tuple[int, int], float]:
    out: dict[tuple[int, int], float] = defaultdict(float)
    given = list(hand)
    for (net, stake), w in rounds.items():
        for hand_net, hand_stake, r in given:
            out[(net + hand_net, stake + hand_stake)] += w * r
    return out


def _leaf_terms(position: Position, hand: int, bust: int | None, stakes: Stakes, doubled: bool, rest: int,
                factor: int) -> tuple[tuple[Key, ...], tuple[int | Fraction, ...]]:
    """A hand's end (standing on ``hand``, or ``hand`` busting with a card ``bust``) against each dealer total: the keys
    and their weights per way of reaching the hand (``rest``: the cards its deals still count). Two tuples, the keys
    shared (:data:`_KEYS`): a six-deck count keeps tens of thousands of these, and the collector walks every tuple."""
    table = hand_table()
    shoe = position.shoes[hand]
    if bust is not None:
        shoe = tuple(c - (v == bust) for v, c in enumerate(shoe))
        if shoe not in position.dealer:  # the busts of a hand: counted together
            position.dealer.need([tuple(c - (v == w) for v, c in enumerate(position.shoes[hand])) for w in range(VALUES)
                                  if position.shoes[hand][w] and table.child[hand][w] < 0])
    counts, _ = position.dealer[shoe]
    n = sum(shoe)
    most = min(position.dealer.longest, n)
    # a hand hit past the horizon (a total-dependent strategy hitting where every card busts): the dealer's draws reach
    # further than the deals counted, so each of them is a part of a deal
    extend: int | Fraction = math.perm(n - most, rest - most) if rest >= most else Fraction(1, math.perm(n - rest, most - rest))
    skip = BLACKJACK if position.apart else -1  # a blackjack counted apart is the round's own row
    own = stakes.own
    keys: list[Key] = []
    weights: list[int | Fraction] = []
    spread = ((ONE, ONE),) if bust is not None else position.win_pays(hand, doubled)
    for pay, chance in spread:  # one pay, or a 21 paid by its suits: each pay a result
        nets = (-own * position.scale,) * len(counts) if bust is not None else position.nets(table.total[hand], pay, stakes)
        weight = extend if chance is ONE or chance == 1 else extend * chance
        for o, (count, net) in enumerate(zip(counts, nets)):
            if count and o != skip:
                key = (net * factor, own, o)
                keys.append(_KEYS.setdefault(key, key))
                weights.append(count * weight)
    return tuple(keys), tuple(weights)


_KEYS: Held[Key, Key] = Held()  # every key met, each one tuple (a key is a few small numbers: a handful in all)
