"""Games ranked by the best suit (High Card Flush), counted suit by suit: the level-by-level solver on counts made here.

Seven cards each from one deck are 133,784,560 player hands against 45,379,620 dealer hands apiece, about 6e15
deals: too many to visit, and too many for the level-by-level method's showdown. But where a hand is worth its best
suit, what the player holds matters only suit by suit: a player hand is four sets of ranks, one per suit, and the
24 renamings of the suits leave everything alone, so the hands are the *multisets* of four rank sets (5,589,543
classes for seven cards), each standing for as many hands as its sets have distinct orders. For each class the
dealer's hands worth less than a flush are one product of four small polynomials (:mod:`casino_math.kernels.suit_counts`):
less than the qualifier, less than the player's hand and at most it give the six showdown cells, as the showdown of
the level-by-level method gives them. The rest is that method's: backward induction in exact integers, the return
table, the strategy's tables and look-up, simpler strategies (:mod:`.solver`); side bets by category
(:meth:`~casino_math.rankings.SuitRanking.category_counts`).

>>> from casino_math.game.loader import load_game
>>> game = load_game("tests/games/mini-high-card-flush.yaml")
>>> BY_SUITS.unfit(game) is None, int(BY_SUITS.counts(game).cells.sum())
(True, 2613120)
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass
from math import comb, factorial
from typing import Iterator

import numpy as np

from ..parallel import Runner
from ..rankings import SuitRanking
from .counts import Counts, game_key, symmetry_for
from .description import Deal, Decision, Game
from .showdown import CELLS, cells_of
from .solver import LevelByLevel
from .tree import SEEN_ROLES, Level, Progress, completions

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
    if [(d.role, d.seen) for d in deals] != [("player", True), ("dealer", False)] \
            or not isinstance(game.steps[-1], Deal) or isinstance(game.steps[0], Decision):
        return "not the player's cards, his decisions, then the dealer's face-down cards"
    if game.hands["player"].of != ("player",) or dealer.of != ("dealer",):
        return "hands other than the player's cards and the dealer's"
    if symmetry_for(game)[1] != ((), False):
        return "a line of the game's own bet names a suit or a colour"
    return None


def mask_groups(ranks: int, cards: int) -> Iterator[np.ndarray]:
    """Every multiset of four rank sets (bitmasks) holding ``cards`` ranks in all, as rows of four (the longest set
    first, equal sets side by side), group by group of set sizes."""
    by_size: dict[int, np.ndarray] = {k: np.array([sum(1 << r for r in c) for c in itertools.combinations(range(ranks), k)][::-1],
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
    """How many hands each row of four rank sets stands for: its distinct orders over the four suits."""
    same = np.ones(len(masks), dtype=np.int64)
    out = np.full(len(masks), factorial(4), dtype=np.int64)
    for i in range(1, 4):
        same = np.where(masks[:, i] == masks[:, i - 1], same + 1, 1)
        out //= same  # a run of r equal sets divides by r! one factor at a time
    return out


_CACHE: OrderedDict[tuple, Counts] = OrderedDict()
CACHED = 2


def suit_counts(game: Game, progress: Progress | None = None) -> Counts:
    """The classes of the player's hands and their showdown cells (cached: variants of one game share them)."""
    key = game_key(game, ())
    if key not in _CACHE:
        _CACHE[key] = _count(game, progress)
        while len(_CACHE) > CACHED:
            _CACHE.popitem(last=False)
    _CACHE.move_to_end(key)
    return _CACHE[key]


def _count(game: Game, progress: Progress | None) -> Counts:
    from ..kernels.suit_counts import below, card_ids

    report = progress or (lambda what, done, of: None)
    ranking = game.hands["dealer"].ranking
    assert isinstance(ranking, SuitRanking)
    ranks, seen, hidden = len(game.deck.ranks), game.cards_of("player"), game.cards_of("dealer")
    qualifier = game.qualifier.value if game.qualifier else -1
    q_mask = ranking.mask_of(qualifier) if game.qualifier else 0
    groups = list(mask_groups(ranks, seen))
    masks_all, cells_all = [], []
    for done, masks in enumerate(groups):
        report("showdown: the dealer's cards against every class of the player's", done, len(groups))
        values = ranking.suit_values[masks]
        best = masks[np.arange(len(masks)), np.argmax(values, axis=1)]
        thresholds = np.stack([np.full(len(masks), q_mask), best, best], axis=1)
        counted = below(masks, ranks, hidden, thresholds, np.array([False, False, True]))
        if not game.qualifier:
            counted[:, 0] = 0  # every dealer hand qualifies
        total = comb(len(game.deck.cards) - seen, hidden)
        cells_all.append(cells_of(counted, values.max(axis=1), qualifier if game.qualifier else -1, total))
        masks_all.append(masks)
    report("showdown: the dealer's cards against every class of the player's", len(groups), len(groups))
    masks = np.concatenate(masks_all)
    weights = orders(masks)
    empty = np.zeros((len(masks), 0), dtype=np.int64)
    cards = {role: empty for role in SEEN_ROLES} | {"player": card_ids(masks, ranks, seen)}
    start = Level({role: np.zeros((1, 0), dtype=np.int64) for role in SEEN_ROLES}, np.ones(1, dtype=np.int64),
                  np.zeros(len(masks), dtype=np.int64), np.arange(len(masks)), weights.copy())
    n = len(game.deck.cards)
    ways = (completions(n, 0, [seen, hidden]), completions(n, seen, [hidden]))
    return Counts(game.deck, (start, Level(cards, weights)), game.decision_levels, ways, np.concatenate(cells_all), CELLS)


@dataclass(frozen=True)
class BySuits(LevelByLevel):
    """The counting method of games whose hands are worth their best suit (see the module's introduction)."""

    name: str = "suit by suit"

    def unfit(self, game: Game) -> str | None:
        return unfit(game)

    def counts(self, game: Game, progress: Progress | None = None, runner: Runner | None = None) -> Counts:
        return suit_counts(game, progress)


BY_SUITS = BySuits()
