"""Exact counts over every hand a deck can deal.

Visiting 133,784,560 seven-card hands one by one is slow; counting them is not.
A hand's value depends only on its ranks and on which of its cards share a
suit that holds ``t`` or more of them, ``t`` being how many suited cards start
to matter to the ranking (five for a flush, four for Sökö's four-flush, three
for a three-card flush; fewer where wild cards can join a suit). So hands fall
into *classes*: a rank multiset, with the rank set held by each suit that
holds ``t`` or more cards (no suit, one, or in big hands several).

A class is awkward to count directly, since each of its other suits must stay
below ``t``; counting from the outside in is easy. The hands with multiset
``M`` in which ``k`` given suits hold exactly the rank sets ``S_1..S_k``,
whatever the other suits hold, number a product of binomial coefficients, one
per rank (a *free count*), which also handles dead cards (known to be out) and
fixed cards (known to be in the hand). A class is its free count less the
hands in which more suits reach ``t``; by inclusion-exclusion over the suits,
each free count adds to the class of every subset of its suits, with the sign
``(-1) ** (suits left out)``.

One representative hand per class is evaluated, and its value counted as many
times as the class is big. Where a flush never hurts (high games, three-card
poker), no representative is needed: a class is worth the best of its
multiset's value without a flush and the best flush in each of its suited
sets, so each multiset and each suited set is valued once, and the signed free
counts are tallied by that value directly. Wild cards multiply each class by
the ways to choose them.

>>> counts = category_counts(get_ranking("three-card"), 3)
>>> counts["straight_flush"], counts["straight"], sum(counts.values())
(48, 720, 22100)
>>> len(deal(get_ranking("three-card"), 6).weights) < comb(52, 6) // 50   # two suits can hold three of six
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from math import comb
from typing import Iterable, Iterator, Literal, Sequence

import numpy as np

from .cards import Card
from .errors import InputError
from .rankings import CATEGORY_SHIFT, WILD, Ranking, SuitRanking, get_ranking
from .held import cached
from .subsets import binomial_table

Method = Literal["classes", "brute"]
_CHUNK = 1 << 20  # free-count rows per pass: bounds the memory a pass takes
# What a request may cost, checked before anything is built: the memory it holds at once,
# and its steps (hands or classes times the subsets valued in each, about 50 ns a step:
# the largest request allowed takes a minute or so).
MAX_BYTES = 1_500_000_000
MAX_WORK = 1_000_000_000
_CLASS_BYTES = 80  # a class row at its peak: its key, its weight and their sorted copies (measured)


def _hand_bytes(cards: int) -> int:
    """Memory a hand valued with others at once takes: its rank and suit arrays and the lookup keys (measured)."""
    return 30 * cards + 8


# C(a, b) for a, b in -1..4 (a card can be in at most four suits), flattened: 0 where b < 0 or b > a
_COMB = np.pad(binomial_table(5, 5), ((1, 0), (1, 0))).ravel()


def _choose(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Binomial coefficients elementwise, for 0 <= a <= 4 and b <= 4 (any b below 0 gives 0): one table lookup."""
    return _COMB[(a + 1) * 6 + (np.maximum(b, -1) + 1)]


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
class KnownCards:
    """What is known before the deal: the deck, dead cards and fixed cards, split into naturals and wilds."""

    ranks: tuple[int, ...]  # natural ranks, high first
    available: np.ndarray  # (ranks, 4) bool: may still be dealt
    fixed: np.ndarray  # (ranks, 4) bool: already in the hand
    wilds_available: int
    wilds_fixed: int

    @classmethod
    def of(cls, ranking: Ranking, dead: Sequence[Card] = (), fixed: Sequence[Card] = ()) -> KnownCards:
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

    @cached_property
    def limit(self) -> np.ndarray:
        """How many cards of each rank a hand can hold."""
        return (self.available | self.fixed).sum(axis=1)

    def outside(self, counts: np.ndarray, suits: Iterable[int]) -> np.ndarray:
        """Ways to hold ``counts`` cards of each rank (rows) in the suits other than ``suits``, fixed cards there included."""
        others = [s for s in range(4) if s not in set(suits)]
        free = self.available[:, others].sum(axis=1)
        fixed = self.fixed[:, others].sum(axis=1)
        return np.prod(_choose(free, counts - fixed), axis=1)


