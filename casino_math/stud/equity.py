"""Exact stud equity: every way the rest of the cards can be dealt, counted.

Counts first. Each player's hand is completed in every way the unseen cards
allow, and each completion is valued once (for two players from fourth
street of seven-card stud: 13,244 hands each, not 141 million deals). Then
the completions are combined:

- **two players**, by inclusion–exclusion over shared cards: the pairs of
  completions that share no card are all pairs, less those sharing a given
  card, plus those sharing a given two, and so on. Within each term the pairs
  are counted by sorting and binary search, never visited one by one; where
  the pot splits, the low halves are compared bit by bit of their class index
  (a pair's low order is settled at the highest bit where the classes differ).
- **three or more players**, by visiting every deal: each set of cards dealt
  out, split every way among the players, valued by table look-up — while
  the deals stay within ``budget``; past it, a seeded Monte Carlo over the
  same tables, with a 95% confidence interval, says so.

A player's cards are written down cards, a bar, up cards: ``"As 2s | 3d 4c 5h"``.

>>> result = stud_equity("seven-card-stud", ["Ah Ad | Kc Qs 2d 7h", "9c 9s | 9d 8d 8s 3c"])
>>> result.method, result.deals
('exact', 1560)
>>> result.table.loc[1, "win"]
Fraction(1, 1)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial
from numbers import Integral
from typing import Literal, Sequence

import numpy as np
import pandas as pd

from ..cards import Card, format_cards, parse_cards
from ..errors import InputError
from ..subsets import all_subsets, colex
from ..rankings import CATEGORY_SHIFT, WILD
from .games import StudGame, get_game
from .hands import HandRule, game_rules

DEFAULT_BUDGET = 100_000_000  # a few seconds of work on one core
DEFAULT_SAMPLES = 1_000_000
_Z95 = 1.959963984540054
EquityMethod = Literal["exact", "monte-carlo"]
_CHUNK = 200_000  # deals or samples per vectorised pass


@dataclass(frozen=True)
class Holding:
    """A player's known cards: down cards in the order dealt, then up cards."""

    down: tuple[Card, ...]
    up: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> Holding:
        """``"As 2s | 3d 4c 5h"``: down cards, a bar, up cards.

        >>> Holding.parse("As 2s | 3d 4c 5h")
        Holding(down=(Card('As'), Card('2s')), up=(Card('3d'), Card('4c'), Card('5h')))
        """
        if text.count("|") != 1:
            raise InputError(f"write a player's cards as down cards | up cards, e.g. 'As 2s | 3d': not {text!r}")
        down, up = text.split("|")
        return cls(parse_cards(down), parse_cards(up))

    def __str__(self) -> str:
        return f"{format_cards(self.down)} | {format_cards(self.up)}"

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.down + self.up


# -- dealing the rest ------------------------------------------------------------------------
@dataclass(frozen=True)
class Completions:
    """Every completion of one player's hand: ``cards[i]`` (indices into the unseen cards) and its values.

    ``values`` holds one array per hand rule; a split game's low half is
    stored as a class: 0 for no qualifying low, else bigger is better.
    """

    cards: np.ndarray
    values: tuple[np.ndarray, ...]


def _low_class(rule: HandRule, values: np.ndarray) -> np.ndarray:
    categories = rule.up.categories
    if "no_low" not in categories:
        return values + 1
    qualifies = (values >> CATEGORY_SHIFT) != categories.index("no_low")
    return np.where(qualifies, values + 1, 0).astype(values.dtype)


