"""Exact counts over every hand a deck can deal.

Visiting 133,784,560 seven-card hands one by one is slow; counting them is not.
A hand's value depends only on its ranks and on which of its cards share the
suit that could make a flush. So hands fall into *classes*:

- a rank multiset with no suit holding ``t`` or more cards (``t`` = how many
  suited cards start to matter to the ranking), or
- a rank multiset together with the exact set of ranks ``S`` (``|S| >= t``)
  held in one suit.

While fewer than ``2t`` natural cards are dealt, at most one suit can reach
``t``, so the classes partition the hands. Each class's size is a product of
binomial coefficients, one per rank, which also handles dead cards (known to
be out) and fixed cards (known to be in the hand). One representative hand per
class is evaluated, and its value counted as many times as the class is big.
Wild cards multiply each class by the ways to choose them. Where the
partition would not hold (many wild cards), the hands are visited one by one.

>>> counts = category_counts(get_ranking("three-card"), 3)
>>> counts["straight_flush"], counts["straight"], sum(counts.values())
(48, 720, 22100)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Iterable, Literal, Sequence

import numpy as np

from .cards import Card
from .errors import InputError
from .rankings import CATEGORY_SHIFT, WILD, Ranking, get_ranking, sort_hands

Method = Literal["classes", "brute"]
# C(a, b) for a, b in -1..4 (a card can be in at most four suits), flattened: 0 where b < 0 or b > a
_COMB = np.array([[comb(a, b) if 0 <= b <= a else 0 for b in range(-1, 5)] for a in range(-1, 5)], dtype=np.int64).ravel()


def _choose(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Binomial coefficients elementwise, for -1 <= a, b <= 4: one table lookup."""
    return _COMB[(a + 1) * 6 + (b + 1)]


@dataclass(frozen=True)
class Hands:
    """Representative hands (rank and suit arrays, sorted high first) and how many real hands each stands for."""

    ranks: np.ndarray
    suits: np.ndarray
    weights: np.ndarray

    @property
    def total(self) -> int:
        return int(self.weights.sum())


@dataclass(frozen=True)
class Situation:
    """What is known before the deal: the deck, dead cards and fixed cards, split into naturals and wilds."""

    ranks: tuple[int, ...]  # natural ranks, high first
    available: np.ndarray  # (ranks, 4) bool: may still be dealt
    fixed: np.ndarray  # (ranks, 4) bool: already in the hand
    wilds_available: int
    wilds_fixed: int

    @classmethod
    def of(cls, ranking: Ranking, dead: Sequence[Card] = (), fixed: Sequence[Card] = ()) -> Situation:
        deck = ranking.deck
        deck.check_contains(dead, "dead cards")
        deck.check_contains(fixed, "fixed cards")
        overlap = set(dead) & set(fixed) - {c for c in dead if c.is_joker}
        if overlap:
            raise InputError(f"a card cannot be both dead and fixed: {' '.join(map(str, sorted(overlap)))}")
        if sum(c.is_joker for c in dead) + sum(c.is_joker for c in fixed) > deck.jokers:
            raise InputError(f"more jokers dead and fixed than the {deck} deck holds")
        wild_pool = [c for c in deck.cards if ranking.is_wild(c)]
        ranks = tuple(r for r in sorted(deck.ranks, reverse=True) if not (ranking.wild_deuces and r == 2))
        index = {r: i for i, r in enumerate(ranks)}
        available = np.ones((len(ranks), 4), dtype=bool)
        fixed_grid = np.zeros((len(ranks), 4), dtype=bool)
        for card in dead:
            if not ranking.is_wild(card):
                available[index[card.rank], card.suit] = False
        for card in fixed:
            if not ranking.is_wild(card):
                available[index[card.rank], card.suit] = False
                fixed_grid[index[card.rank], card.suit] = True
        wilds_dead = sum(1 for c in dead if ranking.is_wild(c))
        wilds_fixed = sum(1 for c in fixed if ranking.is_wild(c))
        return cls(ranks, available, fixed_grid, len(wild_pool) - wilds_dead - wilds_fixed, wilds_fixed)

    @property
    def fixed_naturals(self) -> int:
        return int(self.fixed.sum())

    @property
    def suits_alike(self) -> bool:
        """No dead or fixed card breaks the symmetry between suits."""
        return not self.fixed.any() and bool((self.available == self.available[:, :1]).all())