def _array(rows: Iterable[tuple[int, ...]], width: int) -> np.ndarray:
    rows = list(rows)
    return np.array(rows, dtype=np.int64).reshape(len(rows), width)


def _multisets(n_ranks: int, size: int, limit: np.ndarray) -> np.ndarray:
    """All rank multisets of ``size`` (rows of rank indices, sorted high first) holding each rank at most ``limit[rank]`` times."""
    index = _array(itertools.combinations_with_replacement(range(n_ranks), size), size)
    return index[np.all(_rank_counts(index, n_ranks) <= limit, axis=1)]


def _multiset_count(limit: Iterable[int], size: int) -> int:
    """How many rows :func:`_multisets` would give, without building them.

    >>> _multiset_count([4] * 13, 7)   # seven-card rank patterns
    49205
    """
    ways = [1] + [0] * size
    for cap in limit:
        ways = [sum(ways[m - c] for c in range(min(int(cap), m) + 1)) for m in range(size + 1)]
    return ways[size]


def _rank_counts(index: np.ndarray, n_ranks: int) -> np.ndarray:
    """How many times each rank index appears in each row."""
    rows = len(index)
    flat = (np.arange(rows)[:, None] * n_ranks + index).ravel()
    return np.bincount(flat, minlength=rows * n_ranks).reshape(rows, n_ranks)


def _size_tuples(naturals: int, threshold: int, n_ranks: int) -> list[tuple[int, ...]]:
    """Sizes of the rank sets of one to four suits each holding ``threshold`` or more cards, smallest first."""
    sizes = range(threshold, min(naturals, n_ranks) + 1)
    return [t for k in range(1, 5) for t in itertools.combinations_with_replacement(sizes, k) if sum(t) <= naturals]


def _subsets(k: int) -> list[tuple[list[int], int]]:
    """Each subset of ``k`` suits (as positions), with the sign a free count of all ``k`` enters its class with."""
    return [(list(subset), (-1) ** (k - size)) for size in range(k + 1) for subset in itertools.combinations(range(k), size)]


@dataclass(frozen=True)
class SuitedSets:
    """Every rank set a suit can hold with ``smallest`` to ``largest`` cards, smallest sets first."""

    members: np.ndarray  # (sets, ranks) bool

    @classmethod
    def of(cls, n_ranks: int, smallest: int, largest: int) -> SuitedSets:
        combos = [c for size in range(smallest, largest + 1) for c in itertools.combinations(range(n_ranks), size)]
        members = np.zeros((len(combos), n_ranks), dtype=bool)
        for row, combo in enumerate(combos):
            members[row, list(combo)] = True
        return cls(members)

    @cached_property
    def sizes(self) -> np.ndarray:
        return self.members.sum(axis=1)

    def ranks(self, ids: np.ndarray) -> np.ndarray:
        """Rank indices (sorted high first) of sets of one size."""
        return np.nonzero(self.members[ids])[1].reshape(len(ids), -1)

    def tuples(self, sizes: tuple[int, ...]) -> np.ndarray:
        """Every choice of sets of these sizes, one per suit, as rows of set ids in ascending order (repeats allowed)."""
        blocks = [_array(itertools.combinations_with_replacement(np.flatnonzero(self.sizes == size), count), count)
                  for size, count in ((s, sizes.count(s)) for s in sorted(set(sizes)))]
        grid = np.indices([len(b) for b in blocks]).reshape(len(blocks), -1)
        return np.concatenate([b[i] for b, i in zip(blocks, grid)], axis=1)