def _complete(game: StudGame, holding: Holding, unseen: Sequence[Card], rules: tuple[HandRule, ...]) -> Completions:
    known = dict(zip(game.down_positions, holding.down)) | dict(zip(game.up_positions, holding.up))
    missing = [p for p in range(game.cards) if p not in known]
    roles = {(p in game.limited_positions, game.face_matters and game.positions[p] == "d") for p in missing}
    if len(roles) > 1:
        raise InputError(f"{game.title}: the cards still to come play differently by position; equity is not supported here")
    cards = all_subsets(len(unseen), len(missing))
    pool_ranks = np.array([WILD if c.is_joker else c.rank for c in unseen], dtype=np.int64)
    pool_suits = np.array([c.suit for c in unseen], dtype=np.int64)
    ranks = np.empty((len(cards), game.cards), dtype=np.int64)
    suits = np.empty_like(ranks)
    for position, card in known.items():
        ranks[:, position] = WILD if card.is_joker else card.rank
        suits[:, position] = card.suit
    ranks[:, missing] = pool_ranks[cards]
    suits[:, missing] = pool_suits[cards]
    values = [rule.values(ranks, suits, down=game.down_positions, limited=game.limited_positions) for rule in rules]
    if len(rules) > 1:
        values[1] = _low_class(rules[1], values[1])
    return Completions(cards, tuple(values))


# -- settling a deal -------------------------------------------------------------------------
class _Tally:
    """Deals counted by outcome: which players win or share the high half (the pot) and which the low half.

    An outcome is a code: a bit per player holding the best high hand, and above
    those a bit per player holding the best qualifying low (none: no low, and the
    high hand takes the whole pot). Each player's share follows from the code, so
    deals are only counted, never paid out one by one.
    """

    def __init__(self, players: int, split: bool) -> None:
        self.players = players
        self.split = split
        self.counts = np.zeros(1 << (players * (2 if split else 1)), dtype=np.int64)

    def add(self, high: np.ndarray, low: np.ndarray | None, weights: np.ndarray | None = None) -> None:
        """Count deals given each player's high value and low class (0: no qualifying low), shape (players, deals).

        Players run down the first axis so that every step is one elementwise pass over the deals.
        """
        code = np.zeros(high.shape[1], dtype=np.int64)
        best = high.max(axis=0)
        for i in range(self.players):
            np.add(code, 1 << i, out=code, where=high[i] == best)
        if low is not None:
            best = low.max(axis=0)
            for i in range(self.players):
                np.add(code, 1 << (self.players + i), out=code, where=(low[i] == best) & (best > 0))
        if weights is None:
            self.counts += np.bincount(code, minlength=len(self.counts))
        else:
            np.add.at(self.counts, code, weights)

    @property
    def deals(self) -> int:
        return int(self.counts.sum())

    def outcomes(self):
        """Each outcome seen: its count, each player's share of the pot, and who wins or shares each half."""
        everyone = (1 << self.players) - 1
        for code in np.flatnonzero(self.counts):
            high, low = int(code) & everyone, int(code) >> self.players
            winners = [[i for i in range(self.players) if mask >> i & 1] for mask in (high, low)]
            halves = [(winners[0], Fraction(1, 2)), (winners[1], Fraction(1, 2))] if low else [(winners[0], Fraction(1))]
            shares = [sum((part / len(who) for who, part in halves if i in who), Fraction(0)) for i in range(self.players)]
            yield int(self.counts[code]), shares, winners[0], winners[1]


# -- two players: inclusion–exclusion over shared cards ------------------------------------------
def _pair_counts(group_a: np.ndarray, high_a: np.ndarray, group_b: np.ndarray, high_b: np.ndarray, span: int) -> np.ndarray:
    """Over pairs (a, b) in the same group: how many have a's high above, equal to, below b's."""
    if not len(group_a) or not len(group_b):
        return np.zeros(3, dtype=np.int64)
    keys = np.sort(group_b * span + high_b)
    base = group_a * span
    start = np.searchsorted(keys, base, "left")
    below = np.searchsorted(keys, base + high_a, "left")
    upto = np.searchsorted(keys, base + high_a, "right")
    end = np.searchsorted(keys, base + span, "left")
    return np.array([(below - start).sum(), (upto - below).sum(), (end - upto).sum()], dtype=np.int64)


