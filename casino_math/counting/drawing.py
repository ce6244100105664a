"""Games dealt from a shoe, counted by kinds of card: every deal of the cards a bet reads, the drawing rules played out.

A bet reads some of the deal's places (the player's first card, the banker's
third...) at some detail: the card (a flush, a suited pair), its rank (a
pair) or its class (baccarat's drawing rules and totals see tens and faces
alike). Each place is dealt every symbol of its detail that the shoe holds;
a draw step deals its place only in the rows where the rules draw; the
number of card sequences behind a row is a product of falling counts
(:class:`~casino_math.shoe.Alphabet`). Nothing visits the 416 cards of an
eight-deck shoe one by one.

Deals are counted as published tables count them:

- in a game with draws, every ordered deal of the most cards the deal can
  use (baccarat: 416·415·…·411 deals of six cards; a coup that stops at four
  cards stands for every way the next two could fall);
- otherwise, every set of the cards the bet reads, cards that the bet reads
  alike taken in any order (21+3: every three cards of the shoe).

Each return table says which in its ``notes``.

>>> from casino_math.analysis import load_game
>>> game = load_game("paytables/baccarat/standard.yaml")
>>> table = bet_tables(game)["tie"]
>>> [(o.name, o.combinations) for o in table.outcomes], table.total
([('Player wins', 2230518282592256), ('tie', 475627426473216), ('Banker wins', 2292252566437888)], 4998398275503360)
"""

from __future__ import annotations

import dataclasses
import logging
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable

import numpy as np

from ..errors import InputError
from ..pays import Pay
from ..rankings import sort_hands
from ..returns import Outcome, ReturnTable
from ..shoe import CARD, CLASS, RANK, SUITS, Alphabet, Shoe, falling
from ..suits import RED
from ..game.description import SHOWDOWN, Deal, Draw, Game, Hand, Line, Paytable, Result, SideBet, Stop
from ..game.events import OTHER, Atom, Event
from ..game.sections import Problem
from ..game.situations import Situation
from ..game.tableau import ranges, role_hand

MAX_ROWS = 30_000_000  #: rows of symbols counted at most; beyond, a bet reads too many cards too finely
_RED = np.isin(np.arange(4), RED)  # by suit number: whether the suit is red


@dataclass(frozen=True)
class Place:
    """Where a card of the deal goes: the role, its index among the role's cards, and whether a draw deals it."""

    role: str
    index: int
    step: int
    drawn: bool


def places(game: Game) -> tuple[Place, ...]:
    """Every place a card of the deal can take, in the order they are dealt."""
    out: list[Place] = []
    held: dict[str, int] = {}
    for i, step in enumerate(game.steps):
        count = step.cards if isinstance(step, Deal) else 1 if isinstance(step, Draw) else 0
        role = step.role if isinstance(step, (Deal, Draw)) else ""
        for _ in range(count):
            out.append(Place(role, held.get(role, 0), i, isinstance(step, Draw)))
            held[role] = held.get(role, 0) + 1
    return tuple(out)


def hand_places(game: Game, hand: Hand) -> tuple[int, ...]:
    """The places of a hand's cards, role by role in the order the hand names them, each role's in deal order."""
    spots = places(game)
    return tuple(p for role in hand.of for p, place in enumerate(spots) if place.role == role)


@dataclass(frozen=True)
class ReadingPlan:
    """What a bet reads: each place's detail (None: not read), whether the draws are played out, and the place sets read."""

    details: tuple[int | None, ...]
    draws: bool
    reads: tuple[frozenset[int], ...]

    @property
    def key(self) -> tuple:
        return self.details, self.draws


def atoms_of(game: Game, bet: SideBet) -> list[Atom]:
    lines = [line for t in bet.tables for line in game.paytables[t].lines]
    return [a for line in lines for a in _event(line).atoms]


def _event(line: Line) -> Event:
    if not isinstance(line.pattern, Event):
        raise InputError(f"line {line.key!r} was not read as an event of a game counted by kinds of card")
    return line.pattern