def _repeats(tuples: np.ndarray) -> np.ndarray:
    """For rows of sorted set ids: the product of (times each set repeats)!, the orders of a row that look alike."""
    repeats = np.ones(len(tuples), dtype=np.int64)
    for j in range(tuples.shape[1]):
        repeats *= 1 + (tuples[:, :j] == tuples[:, j : j + 1]).sum(axis=1)
    return repeats


@dataclass(frozen=True)
class FreeCounts:
    """Hands whose multiset is ``multiset`` and in which k suits hold exactly the rank sets ``sets``, any k suits.

    Rows list the sets in ascending order; ``weights`` count every way to
    place them on k of the four suits.
    """

    multiset: np.ndarray  # (rows,) rows of Classes.multisets
    sets: np.ndarray  # (rows, k) SuitedSets ids
    weights: np.ndarray  # (rows,)


@dataclass(frozen=True)
class Classes:
    """The natural parts of ``naturals`` cards: their multisets and, where suits can reach ``threshold``, the free counts."""

    known: KnownCards
    naturals: int
    threshold: int | None

    @cached_property
    def multisets(self) -> np.ndarray:
        """Every rank multiset a hand can hold, as rows of rank indices sorted high first."""
        return _multisets(len(self.known.ranks), self.naturals, self.known.limit)

    @cached_property
    def totals(self) -> np.ndarray:
        """Hands holding each multiset: its free count with no suit given."""
        return self.known.outside(_rank_counts(self.multisets, len(self.known.ranks)), ())

    @cached_property
    def sizes(self) -> list[tuple[int, ...]]:
        """Set sizes of each shape of free count: one to four suits reaching the threshold."""
        if self.threshold is None:
            return []
        return _size_tuples(self.naturals, self.threshold, len(self.known.ranks))

    @cached_property
    def sets(self) -> SuitedSets:
        largest = max((max(s) for s in self.sizes), default=0)
        return SuitedSets.of(len(self.known.ranks), self.threshold or 0, largest)

    @cached_property
    def _keys(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Base-5 keys of rank counts (a rank holds at most four cards): powers, sorted multiset keys, their order."""
        powers = 5 ** np.arange(len(self.known.ranks), dtype=np.int64)
        keys = _rank_counts(self.multisets, len(powers)) @ powers
        order = np.argsort(keys)
        return powers, keys[order], order

    def size(self) -> tuple[int, int]:
        """How many multisets, and how many signed free-count rows, counting this way takes (nothing is built)."""
        n_ranks = len(self.known.ranks)
        limit = self.known.limit
        free = 0
        for sizes in self.sizes:
            k = len(sizes)
            tuples = 1
            for size in set(sizes):
                tuples *= comb(comb(n_ranks, size) + sizes.count(size) - 1, sizes.count(size))
            free += tuples * _multiset_count(np.minimum(limit, 4 - k), self.naturals - sum(sizes)) * (2**k - 1)
        return _multiset_count(limit, self.naturals), free

    def free(self) -> Iterator[FreeCounts]:
        """The free counts of one to four suits reaching the threshold, in passes of at most ``_CHUNK`` rows."""
        known, sets = self.known, self.sets
        n_ranks = len(known.ranks)
        powers, multiset_keys, order = self._keys
        set_keys = sets.members @ powers
        # fits[set, suit]: the set can lie in that suit (its cards there may be dealt, the suit's fixed cards are in it)
        inside, fixed = known.available | known.fixed, known.fixed
        fits = np.all(np.where(sets.members[:, :, None], inside[None], ~fixed[None]), axis=1)
        for sizes in self.sizes:
            k = len(sizes)
            rest = _multisets(n_ranks, self.naturals - sum(sizes), np.minimum(known.limit, 4 - k))
            if not len(rest):
                continue
            rest_counts = _rank_counts(rest, n_ranks)
            rest_keys = rest_counts @ powers
            tuples = sets.tuples(sizes)
            # every way to lay the sets on k of the suits; where suits are alike, each counts the same
            lays = list(itertools.permutations(range(4), k))
            counted = lays[:1] if known.suits_alike else lays
            outside = {lay: known.outside(rest_counts, lay) for lay in counted}
            step = max(1, _CHUNK // len(rest))
            for start in range(0, len(tuples), step):
                block = tuples[start : start + step]
                weights = sum(np.outer(np.prod(fits[block, list(lay)], axis=1), outside[lay]) for lay in counted)
                # equal sets swapped lay the same hands: each lay was counted that many times
                weights = weights * (len(lays) // len(counted)) // _repeats(block)[:, None]
                t, r = np.nonzero(weights)
                keys = set_keys[block[t]].sum(axis=1) + rest_keys[r]
                yield FreeCounts(order[np.searchsorted(multiset_keys, keys)], block[t], weights[t, r])

    def exact(self) -> tuple[np.ndarray, np.ndarray]:
        """Every class holding any hand, as rows (multiset, set ids, -1 past the suits given), and how many hands each holds.

        Each free count adds to the class of each subset of its suits (the
        module docstring); those with no suit left add to their multiset's row
        directly, the others are summed by key.
        """
        width = 1 + max((len(s) for s in self.sizes), default=0)
        plain = self.totals.copy()
        keys, weights = [], []
        for free in self.free():
            for subset, sign in _subsets(free.sets.shape[1]):
                if not subset:
                    np.add.at(plain, free.multiset, sign * free.weights)
                    continue
                rows = np.full((len(free.weights), width), -1, dtype=np.int32)
                rows[:, 0] = free.multiset
                rows[:, 1 : 1 + len(subset)] = free.sets[:, subset]
                keys.append(rows)
                weights.append(sign * free.weights)
        plain_keys = np.full((len(plain), width), -1, dtype=np.int32)
        plain_keys[:, 0] = np.arange(len(plain))
        classes, sizes = _group_sum(np.concatenate(keys), np.concatenate(weights)) if keys else (plain_keys[:0], plain[:0])
        classes, sizes = np.concatenate([plain_keys, classes]), np.concatenate([plain, sizes])
        assert (sizes >= 0).all(), "a class cannot hold fewer than no hands"
        keep = sizes > 0
        return classes[keep], sizes[keep]

    def representatives(self, classes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One hand per class (rows of :meth:`exact`), as rank indices and suits: the sets in suits 0, 1, ..., the rest round the other suits.

        Dealt round, the rest never puts a rank twice in a suit, and leaves each
        other suit below the threshold whenever the class has any hand at all.
        """
        n_ranks = len(self.known.ranks)
        rows = len(classes)
        rest = _rank_counts(self.multisets[classes[:, 0]], n_ranks)
        grid = np.zeros((rows, n_ranks, 4), dtype=bool)
        given = np.zeros(rows, dtype=np.int64)
        for column in range(1, classes.shape[1]):
            has = classes[:, column] >= 0
            members = self.sets.members[classes[has, column]]
            grid[has, :, column - 1] = members
            rest[has] -= members
            given += has
        start = np.cumsum(rest, axis=1) - rest  # the rest's place of each rank's first card, dealt high to low
        others = np.maximum(4 - given, 1)[:, None]
        for copy in range(4):
            row, rank = np.nonzero(rest > copy)
            suit = given[row] + (start[row, rank] + copy) % others[row, 0]
            grid[row, rank, suit] = True
        cells = np.nonzero(grid.reshape(rows, -1))[1].reshape(rows, self.naturals)
        return cells // 4, cells % 4


def _group_sum(keys: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``keys`` and the sum of the weights of each."""
    if not len(keys):
        return keys, weights
    order = np.lexsort(keys.T[::-1])
    keys, weights = keys[order], weights[order]
    starts = np.flatnonzero(np.r_[True, np.any(keys[1:] != keys[:-1], axis=1)])
    return keys[starts], np.add.reduceat(weights, starts)


def _brute_hands(known: KnownCards, naturals: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every natural part one by one: rank-index arrays, suit arrays, weight 1 each."""
    pool = np.argwhere(known.available)
    held = np.argwhere(known.fixed)
    combos = _array(itertools.combinations(range(len(pool)), naturals - len(held)), naturals - len(held))
    cards = np.concatenate([np.repeat(held[None], len(combos), 0), pool[combos]], axis=1) if len(held) else pool[combos]
    return cards[..., 0], cards[..., 1], np.ones(len(cards), dtype=np.int64)


def _parts(ranking: Ranking, cards: int, dead: Sequence[Card], fixed: Sequence[Card], method: Method, every_class: bool = True):
    """Per number of wild cards in the hand: (wilds, ways to choose them, Classes or brute-force hands, natural ranks).

    Refuses, before building anything, a request that would not fit: too much
    to hold at once, or too many hands times subsets to value. ``every_class``:
    every class will get a representative (else, where a flush never hurts,
    only multisets and suited sets are valued).
    """
    known = KnownCards.of(ranking, dead, fixed)
    size = len(ranking.deck) - len(dead)
    if cards > size:
        raise InputError(f"cannot deal {cards} cards from {size}")
    if len(fixed) > cards:
        raise InputError(f"{len(fixed)} fixed cards do not fit in a {cards}-card hand")
    subsets = comb(cards, ranking.hand_size)
    parts: list[tuple[int, int, Classes | None]] = []
    memory, work = 0, subsets * 10_000  # each subset is also a pass over the rows, of fixed cost
    for wilds in range(known.wilds_fixed, known.wilds_fixed + known.wilds_available + 1):
        naturals = cards - wilds
        if naturals < known.fixed_naturals:
            break
        ways = comb(known.wilds_available, wilds - known.wilds_fixed)
        if method == "brute":
            hands = comb(int(known.available.sum()), naturals - known.fixed_naturals)
            memory, work = max(memory, hands * _hand_bytes(cards)), work + hands * subsets
            parts.append((wilds, ways, None))
            continue
        threshold = ranking.flush_threshold
        if threshold is not None:
            threshold = max(threshold - wilds, 1)  # wild cards join any suit
        classes = Classes(known, naturals, threshold)
        plain, free = classes.size()
        if every_class:  # every class is held, and valued
            memory, work = max(memory, (plain + free) * _CLASS_BYTES), work + (plain + free) * subsets
        else:  # the multisets are valued; the free counts pass through in chunks
            memory, work = max(memory, plain * _hand_bytes(cards) + _CHUNK * _CLASS_BYTES), work + plain * subsets + free
        parts.append((wilds, ways, classes))
    if memory > MAX_BYTES or work > MAX_WORK:
        raise InputError(f"{cards}-card hands of the {ranking.deck} deck are too many to count here: about {memory / 2**30:.1f} GiB "
                         f"at once and {work:,} steps, where the limits are {MAX_BYTES / 2**30:.1f} GiB and {MAX_WORK:,} (ask for fewer cards)")
    for wilds, ways, counted in parts:
        yield wilds, ways, counted if counted is not None else _brute_hands(known, cards - wilds), known.ranks


def _with_wilds(rank_index: np.ndarray, suits: np.ndarray | None, ranks: Sequence[int], wilds: int) -> tuple[np.ndarray, np.ndarray | None]:
    """Rank and suit arrays of natural parts (rows sorted high first) with ``wilds`` wild cards added last."""
    rank_values = np.array(ranks, dtype=np.int64)[rank_index]
    full_ranks = np.concatenate([rank_values, np.full((len(rank_index), wilds), WILD)], axis=1)
    if suits is None:
        return full_ranks, None
    return full_ranks, np.concatenate([suits, np.full((len(rank_index), wilds), -1)], axis=1)


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
    if isinstance(ranking, SuitRanking):
        raise InputError(f"hands of the {ranking.name} ranking are counted by whole categories (a four card flush), not by the "
                         "ranks within one (a four card flush of aces): pay whole categories on them")
    parts = []
    for wilds, ways, found, ranks in _parts(ranking, cards, dead, fixed, method):
        if isinstance(found, Classes):
            classes, weights = found.exact()
            index, suits = found.representatives(classes)
        else:
            index, suits, weights = found
        parts.append((*_with_wilds(index, suits, ranks, wilds), weights * ways))
    return Hands(*(np.concatenate([p[i] for p in parts]) for i in range(3)))


def value_counts(ranking: Ranking, hands: Hands) -> tuple[np.ndarray, np.ndarray]:
    """Distinct hand values (ascending) and how many hands have each."""
    values = ranking.best_values(hands.ranks, hands.suits)
    order = np.argsort(values, kind="stable")
    values, weights = values[order], hands.weights[order]
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    return values[starts], np.add.reduceat(weights, starts)


def _tally(per_category: np.ndarray, values: np.ndarray, weights: np.ndarray) -> None:
    np.add.at(per_category, values >> CATEGORY_SHIFT, weights)


def _tally_by_parts(ranking: Ranking, classes: Classes, ranks: Sequence[int], wilds: int, per_category: np.ndarray) -> None:
    """Tally the signed free counts by value, where a flush never hurts (see :attr:`Ranking.flush_never_hurts`).

    A class is then worth the better of its multiset's best hand with no flush
    and the best flush within each of its suited sets, so each multiset and
    each suited set is valued once; a free count adds to each subset of its
    suits (the module docstring) the value of that subset's class.
    """
    plain_values = ranking.best_values(*_with_wilds(classes.multisets, None, ranks, wilds))
    _tally(per_category, plain_values, classes.totals)
    if not classes.sizes:
        return
    sets = classes.sets
    flush_values = np.zeros(len(sets.members), dtype=np.int64)
    for size in np.unique(sets.sizes):
        ids = np.flatnonzero(sets.sizes == size)
        suited, _ = _with_wilds(sets.ranks(ids), None, ranks, wilds)
        flush_values[ids] = ranking.best_values(suited, np.zeros_like(suited))
    for free in classes.free():
        for subset, sign in _subsets(free.sets.shape[1]):
            values = plain_values[free.multiset]
            for j in subset:
                values = np.maximum(values, flush_values[free.sets[:, j]])
            _tally(per_category, values, sign * free.weights)


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


@cached(maxsize=32)
def _category_counts(ranking: Ranking, cards: int, dead: tuple[Card, ...], fixed: tuple[Card, ...], method: Method) -> tuple[tuple[str, int], ...]:
    if isinstance(ranking, SuitRanking):  # a ranking of suits counts its hands suit by suit itself
        if dead or fixed:
            raise InputError(f"the {ranking.name} ranking counts whole decks: no dead or fixed cards")
        return tuple(ranking.category_counts(cards).items())
    per_category = np.zeros(len(ranking.categories), dtype=np.int64)
    by_parts = ranking.flush_never_hurts
    for wilds, ways, found, ranks in _parts(ranking, cards, dead, fixed, method, every_class=not by_parts):
        part = np.zeros_like(per_category)
        if isinstance(found, Classes) and by_parts:
            _tally_by_parts(ranking, found, ranks, wilds, part)
        elif isinstance(found, Classes):
            classes, weights = found.exact()
            for start in range(0, len(weights), _CHUNK // 4):  # representatives of a few hundred thousand classes at a time
                chunk = slice(start, start + _CHUNK // 4)
                values = ranking.best_values(*_with_wilds(*found.representatives(classes[chunk]), ranks, wilds))
                _tally(part, values, weights[chunk])
        else:
            index, suits, weights = found
            _tally(part, ranking.best_values(*_with_wilds(index, suits, ranks, wilds)), weights)
        per_category += part * ways
    return tuple((name, int(per_category[i])) for i, name in reversed(list(enumerate(ranking.categories))))


__all__ = ["Hands", "category_counts", "deal", "get_ranking", "value_counts"]