def _array(rows: Iterable[tuple[int, ...]], width: int) -> np.ndarray:
    rows = list(rows)
    return np.array(rows, dtype=np.int64).reshape(len(rows), width)


def _multisets(ranks: Sequence[int], size: int, limit: np.ndarray) -> np.ndarray:
    """All rank multisets of ``size`` (rows sorted high first) with each rank at most ``limit[rank index]`` times."""
    index = _array(itertools.combinations_with_replacement(range(len(ranks)), size), size)
    return index[np.all(_rank_counts(index, len(ranks)) <= limit, axis=1)]


def _rank_counts(index: np.ndarray, n_ranks: int) -> np.ndarray:
    """How many times each rank index appears in each row."""
    rows = len(index)
    flat = (np.arange(rows)[:, None] * n_ranks + index).ravel()
    return np.bincount(flat, minlength=rows * n_ranks).reshape(rows, n_ranks)


@dataclass(frozen=True)
class FlushClasses:
    """The classes with ``size`` ranks held in the flush suit: which ranks (``in_suit``) and, per class,
    its suited set (row of ``in_suit``), the rest of its ranks, its plain multiset (row of the plain classes) and weight."""

    in_suit: np.ndarray  # (sets, size) rank indices
    suited_set: np.ndarray  # (classes,)
    others: np.ndarray  # (classes, naturals - size) rank indices
    multiset: np.ndarray  # (classes,)
    weights: np.ndarray  # (classes,)


