"""What the cards do in a game's own bet, before any money: the expensive part, computed once per set of rules.

The seen cards are grouped level by level into classes (:mod:`.tree`); at the
last level every class has all its seen cards, and the showdown cells count
how the dealer's unseen cards fall against it (:mod:`.showdown`). Paytables,
stakes and strategy come later (:mod:`.solver`) and cost little, so the design
tools re-price a game many times over the same counts.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from ..cards import Deck
from ..parallel import Runner, Shards
from ..rankings import get_ranking
from ..suits import Symmetry
from .description import Deal, Decision, Game, Hand, Step
from .showdown import CELLS, card_arrays, dealer_cells, hand_values
from .tree import SEEN_ROLES, Level, Progress, build_levels, completions

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
    memo: dict = field(default_factory=dict, repr=False, compare=False)

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
        """The value of a hand in each class of a level (kept: every re-priced paytable asks again)."""
        assert hand.ranking is not None
        key = ("values", hand.of, hand.ranking.name, level % len(self.levels))
        if key not in self.memo:
            self.memo[key] = hand_values(hand.ranking, self.deck, self.hand_cards(hand, level))
        return self.memo[key]

    def suits(self, hand: Hand, level: int = -1) -> np.ndarray:
        key = ("suits", hand.of, level % len(self.levels))
        if key not in self.memo:
            self.memo[key] = card_arrays(self.deck, hand.ranking, self.hand_cards(hand, level))[1]
        return self.memo[key]


def seen_steps(game: Game) -> list[tuple[str, int]]:
    return [(ROLE_OF[s.role], s.cards) for s in game.steps if isinstance(s, Deal) and s.seen]


def game_key(game: Game, symmetry_key: tuple) -> tuple:
    """What the counts depend on: the deck, the deal, the showdown hands and the qualifier (never the pays)."""
    hands = tuple((h.name, h.of, h.best, h.ranking_name) for h in game.hands.values() if h.name in ("player", "dealer"))
    steps = tuple(_step_key(s) for s in game.steps)
    return (game.deck, steps, hands, game.qualifier.value if game.qualifier else None, symmetry_key)


def _step_key(step: Step) -> tuple:
    """A step as the counts see it: cards dealt (and whether seen), or a decision by name."""
    if isinstance(step, Deal):
        return step.role, step.cards, step.seen
    if isinstance(step, Decision):
        return "decide", step.name
    raise TypeError(f"{step!r}: a game counted card set by card set neither draws nor stops (see drawing.py)")


def symmetry_for(game: Game) -> tuple[Symmetry, tuple]:
    """The suit renamings that leave the game's own bet alone: all of them, unless a table of it names a suit or colours."""
    tables = game.own_tables
    patterns = [line.card_pattern for t in tables for line in game.paytables[t].lines]
    fixed = tuple(sorted({p.suit for p in patterns if p.suit is not None}))
    colours = any(p.same_colour for p in patterns)
    return Symmetry.of(game.deck, fixed, colours), (fixed, colours)


_CACHE: OrderedDict[tuple, Counts] = OrderedDict()
CACHED = 2  # a big game's counts take gigabytes: keep the last two (a game and its variants share them)


def count(game: Game, progress: Progress | None = None, runner: Runner | None = None) -> Counts:
    """The counts of a game's own bet (cached: variants of one game share them).

    ``progress(what, done, of)`` hears of the work as it goes (a big game takes minutes). The showdown
    of a big game runs in shards, one per set of dealer's known cards, on ``runner`` (default: every
    local core for a big game, this process for a small one); the counts do not depend on where they ran.
    """
    symmetry, symmetry_key = symmetry_for(game)
    key = game_key(game, symmetry_key)
    if key not in _CACHE:
        _CACHE[key] = _count(game, symmetry, progress, runner, repr(key))
        while len(_CACHE) > CACHED:
            _CACHE.popitem(last=False)
    _CACHE.move_to_end(key)
    return _CACHE[key]


BIG = 1_000_000  # classes at the showdown beyond which worker processes pay for their start


def _count(game: Game, symmetry: Symmetry, progress: Progress | None, runner: Runner | None, key: str) -> Counts:
    steps = seen_steps(game)
    levels = build_levels(game.deck, steps, symmetry, merge_last=game.has_dealer, progress=progress)
    decisions = game.decision_levels
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
    # classes sharing the dealer's known cards are counted together against one table of dealer hands: a shard each
    _, group = np.unique(known, axis=0, return_inverse=True)
    order = np.argsort(group.reshape(-1), kind="stable")
    bounds = np.r_[np.flatnonzero(np.r_[True, np.diff(group.reshape(-1)[order]) != 0]), len(order)]
    rows = [order[start:end] for start, end in zip(bounds[:-1], bounds[1:])]
    ranking = (dealer.ranking_name, game.deck, dealer.ranking.wild or "wild")
    shards = [(ranking, known[r[0]], others[r], hidden, player_values[r], qualifier) for r in rows]
    where = runner or (Runner.of() if len(last) > BIG else Runner.here())
    results = Shards(_showdown, shards, f"showdown|{key}").run(where, progress, "showdown: the dealer's hidden cards against every class")
    cells = np.zeros((len(last), len(CELLS)), dtype=np.int64)
    for r, result in zip(rows, results):
        cells[r] = result
    return Counts(game.deck, tuple(levels), decisions, ways, cells, CELLS)


def _showdown(shard: tuple) -> np.ndarray:
    """One shard of the showdown: the classes sharing one set of the dealer's known cards (runs on any worker)."""
    (name, deck, joker), known, others, hidden, player_values, qualifier = shard
    return dealer_cells(get_ranking(name, deck, joker), deck, known, others, hidden, player_values, qualifier)
