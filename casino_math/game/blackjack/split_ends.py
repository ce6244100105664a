"""How a split round ends: each split hand's chance of each result against each dealer total, and the round's net.

Each split hand is followed forward by the split strategy from its pair card to every way it ends (a stand, a bust,
a double), jointly with the dealer's final total counted after that hand's cards: :class:`Chances` over
``(net, stake, dealer total)``. Like a split hand's value, these chances depend only on the pair cards out and the
cards known not to be pair cards (:mod:`.splits`), so they add up over the same sequences of second cards, exactly.

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

from .dealer import BLACKJACK
from .hands import hand_table
from .rules import VALUES
from .splits import Split, patterns
from .values import DOUBLE, STAND, Position, Stakes, Valued

Key = tuple[int, int, int]  # a hand's net (over the round's scale), its own stake, the dealer's final total (of OUTCOMES)


class Chances:
    """Chances by key, each a whole number of ``ways`` (a fraction where the suits change a pay) over one ``denominator``,
    added and scaled like a vector (what the burn identity of :mod:`.splits` needs): a scaling or a sum on one
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
    values = split.hands_at(more, stakes)
    position, valued = values.position, values.hands
    table = hand_table()
    one = min(valued, key=lambda h: table.cards[h])  # the pair card alone
    n1, h1 = position.horizon(1)
    shoe = position.shoes[one]
    any_: dict[Key, int | Fraction] = defaultdict(int)
    paired: dict[Key, int | Fraction] = defaultdict(int)
    for v, two in enumerate(table.child[one]):
        if shoe[v]:
            _follow(position, valued, two, shoe[v], 1, stakes, h1, paired if v == split.pair else any_, scale // position.scale)
    denominator = math.perm(n1, h1)
    other = Chances({k: w for k, w in any_.items() if w}, denominator)
    both = other - Chances({k: -w for k, w in paired.items() if w}, denominator)
    return both, other


def _follow(position: Position, valued: dict[int, Valued], start: int, ways: int, k: int, stakes: Stakes, h1: int,
            out: dict[Key, int | Fraction], factor: int) -> None:
    """Every end of the hand ``start``, reached in ``ways`` over ``(n)_k``, played on by the split strategy."""
    table = hand_table()
    weights = {start: ways}
    order = sorted({start} | _descendants(position, valued, start))[::-1]  # smallest first
    for hand in order:
        w = weights.get(hand, 0)
        if not w:
            continue
        kk = k + table.cards[hand] - table.cards[start]
        taken = valued[hand].taken
        if taken == STAND:
            _leaf(position, hand, None, stakes, False, w, kk, h1, out, factor)
            continue
        doubled = stakes.doubled(position.rules.free_double(table.total[hand], table.soft[hand])) if taken == DOUBLE else stakes
        shoe = position.shoes[hand]
        for v in range(VALUES):
            if not shoe[v]:
                continue
            child = table.child[hand][v]
            if taken == DOUBLE:
                _leaf(position, child if child >= 0 else hand, v if child < 0 else None, doubled, True, w * shoe[v], kk + 1, h1, out, factor)
            elif child >= 0:
                weights[child] = weights.get(child, 0) + w * shoe[v]
            else:
                _leaf(position, hand, v, stakes, False, w * shoe[v], kk + 1, h1, out, factor)


def _descendants(position: Position, valued: dict[int, Valued], start: int) -> set[int]:
    table = hand_table()
    seen: set[int] = set()
    frontier = [start]
    while frontier:
        hand = frontier.pop()
        if valued[hand].taken not in (STAND, DOUBLE):
            for v, child in enumerate(table.child[hand]):
                if child >= 0 and position.shoes[hand][v] and child not in seen:
                    seen.add(child)
                    frontier.append(child)
    return seen


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
                hands.append(split.burned(partial(at, stakes=stakes, kind=0), more, others, ("ends any", stakes)))
        total += chance * hands[0].total()
        net += chance * sum((hand.moment(0) for hand in hands), Fraction(0)) / scale
        stake += chance * sum((hand.moment(1) for hand in hands), Fraction(0))
        weight = float(chance)
        for (x, s), q in _together(hands).items():
            out[("split", x, s)] += weight * q
    return SplitEnds({k: v for k, v in out.items() if v}, total, net, stake)


def _together(hands: list[Chances]) -> dict[tuple[int, int], float]:
    """The round's (net, stake) from its hands' chances given one sequence of second cards: independent given the
    dealer's total, each dealer total weighted by its chance (the first hand's; every hand's is the same): with hand
    ``i``'s chance ``q_i(x, t)`` and the dealer's ``c_t``, the round nets ``x`` with the dealer on ``t`` with chance
    ``c_t · Π (q_i(x_i, t) / c_t)``, the sum over the hands' nets adding to ``x``."""
    floats = [{k: hand.float(k) for k, w in hand.ways.items() if w} for hand in hands]
    dealer: dict[int, float] = defaultdict(float)
    for (_, _, o), q in floats[0].items():
        dealer[o] += q
    out: dict[tuple[int, int], float] = defaultdict(float)
    for o, c in dealer.items():
        if c <= 0:
            continue
        rounds: dict[tuple[int, int], float] = {(0, 0): c}
        for hand in floats:
            rounds = _convolve(rounds, [(x, s, q / c) for (x, s, oo), q in hand.items() if oo == o])
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


def _leaf(position: Position, hand: int, bust: int | None, stakes: Stakes, doubled: bool, ways: int, k: int, h1: int,
          out: dict[Key, int | Fraction], factor: int) -> None:
    """A hand's end: standing on ``hand``, or ``hand`` busting with a card ``bust``; its net against each dealer total."""
    memo = ("split", hand, bust, stakes, doubled, h1 - k, factor)
    terms = position.ends.get(memo)
    if terms is None:  # the same ends recur: from each second card the hand holds, under each strategy
        terms = position.ends[memo] = _leaf_terms(position, hand, bust, stakes, doubled, h1 - k, factor)
    for key, weight in terms:
        out[key] += ways * weight


def _leaf_terms(position: Position, hand: int, bust: int | None, stakes: Stakes, doubled: bool, rest: int,
                factor: int) -> tuple[tuple[Key, int | Fraction], ...]:
    """:func:`_leaf`'s ends and their weights per way of reaching the hand (``rest``: the cards its deals still count)."""
    table = hand_table()
    shoe = position.shoes[hand]
    if bust is not None:
        shoe = tuple(c - (v == bust) for v, c in enumerate(shoe))
        if shoe not in position.dealer.known:  # the busts of a hand: counted together
            position.dealer.need([tuple(c - (v == w) for v, c in enumerate(position.shoes[hand])) for w in range(VALUES)
                                  if position.shoes[hand][w] and table.child[hand][w] < 0])
    counts, _ = position.dealer[shoe]
    n = sum(shoe)
    most = min(position.dealer.longest, n)
    # a hand hit past the horizon (a total-dependent strategy hitting where every card busts): the dealer's draws reach
    # further than the deals counted, so each of them is a part of a deal
    extend: int | Fraction = math.perm(n - most, rest - most) if rest >= most else Fraction(1, math.perm(n - rest, most - rest))
    terms: list[tuple[Key, int | Fraction]] = []
    spread = ((Fraction(1), Fraction(1)),) if bust is not None else position.win_pays(hand, doubled)
    for pay, chance in spread:  # one pay, or a 21 paid by its suits: each pay a result
        if bust is not None:
            nets: tuple[int, ...] = (-stakes.own * position.scale,) * len(counts)
        else:
            nets = position.nets(table.total[hand], pay, stakes)
        terms.extend(((net * factor, stakes.own, o), count * extend if chance == 1 else count * extend * chance)
                     for o, (count, net) in enumerate(zip(counts, nets))
                     if count and not (o == BLACKJACK and position.apart))  # a blackjack counted apart is the round's own row
    return tuple(terms)
