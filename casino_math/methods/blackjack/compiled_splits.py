"""A split hand's ends followed in a compiled kernel, exactly: every chance as its residues modulo primes.

``split_ends._Walk.follow`` follows the split hands of one position forward by the split strategy, from their
second cards to every way they end, and prices each end against the dealer's totals: some 50,000 ends per six-deck
rule set, each reached some four times and priced against up to eight dealer totals in whole numbers of a few hundred
bits, in the interpreter. :func:`follow` does the
same walk compiled (:func:`~.splits_kernel.follow_kernel`), each whole number carried as its residues modulo the primes of
:mod:`~casino_math.methods.blackjack.compiled_values`, and rebuilds each end's chance by the Chinese remainder theorem once at the end.

**Why the residues are enough.** Every chance :func:`follow` returns is a whole number of ways over ``(n1)_h1``, the
ordered deals of the ``h1`` cards a split hand's deals count after its pair card from the ``n1`` left: a sum of
products of card counts, dealer's counts and deals of the cards after them, all whole and none negative, each
product counting ordered deals of ``h1`` cards that begin with one hand's own cards (and the dealer's, and then the
rest): deals that no other product counts. So each chance lies in ``[0, (n1)_h1]`` (times ``D`` where the pays'
chances below have a common denominator ``D``); the primes' product ``P`` is kept above four times that bound
(:func:`~.compiled_values.primes_for`), and the residues name one whole number of ``(−P/2, P/2)``: the chance itself
(checked again when rebuilt: none negative, their sum within the bound; tests/methods/blackjack/test_blackjack_properties.py shows the
check failing with too few primes).

**The order.** The ends come out in the order the Python walk meets them following each second card alone, one after
the other (the floating-point spread adds them in that order, and the printed figures depend on it): the kernel lists
the ends' keys in that order too (:func:`~.splits_kernel.follow_kernel`).

A win of 21 paid by its cards or its suits (Spanish 21's bonuses) is a spread of pays, each with its chance, a fraction
(:mod:`~casino_math.methods.blackjack.bonuses`): each pay is an end of its own, its chance taken modulo each prime (the numerator times the
denominator's inverse), every chance multiplied by the pays' common denominator so that the sums stay whole.

A hand hit past the horizon (a strategy hitting where every card busts, on a total or on a tie) ends in parts of a deal:
the dealer's draws may reach past the cards its deals count, and ``split_ends._leaf_terms`` divides by the deals
of the cards past them. Those divisors all divide one whole number (:func:`extensions`), which every chance is
multiplied by as the pays' denominator is. What the kernel does not follow falls back to the Python walk: anything
inside :func:`python_split_ends`, chances past the primes or nets past 64 bits (:func:`follow`).

>>> with python_split_ends():
...     _PYTHON[0]
True
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from fractions import Fraction
from typing import Iterator

import numpy as np

from .compiled_values import _WALKED, PRIMES, doubling, from_residues, moduli, nets_table, primes_for, table_arrays
from .dealer import BLACKJACK, OUTCOMES
from .dealer import PRIMES as DEALER_PRIMES
from .hands import hand_table
from .nets import Stakes, stand_nets
from .rules import VALUES, BlackjackRules
from .split_codes import BUST_TOTAL, DONE, DOUBLE_CODE, HIT_CODE, STAND_CODE, Room
from .values import Position, Solved, Valued
from ...held import cached

Key = tuple[int, int, int]  #: as :data:`.split_ends.Key`: a hand's net (over the round's scale), its own stake, the dealer's total


@cached(maxsize=16)
def room(hands: int, k: int, keys: int) -> Room:
    """Room for :func:`~.splits_kernel.follow_kernel` over a table of ``hands`` hands, ``k`` primes and ``keys`` keys (the kernel sets what
    it reads): hands seen, a stack, the hands reached, each hand's first start and ways, an end's part, the keys met."""
    return (np.zeros(hands, dtype=np.bool_), np.zeros(hands, dtype=np.int64), np.zeros(hands, dtype=np.int64),
            np.zeros(hands, dtype=np.int64), np.zeros((hands, k), dtype=np.int64), np.zeros(k, dtype=np.int64),
            np.zeros(keys, dtype=np.bool_))


@cached(maxsize=16)
def outputs(hands: int, k: int, keys: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What :func:`~.splits_kernel.follow_kernel` fills, made once for a table of ``hands`` hands, ``k`` primes and ``keys`` keys (each
    call's read before the next): the sums by key, the keys in the order met, and the ends whose dealer's counts it needs
    (at most one per value drawn, or one stand, of each hand)."""
    return np.zeros((keys, k), dtype=np.int64), np.zeros(keys, dtype=np.int64), np.zeros((hands * VALUES, 2), dtype=np.int64)