@dataclass(frozen=True)
class Classes:
    """Natural parts of every hand, as classes: plain rank multisets (no suit reaches the threshold) and flush classes."""

    plain: np.ndarray  # (multisets, naturals) rank indices, sorted high first
    plain_weights: np.ndarray  # weight of the multiset with no suit reaching the threshold
    flushes: tuple[FlushClasses, ...]

    def hands(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A representative of each class of positive weight: rank indices, suits, weights.

        Plain classes deal their cards round the four suits (so no suit reaches
        the threshold); a flush class puts its suited set in suit 0 and the rest
        round suits 1..3 (no rank repeats a suit).
        """
        naturals = self.plain.shape[1]
        index, suits, weights = [self.plain], [np.arange(naturals)[None, :].repeat(len(self.plain), 0) % 4], [self.plain_weights]
        for f in self.flushes:
            size = f.in_suit.shape[1]
            index.append(np.concatenate([f.in_suit[f.suited_set], f.others], axis=1))
            suits.append(np.concatenate([np.zeros((len(f.others), size), dtype=np.int64),
                                         1 + np.arange(naturals - size)[None, :].repeat(len(f.others), 0) % 3], axis=1))
            weights.append(f.weights)
        index_, suits_, weights_ = np.concatenate(index), np.concatenate(suits), np.concatenate(weights)
        keep = weights_ > 0
        return index_[keep], suits_[keep], weights_[keep]


def _classes(situation: Situation, naturals: int, threshold: int | None) -> Classes:
    """Every natural part of ``naturals`` cards, as classes with exact weights."""
    n_ranks = len(situation.ranks)
    available, fixed = situation.available.astype(np.int64), situation.fixed.astype(np.int64)
    A = available.sum(axis=1)
    f = fixed.sum(axis=1)
    limit = A + f
    plain = _multisets(situation.ranks, naturals, limit)
    plain_counts = _rank_counts(plain, n_ranks)
    drawn = plain_counts - f
    plain_weights = np.where(np.all(drawn >= 0, axis=1), np.prod(_choose(A, np.maximum(drawn, -1)), axis=1), 0)
    if threshold is None or threshold > naturals:
        return Classes(plain, plain_weights, ())

    powers = 5 ** np.arange(n_ranks, dtype=np.int64)
    keys = plain_counts @ powers
    order = np.argsort(keys)
    flushes = []
    for size in range(threshold, min(naturals, n_ranks) + 1):
        in_suit = _array(itertools.combinations(range(n_ranks), size), size)
        others = _multisets(situation.ranks, naturals - size, limit)
        suited_set = np.repeat(np.arange(len(in_suit)), len(others))
        rest = np.tile(others, (len(in_suit), 1))
        held = _rank_counts(in_suit, n_ranks).astype(bool)[suited_set]
        counts = held + _rank_counts(rest, n_ranks)
        if fixed.any():  # every fixed card must be in the hand
            fits = np.all(counts >= f, axis=1)
            suited_set, rest, held, counts = suited_set[fits], rest[fits], held[fits], counts[fits]
        drawn = counts - f
        weight = np.zeros(len(counts), dtype=np.int64)
        # which suit holds S: all four are alike when no card is dead or fixed
        for s in (0,) if situation.suits_alike else range(4):
            a_s, F_s = available[:, s], fixed[:, s].astype(bool)
            in_s = a_s * _choose(A - 1, drawn - 1)
            out_s = _choose(A - a_s, drawn)
            if F_s.any():
                in_s, out_s = np.where(F_s, _choose(A, drawn), in_s), np.where(F_s, 0, out_s)
            weight += np.prod(np.where(held, in_s, out_s), axis=1)
        if situation.suits_alike:
            weight *= 4
        keep = weight > 0
        suited_set, rest, counts, weight = suited_set[keep], rest[keep], counts[keep], weight[keep]
        # the flush classes are taken out of their rank multiset's plain class
        multiset = order[np.searchsorted(keys, counts @ powers, sorter=order)]
        np.subtract.at(plain_weights, multiset, weight)
        flushes.append(FlushClasses(in_suit, suited_set, rest, multiset, weight))
    return Classes(plain, plain_weights, tuple(flushes))


def _brute_hands(situation: Situation, naturals: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every natural part one by one: rank-index arrays, suit arrays, weight 1 each."""
    pool = np.argwhere(situation.available)
    held = np.argwhere(situation.fixed)
    combos = _array(itertools.combinations(range(len(pool)), naturals - len(held)), naturals - len(held))
    cards = np.concatenate([np.repeat(held[None], len(combos), 0), pool[combos]], axis=1) if len(held) else pool[combos]
    return cards[..., 0], cards[..., 1], np.ones(len(cards), dtype=np.int64)


def _parts(ranking: Ranking, cards: int, dead: Sequence[Card], fixed: Sequence[Card], method: Method):
    """Per number of wild cards in the hand: (wilds, ways to choose them, Classes or brute-force hands)."""
    situation = Situation.of(ranking, dead, fixed)
    size = len(ranking.deck) - len(dead)
    if cards > size:
        raise InputError(f"cannot deal {cards} cards from {size}")
    if len(fixed) > cards:
        raise InputError(f"{len(fixed)} fixed cards do not fit in a {cards}-card hand")
    for wilds in range(situation.wilds_fixed, situation.wilds_fixed + situation.wilds_available + 1):
        naturals = cards - wilds
        if naturals < situation.fixed_naturals:
            break
        ways = comb(situation.wilds_available, wilds - situation.wilds_fixed)
        threshold = ranking.flush_threshold
        if threshold is not None:
            threshold = max(threshold - wilds, 1)  # wild cards join any suit
        partition_holds = threshold is None or naturals < 2 * threshold
        if method == "classes" and partition_holds:
            yield wilds, ways, _classes(situation, naturals, threshold), situation.ranks
        else:
            yield wilds, ways, _brute_hands(situation, naturals), situation.ranks


def _with_wilds(rank_index: np.ndarray, suits: np.ndarray, ranks: Sequence[int], wilds: int) -> tuple[np.ndarray, np.ndarray]:
    """Rank and suit arrays (sorted high first) of natural parts plus ``wilds`` wild cards."""
    rank_values = np.array(ranks, dtype=np.int64)[rank_index]
    full_ranks = np.concatenate([rank_values, np.full((len(rank_index), wilds), WILD)], axis=1)
    full_suits = np.concatenate([suits, np.full((len(rank_index), wilds), -1)], axis=1)
    return sort_hands(full_ranks, full_suits)


def deal(
    ranking: Ranking,
    cards: int,
    *,
    dead: Sequence[Card] = (),
    fixed: Sequence[Card] = (),
    method: Method = "classes",
) -> Hands:
    """Every ``cards``-card hand the deck can deal (holding ``fixed``, never ``dead``), as weighted classes.

    ``method="brute"`` visits each hand once instead: the slow reference the tests compare against.
    """
    parts = []
    for wilds, ways, found, ranks in _parts(ranking, cards, dead, fixed, method):
        index, suits, weights = found.hands() if isinstance(found, Classes) else found
        parts.append((*_with_wilds(index, suits, ranks, wilds), weights * ways))
    return Hands(*(np.concatenate([p[i] for p in parts]) for i in range(3)))


def value_counts(ranking: Ranking, hands: Hands) -> tuple[np.ndarray, np.ndarray]:
    """Distinct hand values (ascending) and how many hands have each."""
    values = ranking.best_values(hands.ranks, hands.suits)
    order = np.argsort(values, kind="stable")
    values, weights = values[order], hands.weights[order]
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    return values[starts], np.add.reduceat(weights, starts)


def _class_values(ranking: Ranking, classes: Classes, ranks: Sequence[int], wilds: int) -> tuple[np.ndarray, np.ndarray]:
    """Values and weights of every class, where a flush never hurts (see :attr:`Ranking.flush_never_hurts`).

    Then a flush class is worth the better of its plain multiset's best hand
    and the best flush within its suited ranks, so each multiset and each
    suited set is valued once, not each of their combinations.
    """
    plain_ranks, plain_suits = _with_wilds(classes.plain, np.arange(classes.plain.shape[1])[None, :].repeat(len(classes.plain), 0) % 4, ranks, wilds)
    plain_values = ranking.best_values(plain_ranks, plain_suits)
    values, weights = [plain_values], [classes.plain_weights]
    for f in classes.flushes:
        suited_ranks, suited_suits = _with_wilds(f.in_suit, np.zeros_like(f.in_suit), ranks, wilds)
        flush_values = ranking.best_values(suited_ranks, suited_suits)
        values.append(np.maximum(plain_values[f.multiset], flush_values[f.suited_set]))
        weights.append(f.weights)
    return np.concatenate(values), np.concatenate(weights)


def category_counts(
    ranking: Ranking,
    cards: int,
    *,
    dead: Iterable[Card] = (),
    fixed: Iterable[Card] = (),
    method: Method = "classes",
) -> dict[str, int]:
    """Exact number of hands in each category, strongest first (zero rows included).

    Counts are cached per ranking and deal (counts first: a report, its claims
    and a sweep ask for the same table more than once).
    """
    return dict(_category_counts(ranking, cards, tuple(dead), tuple(fixed), method))


@lru_cache(maxsize=32)
def _category_counts(ranking: Ranking, cards: int, dead: tuple[Card, ...], fixed: tuple[Card, ...], method: Method) -> tuple[tuple[str, int], ...]:
    all_values, all_weights = [], []
    for wilds, ways, found, ranks in _parts(ranking, cards, dead, fixed, method):
        if isinstance(found, Classes) and ranking.flush_never_hurts:
            values, weights = _class_values(ranking, found, ranks, wilds)
        else:
            index, suits, weights = found.hands() if isinstance(found, Classes) else found
            values = ranking.best_values(*_with_wilds(index, suits, ranks, wilds))
        all_values.append(values)
        all_weights.append(weights * ways)
    per_category = np.zeros(len(ranking.categories), dtype=np.int64)
    np.add.at(per_category, np.concatenate(all_values) >> CATEGORY_SHIFT, np.concatenate(all_weights))
    return tuple((name, int(per_category[i])) for i, name in reversed(list(enumerate(ranking.categories))))


__all__ = ["Hands", "category_counts", "deal", "get_ranking", "value_counts"]
