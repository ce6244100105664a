"""What the cards do in a game's own bet, before any money: the expensive part, computed once per set of rules.

The seen cards are grouped level by level into classes (:mod:`.tree`); at the
last level every class has all its seen cards, and the showdown cells count
how the dealer's unseen cards fall against it (:mod:`.showdown`). Paytables,
stakes and strategy come later (:mod:`.solver`) and cost little, so the design
tools re-price a game many times over the same counts.
"""

from __future__ import annotations

from collections import OrderedDict
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..cards import Deck
from ..suits import Symmetry
from .description import Deal, Decision, Game, Hand
from .showdown import CELLS, card_arrays, dealer_cells, hand_values
from .tree import SEEN_ROLES, Level, build_levels, completions

ROLE_OF = {"player": "player", "board": "board", "dealer": "up"}  # where a hand's cards lie among the seen roles


@dataclass(frozen=True, eq=False)
class Counts:
    """Classes of seen cards per level, where each decision falls, and the showdown cells of the last level.

    ``cells`` has a row per last-level class: the six showdown cells (see
    :data:`~casino_math.game.showdown.CELLS`) where the game has a dealer
    hand, else one cell, ``played``, of 1. ``completions[l]`` is how many ways
    the cards still to come (seen or not) can fall after level ``l``.
    """

    deck: Deck
    levels: tuple[Level, ...]
    decisions: dict[int, Decision]  # level -> the decision taken there
    completions: tuple[int, ...]
    cells: np.ndarray
    cell_names: tuple[str, ...]

    @property
    def last(self) -> Level:
        return self.levels[-1]

    @property
    def deals(self) -> int:
        return int(self.levels[0].weights.sum()) * self.completions[0]

    def hand_cards(self, hand: Hand, level: int = -1) -> np.ndarray:
        """The card ids of a hand (of seen cards) in each class of a level."""
        cards = self.levels[level].cards
        return np.concatenate([cards[ROLE_OF[r]] for r in hand.of], axis=1)

    def values(self, hand: Hand, level: int = -1) -> np.ndarray:
        assert hand.ranking is not None
        return hand_values(hand.ranking, self.deck, self.hand_cards(hand, level))

    def suits(self, hand: Hand, level: int = -1) -> np.ndarray:
        return card_arrays(self.deck, hand.ranking, self.hand_cards(hand, level))[1]


def seen_steps(game: Game) -> list[tuple[str, int]]:
    return [(ROLE_OF[s.role], s.cards) for s in game.steps if isinstance(s, Deal) and s.seen]


def game_key(game: Game, symmetry_key: tuple) -> tuple:
    """What the counts depend on: the deck, the deal, the showdown hands and the qualifier (never the pays)."""
    hands = tuple((h.name, h.of, h.best, h.ranking_name) for h in game.hands.values() if h.name in ("player", "dealer"))
    steps = tuple((s.role, s.cards, s.seen) if isinstance(s, Deal) else ("decide", s.name) for s in game.steps)
    return (game.deck, steps, hands, game.qualifier.value if game.qualifier else None, symmetry_key)


def symmetry_for(game: Game) -> tuple[Symmetry, tuple]:
    """The suit renamings that leave the game's own bet alone: all of them, unless a table of it names a suit or colours."""
    tables = {r.table for w in game.wagers for r in w.settle.values() if r.kind == "pays"}
    patterns = [line.pattern for t in tables for line in game.paytables[t].lines]
    fixed = tuple(sorted({p.suit for p in patterns if p.suit is not None}))
    colours = any(p.same_colour for p in patterns)
    return Symmetry.of(game.deck, fixed, colours), (fixed, colours)


# Who wants to hear how far a long count has gone (done, total): a progress bar sets it; the engine never prints.
PROGRESS: ContextVar[Callable[[int, int], None] | None] = ContextVar("counting_progress", default=None)


def _progress(done: int, total: int) -> None:
    listener = PROGRESS.get()
    if listener is not None:
        listener(done, total)


_CACHE: OrderedDict[tuple, Counts] = OrderedDict()
CACHED = 8


def count(game: Game) -> Counts:
    """The counts of a game's own bet (cached: variants of one game share them)."""
    symmetry, symmetry_key = symmetry_for(game)
    key = game_key(game, symmetry_key)
    if key not in _CACHE:
        _CACHE[key] = _count(game, symmetry)
        while len(_CACHE) > CACHED:
            _CACHE.popitem(last=False)
    _CACHE.move_to_end(key)
    return _CACHE[key]


def _count(game: Game, symmetry: Symmetry) -> Counts:
    steps = seen_steps(game)
    levels = build_levels(game.deck, steps, symmetry, merge_last=game.has_dealer)
    decisions, seen = {}, 0
    for step in game.steps:
        if isinstance(step, Deal) and step.seen:
            seen += 1
        elif isinstance(step, Decision):
            decisions[seen] = step
    hidden = sum(s.cards for s in game.steps if isinstance(s, Deal) and not s.seen)
    n = len(game.deck.cards)
    sizes = [k for _, k in steps]
    ways = tuple(completions(n, sum(sizes[:i]), [*sizes[i:], hidden]) for i in range(len(levels)))
    last = levels[-1]
    if not game.has_dealer:
        return Counts(game.deck, tuple(levels), decisions, ways, np.ones((len(last), 1), dtype=np.int64), ("played",))
    dealer, player = game.hands["dealer"], game.hands["player"]
    assert dealer.ranking is not None
    known_roles = [ROLE_OF[r] for r in dealer.of if ROLE_OF[r] in last.cards]
    known = np.concatenate([last.cards[r] for r in known_roles], axis=1)
    others = np.concatenate([last.cards[r] for r in SEEN_ROLES if r not in known_roles], axis=1)
    player_values = hand_values(dealer.ranking, game.deck, np.concatenate([last.cards[ROLE_OF[r]] for r in player.of], axis=1))
    qualifier = game.qualifier.value if game.qualifier else 0
    cells = np.zeros((len(last), len(CELLS)), dtype=np.int64)
    # classes sharing the dealer's known cards are counted together against one table of dealer hands
    _, first, group = np.unique(known, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(group, kind="stable")
    bounds = np.r_[np.flatnonzero(np.r_[True, np.diff(group[order]) != 0]), len(order)]
    _progress(0, len(bounds) - 1)
    for i, (start, end) in enumerate(zip(bounds[:-1], bounds[1:])):
        rows = order[start:end]
        cells[rows] = dealer_cells(dealer.ranking, game.deck, known[rows[0]], others[rows], hidden, player_values[rows], qualifier)
        _progress(i + 1, len(bounds) - 1)
    return Counts(game.deck, tuple(levels), decisions, ways, cells, CELLS)
