"""A strategy's ends as linear forms of the pays, worked out once, so that the same strategy is priced at any pays in
milliseconds (the studio's figures of the strategy last solved, at the pays just typed, while the optimal strategy is
solved again).

Under a fixed strategy, the chance of each way a round ends does not depend on the pays, and its net is linear in them:
a constant (a loss, a push, an even-money win, a surrender's half) plus so many stakes won at each pay line. So the
strategy is replayed once (:func:`~.rounds.replay`) at *generic* pays, line ``j`` paying ``B**j`` for a large power of
two ``B``, and every net met is read back as its coefficients: the digits of ``2 * net`` in base ``B`` taken between
``-B/2`` and ``B/2`` (a round stakes at most a few units per hand and four hands, far below ``B/2``, so the digits are the
coefficients and nothing else gives the same net). The split rounds' exact average (:class:`~.rounds.Ends`'s
``split_net``) is a sum of split hands' values, each a whole number over its position's denominator ``D`` at any pays:
``D`` times a value is read back the same way (``B`` is taken above ``16 D``), and the values are put together as the
split's value puts them (:meth:`~.splits.Split.value`), exactly. Every form is checked twice before it is used: at the
generic pays it gives the replay's own figures, and at the strategy's own pays the solve's, exactly.

>>> from dataclasses import replace
>>> from casino_math.methods.blackjack.rules import BlackjackRules, Shoe
>>> from casino_math.methods.blackjack.rounds import play_game, replay
>>> rules = BlackjackRules(split_hands=2, card_bonuses=((5, Fraction(3, 2)),))
>>> play = play_game(rules, Shoe((3, 3, 2, 2, 2, 4, 4, 4, 4, 12)))
>>> ends = linear_ends(play, ("blackjack", "five-card 21"))
>>> ends.split_net.terms[1:]   # split rounds: no natural is paid, a five-card 21 sometimes
(Fraction(0, 1), Fraction(1861859828473, 97566574433328000))
>>> other = replace(rules, card_bonuses=((5, Fraction(4)),))
>>> ends.ends(other).split_net == replay(play, other).ends.split_net
True
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from .hands import hand_table
from .rounds import Ends, Play, end_scale, pays_scale, replay
from .rules import BlackjackRules, Shoe
from .splits import SplitHands

HALVES = 2  # a net is whole in halves of the pays' units (a surrender's half)
FIRST_BITS = 64  # the least base tried, in bits
MOST_BITS = 1 << 14  # past this a form is refused rather than replayed at ever larger pays


@dataclass(frozen=True)
class Linear:
    """A number linear in the pays: the constant first, then one coefficient per pay line (exact), added and scaled."""

    terms: tuple[Fraction, ...]

    def __add__(self, other: Any) -> Linear:
        if isinstance(other, Linear):
            return Linear(tuple(a + b for a, b in zip(self.terms, other.terms)))
        if other == 0:
            return self
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: Linear) -> Linear:
        return Linear(tuple(a - b for a, b in zip(self.terms, other.terms)))

    def __mul__(self, x: Fraction | int) -> Linear:
        return Linear(tuple(a * x for a in self.terms))

    __rmul__ = __mul__

    def at(self, pays: Sequence[Fraction]) -> Fraction:
        """The number at these pays (one per line, in the lines' order)."""
        return self.terms[0] + sum((a * p for a, p in zip(self.terms[1:], pays)), Fraction(0))


def digits(x: int, base: int, count: int) -> tuple[int, ...]:
    """``x`` as ``count`` digits in base ``base``, each between ``-base/2`` and ``base/2``, the lowest first; a ValueError
    where that does not hold ``x`` whole (a coefficient too big for the base).

    >>> digits(3 + 5 * 16 - 2 * 256, 16, 3)
    (3, 5, -2)
    """
    out = []
    for _ in range(count):
        r = x % base
        if r > base // 2:
            r -= base
        out.append(r)
        x = (x - r) // base
    if x:
        raise ValueError("a coefficient too big for the base")
    return tuple(out)


@dataclass(frozen=True)
class LinearEnds:
    """How rounds end under one strategy, each net as a linear form of the pays (see the module): ``lines`` named as the
    game's pays name them; ``chances``: (what happened, the net's coefficients in halves, the own money staked, the exact
    chance); ``split``: the split rounds' spread the same way, its chances floats (:class:`~.rounds.Ends`); the split
    rounds' total chance and average stake, exact; their average net, a linear form."""

    rules: BlackjackRules  # the strategy's rules, its pays included
    shoe: Shoe
    lines: tuple[str, ...]
    chances: tuple[tuple[str, tuple[int, ...], int, Fraction], ...]
    split: tuple[tuple[str, tuple[int, ...], int, float], ...]
    split_chance: Fraction
    split_stake: Fraction
    split_net: Linear

    def ends(self, rules: BlackjackRules) -> Ends:
        """The strategy's ends at ``rules``' pays (the same rules otherwise): what :func:`~.rounds.replay` gives there
        (the split rounds' float spread added up in another order)."""
        if rules.unpaid() != self.rules.unpaid():
            raise ValueError("a replay changes the pays only, not the rules")
        pays = pays_of(rules, self.lines)
        common = math.lcm(*(p.denominator for p in pays))
        whole = (common, *(int(p * common) for p in pays))  # the pays over one denominator: each net a dot product of integers
        scale = end_scale(rules, self.shoe.counts)
        over = HALVES * common

        def net(coefficients: tuple[int, ...]) -> int:
            scaled, left = divmod(sum(c * w for c, w in zip(coefficients, whole)) * scale, over)
            assert not left, "a net on the ends' scale"
            return scaled

        chances: dict[tuple[str, int, int], Fraction] = defaultdict(Fraction)
        for kind, coefficients, own, chance in self.chances:
            chances[(kind, net(coefficients), own)] += chance
        split: dict[tuple[str, int, int], float] = defaultdict(float)
        for kind, coefficients, own, q in self.split:
            split[(kind, net(coefficients), own)] += q
        return Ends({k: p for k, p in chances.items() if p}, scale, {k: q for k, q in split.items() if q}, self.split_chance,
                    self.split_net.at(pays), self.split_stake)


def pays_of(rules: BlackjackRules, lines: Sequence[str]) -> tuple[Fraction, ...]:
    """The pays of ``lines`` in ``rules`` (a line the rules do not pay: a ValueError)."""
    from .game_file import pays_table

    pays = {line.key: line.pay.amount for line in pays_table(rules).lines}
    missing = [line for line in lines if line not in pays]
    if missing or len(pays) != len(lines):
        raise ValueError(f"a replay prices the same pay lines: {', '.join(lines)}")
    return tuple(pays[line] for line in lines)


def generic_rules(rules: BlackjackRules, lines: Sequence[str], base: int) -> BlackjackRules:
    """``rules`` with line ``j`` (from 1) paying ``base ** j``."""
    from .game_file import paid_rules

    return paid_rules(rules, {line: Fraction(base ** j) for j, line in enumerate(lines, 1)})


def linear_ends(play: Play, lines: Sequence[str]) -> LinearEnds:
    """The ends of ``play``'s strategy as linear forms of the pays of ``lines`` (every line its rules pay), replayed once at
    generic pays (a larger base where a value needs it), checked at the generic pays and at the play's own (a ValueError
    where a check fails: never a wrong form)."""
    lines = tuple(lines)
    pays_of(play.rules, lines)  # the lines are the rules' own
    bits = _least_bits(play, lines)
    while bits <= MOST_BITS:
        try:
            found = _linear_at(play, lines, 1 << bits)
        except _TooSmall as small:
            bits = max(2 * bits, small.bits)
            continue
        _check(found, play.rules, play.ends)
        return found
    raise ValueError("the pays' forms need a base too large to replay at")


def _least_bits(play: Play, lines: tuple[str, ...]) -> int:
    """The bits of a base that reads every split hand's value, as its positions' denominators in ``play`` say (the same
    deals at any pays, over the generic pays' scale); a value met that needs more replays again (:class:`_TooSmall`)."""
    scale = pays_scale(generic_rules(play.rules, lines, 1 << FIRST_BITS), play.shoe.counts)
    deals = [position.denominator(1) // position.scale for upcard in play.upcards.values() for split in upcard.splits.values()
             for position in [split.hands_at(0, split.stakes_of(1)).position]]
    return max(FIRST_BITS, (max(deals, default=1) * scale).bit_length() + 5)


class _TooSmall(Exception):
    """The base is too small for a value met: replayed again at ``bits``."""

    def __init__(self, bits: int) -> None:
        super().__init__(bits)
        self.bits = bits


def _linear_at(play: Play, lines: tuple[str, ...], base: int) -> LinearEnds:
    count = len(lines) + 1
    generic = generic_rules(play.rules, lines, base)
    played = replay(play, generic)
    ends = played.ends
    factor = Fraction(HALVES, ends.scale)

    def halves(scaled: int) -> tuple[int, ...]:
        twice = scaled * factor
        assert twice.denominator == 1, "a net whole in halves at whole pays"
        return digits(twice.numerator, base, count)

    chances = tuple((kind, halves(net), own, p) for (kind, net, own), p in ends.chances.items())
    split = tuple((kind, halves(net), own, q) for (kind, net, own), q in ends.split.items())
    table = hand_table()

    def hand_value(hands: SplitHands, kind: str) -> Linear:
        value: Fraction = getattr(hands, kind)
        one = min(hands.hands, key=lambda h: table.cards[h])  # the pair card alone: its denominator is every value's here
        denominator = hands.hands[one].denominator
        if base <= 16 * denominator:  # a value's coefficients, up to four stakes of the denominator, need more
            raise _TooSmall(denominator.bit_length() + 5)
        whole = value * denominator
        assert whole.denominator == 1, "a split hand's value is whole over its position's denominator"
        return Linear(tuple(Fraction(d, denominator) for d in digits(whole.numerator, base, count)))

    split_net = Linear((Fraction(0),) * count)
    for upcard in played.upcards.values():
        for hand, root in upcard.roots.items():
            if root.taken == "split":
                split_net = split_net + upcard.splits[hand.pair or 0].value(hand_value) * root.chance
    found = LinearEnds(play.rules, play.shoe, lines, chances, split, ends.split_chance, ends.split_stake, split_net)
    _check(found, generic, ends)
    return found


def _check(found: LinearEnds, rules: BlackjackRules, ends: Ends) -> None:
    """The forms give ``ends`` (those of the same strategy at ``rules``' pays) exactly, but the split rounds' float spread."""
    priced = found.ends(rules)
    exact = ("chances", "scale", "split_chance", "split_net", "split_stake")
    if any(getattr(priced, name) != getattr(ends, name) for name in exact) or set(priced.split) != set(ends.split) \
            or not all(math.isclose(q, ends.split[k], rel_tol=1e-9, abs_tol=1e-300) for k, q in priced.split.items()):
        raise ValueError("the ends as forms of the pays do not give the replay's own")


def lines_of(rules: BlackjackRules) -> tuple[str, ...]:
    """The pay lines of ``rules``, as the game's pays name them."""
    from .game_file import pays_table

    return tuple(line.key for line in pays_table(rules).lines)


__all__ = ["Linear", "LinearEnds", "digits", "linear_ends", "lines_of", "pays_of"]

