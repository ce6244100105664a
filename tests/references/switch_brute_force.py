"""A brute force of Blackjack Switch on tiny shoes, independent of the engine's counting.

Every up card and every ordered deal of the four player cards by value, with its chance from the shoe; each pairing
(as dealt, switched) valued by each hand's best play found by the plain recursion of
:class:`~tests.references.blackjack_brute_force.Brute` from the shoe less the up card and the other hand's two cards,
given no dealer blackjack where the dealer peeks (a dealer blackjack settles the hands as dealt first, a blackjack among
them pushing); the better pairing taken. And, to check that a pairing's value is the sum of its hands' values, the
round played out card by card (:meth:`SwitchBrute.played`): the hole card dealt first, the first hand played to its end,
then the second from the cards left, then the dealer; each hand by its own best play for its cards and the other hand's
two first cards (never the other hand's draws), as the engine's convention plays them. Given a chart (a basic
strategy's options in order of preference by up card and total, :meth:`played_return`), each hand is played by the chart
instead, a total it does not list by its best play, and the switch taken where the two hands so played out are worth more
switched.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from casino_math.methods.blackjack.rules import BlackjackRules

from .blackjack_brute_force import A, T, Brute, total


def _natural(x: int, y: int) -> bool:
    return sorted((x, y)) == [A, T]


class SwitchBrute:
    """Blackjack Switch of ``rules`` (split: none) from ``shoe`` (counts by value), played by brute force; ``chart``:
    (up card, (\"hard\" or \"soft\", total, first two cards)) -> options in order of preference, for the rounds played out."""

    def __init__(self, rules: BlackjackRules, shoe: tuple[int, ...],
                 chart: Mapping[tuple[int, tuple[str, int, bool]], tuple[str, ...]] | None = None) -> None:
        if rules.splits:
            raise ValueError("the brute force of Switch plays hands without splits")
        self.rules, self.shoe, self.chart = rules, shoe, chart
        self.brutes = lru_cache(maxsize=None)(lambda other: Brute(rules, tuple(c - other.count(v) for v, c in enumerate(shoe))))
        self.whole = Brute(rules, shoe)
        self.dealer = self.whole.dealer
        self.hand = lru_cache(maxsize=None)(self._hand)
        self.choose = lru_cache(maxsize=None)(self._choose)

    def peeked(self, up: int) -> bool:
        return self.rules.dealer_peeks and up in (A, T)

    def _hand(self, up: int, cards: tuple[int, int], other: tuple[int, int], switched: bool) -> Fraction:
        """One hand's best value: given no dealer blackjack where the dealer peeks, else counting it."""
        brute = self.brutes(tuple(sorted(other)))
        if _natural(*cards) and (not switched or self.rules.switched_blackjack):
            rem = brute.left(up, cards)
            hole = T if up == A else A if up == T else None
            blackjack = Fraction(rem[hole], sum(rem)) if hole is not None and not self.peeked(up) else Fraction(0)
            return (1 - blackjack) * self.rules.blackjack_pays
        return max(brute.options(up, tuple(sorted(cards)), brute.holes(up, tuple(sorted(cards)))).values())

    def deal(self, up: int, a: int, b: int, c: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
        """The chance of a dealer blackjack, and both pairings' values (both hands; given no dealer blackjack where the
        dealer peeks)."""
        rem = list(self.shoe)
        for v in (up, a, b, c, d):
            rem[v] -= 1
        hole = T if up == A else A if up == T else None
        blackjack = Fraction(rem[hole], sum(rem)) if hole is not None and self.peeked(up) else Fraction(0)
        def value(x: tuple[int, int], y: tuple[int, int], switched: bool) -> Fraction:
            return self.hand(up, tuple(sorted(x)), tuple(sorted(y)), switched and _natural(*x))

        dealt = value((a, b), (c, d), False) + value((c, d), (a, b), False)
        switched = value((a, d), (c, b), True) + value((c, b), (a, d), True)
        return blackjack, dealt, switched

    def expected_return(self) -> Fraction:
        """Per hand: each round's return over its two bets, every up card and ordered deal weighted by its chance."""
        out = Fraction(0)
        n = sum(self.shoe)
        for up, a, b, c, d, chance in self._deals():
            blackjack, dealt, switched = self.deal(up, a, b, c, d)
            best = max(dealt, switched) if self.rules.switch else dealt
            lost = -(2 - _natural(a, b) - _natural(c, d))
            out += chance * (blackjack * lost + (1 - blackjack) * best) / 2
        assert n > 5
        return out

    def _deals(self):
        n = sum(self.shoe)
        for cards in _ordered(list(self.shoe), 5):
            ways = 1
            rem = list(self.shoe)
            for v in cards:
                ways *= rem[v]
                rem[v] -= 1
            yield (*cards, Fraction(ways, n * (n - 1) * (n - 2) * (n - 3) * (n - 4)))

    def played_return(self) -> Fraction:
        """:meth:`expected_return` with every pairing's value from its round played out card by card (:meth:`played`):
        by the chart where one is given."""
        out = Fraction(0)
        for up, a, b, c, d, chance in self._deals():
            rem = list(self.shoe)
            for v in (up, a, b, c, d):
                rem[v] -= 1
            hole = T if up == A else A if up == T else None
            blackjack = Fraction(rem[hole], sum(rem)) if hole is not None and self.peeked(up) else Fraction(0)
            dealt, switched = self.played(up, a, b, c, d, False), self.played(up, a, b, c, d, True)
            best = max(dealt, switched) if self.rules.switch else dealt
            out += chance * (blackjack * -(2 - _natural(a, b) - _natural(c, d)) + best) / 2
        return out

    # -- a round played out card by card ---------------------------------------------------------------------
    def played(self, up: int, a: int, b: int, c: int, d: int, switched: bool) -> Fraction:
        """The round of this pairing played out (both hands' nets), joint with no dealer blackjack where the dealer peeks."""
        hands = (((a, d), (c, b)) if switched else ((a, b), (c, d)))
        rem = list(self.shoe)
        for v in (up, a, b, c, d):
            rem[v] -= 1
        n = sum(rem)
        value = Fraction(0)
        for hole in range(10):
            if not rem[hole] or (self.peeked(up) and _natural(up, hole)):
                continue
            after = tuple(x - (v == hole) for v, x in enumerate(rem))
            todo = tuple((tuple(sorted(h)), tuple(sorted(hands[1 - i])), switched) for i, h in enumerate(hands))
            value += Fraction(rem[hole], n) * self._play(up, hole, after, todo, ())
        return value

    def _choose(self, up: int, cards: tuple[int, ...], other: tuple[int, int], natural: bool) -> str:
        if natural or sum(x + 1 for x in cards) >= 21:
            return "stand"
        t, soft = total(cards)
        order = self.chart.get((up, ("soft" if soft else "hard", t, len(cards) == 2))) if self.chart is not None else None
        if order is not None:
            doubles = self.rules.can_double(t, soft, len(cards), split=False)
            return next(o for o in order if o in ("stand", "hit") or (o == "double" and doubles))
        brute = self.brutes(other)
        options = brute.options(up, cards, brute.holes(up, cards))
        return max(options, key=options.__getitem__)

    def _play(self, up: int, hole: int, rem: tuple[int, ...], todo: tuple, done: tuple) -> Fraction:
        if not todo:
            return self._settle(up, hole, rem, done)
        (cards, other, switched), rest = todo[0], todo[1:]
        natural = len(cards) == 2 and _natural(*cards) and (not switched or self.rules.switched_blackjack)
        option = self.choose(up, cards, other, natural)
        if option == "stand":
            return self._play(up, hole, rem, rest, done + ((cards, 1, natural, False),))
        n = sum(rem)
        value = Fraction(0)
        for v in range(10):
            if not rem[v]:
                continue
            after = tuple(x - (w == v) for w, x in enumerate(rem))
            more = tuple(sorted(cards + (v,)))
            busted = total(more)[0] > 21
            if option == "double":
                value += Fraction(rem[v], n) * self._play(up, hole, after, rest, done + ((more, 2, False, busted),))
            elif busted:
                value += Fraction(rem[v], n) * self._play(up, hole, after, rest, done + ((more, 1, False, True),))
            else:
                value += Fraction(rem[v], n) * self._play(up, hole, after, ((more, other, False), *rest), done)
        return value

    def _settle(self, up: int, hole: int, rem: tuple[int, ...], done: tuple) -> Fraction:
        brute = self.whole
        value = Fraction(0)
        for result, p in self.dealer(rem, tuple(sorted((up, hole)))).items():
            for cards, stake, natural, busted in done:
                if busted:
                    value += p * -stake
                elif natural:
                    value += p * (0 if result == "blackjack" else self.rules.blackjack_pays)
                else:
                    value += p * brute.pay(cards, result, (stake, 0), stake == 2)
        return value


def _ordered(counts: list[int], k: int):
    """Every ordered sequence of ``k`` values dealable from ``counts``."""
    if k == 0:
        yield ()
        return
    for v in range(10):
        if counts[v]:
            counts[v] -= 1
            for rest in _ordered(counts, k - 1):
                yield (v, *rest)
            counts[v] += 1