def plan_of(game: Game, bet: SideBet) -> ReadingPlan:
    """The places a bet reads, and at what detail (the finest any of its lines or its showdown needs)."""
    spots = places(game)
    details: list[int | None] = [None] * len(spots)
    reads: list[frozenset[int]] = []

    def read(where: Iterable[int], detail: int) -> None:
        where = frozenset(where)
        reads.append(where)
        for p in where:
            known = details[p]
            details[p] = detail if known is None else max(known, detail)

    def whole(hand: Hand) -> None:
        read(hand_places(game, hand), CLASS if hand.points is not None else CARD)

    if bet.settle and set(bet.settle) != {"played"}:
        whole(game.hands["player"])
        whole(game.hands["dealer"])
    for atom in atoms_of(game, bet):
        hand = game.hands[atom.hand]
        if atom.poker is not None or atom.totals:
            whole(hand)
        if atom.margin is not None:
            whole(game.hands[OTHER[atom.hand]])
        if atom.first_two is not None:
            read(hand_places(game, hand)[:2], atom.first_two)
        if atom.first_three:
            read(hand_places(game, hand)[:3], RANK)
    draws = any(details[p] is not None and spots[p].drawn for p in range(len(spots)))
    if draws:  # the rules read every card dealt: each place is dealt at least its class
        details = [CLASS if d is None else d for d in details]
    return ReadingPlan(tuple(details), draws, tuple(reads))


def alphabet_of(game: Game, shoe: Shoe) -> Alphabet:
    """The kinds of card of the shoe, ranks that every points hand of the game counts alike grouped into classes."""
    rankings = {h.points.name: h.points for h in game.hands.values() if h.points is not None}
    if len(rankings) != 1:
        return Alphabet(shoe)
    points = next(iter(rankings.values()))
    by_rank = dict(zip(points.deck.ranks, points.card_points))
    values = sorted({by_rank[r] for r in shoe.ranks})
    return Alphabet(shoe, tuple(values.index(by_rank[r]) for r in shoe.ranks))


