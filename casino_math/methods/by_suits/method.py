"""Games ranked by the best suit (High Card Flush), counted suit by suit: the level-by-level solver on counts made here.

Seven cards each from one deck are 133,784,560 player hands against 45,379,620 dealer hands apiece, about 6e15
deals: too many to visit, and too many for the level-by-level method's showdown. But where a hand is worth its best
suit, what the player holds matters only suit by suit: a player hand is four sets of ranks, one per suit, and the
24 renamings of the suits leave everything alone, so the hands are the *multisets* of four rank sets (6,009,159
classes for seven cards), each standing for as many hands as its sets have distinct orders. For each class the
dealer's hands worth less than a flush are one product of four small polynomials (:mod:`casino_math.methods.by_suits.kernel`):
less than the qualifier, less than the player's hand and at most it give the six showdown cells, as the showdown of
the level-by-level method gives them. The rest is that method's: backward induction in exact integers, the return
table, the strategy's tables and look-up, simpler strategies (:mod:`~casino_math.methods.level_by_level.solver`); side bets by category
(:meth:`~casino_math.rankings.suit_length.SuitRanking.category_counts`).

>>> from casino_math.analysis import load_game
>>> game = load_game("tests/games/mini-high-card-flush.yaml")
>>> counts = BY_SUITS.counts(game)   # three cards of twelve: 20 classes for 220 hands, each against 84 dealer hands
>>> BY_SUITS.unfit(game) is None, len(counts.last), int(counts.last.weights.sum()), set(counts.cells.sum(axis=1).tolist())
(True, 20, 220, {84})
"""

from __future__ import annotations

import itertools
from math import comb, factorial
from typing import Iterator

import numpy as np

from ...parallel import Runner, local_processes
from ...rankings import SuitRanking
from ...suits import Symmetry
from ..level_by_level.counts import Counts, game_key, kept_or_counted, symmetry_for
from ...game.description import Deal, Decision, Game
from ...contract.method import Workload
from ...showdown import CELLS, cells_of
from ..level_by_level.chosen import Chosen
from ..level_by_level.solver import LevelByLevel
from ..level_by_level.strategy import ClassLookup
from ...levels import SEEN_ROLES, Level, Progress, completions
from ...held import Held


def unfit(game: Game) -> str | None:
    """Why the game is not one this method counts (None: it is)."""
    dealer = game.hands.get("dealer")
    if dealer is None or not isinstance(dealer.ranking, SuitRanking):
        return "no dealer hand ranked by its best suit"
    if not dealer.ranking.lexicographic:
        return f"the {dealer.ranking.name} ranking does not order one suit's flushes by length, then rank by rank"
    if game.deck.jokers or game.deck.decks > 1:
        return "dealt from more than one plain deck"
    deals = [s for s in game.steps if isinstance(s, Deal)]
    if [(d.role, d.seen) for d in deals] != [("player", True), ("dealer", False)] or isinstance(game.steps[0], Decision):
        return "not the player's cards, then his decisions and the dealer's face-down cards"
    if game.hands["player"].of != ("player",) or dealer.of != ("dealer",):
        return "hands other than the player's cards and the dealer's"
    if symmetry_for(game)[1] != ((), False):
        return "a line of the game's own bet names a suit or a colour"
    return None


def mask_groups(ranks: int, cards: int) -> Iterator[np.ndarray]:
    """Every multiset of four rank sets (bitmasks) holding ``cards`` ranks in all, as rows of four (the longest set
    first, equal sets side by side), group by group of set sizes."""
    by_size: dict[int, np.ndarray] = {k: np.array([sum(1 << r for r in c) for c in itertools.combinations(range(ranks), k)],
                                                   dtype=np.int64) for k in range(min(ranks, cards) + 1)}
    for sizes in _partitions(cards, min(ranks, cards)):
        parts = []
        for size, repeat in ((k, sizes.count(k)) for k in sorted(set(sizes), reverse=True)):
            picks = np.fromiter(itertools.chain.from_iterable(itertools.combinations_with_replacement(range(len(by_size[size])), repeat)),
                                dtype=np.int64).reshape(-1, repeat)
            parts.append(by_size[size][picks])
        rows = parts[0]
        for part in parts[1:]:
            rows = np.concatenate([np.repeat(rows, len(part), axis=0), np.tile(part, (len(rows), 1))], axis=1)
        yield rows