def _dense(values_a: np.ndarray, values_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both players' values as ranks 0, 1, 2... in one shared order."""
    ranks = np.unique(np.concatenate([values_a, values_b]), return_inverse=True)[1].astype(np.int64)
    return ranks[: len(values_a)], ranks[len(values_a):]


def _heads_up(a: Completions, b: Completions, split: bool) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    """Disjoint pairs of completions counted by (high comparison, low comparison): representative deals and weights.

    Deals (columns, as :meth:`_Tally.add` takes them): high (A above / equal / below) x low (A's / B's / tied / none).
    """
    n = a.cards.shape[1]
    high_a, high_b = _dense(a.values[0], b.values[0])
    span = int(max(high_a.max(), high_b.max())) + 1
    if split:
        low_a, low_b = _dense(a.values[1], b.values[1])
        if min(a.values[1].min(), b.values[1].min()) > 0:
            low_a, low_b = low_a + 1, low_b + 1  # class 0 stays "no qualifying low"
    else:
        low_a, low_b = np.zeros(len(high_a), dtype=np.int64), np.zeros(len(high_b), dtype=np.int64)
    classes = int(max(low_a.max(), low_b.max())) + 1
    counts = np.zeros((3, 4), dtype=np.int64)  # high: A above, tied, below; low: A's, B's, tied, none
    for shared in range(n + 1):
        sign = -1 if shared % 2 else 1
        picks = [list(p) for p in itertools.combinations(range(n), shared)]
        # every completion once per set of `shared` of its cards: pairs meet where those sets are equal
        group_a = np.concatenate([colex(a.cards[:, p]) for p in picks]) * classes
        group_b = np.concatenate([colex(b.cards[:, p]) for p in picks]) * classes
        ha, hb = np.tile(high_a, len(picks)), np.tile(high_b, len(picks))
        la, lb = np.tile(low_a, len(picks)), np.tile(low_b, len(picks))

        def count(column: int, keep_a: np.ndarray, keep_b: np.ndarray, key_a: np.ndarray, key_b: np.ndarray,
                  sign: int = sign, group_a: np.ndarray = group_a, group_b: np.ndarray = group_b,
                  ha: np.ndarray = ha, hb: np.ndarray = hb) -> None:
            """Pairs whose lows relate as ``column`` says, grouped by shared cards and by ``key``."""
            counts[:, column] += sign * _pair_counts(group_a[keep_a] + key_a[keep_a], ha[keep_a],
                                                     group_b[keep_b] + key_b[keep_b], hb[keep_b], span)

        # equal lows, grouped by the class itself: neither qualifies, or both tie
        count(3, la == 0, lb == 0, la, lb)
        count(2, la > 0, lb > 0, la, lb)
        # unequal lows: settled at the highest bit where the classes differ, so grouped by the bits above it
        for bit in range(classes.bit_length()):
            a_one, b_one = (la >> bit) & 1 == 1, (lb >> bit) & 1 == 1
            count(0, a_one, ~b_one, la >> (bit + 1), lb >> (bit + 1))
            count(1, ~a_one, b_one, la >> (bit + 1), lb >> (bit + 1))
    cells = [(high, low) for high in range(3) for low in range(4) if counts[high, low]]
    highs = np.array([[1, 0], [0, 0], [0, 1]])[[high for high, _ in cells]].T
    lows = np.array([[2, 1], [1, 2], [1, 1], [0, 0]])[[low for _, low in cells]].T if split else None
    return highs, lows, np.array([counts[high, low] for high, low in cells], dtype=np.int64)


# -- three or more players: every deal, or a sample -------------------------------------------------
def _splits(total: int, players: int, each: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every way to hand ``total`` dealt cards (by position in the dealt set) to the players, ``each`` apiece."""
    if players == 0:
        return [()]
    out = []
    for first in itertools.combinations(range(total), each):
        rest = [i for i in range(total) if i not in first]
        out += [(first, *(tuple(rest[j] for j in s) for s in tail)) for tail in _splits(len(rest), players - 1, each)]
    return out


def _every_deal(tables: list[Completions], unseen: int, each: int, tally: _Tally, split: bool) -> None:
    players = len(tables)
    dealt = players * each
    picks = list(itertools.combinations(range(dealt), each))
    pick_index = {p: i for i, p in enumerate(picks)}
    # column of each player's cards among the picks, for every way to split the dealt cards: (players, splits)
    columns = np.array([[pick_index[p] for p in split_] for split_ in _splits(dealt, players, each)]).T
    if not dealt:  # the showdown: one deal, nothing left to come
        tally.add(np.stack([t.values[0] for t in tables]), np.stack([t.values[1] for t in tables]) if split else None)
        return
    sets = itertools.combinations(range(unseen), dealt)
    block_size = max(1, _CHUNK // columns.shape[1])
    while True:
        block = np.fromiter(itertools.chain.from_iterable(itertools.islice(sets, block_size)), dtype=np.int64)
        if not len(block):
            return
        block = block.reshape(-1, dealt)
        index = np.stack([colex(block[:, list(p)]) for p in picks], axis=1)

        def spread(half: int, index: np.ndarray = index) -> np.ndarray:
            """Each player's value in every deal of the block: (players, sets x splits)."""
            return np.stack([t.values[half][index][:, columns[i]].ravel() for i, t in enumerate(tables)])

        tally.add(spread(0), spread(1) if split else None)


def _sample_deals(tables: list[Completions], unseen: int, each: int, tally: _Tally, split: bool, samples: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    players = len(tables)
    for start in range(0, samples, _CHUNK):
        size = min(_CHUNK, samples - start)
        order = np.argsort(rng.random((size, unseen)), axis=1)[:, : players * each]
        index = [colex(np.sort(order[:, i * each : (i + 1) * each], axis=1)) for i in range(players)]
        tally.add(np.stack([t.values[0][index[i]] for i, t in enumerate(tables)]),
                  np.stack([t.values[1][index[i]] for i, t in enumerate(tables)]) if split else None)


# -- the calculator ------------------------------------------------------------------------------
@dataclass(frozen=True)
class StudEquity:
    """Each player's chances, exact or estimated.

    ``table`` has a row per player: win / tie / lose / equity, or in a split
    game scoop / split / lose / equity / high / low (winning or sharing each
    half). Exact figures are Fractions; Monte Carlo figures are floats, and
    ``ci95`` gives the half-width of each equity's 95% confidence interval.
    """

    game: str
    street: int
    method: EquityMethod
    deals: int
    table: pd.DataFrame
    work: int
    budget: int
    seed: int | None = None
    ci95: tuple[float, ...] | None = None

    @property
    def summary(self) -> str:
        if self.method == "exact":
            return f"exact: every one of {self.deals:,} ways to deal the rest counted (work {self.work:,} within the budget of {self.budget:,})"
        return (f"Monte Carlo: {self.deals:,} deals sampled with seed {self.seed}; exact enumeration needs work {self.work:,}, "
                f"over the budget of {self.budget:,}; equity ± {max(self.ci95 or (0,)):.4f} at 95%")


def _check(game: StudGame, holdings: Sequence[Holding], dead: Sequence[Card]) -> tuple[int, list[Card]]:
    if len(holdings) < 2:
        raise InputError("equity needs at least two players")
    shapes = {(len(h.down), len(h.up)) for h in holdings}
    streets = {game.street_of(*shape) for shape in shapes}
    if len(streets) > 1:
        raise InputError(f"players hold cards of different streets ({', '.join(f'{d} down + {u} up' for d, u in sorted(shapes))})")
    seen: dict[Card, str] = {}
    for who, cards in [(f"player {i + 1}", h.cards) for i, h in enumerate(holdings)] + [("the dead cards", tuple(dead))]:
        game.the_deck.check_contains(cards, who)
        for card in cards:
            if card in seen and not card.is_joker:
                raise InputError(f"duplicate card {card}: {seen[card]} and {who} both hold it")
            seen[card] = who
    jokers_out = sum(c.is_joker for h in holdings for c in h.cards) + sum(c.is_joker for c in dead)
    if jokers_out > game.the_deck.jokers:
        raise InputError(f"more jokers than the {game.the_deck} deck holds")
    out = [c for c in seen if not c.is_joker]
    unseen = [c for c in game.the_deck.cards if not c.is_joker and c not in out] + [c for c in game.the_deck.cards if c.is_joker][jokers_out:]
    return streets.pop(), unseen


def stud_equity(
    game: str | StudGame,
    players: Sequence[str | Holding],
    dead: str | Sequence[Card] = (),
    *,
    budget: int = DEFAULT_BUDGET,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
) -> StudEquity:
    """Each player's chance to win, tie (or scoop, split) and their share of the pot, over every deal of the rest.

    ``budget`` bounds the work of an exact answer: hands valued plus pairs or
    deals compared. Past it, ``samples`` deals are drawn with ``seed``.
    """
    if isinstance(samples, bool) or not isinstance(samples, Integral) or samples < 1:
        raise InputError(f"--samples: at least one deal to sample, not {samples}")
    if isinstance(budget, bool) or not isinstance(budget, Integral) or budget < 0:
        raise InputError(f"--budget: a number of steps, 0 or more (0: always sample), not {budget}")
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise InputError(f"--seed: a seed is a whole number of 0 or more, not {seed}")
    game = get_game(game)
    holdings = [p if isinstance(p, Holding) else Holding.parse(p) for p in players]
    dead_cards = parse_cards(dead) if isinstance(dead, str) else tuple(dead)
    street, unseen = _check(game, holdings, dead_cards)
    each = game.cards - street
    if len(holdings) * each > len(unseen):
        raise InputError(f"{len(unseen)} unseen cards cannot complete {len(holdings)} hands of {each} more card{'s' * (each != 1)}")
    split = game.split is not None
    rules = game_rules(game)
    tables = [_complete(game, h, unseen, rules) for h in holdings]
    work = sum(len(t.cards) for t in tables)  # hands valued
    if len(holdings) == 2:
        # sorted look-ups: every completion once per subset of its cards, per pass over the low classes
        low_classes = len(np.unique(np.concatenate([t.values[1] for t in tables]))) if split else 1
        work += 2**each * work * (2 + 2 * low_classes.bit_length())
    else:
        dealt = len(holdings) * each
        work += comb(len(unseen), dealt) * factorial(dealt) // factorial(each) ** len(holdings)
    tally = _Tally(len(holdings), split)
    method: EquityMethod
    if work <= budget:
        method = "exact"
        if len(holdings) == 2:
            tally.add(*_heads_up(tables[0], tables[1], split))
        else:
            _every_deal(tables, len(unseen), each, tally, split)
    else:
        method = "monte-carlo"
        _sample_deals(tables, len(unseen), each, tally, split, samples, seed)
    return _result(game, street, holdings, tally, method, work, budget, None if method == "exact" else seed, split)


def _result(game: StudGame, street: int, holdings: list[Holding], tally: _Tally, method: EquityMethod, work: int, budget: int,
            seed: int | None, split: bool) -> StudEquity:
    players = len(holdings)
    keys = ("scoop", "split", "lose", "equity", "high", "low") if split else ("win", "tie", "lose", "equity")
    sums = [dict.fromkeys(keys, Fraction(0)) | {"square": Fraction(0)} for _ in range(players)]
    for count, shares, high, low in tally.outcomes():
        for i, share in enumerate(shares):
            figures = sums[i]
            figures[keys[0] if share == 1 else keys[1] if share else "lose"] += count
            figures["equity"] += count * share
            figures["square"] += count * share * share
            if split:
                figures["high"] += count * (i in high)
                figures["low"] += count * (i in low)
    total = tally.deals
    exact = method == "exact"
    rows = []
    for i, holding in enumerate(holdings):
        row = {"player": i + 1, "cards": str(holding)}
        row |= {k: sums[i][k] / total if exact else float(sums[i][k] / total) for k in keys}
        rows.append(row)
    table = pd.DataFrame(rows)
    ci = None
    if not exact:
        ci = tuple(_Z95 * float(max(f["square"] / total - (f["equity"] / total) ** 2, Fraction(0)) / total) ** 0.5 for f in sums)
        table["equity_ci95"] = ci
    table.attrs.update(game=game.name, street=street, method=method, deals=total)
    return StudEquity(game.name, street, method, total, table, work, budget, seed, ci)
