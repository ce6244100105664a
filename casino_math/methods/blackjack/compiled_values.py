"""A position's hands valued in a compiled kernel, exactly: every value as its residues modulo primes.

:meth:`~.values.Position.value_hands` walks a position's hands biggest first in Python, over whole numbers of a few hundred
bits (every value is a whole number over the hand's denominator, :mod:`~casino_math.methods.blackjack.values`). Most of the engine's time went there,
in the interpreter rather than in the arithmetic. :func:`~.values_kernel.solve_kernel` does the same walk compiled, each whole number
carried as its residues modulo ``K`` primes below 2^53 (:data:`PRIMES`, as many as the position's values need: every
value is below ``M · (n)_h`` in size, ``M`` the largest net of a unit, and the primes' product ``P`` is kept above four
times that, so every value and every difference of two values is one residue class of ``(−P/2, P/2)``).

Choices are made exactly, never in floating point: two options compare by the sign of their difference, read from its
mixed-radix digits (Garner's algorithm) against those of ``(P − 1)/2``; an exact tie is seen as such (every digit
zero), and the option wagering more is taken, as :func:`~.choices.best` does. A value is rebuilt as a whole number only
when read (:class:`~.values.Valued`), by the same digits.

Every rule set is valued so, Spanish 21's too: a hand paid a bonus when it stands undoubled (a 21 of five cards or more,
a 6-7-8 or 7-7-7 at its average over the suits) reads its own row of nets, worked out in Python from the rules and the
full shoe (:func:`bonuses`); a double's rescue is a choice within the double, taken by the sign of the rescue's value
minus the doubled stand's (a tie stands, as :meth:`~.values.Position.rescued` has it); split aces that may not draw
stand on their two cards.

The dealer's counts enter as two 53-bit digits each (``a + p·t``, :func:`~.dealer.dealer_digits`), reduced modulo each
prime in the kernel. The Python walk (:meth:`~.values.Position.value_hands_plain`) is the reference the kernel is tested
against (tests/methods/blackjack/test_blackjack_properties.py): every option of every hand, and every choice, equal.

The walk hands its solves here as arrays (:func:`~.values.value_hands_compiled` reads the position and makes its hands'
:class:`~.values.Valued` from :class:`Residues`): this module reads no position, only what lies below both, the options
and choosers (:mod:`~casino_math.methods.blackjack.choices`) and the nets (:mod:`~casino_math.methods.blackjack.nets`).

>>> mixed_radix(10**40, 3)[0] == 10**40 % PRIMES[0]
True
>>> from_residues([r % p for p in PRIMES[:3] for r in [-12345]], 3)
-12345
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from operator import mul
from fractions import Fraction
from typing import Iterator, Mapping

import numpy as np

from .choices import DOUBLE, HIT, STAND, ChartChooser
from .dealer import OUTCOMES
from .dealer import PRIMES as DEALER_PRIMES
from .hands import hand_table
from .nets import ONE, Stakes, average_pay, hand_pays, stand_nets
from .rules import BlackjackRules
from ...held import cached

#: primes below 2^53 (the dealer's two, :data:`.dealer.PRIMES`, left out): a product of two residues, estimated in
#: floating point, is corrected exactly in 64-bit arithmetic (see ``values_kernel._times``)
PRIMES = (9007199254740761, 9007199254740727, 9007199254740677, 9007199254740653, 9007199254740649, 9007199254740623,
          9007199254740613, 9007199254740571)
STAND_CODE, HIT_CODE, DOUBLE_CODE = 0, 1, 2  # the options the kernel values, in this order


@cached(maxsize=16)
def moduli(k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The first ``k`` primes, Garner's inverses (``inverse[j, i] = p_j⁻¹ mod p_i``), the mixed-radix digits of
    ``(P − 1)/2`` and ``P`` itself."""
    primes = PRIMES[:k]
    inverse = np.zeros((k, k), dtype=np.int64)
    for i in range(k):
        for j in range(i):
            inverse[j, i] = pow(primes[j], -1, primes[i])
    product = math.prod(primes)
    return np.array(primes, dtype=np.int64), inverse, np.array(mixed_radix((product - 1) // 2, k), dtype=np.int64), product


def primes_for(bound: int) -> int:
    """How many primes a position needs whose every value is below ``bound`` in size (None fits: 0)."""
    product = 1
    for k, p in enumerate(PRIMES, 1):
        product *= p
        if product > 4 * bound:
            return k
    return 0


def mixed_radix(x: int, k: int) -> list[int]:
    """The digits of ``0 ≤ x < P``: ``x = d0 + d1·p0 + d2·p0·p1 + …``."""
    digits = []
    for p in PRIMES[:k]:
        x, d = divmod(x, p)
        digits.append(d)
    return digits


def from_residues(residues: list[int], k: int) -> int:
    """The whole number of ``(−P/2, P/2)`` with these residues modulo the first ``k`` primes (the Chinese remainder
    theorem: ``Σ r_i·e_i mod P``, ``e_i`` one modulo ``p_i`` and zero modulo the others)."""
    basis, product = _basis(k)
    x = sum(map(mul, residues, basis)) % product
    return x - product if 2 * x > product else x


@cached(maxsize=16)
def _basis(k: int) -> tuple[tuple[int, ...], int]:
    """The Chinese remainder theorem's ``e_i = (P/p_i)·((P/p_i)⁻¹ mod p_i)`` for the first ``k`` primes, and ``P``."""
    primes = PRIMES[:k]
    product = math.prod(primes)
    return tuple(product // p * pow(product // p, -1, p) for p in primes), product


VALUED = (STAND, HIT, DOUBLE)  # the options by code


class Residues:
    """A kernel's values of one solve: ``values[row, option]`` residues modulo the first ``k`` primes where
    ``present[row, option]``."""

    __slots__ = ("values", "present", "k")

    def __init__(self, values: np.ndarray, present: np.ndarray, k: int) -> None:
        self.values, self.present, self.k = values, present, k

    def options(self, row: int) -> dict[str, int]:
        """The options of one row as whole numbers, in the order stand, hit, double."""
        values, present = self.values[row].tolist(), self.present[row].tolist()
        return {VALUED[o]: from_residues(values[o], self.k) for o in range(3) if present[o]}


class DealerDigits:
    """The dealer's counts of the shoes left (:class:`~.values.DealerCounts`) as rows of digits, what the kernel reads:
    ``array[row(shoe), outcome] = (a, t)``, the count being ``a + p·t`` (:func:`~.dealer.dealer_digits`)."""

    def __init__(self) -> None:
        self.row: dict[tuple[int, ...], int] = {}
        self.array = np.zeros((0, len(OUTCOMES), 2), dtype=np.int64)
        self.size = 0

    def add(self, shoes: list[tuple[int, ...]], digits: np.ndarray) -> None:
        """Rows for ``shoes`` (not held yet), their digits given."""
        end = self.size + len(shoes)
        if end > len(self.array):  # room for twice as many: each row copied a few times at most
            grown = np.zeros((max(2 * end, 1024), len(OUTCOMES), 2), dtype=np.int64)
            grown[:self.size] = self.array[:self.size]
            self.array = grown
        self.array[self.size:end] = digits
        self.row.update(zip(shoes, range(self.size, end)))
        self.size = end

    def rows(self, shoes: list[tuple[int, ...]], known: Mapping[tuple[int, ...], tuple[tuple[int, ...], int]]) -> list[int]:
        """The rows of ``shoes``, those counted elsewhere (another game's rules, kept between runs) taken from ``known``."""
        missing = [s for s in dict.fromkeys(shoes) if s not in self.row]
        if missing:
            p = DEALER_PRIMES[0]
            self.add(missing, np.array([[divmod(w, p)[::-1] for w in known[s][0]] for s in missing], dtype=np.int64))
        row = self.row
        return [row[s] for s in shoes]


@cached(maxsize=1)
def table_arrays() -> tuple[np.ndarray, ...]:
    """The hand table (:func:`~.hands.hand_table`) as arrays: children, cards, hard totals, totals, counts."""
    table = hand_table()
    return (np.array(table.child, dtype=np.int64), np.array(table.cards, dtype=np.int64), np.array(table.hard, dtype=np.int64),
            np.array(table.total, dtype=np.int64), np.ascontiguousarray(table.counts, dtype=np.int64))


@cached(maxsize=64)
def doubling(rules: BlackjackRules, split: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per hand of the table: whether the rules let it double (split hands or not), and whether the house stakes it."""
    table = hand_table()
    may = [rules.can_double(t, s, c, split) for t, s, c in zip(table.total, table.soft, table.cards)]
    free = [rules.free_double(t, s) for t, s in zip(table.total, table.soft)]
    return np.array(may, dtype=np.bool_), np.array(free, dtype=np.bool_)


_WALKED = [False]  # every position walked in Python (:func:`python_walk`)


@contextmanager
def python_walk() -> Iterator[None]:
    """Every position valued by the Python walk inside, the kernel's reference (the benchmark times both, same results).

    >>> with python_walk():
    ...     _WALKED[0]
    True
    """
    before = _WALKED[0]
    _WALKED[0] = True
    try:
        yield
    finally:
        _WALKED[0] = before


def compiles() -> bool:
    """Whether the kernel values this position's hands: every rule set, the pays that depend on a hand's cards (handed
    to it as nets by hand), a double's rescue and split aces that may not draw included; not inside :func:`python_walk`.
    (The kernel may still decline one solve: a value too big for the primes, a chooser other than the best, a chart or
    decisions given hand by hand, a strategy without a hand's option; see :func:`~.values.value_hands_compiled`.)"""
    return not _WALKED[0]


Room = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # what :func:`~.values_kernel.solve_kernel` works in


def room(hands: int, k: int, values: int) -> Room:
    """Room for :func:`~.values_kernel.solve_kernel` over a table of ``hands`` hands and ``k`` primes: the value taken at each hand,
    standing's value at each stakes (and whether worked out, and for a doubled hand whether its rescue was weighed), and
    a row each for a shoe's counts, two sums, digits and a rescue's value."""
    return (np.zeros((hands, k), dtype=np.int64), np.zeros((hands, 3, k), dtype=np.int64), np.zeros((hands, 3), dtype=np.bool_),
            np.zeros((hands, 3), dtype=np.bool_), np.zeros((5, max(k, values)), dtype=np.int64))


def kernel_nets(nets: np.ndarray, own: list[int], k: int) -> tuple[np.ndarray, np.ndarray]:
    """Standing's nets (:func:`nets_table`) and the own units lost at each stakes, modulo each of the first ``k`` primes
    (last axis), as :func:`~.values_kernel.solve_kernel` reads them.

    >>> net, lost = kernel_nets(np.array([[[-1, 2]]]), [1], 1)
    >>> net[0, 0, :, 0].tolist() == [PRIMES[0] - 1, 2], lost.tolist() == [[PRIMES[0] - 1]]
    (True, True)
    """
    primes = np.array(PRIMES[:k], dtype=np.int64)
    return np.ascontiguousarray(nets[..., None] % primes), np.ascontiguousarray(-np.array(own, dtype=np.int64)[:, None] % primes)


@cached(maxsize=256)
def nets_table(rules: BlackjackRules, apart: bool, scale: int, stakes: tuple[Stakes, ...]) -> np.ndarray:
    """Standing's nets (:func:`~.nets.stand_nets`, a win paying 1) by stakes, total (0 to 21) and dealer outcome."""
    return np.array([[stand_nets(rules, apart, scale, t, ONE, s) for t in range(22)] for s in stakes], dtype=np.int64)


def bonus_table(rules: BlackjackRules, apart: bool, scale: int, shoe: tuple[int, ...], stakes: Stakes) -> tuple[np.ndarray, np.ndarray]:
    """The hands paid a bonus when they stand undoubled in a game of ``rules`` dealt from ``shoe`` (the full shoe; a 21
    of many cards, or of certain cards on average over their suits), each hand of the table its row of nets (-1: none),
    and the nets of each row by dealer outcome, times ``scale`` (one row of zeros where no hand has a bonus): what
    :func:`~.values_kernel.solve_kernel` reads instead of the nets by total.

    >>> from casino_math.methods.blackjack.hands import Hand
    >>> from casino_math.methods.blackjack.nets import OWN, stand_nets
    >>> from casino_math.methods.blackjack.rules import Shoe
    >>> rules = BlackjackRules(card_bonuses=((5, Fraction(3, 2)),))
    >>> bonus, nets = bonus_table(rules, True, 2, Shoe.of_decks(1).counts, OWN)
    >>> five = hand_table().index[Hand.of("A", "A", "2", "7", "T")]
    >>> nets[bonus[five]].tolist() == list(stand_nets(rules, True, 2, 21, Fraction(3, 2), OWN))
    True
    """
    bonus, wins = bonuses(rules, shoe)
    nets = [stand_nets(rules, apart, scale, 21, win, stakes) for win in wins]
    if any(abs(net) >= 1 << 62 for row in nets for net in row):  # pays beyond 64-bit arrays (a replay at generic pays,
        return bonus, np.zeros((0, len(OUTCOMES)), dtype=np.int64)  # :mod:`~casino_math.methods.blackjack.linear`): no rows, the Python walk values them
    return bonus, np.array(nets or [(0,) * len(OUTCOMES)], dtype=np.int64)


@cached(maxsize=16)
def bonuses(rules: BlackjackRules, shoe: tuple[int, ...]) -> tuple[np.ndarray, tuple[Fraction, ...]]:
    """Each hand of the table that ``shoe`` (the full shoe) can deal, the row of its bonus standing undoubled (-1: none),
    and the bonus of each row (the average pay of a win, :func:`~.nets.hand_pays`): the same in every position of a
    game."""
    table = hand_table()
    bonus = np.full(len(table.hands), -1, dtype=np.int64)
    rows: dict[Fraction, int] = {}
    if rules.card_bonuses or rules.combination_bonuses or rules.suit_bonuses:
        for h in table.dealable(shoe):
            if table.total[h] == 21:
                win = average_pay(hand_pays(rules, shoe, h))
                if win != ONE:
                    bonus[h] = rows.setdefault(win, len(rows))
    return bonus, tuple(rows)


@cached(maxsize=1)
def chart_keys() -> np.ndarray:
    """Per hand of the table, a number for what a chart's choice reads of it: soft or not, its total, two cards or more."""
    table = hand_table()
    return np.array([64 * s + 2 * t + (c == 2) for s, t, c in zip(table.soft, table.total, table.cards)], dtype=np.int64)


def preferences(chooser: ChartChooser, order: np.ndarray) -> np.ndarray:
    """The options of a chart in order of preference (codes, -1 padded; all -1: the best) for each hand of ``order``,
    asked once per kind of hand."""
    codes = {name: code for code, name in enumerate(VALUED)}
    kinds, first, where = np.unique(chart_keys()[order], return_index=True, return_inverse=True)
    rows = np.full((len(kinds), 3), -1, dtype=np.int64)
    for row, i in enumerate(first.tolist()):
        preferred = chooser.order(int(order[i]))
        if preferred is not None:
            valued = [codes[o] for o in preferred if o in codes][:3]
            rows[row, :len(valued)] = valued
            if not valued:  # nothing the kernel values: no choice it can make
                rows[row, 0] = 3
    return rows[where.reshape(-1)]