class Rows:
    """The deals of one plan as rows of symbols (−1: no card at that place), with what the bets read of them."""

    def __init__(self, game: Game, plan: ReadingPlan, alphabet: Alphabet, sequences: np.ndarray | None = None) -> None:
        self.game, self.plan, self.alphabet = game, plan, alphabet
        self.places = places(game)
        ranks = np.array(alphabet.ranks)
        points = self._points_table(ranks)
        # what a symbol of each detail is: its points, its rank (RANK and CARD only), its suit (CARD only)
        self._points = {CLASS: points[1], RANK: points[0], CARD: points[0][np.arange(len(ranks) * SUITS) // SUITS]}
        self._rank = {RANK: ranks, CARD: ranks[np.arange(len(ranks) * SUITS) // SUITS]}
        self.symbols = self._deal() if sequences is None else self._play(sequences)

    @classmethod
    def of_sequences(cls, game: Game, shoe: Shoe, cards: np.ndarray) -> Rows:
        """Coups dealt from given card sequences, one row each (a simulator's real deals): each place takes the next
        card of its row's sequence where the steps deal it. Cards are kinds: rank position in ``shoe.ranks`` × 4 + suit.

        >>> from casino_math.analysis import load_game
        >>> game = load_game("paytables/baccarat/standard.yaml")
        >>> shoe = Shoe.of(game.deck)
        >>> kind = {r: i for i, r in enumerate(shoe.ranks)}
        >>> rows = Rows.of_sequences(game, shoe, np.array([[kind[4] * 4, kind[2] * 4, kind[3] * 4, kind[13] * 4, kind[5] * 4, 0]]))
        >>> int((rows.symbols >= 0).sum()), settle(game, game.side_bet["banker"], rows)[0].tolist()   # 4-2 stands, 3-K draws
        (5, [2])
        """
        draws = any(isinstance(s, Draw) for s in game.steps)
        plan = ReadingPlan((CARD,) * len(places(game)), draws, ())
        return cls(game, plan, alphabet_of(game, shoe), cards)
    def _points_table(self, ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        hand = next((h for h in self.game.hands.values() if h.points is not None), None)
        if hand is None or hand.points is None:
            return np.zeros(len(ranks), dtype=np.int64), np.zeros(len(ranks), dtype=np.int64)
        by_rank = np.array([hand.points.points_of(int(r)) for r in ranks], dtype=np.int64)
        per_class = np.zeros(int(self.alphabet.rank_class.max()) + 1, dtype=np.int64)
        per_class[self.alphabet.rank_class] = by_rank
        return by_rank, per_class

    # -- dealing ------------------------------------------------------------------------------------------
    def _play(self, sequences: np.ndarray) -> np.ndarray:
        """Rows of given card sequences: the steps played on each, place by place."""
        rows = np.full((len(sequences), len(self.places)), -1, dtype=np.int64)
        taken = np.zeros(len(rows), dtype=np.int64)
        stopped = np.zeros(len(rows), dtype=bool)
        for i, step in enumerate(self.game.steps):
            if isinstance(step, Stop):
                stopped |= self._naturals(rows)
                continue
            for p in (p for p, place in enumerate(self.places) if place.step == i):
                deal = ~stopped & self._draws(rows, step, i) if isinstance(step, Draw) else np.ones(len(rows), dtype=bool)
                rows[deal, p] = sequences[deal, taken[deal]]
                taken += deal
        return rows

    def _deal(self) -> np.ndarray:
        plan, alphabet = self.plan, self.alphabet
        sizes = [len(alphabet.symbols(d)) for d in plan.details if d is not None]
        if math.prod(sizes) > MAX_ROWS:
            raise InputError(f"{self.game.id}: a bet reads {len(sizes)} cards at a detail giving up to {math.prod(sizes):,} "
                             f"kinds of deal: too many to count here")
        rows = np.full((1, len(self.places)), -1, dtype=np.int64)
        if not plan.draws:
            for p, detail in enumerate(plan.details):
                if detail is not None:
                    rows = _expand(rows, np.ones(len(rows), dtype=bool), p, alphabet.symbols(detail))
            return rows
        stopped = np.zeros(1, dtype=bool)
        for i, step in enumerate(self.game.steps):
            if isinstance(step, Stop):
                stopped = stopped | self._naturals(rows)
                continue
            mine = [p for p, place in enumerate(self.places) if place.step == i]
            for p in mine:
                detail = plan.details[p]
                assert detail is not None
                deal = ~stopped & self._draws(rows, step, i) if isinstance(step, Draw) else np.ones(len(rows), dtype=bool)
                order = np.r_[np.flatnonzero(~deal), np.repeat(np.flatnonzero(deal), len(alphabet.symbols(detail)))]
                stopped = stopped[order]
                rows = _expand(rows, deal, p, alphabet.symbols(detail))
        return rows

    def _naturals(self, rows: np.ndarray) -> np.ndarray:
        out = np.zeros(len(rows), dtype=bool)
        for hand in self.game.hands.values():
            if len(hand.of) == 1 and hand.points is not None:
                out |= self.natural(hand, rows)
        return out

    def _draws(self, rows: np.ndarray, step: Draw, index: int) -> np.ndarray:
        """Which rows deal the draw step at ``index``: by its table where ``by`` drew at an earlier draw, else on its points."""
        hand = role_hand(step.role, self.game.hands)
        assert hand is not None and hand.points is not None
        high = hand.points.totals_range[1]
        on = np.zeros(high + 1, dtype=bool)
        on[list(step.on)] = True
        total = self.total(hand, rows)
        if step.by is None:
            return on[total]
        last = max(p for p, place in enumerate(self.places) if place.role == step.by and place.drawn and place.step < index)
        table = np.zeros((high + 1, max(self._points[CLASS].max(), 9) + 1), dtype=bool)
        for points, values in step.table.items():
            table[points, list(values)] = True
        drew = rows[:, last] >= 0
        card = self._points[self.plan.details[last]][np.maximum(rows[:, last], 0)]  # type: ignore[index]
        return np.where(drew, table[total, card], on[total])

    # -- what the bets read ------------------------------------------------------------------------
    def column(self, p: int, rows: np.ndarray | None = None) -> np.ndarray:
        return (self.symbols if rows is None else rows)[:, p]

    def card_points(self, p: int, rows: np.ndarray | None = None) -> np.ndarray:
        """The points of the card at place p (0 where there is none)."""
        key = ("points", p)
        if rows is None and key in self._cache:
            return self._cache[key]
        column = self.column(p, rows)
        detail = self.plan.details[p]
        assert detail is not None
        points = np.where(column >= 0, self._points[detail][np.maximum(column, 0)], 0)
        if rows is None:
            self._cache[key] = points
        return points

    def total(self, hand: Hand, rows: np.ndarray | None = None) -> np.ndarray:
        """Each row's total of a points hand (of the rows being dealt, or of the final rows, remembered)."""
        assert hand.points is not None
        key = ("total", hand.name)
        if rows is None and key in self._cache:
            return self._cache[key]
        spots = hand_places(self.game, hand)
        points = np.stack([self.card_points(p, rows) for p in spots], axis=1)
        aces = (points == 1).sum(axis=1) if hand.points.soft_ace else np.zeros(len(points), dtype=np.int64)
        total = hand.points.totals(points, aces)
        if rows is None:
            self._cache[key] = total
        return total

    def size(self, hand: Hand, rows: np.ndarray | None = None) -> np.ndarray:
        key = ("size", hand.name)
        if rows is None and key in self._cache:
            return self._cache[key]
        size = (np.stack([self.column(p, rows) for p in hand_places(self.game, hand)], axis=1) >= 0).sum(axis=1)
        if rows is None:
            self._cache[key] = size
        return size

    def natural(self, hand: Hand, rows: np.ndarray | None = None) -> np.ndarray:
        assert hand.points is not None
        total = self.total(hand, rows)
        natural = np.zeros(int(total.max(initial=0)) + 1, dtype=bool)
        natural[[n for n in hand.points.naturals if n < len(natural)]] = True
        return (self.size(hand, rows) == 2) & natural[total]

    def rank(self, p: int) -> np.ndarray:
        detail = self.plan.details[p]
        assert detail is not None and detail >= RANK
        return self._rank[detail][np.maximum(self.column(p), 0)]

    def suit(self, p: int) -> np.ndarray:
        assert self.plan.details[p] == CARD
        return np.maximum(self.column(p), 0) % SUITS

    @cached_property
    def _cache(self) -> dict:
        return {}

    def weights(self, shoe: Shoe, length: int, remember: bool = True) -> np.ndarray:
        """Each row's deals from ``shoe`` (rows dealt from its ranks, any counts): ordered ways, times the ways the
        cards up to ``length`` not dealt could fall (exact Python integers where int64 could overflow)."""
        key = ("weights", shoe, length)
        if key in self._cache:
            return self._cache[key]
        alphabet = Alphabet(shoe, tuple(self.alphabet.rank_class.tolist()))
        dealt = (self.symbols >= 0).sum(axis=1)
        exact = falling(shoe.size, length) >= 2**62
        ways = alphabet.ways(self.symbols, [d if d is not None else CLASS for d in self.plan.details])
        tail = np.array([falling(shoe.size - k, length - k) for k in range(length + 1)], dtype=object if exact else np.int64)
        weights = ways.astype(object if exact else np.int64) * tail[dealt]
        if remember:
            self._cache[key] = weights
        return weights

    def value(self, hand: Hand) -> np.ndarray:
        """Each row's value of a hand, as the showdown compares it (points, or the poker value)."""
        key = ("value", hand.name)
        if key not in self._cache:
            self._cache[key] = self.total(hand) if hand.points is not None else self.poker(hand)[0]
        return self._cache[key]

    def poker(self, hand: Hand) -> tuple[np.ndarray, np.ndarray]:
        """Each row's poker value of a ranked hand, and the suits of its cards."""
        key = ("poker", hand.name)
        if key not in self._cache:
            assert hand.ranking is not None
            spots = hand_places(self.game, hand)
            ranks = np.stack([self.rank(p) for p in spots], axis=1)
            suits = np.stack([self.suit(p) for p in spots], axis=1)
            ranks, suits = sort_hands(ranks, suits)
            self._cache[key] = (hand.ranking.best_values(ranks, suits), suits)
        return self._cache[key]

    def holds(self, atom: Atom) -> np.ndarray:
        """Which rows have the event."""
        hand = self.game.hands[atom.hand]
        hit = np.ones(len(self.symbols), dtype=bool)
        if atom.poker is not None:
            values, suits = self.poker(hand)
            hit &= atom.poker.matches(values, suits)
        if atom.totals:
            total, size = self.value(hand), self.size(hand)
            if atom.natural:
                hit &= self.natural(hand)
            if atom.points is not None:
                hit &= (total >= atom.points[0]) & (total <= atom.points[1])
            if atom.cards is not None:
                hit &= size == atom.cards
            if atom.margin is not None:
                margin = total - self.value(self.game.hands[OTHER[atom.hand]])
                hit &= (margin >= atom.margin[0]) & (margin <= atom.margin[1])
        if atom.first_three:
            one, two, three = (self.rank(p) for p in hand_places(self.game, hand)[:3])
            if atom.trips:
                hit &= (one == two) & (two == three)
            if atom.between:
                hit &= (np.minimum(one, two) < three) & (three < np.maximum(one, two))
        if atom.first_two is not None:
            a, b = hand_places(self.game, hand)[:2]
            if atom.spread is not None:
                position = np.searchsorted(np.array(self.game.deck.ranks), [self.rank(a), self.rank(b)])
                gap = np.abs(position[0] - position[1]) - 1
                hit &= (gap >= atom.spread[0]) & (gap <= atom.spread[1])
            if atom.pair:
                hit &= self.rank(a) == self.rank(b)
            if atom.pair_rank is not None:
                hit &= self.rank(a) == atom.pair_rank
            if atom.ranks is not None:
                low, high = np.minimum(self.rank(a), self.rank(b)), np.maximum(self.rank(a), self.rank(b))
                hit &= (low == atom.ranks[0]) & (high == atom.ranks[1])
            if atom.suited:
                hit &= self.suit(a) == self.suit(b)
            if atom.same_colour:
                hit &= _RED[self.suit(a)] == _RED[self.suit(b)]
            if atom.suit is not None:
                hit &= self.suit(a) == atom.suit
        return hit

    def situation(self) -> np.ndarray:
        """Each row's showdown: 0 player higher, 1 equal, 2 dealer higher."""
        player, dealer = self.value(self.game.hands["player"]), self.value(self.game.hands["dealer"])
        return np.where(player > dealer, 0, np.where(player == dealer, 1, 2))

    def first_line(self, table: Paytable) -> np.ndarray:
        """Each row's first line of the table whose events all hold (len(lines): none)."""
        first = np.full(len(self.symbols), len(table.lines), dtype=np.int64)
        for i in reversed(range(len(table.lines))):
            hit = np.ones(len(self.symbols), dtype=bool)
            for atom in _event(table.lines[i]).atoms:
                hit &= self.holds(atom)
            first[hit] = i
        return first


def _expand(rows: np.ndarray, deal: np.ndarray, place: int, symbols: np.ndarray) -> np.ndarray:
    """Rows not dealt here, then each dealt row once per symbol at ``place`` (the order _deal keeps its flags in)."""
    dealt = np.repeat(rows[deal], len(symbols), axis=0)
    dealt[:, place] = np.tile(symbols, int(deal.sum()))
    return np.concatenate([rows[~deal], dealt])


@dataclass(frozen=True)
class Settled:
    """One way a bet ends: its name, net result, pay as printed and keys; rows ending so are those of its code."""

    name: str
    net: Fraction
    pays: str
    keys: tuple[tuple[str, str], ...]


@dataclass(frozen=True, eq=False)
class CountedBet:
    """One bet counted by kinds: which way each row of its plan ends. Weigh the rows for any shoe of these ranks."""

    game: Game
    bet: SideBet
    plan: ReadingPlan
    rows: Rows
    codes: np.ndarray
    ends: tuple[Settled, ...]

    def counts(self, shoe: Shoe, remember: bool = True) -> tuple[list[int], int]:
        """Deals ending each way, and all deals, from ``shoe`` (the ranks the rows were dealt from, any counts)."""
        if self.ordered:
            length, divisor = len(self.rows.places), 1
        else:
            length, divisor = sum(d is not None for d in self.plan.details), _divisor(self.plan)
        sums = _sums(self.codes, self.rows.weights(shoe, length, remember), len(self.ends))
        return [n // divisor for n in sums], falling(shoe.size, length) // divisor

    def table(self, shoe: Shoe) -> ReturnTable:
        counts, total = self.counts(shoe)
        outcomes = tuple(Outcome(e.name, e.net, n, e.pays, e.keys) for e, n in zip(self.ends, counts))
        assert sum(counts) == total, (self.bet.name, sum(counts), total)
        return ReturnTable(self.bet.name, outcomes, notes=(self.unit(shoe),))

    @property
    def ordered(self) -> bool:
        """Deals counted in order (a game with draws), or as sets of the cards read."""
        return any(isinstance(s, Draw) for s in self.game.steps)

    def unit(self, shoe: Shoe) -> str:
        plan = self.plan
        if self.ordered:
            return f"deals: every ordered deal of {len(self.rows.places)} cards from the {shoe.size}-card shoe"
        cards = sum(d is not None for d in plan.details)
        return f"deals: every set of the {cards} cards the bet reads, from the {shoe.size}-card shoe"


def _sums(codes: np.ndarray, weights: np.ndarray, n: int) -> list[int]:
    """Exact sums of the weights of each code: int64 weights in two halves that float64 adds without rounding."""
    if weights.dtype == object:
        return [int(weights[codes == c].sum()) for c in range(n)]
    low, high = weights & (2**26 - 1), weights >> 26
    if len(weights) * 2**26 >= 2**53 or int(high.max(initial=0)) * len(weights) >= 2**53:
        return [int(weights[codes == c].sum()) for c in range(n)]
    lows = np.bincount(codes, weights=low, minlength=n)
    highs = np.bincount(codes, weights=high, minlength=n)
    return [int(h) * 2**26 + int(lo) for h, lo in zip(highs.tolist(), lows.tolist())]


def _divisor(plan: ReadingPlan) -> int:
    """Orderings of the cards a bet reads alike (each set of places read the same way is a block)."""
    read = [p for p, d in enumerate(plan.details) if d is not None]
    blocks: dict[tuple[bool, ...], int] = {}
    for p in read:
        signature = tuple(p in where for where in plan.reads)
        blocks[signature] = blocks.get(signature, 0) + 1
    return math.prod(math.factorial(n) for n in blocks.values())


def settle(game: Game, bet: SideBet, rows: Rows) -> tuple[np.ndarray, tuple[Settled, ...]]:
    """Each row's way of ending (a code into the list of ways, each with its net result) for one bet."""
    ends: list[Settled] = []
    if not bet.settle:
        table = game.paytables[bet.table]
        codes = rows.first_line(table)
        for line in table.lines:
            ends.append(Settled(line.key, line.pay.net, str(line.pay), (("line", line.key),)))
        ends.append(Settled("loses", Fraction(-1), "loses", (("line", ""),)))  # always last, as side_bet_table's
        return codes, tuple(ends)
    situations = SHOWDOWN if set(bet.settle) != {"played"} else ("played",)
    where = rows.situation() if situations == SHOWDOWN else np.zeros(len(rows.symbols), dtype=np.int64)
    codes = np.zeros(len(rows.symbols), dtype=np.int64)
    for s, situation in enumerate(situations):
        result = bet.settle[situation]
        mine = where == s
        start = len(ends)
        ends.extend(_ways(result, situation, game))
        if result.kind == "pays":
            codes[mine] = start + rows.first_line(game.paytables[result.table])[mine]
            if len(ends) - start > len(game.paytables[result.table].lines):  # the hands no line pays: say which they are
                rest = len(ends) - 1
                ends[rest] = dataclasses.replace(ends[rest], name=_unpaid(game, rows, mine, codes == rest, ends[rest].name))
        else:
            codes[mine] = start
    return codes, tuple(ends)


def _unpaid(game: Game, rows: Rows, situation: np.ndarray, unpaid: np.ndarray, text: str) -> str:
    """The row of a situation's hands that no line of its table pays, named for what it holds: a win by the margins
    the lines leave (``Player wins by 1-3``: the Dragon Bonus pays 4 and more, and naturals), else any other hand."""
    hands = game.hands
    if "player" in hands and "dealer" in hands and hands["player"].points is not None and unpaid.any():
        margin = np.abs(rows.value(hands["player"]) - rows.value(hands["dealer"]))
        left, every = (frozenset(int(m) for m in np.unique(margin[where])) for where in (unpaid, situation))
        if 0 not in left and left != every:
            return f"{text} by {ranges(left)}"
    return f"{text}, any other hand"


def _ways(result: Result, situation: str, game: Game) -> list[Settled]:
    """The ways a bet ends in one situation: one, or a line of its table each and then the hands no line pays."""
    text = Situation(situation).outcome(game.names.roles)
    if result.kind != "pays":
        net = {"win": result.net, "push": Fraction(0), "lose": Fraction(-1)}[result.kind]
        pays = str(Pay(result.net)) if result.kind == "win" else "push" if result.kind == "push" else "loses"
        return [Settled(text, net, pays, (("situation", situation),))]
    table = game.paytables[result.table]
    out = [Settled(f"{line.key}: {text}", line.pay.net, str(line.pay), (("line", line.key), ("situation", situation)))
           for line in table.lines]
    if not _exhaustive(table):
        net = Fraction(0) if result.otherwise == "push" else Fraction(-1)
        out.append(Settled(text, net, "push" if net == 0 else "loses", (("line", ""), ("situation", situation))))
    return out


def _exhaustive(table: Paytable) -> bool:
    """Whether some line pays every hand (``any``), so that no hand is left unpaid."""
    return any(_event(line).always for line in table.lines)


def count_bets(game: Game, shoe: Shoe | None = None) -> dict[str, CountedBet]:
    """Every side bet of a game counted by kinds (from its deck, or another shoe of its ranks); bets reading the deal
    alike share one set of rows."""
    shoe = shoe or Shoe.of(game.deck)
    if not set(shoe.ranks) <= set(game.deck.ranks):
        raise InputError(f"{game.id}: the shoe holds ranks the {game.deck} deck has not")
    alphabet = alphabet_of(game, shoe)
    shared: dict[tuple, Rows] = {}
    out = {}
    for bet in game.side_bets:
        plan = plan_of(game, bet)
        if plan.key not in shared:
            shared[plan.key] = Rows(game, plan, alphabet)
        rows = shared[plan.key]
        codes, ends = settle(game, bet, rows)
        out[bet.name] = CountedBet(game, bet, plan, rows, codes, ends)
    return out


def bet_table(game: Game, bet: SideBet, shoe: Shoe | None = None) -> ReturnTable:
    """The return table of one side bet of a game counted by kinds (the others not counted)."""
    return bet_tables(dataclasses.replace(game, side_bets=(bet,)), shoe)[bet.name]


def bet_tables(game: Game, shoe: Shoe | None = None) -> dict[str, ReturnTable]:
    """The return table of every side bet of a game counted by kinds, from its own deck or shoe (or from ``shoe``)."""
    if shoe is None:  # the game's own shoe: counts kept between runs (another shoe, as removal deals, is counted afresh)
        return _kept_tables(game, Shoe.of(game.deck))
    return {name: counted.table(shoe) for name, counted in count_bets(game, shoe).items()}


# -- counts kept between runs (casino_math/count_cache.py) ------------------------------------------------------
log = logging.getLogger("casino_math.count_cache")
KIND = "shoe counts"
CODE = ("counting/drawing.py",)  # the module they come from: the digest adds every module it imports (see count_cache.engine)


def _kept_tables(game: Game, shoe: Shoe) -> dict[str, ReturnTable]:
    """Every bet's table from its counts per way of ending, kept on disk between runs: they depend on the shoe, the
    deal and what the bet reads (its lines and situations), never on its pays, which the ends bring in afresh."""
    from ..count_cache import current

    cache = current()
    if cache is None:
        return {name: counted.table(shoe) for name, counted in count_bets(game, shoe).items()}
    found: dict[str, ReturnTable] = {}
    for bet in game.side_bets:
        ok, stored = cache.load(KIND, _bet_key(game, bet, shoe), game.id, CODE)
        table = _table_of(game, bet, stored) if ok else None
        if table is not None:
            found[bet.name] = table
    missing = tuple(b for b in game.side_bets if b.name not in found)
    if missing:
        for name, counted in count_bets(dataclasses.replace(game, side_bets=missing), shoe).items():
            counts, total = counted.counts(shoe)
            found[name] = counted.table(shoe)
            stored = {"ends": [repr(e.keys) for e in counted.ends], "names": [e.name for e in counted.ends], "counts": counts, "total": total,
                      "notes": list(found[name].notes)}
            cache.keep(KIND, _bet_key(game, counted.bet, shoe), game.id, stored, CODE)
    return {bet.name: found[bet.name] for bet in game.side_bets}


def _bet_key(game: Game, bet: SideBet, shoe: Shoe) -> str:
    """What a bet's counts (and the names of its ends) depend on: the shoe, the deal, the hands, the names of the roles,
    and the bet's lines and situations without pays."""
    tables = [bet.table] + [r.table for r in bet.settle.values() if r.kind == "pays"]
    lines = {t: [(line.key, repr(line.pattern), line.hand) for line in game.paytables[t].lines] for t in dict.fromkeys(tables) if t}
    settle = {repr(s): (r.kind, r.table, r.otherwise) for s, r in bet.settle.items()}
    hands = [(h.name, h.of, h.best, h.ranking_name) for h in game.hands.values()]
    return repr((shoe, game.steps, hands, game.names, bet.table, settle, lines))


class _NoRows:
    """No deal at all: what :func:`settle` needs to say how a bet ends without counting a row."""

    symbols = np.zeros((0, 0), dtype=np.int64)

    def situation(self) -> np.ndarray:
        return np.zeros(0, dtype=np.int64)

    def first_line(self, table: Paytable) -> np.ndarray:
        return np.zeros(0, dtype=np.int64)


def _table_of(game: Game, bet: SideBet, stored: Any) -> ReturnTable | None:
    """A bet's table from its kept counts (and the names of its ends, which the deals can shape) and this game's pays,
    which :func:`settle` gives on no rows at all (None where they do not fit: counted again)."""
    try:
        ends = settle(game, bet, _NoRows())[1]  # type: ignore[arg-type]  # nothing else of the rows is read where none are
        counts, total = [int(n) for n in stored["counts"]], int(stored["total"])
        names, notes = [str(n) for n in stored["names"]], tuple(str(n) for n in stored["notes"])
        fits = [repr(e.keys) for e in ends] == list(stored["ends"]) and len(names) == len(counts) == len(ends) and sum(counts) == total
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        fits = False
    if not fits:
        log.warning(f"the counts of {bet.name} of {game.id} kept in the cache do not fit this game; they are computed again")
        return None
    outcomes = tuple(Outcome(name, e.net, n, e.pays, e.keys) for name, e, n in zip(names, ends, counts))
    return ReturnTable(bet.name, outcomes, notes=notes)


@dataclass(frozen=True, eq=False)
class CoupSettler:
    """Coups dealt card by card from a full shoe, settled by the same vectorised rules the count uses: ``kinds`` has
    a row per coup, the kinds of its cards in the order the shoe gives them (as many as its draws can need)."""

    game: Game
    shoe: Shoe

    @property
    def cards(self) -> int:
        """The most cards a coup can use."""
        return len(places(self.game))

    @property
    def kinds(self) -> np.ndarray:
        """The kind of every card of the shoe (rank position × 4 + suit)."""
        return np.repeat(np.arange(self.shoe.card_counts.size), self.shoe.card_counts)

    def __call__(self, kinds: np.ndarray) -> dict[str, tuple[np.ndarray, tuple[Settled, ...]]]:
        """Per bet: each coup's end (an index into the ends), and the ends (their nets and keys)."""
        rows = Rows.of_sequences(self.game, self.shoe, kinds)
        return {bet.name: settle(self.game, bet, rows) for bet in self.game.side_bets}


def too_fine(game: Game) -> tuple[Problem, ...]:
    """The first side bet of a game counted by kinds of card that reads too many cards, too finely, to be counted (more
    kinds of deal than :data:`MAX_ROWS`): the methods counting by kinds of card say so at the bet's place in the file."""
    alphabet = alphabet_of(game, Shoe.of(game.deck))
    source = f"a shoe of {game.deck.decks} decks" if game.deck.decks > 1 else f"the {game.deck} deck"
    for bet in game.side_bets:
        details = [d for d in plan_of(game, bet).details if d is not None]
        kinds = math.prod(len(alphabet.symbols(d)) for d in details)
        if kinds > MAX_ROWS:
            suited = sum(d == CARD for d in details)
            how = f", {suited} of them suit by suit" if suited else ""
            return (Problem(("side_bets", bet.name), f"the bet reads {len(details)} cards{how}: {kinds:,} kinds of deal from "
                            f"{source}, more than the {MAX_ROWS:,} counted at most; let it read fewer cards, or lines that read "
                            "ranks only"),)
    return ()