def _partitions(total: int, largest: int, parts: int = 4) -> Iterator[tuple[int, ...]]:
    """Sizes of four suits, longest first, adding to ``total`` (each at most ``largest``)."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(total, largest), -1, -1):
        if first * parts >= total:
            for rest in _partitions(total - first, first, parts - 1):
                yield (first, *rest)


def orders(masks: np.ndarray) -> np.ndarray:
    """How many hands each row of four rank sets stands for: its distinct orders over the four suits, 4! over the
    factorial of each run of equal sets (they sit side by side), so one of ``_ORDERS``, by which neighbours are
    equal.

    >>> orders(np.array([[7, 3, 3, 1], [5, 5, 5, 5], [4, 2, 1, 0], [6, 6, 1, 1]])).tolist()
    [12, 1, 24, 6]
    """
    equal = masks[:, 1:] == masks[:, :-1]
    return _ORDERS[equal[:, 0] | equal[:, 1] << 1 | equal[:, 2] << 2]


def _orders_by_neighbours() -> np.ndarray:
    """The orders of four sets by which neighbours are equal (bit i: sets i and i + 1), a run of r equal sets
    dividing 4! by r! one factor at a time."""
    out = []
    for equal in range(8):
        same, count = 1, factorial(4)
        for i in range(3):
            same = same + 1 if equal >> i & 1 else 1
            count //= same
        out.append(count)
    return np.array(out, dtype=np.int64)


_ORDERS = _orders_by_neighbours()


CHUNK = 1 << 20  # classes counted at a time: bounds the working arrays beside the counts
CACHED = 2
_CACHE: Held[tuple, Counts] = Held(most=CACHED)


KIND = "suit by suit counts"
CODE = ("methods/by_suits",)  # the method's folder: the digest adds every module it imports (see count_cache.engine)


def suit_counts(game: Game, progress: Progress | None = None, runner: Runner | None = None) -> Counts:
    """The classes of the player's hands and their showdown cells (cached: variants of one game share them; kept on disk
    between runs as the level-by-level method's counts are, see :mod:`casino_math.count_cache`). The classes' cells are
    counted a chunk at a time, the chunks shared by local worker processes forked from this one where ``runner`` asks
    for local processes (by default one per core): the same cells."""
    key = game_key(game, ())
    if key not in _CACHE:
        _CACHE[key] = kept_or_counted(game, f"{KIND}|{key!r}", lambda: _count(game, progress, local_processes(runner)), KIND, CODE)
    _CACHE.move_to_end(key)
    return _CACHE[key]


def _count(game: Game, progress: Progress | None, processes: int = 1) -> Counts:
    from .kernel import below, card_ids

    report = progress or (lambda what, done, of: None)
    ranking = game.hands["dealer"].ranking
    assert isinstance(ranking, SuitRanking)
    ranks, seen, hidden = len(game.deck.ranks), game.cards_of("player"), game.cards_of("dealer")
    qualifier = game.qualifier.value if game.qualifier else -1
    q_mask = ranking.mask_of(qualifier) if game.qualifier else 0
    masks = np.concatenate(list(mask_groups(ranks, seen)))
    cells = np.empty((len(masks), len(CELLS)), dtype=np.int64)
    total = comb(len(game.deck.cards) - seen, hidden)
    what = "showdown: the dealer's cards against every class of the player's hands"

    def chunk(start: int) -> tuple[np.ndarray, np.ndarray]:
        """A chunk's cells, and the player's hand in each class (valued once: the solver asks for it too)."""
        part = masks[start:start + CHUNK]
        values = ranking.suit_values[part]
        strongest = np.argmax(values, axis=1)
        best = part[np.arange(len(part)), strongest]
        counted = below(part, ranks, hidden, np.stack([np.full(len(part), q_mask), best, best], axis=1), np.array([False, False, True]))
        if not game.qualifier:
            counted[:, 0] = 0  # every dealer hand qualifies
        value = values[np.arange(len(part)), strongest]
        return cells_of(counted, value, qualifier, total).astype(sent), value

    sent = np.int32 if total < 2 ** 31 else np.int64  # a cell counts dealer hands: the cells cross from a worker in half the bytes
    starts = range(0, len(masks), CHUNK)
    report(what, 0, len(masks))
    if processes > 1 and len(starts) > 1:
        from ...workers import as_finished

        below(masks[:1], ranks, hidden, masks[:1, :3], np.zeros(3, dtype=bool))  # the compiled kernel loaded once, not per worker

        chunks: Iterator[tuple[int, tuple[np.ndarray, np.ndarray]]] = as_finished(chunk, starts, min(processes, len(starts)))
    else:
        chunks = ((start, chunk(start)) for start in starts)
    done = 0
    values = np.empty(len(masks), dtype=ranking.suit_values.dtype)  # the player's hand in each class, as the solver asks for it
    for start, (part_cells, part_values) in chunks:
        cells[start:start + CHUNK] = part_cells
        values[start:start + CHUNK] = part_values
        done += len(part_cells)
        report(what, done, len(masks))
    weights = orders(masks)
    empty = np.zeros((len(masks), 0), dtype=np.int64)
    cards = {role: empty for role in SEEN_ROLES} | {"player": card_ids(masks, ranks, seen)}
    first = Level({role: np.zeros((1, 0), dtype=np.int64) for role in SEEN_ROLES}, np.ones(1, dtype=np.int64),
                  np.zeros(len(masks), dtype=np.int64), np.arange(len(masks)), weights.copy())
    n = len(game.deck.cards)
    ways = (completions(n, 0, [seen, hidden]), completions(n, seen, [hidden]))
    counts = Counts(game.deck, (first, Level(cards, weights)), game.decision_levels, ways, cells, CELLS)
    counts.memo[("values", ("player",), ranking.name, 1)] = values
    return counts


class SuitLookup(ClassLookup):
    """The strategy looked up by the player's rank sets: a hand's key is its four sets (bitmasks) sorted, one integer,
    the same for every renaming of the suits, with no renaming tried."""

    @classmethod
    def key_of(cls, symmetry: Symmetry, roles: list[np.ndarray]) -> np.ndarray:
        ids = np.concatenate(roles, axis=1)
        masks = np.stack([np.where(ids % 4 == suit, np.left_shift(1, ids // 4), 0).sum(axis=1) for suit in range(4)], axis=1)
        masks = np.sort(masks, axis=1)
        return ((masks[:, 3] << 39) | (masks[:, 2] << 26) | (masks[:, 1] << 13) | masks[:, 0]).astype(np.int64)


SUITS_SCALE = 0.02  # the cost of a count suit by suit against one level by level of as many deals (see workload)


class BySuits(LevelByLevel):
    """The counting method of games whose hands are worth their best suit (see the module's introduction)."""

    name = "suit by suit"
    code = CODE

    def unfit(self, game: Game) -> str | None:
        return unfit(game)

    def counts(self, game: Game, progress: Progress | None = None, runner: Runner | None = None) -> Counts:
        return suit_counts(game, progress, runner)

    def workload(self, game: Game) -> Workload:
        """The paytables of one game share its counts; counted suit by suit, a deal costs a fiftieth of what it costs
        level by level (High Card Flush: 11 s of processor time, not the 608 s its deals would say)."""
        return Workload.of_deals(("suit by suit", game_key(game, ())), game, SUITS_SCALE)

    def lookup(self, game: Game, counts: Counts, decisions: tuple[Chosen, ...]) -> ClassLookup:
        return SuitLookup.of(Symmetry.of(game.deck), counts, decisions)


BY_SUITS = BySuits()