_PYTHON = [False]  # every split hand's ends followed in Python (:func:`python_split_ends`)


@contextmanager
def python_split_ends() -> Iterator[None]:
    """Every split hand's ends followed by the Python walk inside, the kernel's reference (the benchmark times both)."""
    before = _PYTHON[0]
    _PYTHON[0] = True
    try:
        yield
    finally:
        _PYTHON[0] = before


def follows(position: Position) -> bool:
    """Whether the kernel follows this position's split hands: not inside :func:`python_split_ends` (nor
    :func:`~.compiled_values.python_walk`); else the Python walk does."""
    return not (_PYTHON[0] or _WALKED[0])


CODES = {"stand": STAND_CODE, "double": DOUBLE_CODE}  # any other option taken draws a card (as the Python walk reads it)


def follow(position: Position, valued: dict[int, Valued], stakes: Stakes, h1: int, factor: int,
           starts: list[tuple[int, int]]) -> dict[Key, int | Fraction] | None:
    """``split_ends._Walk.follow`` by the kernel: every end's chance of the split hands of two cards ``starts``, whole
    numbers over ``(n1)_h1`` (a fraction where the suits change a pay) in the order met; None where the kernel does not
    follow them (:func:`follows`, a chance too big for the primes, a net past 64 bits)."""
    if not follows(position):
        return None
    from .splits_kernel import follow_kernel  # numba loaded when split hands are followed, not when a kept solution is read

    frame = _frame(position, stakes, h1, factor)
    if frame is None:
        return None
    keys, key_of, pay_weight, skip, extend, k, bound, spread_of, pays, scale = frame
    taken = _taken(valued)
    child, cards, _, total, counts = table_arrays()
    left = np.array(position.left, dtype=np.int64)
    _, free = doubling(position.rules, True)
    primes, _, _, _ = moduli(k)
    inverses = 1.0 / primes.astype(np.float64)
    start_hands = np.array([h for h, _ in starts], dtype=np.int64)
    start_ways = np.array([w for _, w in starts], dtype=np.int64)
    busts = _busts(position)
    acc, met, need = outputs(len(child), k, len(keys))  # read before the next call
    while True:
        slot = position.kernel_slots((), None)
        status, found = follow_kernel(start_hands, start_ways, taken, child, cards, total, counts, left, free, slot, busts.base,
                                      busts.rows, position.dealer.digits.array, DEALER_PRIMES[0], key_of, pay_weight, skip,
                                      extend, spread_of, pays, primes, inverses, acc, met, need,
                                      room(len(child), k, len(keys)))
        if status == DONE:
            break
        _count(position, need[:found].tolist(), busts)
    out = {keys[key]: from_residues(acc[key].tolist(), k) for key in met[:found].tolist()}
    if min(out.values(), default=0) < 0 or sum(out.values()) > bound * scale:
        raise ArithmeticError("a split hand's chances out of their bounds: more primes needed")
    if scale == 1:
        return dict(out)
    return {key: w // scale if w % scale == 0 else Fraction(w, scale) for key, w in out.items()}


def _count(position: Position, need: list[list[int]], busts: BustRows) -> None:
    """The dealer's counts after the ends ``need`` (a hand, and a bust card or -1: a stand) counted (all at once), and
    their rows given."""
    shoes = position.shoes
    stands = [h for h, v in need if v < 0]
    busted = [(h, v) for h, v in need if v >= 0]
    bust_shoes = [tuple(c - (w == v) for w, c in enumerate(shoes[h])) for h, v in busted]
    position.dealer.need([shoes[h] for h in stands] + bust_shoes)
    if stands:
        position.kernel_slots(stands, None)
    if busted:
        busts.add(busted, position.dealer.digits.rows(bust_shoes, position.dealer.known))


class BustRows:
    """The rows of the dealer's digits after each hand of a position busts with each value: ``rows[base[hand] + v]`` (-1:
    not counted yet), room made for the values of a hand only once it busts (a few hundred of a position's thousands)."""

    def __init__(self) -> None:
        self.base = np.full(len(table_arrays()[0]), -1, dtype=np.int64)
        self.rows = np.full(64 * VALUES, -1, dtype=np.int64)
        self.size = 0

    def add(self, busts: list[tuple[int, int]], rows: list[int]) -> None:
        """The rows of the busts ``(hand, value)``."""
        for (h, v), row in zip(busts, rows):
            if self.base[h] < 0:
                if self.size + VALUES > len(self.rows):
                    self.rows = np.concatenate([self.rows, np.full(len(self.rows), -1, dtype=np.int64)])
                self.base[h] = self.size
                self.size += VALUES
            self.rows[self.base[h] + v] = row


def _busts(position: Position) -> BustRows:
    """The position's :class:`BustRows`, made when first asked for."""
    memo = ("compiled splits", "bust rows")
    if memo not in position.ends:
        position.ends[memo] = (BustRows(),)
    busts: BustRows = position.ends[memo][0]
    return busts


def _taken(valued: dict[int, Valued]) -> np.ndarray:
    """The code of the option ``valued`` takes at each hand of the table (-1: not valued); the last one kept (a split
    hand's ends are followed twice with the same strategy: from second cards not of the pair and of it)."""
    if _LAST_TAKEN[0] is not valued:
        taken = valued.taken if isinstance(valued, Solved) else None  # read off the kernel's codes where it valued them
        if taken is None:
            taken = np.full(len(table_arrays()[0]), -1, dtype=np.int64)
            taken[list(valued)] = [CODES.get(v.taken, HIT_CODE) for v in valued.values()]
        _LAST_TAKEN[:] = [valued, taken]
    return _LAST_TAKEN[1]


_LAST_TAKEN: list = [None, None]


Frame = tuple[list[Key], np.ndarray, np.ndarray, int, np.ndarray, int, int, np.ndarray, int, int]


def _frame(position: Position, stakes: Stakes, h1: int, factor: int) -> Frame | None:
    """What the kernel reads of a position at ``stakes``, worked out once: the keys and their numbers by row and dealer's
    outcome (:func:`key_table`, then a row for each pay of the hands whose win pays by their cards, :func:`pays_by_cards`)
    with each row's chance, the outcome skipped, ``extend`` by the cards out (:func:`extensions`), the primes needed,
    the chances' bound, the first row of each hand's pays and how many rows a hand's pays take, and ``scale``: the common
    denominator of the pays' chances and of the parts of a deal, which every chance is multiplied by."""
    memo = ("compiled splits", stakes, h1, factor)
    if memo in position.ends:
        found: Frame | None = position.ends[memo] or None  # (): no primes enough
        return found
    spreads = pays_by_cards(position)
    most_cards = min(max(hand_table().cards[h] for h in position.dealt) + 1, position.size + 1)
    extended, parts = extensions(position.size, h1, position.dealer.longest, most_cards)
    pays_denominator = math.lcm(*(chance.denominator for pays in spreads for _, chance in pays))
    scale = pays_denominator * parts
    bound = math.perm(position.size - 1, h1)
    k = primes_for(bound * scale)
    if not k:
        position.ends[memo] = ()
        return None
    try:
        keys, plain = key_table(position.rules, position.apart, position.scale, stakes, factor)
    except OverflowError:  # a net past 64 bits (pays over large coprime denominators): the Python walk counts it
        position.ends[memo] = ()
        return None
    extend = np.array([[x * pays_denominator % p for p in PRIMES[:k]] for x in extended], dtype=np.int64)
    keys, paid, paid_weight = spread_table(position, stakes, factor, keys, list(spreads), k)
    key_of = np.concatenate([plain, paid.reshape(-1, len(OUTCOMES))])
    pay_weight = np.concatenate([np.ones((len(plain), k), dtype=np.int64), paid_weight.reshape(-1, k)])
    pays = paid.shape[1]
    spread_of = np.full(len(hand_table().cards), -1, dtype=np.int64)
    for j, hands in enumerate(spreads.values()):
        spread_of[hands] = len(plain) + j * pays
    frame = position.ends[memo] = (keys, key_of, pay_weight, BLACKJACK if position.apart else -1, extend, k, bound,
                                   spread_of, pays, scale)
    return frame


def pays_by_cards(position: Position) -> dict[tuple[tuple[Fraction, Fraction], ...], list[int]]:
    """The hands of the position (of 21) whose win pays by their cards (:meth:`~.values.Position.win_pays`), by their pays."""
    rules = position.rules
    out: dict[tuple[tuple[Fraction, Fraction], ...], list[int]] = {}
    if rules.card_bonuses or rules.combination_bonuses or rules.suit_bonuses:
        table = hand_table()
        for h in position.dealt:
            if table.total[h] == 21 and table.cards[h] >= 2:
                pays = position.win_pays(h, False)
                if pays != ((1, 1),):
                    out.setdefault(pays, []).append(h)
    return out


def spread_table(position: Position, stakes: Stakes, factor: int, keys: list[Key], spreads: list[tuple[tuple[Fraction, Fraction], ...]],
                 k: int) -> tuple[list[Key], np.ndarray, np.ndarray]:
    """The keys with those of the pays ``spreads`` (their numbers by spread, pay and dealer's outcome; -1 past a spread's
    last pay) and each pay's chance modulo each prime (a fraction: its numerator times its denominator's inverse)."""
    number = {key: i for i, key in enumerate(keys)}
    most = max((len(pays) for pays in spreads), default=0)
    spread_keys = np.full((len(spreads), most, len(OUTCOMES)), -1, dtype=np.int64)
    spread_weight = np.zeros((len(spreads), most, k), dtype=np.int64)
    for j, pays in enumerate(spreads):
        for e, (pay, chance) in enumerate(pays):
            nets = stand_nets(position.rules, position.apart, position.scale, 21, pay, stakes)
            for o, net in enumerate(nets):
                spread_keys[j, e, o] = number.setdefault((net * factor, stakes.own, o), len(number))
            spread_weight[j, e] = [chance.numerator * pow(chance.denominator, -1, p) % p for p in PRIMES[:k]]
    return list(number), spread_keys, spread_weight


@cached(maxsize=64)
def key_table(rules: BlackjackRules, apart: bool, scale: int, stakes: Stakes, factor: int) -> tuple[list[Key], np.ndarray]:
    """Every key an end of a split hand at ``stakes`` can have (:data:`Key`), and ``key_of[23·s + t, o]`` its number:
    ``s`` 0 the stakes, 1 doubled by the player, 2 by the house; ``t`` the total stood on, :data:`~.split_codes.BUST_TOTAL` a bust; ``o``
    the dealer's outcome (as ``split_ends._leaf_terms`` makes them: a win paying 1)."""
    each = (stakes, Stakes(stakes.own + 1, stakes.free), Stakes(stakes.own, stakes.free + 1))
    nets = nets_table(rules, apart, scale, each)
    number: dict[Key, int] = {}
    key_of = np.zeros((3, BUST_TOTAL + 1, len(OUTCOMES)), dtype=np.int64)
    for s, staked in enumerate(each):
        for t in range(BUST_TOTAL + 1):
            for o in range(len(OUTCOMES)):
                net = -staked.own * scale if t == BUST_TOTAL else int(nets[s, t, o])
                key_of[s, t, o] = number.setdefault((net * factor, staked.own, o), len(number))
    return list(number), key_of.reshape(-1, len(OUTCOMES))


@cached(maxsize=1024)
def extensions(size: int, h1: int, longest: int, most_cards: int) -> tuple[tuple[int, ...], int]:
    """By the cards out of a position's shoe of ``size`` cards, ``c`` up to ``most_cards`` (an end's hand, and its bust
    card): what extends the dealer's deals (``longest`` cards at most) to the cards the end counts (``rest = h1 + 1 − c``:
    ``split_ends._leaf_terms``' ``extend``), each times ``parts``, the second number returned. Where the dealer's
    deals reach past ``rest`` (a hand hit past the horizon) the extension is a part of a deal, one over the deals of the
    ``most − rest`` cards past them out of ``n − rest = size − h1 − 1``, the same for every ``c``: so every one of these
    divides ``parts``, the deals of the most such cards, and each extension times ``parts`` is whole.

    >>> extend, parts = extensions(10, 6, 3, 7)
    >>> parts, extend[2], extend[5], extend[7]   # (3)_3; 6·(8 − 3)_(5 − 3); 6/(3)_1; 6/(3)_3
    (6, 120, 2, 1)
    """
    reach = [(size - c, h1 + 1 - c, min(longest, size - c)) for c in range(min(most_cards, size) + 1)]
    parts = math.perm(size - h1 - 1, max([most - rest for _, rest, most in reach] + [0]))
    extend = [math.perm(n - most, rest - most) * parts if rest >= most else parts // math.perm(n - rest, most - rest)
              for n, rest, most in reach]
    return tuple(extend + [0] * (most_cards + 1 - len(extend))), parts
