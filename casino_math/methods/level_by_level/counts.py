"""What the cards do in a game's own bet, before any money: the expensive part, computed once per set of rules.

The seen cards are grouped level by level into classes (:mod:`casino_math.levels`); at the
last level every class has all its seen cards, and the showdown cells count
how the dealer's unseen cards fall against it (:mod:`casino_math.showdown`). Paytables,
stakes and strategy come later (:mod:`~casino_math.methods.level_by_level.solver`) and cost little, so the design
tools re-price a game many times over the same counts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import numpy as np

from ...cards import Deck
from ...parallel import Runner, Shards, local_processes
from ...rankings import Ranking, get_ranking
from ...suits import Symmetry
from ...game.description import Deal, Decision, Game, Hand, Step
from ...showdown import CELLS, card_arrays, dealer_cells, hand_values
from ...levels import SEEN_ROLES, Level, Progress, build_levels, completions
from ...held import Held

log = logging.getLogger("casino_math.count_cache")

ROLE_OF = {"player": "player", "board": "board", "dealer": "up"}  # where a hand's cards lie among the seen roles


@dataclass(frozen=True, eq=False)
class Counts:
    """Classes of seen cards per level, where each decision falls, and the showdown cells of the last level.

    ``cells`` has a row per last-level class: the six showdown cells (see
    :data:`~casino_math.showdown.CELLS`) where the game has a dealer
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
        """The card ids of a hand (of seen cards) in each class of a level (as 64-bit integers: kept counts hold them
        narrow, and the rankings compute with them)."""
        cards = self.levels[level].cards
        return np.concatenate([cards[ROLE_OF[r]] for r in hand.of], axis=1).astype(np.int64, copy=False)

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

    def parents(self, level: int) -> np.ndarray | None:
        """A parent of each class of a level, in the level before (None: level 0, or no edges to it), kept in memory."""
        level %= len(self.levels)
        key = (SCRATCH, "parents", level)
        if key not in self.memo:
            self.memo[key] = parents_of(self.levels, level)
        return self.memo[key]

    def dealt(self, level: int) -> set[str]:
        """The roles given cards at a level (none at level 0)."""
        level %= len(self.levels)
        before = self.levels[level - 1].cards if level else {}
        return {r for r, a in self.levels[level].cards.items() if r not in before or a.shape[1] > before[r].shape[1]}


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


CACHED = 2  # a big game's counts take gigabytes: keep the last two (a game and its variants share them)
_CACHE: Held[tuple, Counts] = Held(most=CACHED)


def count(game: Game, progress: Progress | None = None, runner: Runner | None = None) -> Counts:
    """The counts of a game's own bet (cached: variants of one game share them; kept on disk between runs, see
    :mod:`casino_math.count_cache`).

    ``progress(what, done, of)`` hears of the work as it goes (a big game takes minutes). The showdown
    of a big game runs in shards, one per set of dealer's known cards, on ``runner`` (default: every
    local core for a big game, this process for a small one); the counts do not depend on where they ran.
    """
    symmetry, symmetry_key = symmetry_for(game)
    key = game_key(game, symmetry_key)
    if key not in _CACHE:
        _CACHE[key] = kept_or_counted(game, repr(key), lambda: _count(game, symmetry, progress, runner, repr(key)))
    _CACHE.move_to_end(key)
    counts = _CACHE[key]
    # the key names a decision by name only: its options are this game's (the counts do not depend on them)
    return counts if counts.decisions == game.decision_levels else replace(counts, decisions=game.decision_levels)


# -- counts kept between runs ------------------------------------------------------------------------------------
KIND = "level by level counts"
MEMO_KIND = "level by level hand values"
CODE = ("methods/level_by_level",)  # the method's folder: the digest adds every module it imports (see count_cache.engine)
# what the memo keeps that depends on the classes alone (hand values, the card sets reaching the first decision, the
# lookup's keys: up to seconds each on big games)
KEPT_MEMO = ("values", "suits", "mass", "canonical")
SCRATCH = "in memory only"  # memo keys (SCRATCH, ...): what speeds a solve up in this process (sorted copies), never sent


def kept_or_counted(game: Game, key: str, count: Callable[[], Counts], kind: str = KIND, code: tuple[str, ...] = CODE) -> Counts:
    """The counts kept on disk for ``key`` if they check out, else ``count()`` now and kept (``kind`` names the method's
    counts, ``code`` the modules they come from; another method's counts of the same shape keep theirs here too)."""
    from ...count_cache import current

    cache = current()
    if cache is None:
        return count()
    found, stored = cache.load(kind, key, game.id, code)
    if found:
        try:
            return _restored(game, stored, _KeptMemo(cache, key, game.id, code))
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            log.warning(f"the counts of {game.id} kept in {cache.folder} do not fit this game ({type(error).__name__}); they are computed again")
    counted = count()
    memo = _KeptMemo(cache, key, game.id, code)
    for item, value in counted.memo.items():  # what the count already valued is kept beside it
        memo[item] = value
    counts = replace(counted, memo=memo)
    cache.keep(kind, key, game.id, _stored(counts), code)
    return counts


def _stored(counts: Counts) -> dict[str, Any]:
    """The counts as plain data (integers in the narrowest type that holds them; the deck and decisions are the game's)."""
    levels = []
    for level in counts.levels:
        stored: dict[str, Any] = {"cards": {role: _narrow(a) for role, a in level.cards.items()}, "weights": _narrow(level.weights)}
        if level.parent is not None and level.child is not None and level.multiplicity is not None:
            stored["edges"] = (_narrow(level.parent), _narrow(level.child), _narrow(level.multiplicity))
            stored["by_child"] = tuple(_narrow(a) for a in level.by_child)  # a sort of millions of edges: kept, not redone
        levels.append(stored)
    return {"levels": levels, "completions": tuple(counts.completions), "cells": _narrow(counts.cells), "cell_names": tuple(counts.cell_names)}


def _restored(game: Game, stored: dict[str, Any], memo: dict) -> Counts:
    """The counts :func:`_stored` kept, checked for shape (ValueError, KeyError, TypeError where they are not such).

    Card ids, edges and showdown cells stay as narrow as they were kept, read-only views of the file's bytes: widened,
    the big games' hundreds of megabytes cost as much again in fresh memory (page faults, seconds of system time) at
    every run. Card ids and edges only index; every product of a multiplicity or a cell has a 64-bit (or exact)
    factor, and sums of narrow integers run in 64 bits. Only the weights, the start of every product of masses,
    come back in their own type."""
    levels = []
    for entry in stored["levels"]:
        weights = _wide(entry["weights"])
        cards = {str(role): _kept(a) for role, a in entry["cards"].items()}
        if set(cards) != set(SEEN_ROLES) or any(a.ndim != 2 or len(a) != len(weights) for a in cards.values()):
            raise ValueError("cards that are not one row per class")
        level = Level(cards, weights, *(_kept(a) for a in entry["edges"])) if "edges" in entry else Level(cards, weights)
        if "by_child" in entry:
            level.__dict__["by_child"] = tuple(_kept(a) for a in entry["by_child"])  # Level.by_child is a cached_property
        levels.append(level)
    cells = _kept(stored["cells"])
    names = tuple(str(n) for n in stored["cell_names"])
    completions = tuple(int(c) for c in stored["completions"])
    if not levels or cells.ndim != 2 or len(cells) != len(levels[-1]) or cells.shape[1] != len(names) or len(completions) != len(levels):
        raise ValueError("cells that are not one row per class of the last level")
    return Counts(game.deck, tuple(levels), game.decision_levels, completions, cells, names, memo)


def _narrow(array: np.ndarray) -> tuple[str, np.ndarray]:
    """An integer array in the narrowest integer type holding its values, with the type to read it back as."""
    array = np.asarray(array)
    if array.dtype.kind in "iu" and array.size:
        low, high = int(array.min()), int(array.max())
        for small in (np.int8, np.int16, np.int32):
            if np.iinfo(small).min <= low and high <= np.iinfo(small).max:
                return array.dtype.str, array.astype(small)
    return array.dtype.str, array


def _wide(stored: Any) -> np.ndarray:
    """The array :func:`_narrow` kept, in its own type again (integers or booleans only)."""
    return _kept(stored).astype(np.dtype(str(stored[0])))


def _kept(stored: Any) -> np.ndarray:
    """The array :func:`_narrow` kept, as narrow as it was kept (integers or booleans only; TypeError otherwise).

    >>> _kept(_narrow(np.array([3, 300]))).dtype
    dtype('int16')
    >>> _wide(_narrow(np.array([3, 300]))).dtype
    dtype('int64')
    """
    dtype, array = stored
    if np.dtype(str(dtype)).kind not in "iub" or not isinstance(array, np.ndarray) or array.dtype.kind not in "iub":
        raise TypeError("not an array of integers")
    return array


class _KeptMemo(dict):
    """A count's memo whose hand values and suits (they depend on the classes alone) are kept on disk too: a key missed
    here is looked for there, and one set here is kept there."""

    def __init__(self, cache: Any, key: str, what: str, code: tuple[str, ...] = CODE) -> None:
        super().__init__()
        self.cache, self.key, self.what, self.code = cache, key, what, code

    def __contains__(self, item: object) -> bool:
        if dict.__contains__(self, item):
            return True
        if not (isinstance(item, tuple) and item and item[0] in KEPT_MEMO):
            return False
        found, stored = self.cache.load(MEMO_KIND, f"{self.key}|{item!r}", self.what, self.code)
        if not found:
            return False
        try:
            dict.__setitem__(self, item, _wide(stored))
        except (ValueError, TypeError):
            return False
        return True

    def __reduce__(self) -> tuple:
        # sent to a worker (a simulation's strategy carries its counts) as the plain dict it holds: workers keep nothing,
        # and get none of what only speeds a solve up here
        return (dict, ({k: v for k, v in self.items() if not (isinstance(k, tuple) and k[:1] == (SCRATCH,))},))

    def __setitem__(self, item: Any, value: Any) -> None:
        dict.__setitem__(self, item, value)
        if isinstance(item, tuple) and item and item[0] in KEPT_MEMO and isinstance(value, np.ndarray):
            self.cache.keep(MEMO_KIND, f"{self.key}|{item!r}", self.what, _narrow(value), self.code)


BIG = 1_000_000  # classes at the showdown beyond which worker processes pay for their start


def _count(game: Game, symmetry: Symmetry, progress: Progress | None, runner: Runner | None, key: str) -> Counts:
    steps = seen_steps(game)
    levels = build_levels(game.deck, steps, symmetry, merge_last=game.has_dealer, progress=progress, processes=local_processes(runner))
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
    known = _side_by_side([last.cards[r] for r in known_roles])
    others = _side_by_side([last.cards[r] for r in SEEN_ROLES if r not in known_roles])
    held = _side_by_side([last.cards[ROLE_OF[r]] for r in player.of])
    qualifier = game.qualifier.value if game.qualifier else 0
    # classes sharing the dealer's known cards are counted together against one table of dealer hands: a shard each
    rows = groups(known, len(game.deck.cards))
    ranking = (dealer.ranking_name, game.deck, dealer.ranking.wild or "wild")
    parents = parents_of(levels, len(levels) - 1)
    known_values = _values_from_parents(levels, parents, steps[-1][0], player, get_ranking(*ranking), game.deck)
    shards = [(ranking, known[r][0], others[r], hidden, held[r], None if known_values is None else known_values[r], qualifier)
              for r in rows]
    where = (runner or (Runner.of() if len(last) > BIG else Runner.here())).forking()
    results = Shards(_showdown, shards, f"showdown|{key}").run(where, progress, "showdown: the dealer's hidden cards against every class")
    cells = np.zeros((len(last), len(CELLS)), dtype=np.int64)
    player_values = np.zeros(len(last), dtype=np.int64) if known_values is None else known_values  # as hand_values gives them
    for r, (result, values) in zip(rows, results):
        cells[r] = result
        if known_values is None:
            player_values[r] = values
    counts = Counts(game.deck, tuple(levels), decisions, ways, cells, CELLS)
    counts.memo[(SCRATCH, "parents", len(levels) - 1)] = parents  # the lines paid read them too (solver.paid_line)
    if player.ranking == dealer.ranking:  # the player's hand valued as the solver values it: kept, not valued again
        counts.memo[("values", player.of, dealer.ranking.name, len(levels) - 1)] = player_values
    return counts


def _side_by_side(arrays: list[np.ndarray]) -> np.ndarray:
    """The roles' cards side by side, one row per class: the one role holding cards as it is (no copy of millions of
    rows), else joined.

    >>> a, none = np.array([[1, 2]]), np.zeros((1, 0), dtype=np.int64)
    >>> _side_by_side([none, a]) is a, _side_by_side([a, a]).tolist()
    (True, [[1, 2, 1, 2]])
    """
    holding = [a for a in arrays if a.shape[1]]
    return holding[0] if len(holding) == 1 else np.concatenate(arrays, axis=1)


def groups(known: np.ndarray, deck_size: int) -> list[slice | np.ndarray]:
    """The rows of each distinct row of ``known`` (card ids below ``deck_size``), the distinct rows in ascending order:
    slices where equal rows are neighbours (the last level's classes are in order of the dealer's known cards, see
    ``SEEN_ROLES``), else index arrays. One integer per row, not ``np.unique(axis=0)``'s sort of
    rows as bytes (seconds over millions of classes).

    >>> groups(np.array([[3], [3], [7]]), 52)
    [slice(0, 2, None), slice(2, 3, None)]
    >>> [g.tolist() for g in groups(np.array([[7, 1], [3, 2], [7, 1]]), 52)]
    [[1], [0, 2]]
    >>> groups(np.zeros((4, 0), dtype=np.int64), 52)
    [slice(0, 4, None)]
    """
    width = known.shape[1]
    if width and deck_size ** width >= 2**62:  # too many cards for one integer: rows compared as numpy compares them
        _, group = np.unique(known, axis=0, return_inverse=True)
        key = group.reshape(-1)
    else:
        key = known.astype(np.int64) @ (deck_size ** np.arange(width - 1, -1, -1, dtype=np.int64))
    if len(key) == 0:
        return []
    if np.all(key[1:] >= key[:-1]):
        bounds = np.r_[0, np.flatnonzero(key[1:] != key[:-1]) + 1, len(key)].tolist()
        return [slice(start, end) for start, end in zip(bounds[:-1], bounds[1:])]
    order = np.argsort(key, kind="stable")
    bounds = np.r_[0, np.flatnonzero(np.diff(key[order]) != 0) + 1, len(order)].tolist()
    return [order[start:end] for start, end in zip(bounds[:-1], bounds[1:])]


def _values_from_parents(levels: list[Level], parents: np.ndarray | None, last_role: str, player: Hand, ranking: Ranking,
                         deck: Deck) -> np.ndarray | None:
    """The value of the player's hand (by the dealer's ``ranking``) in each class of the last level, read from the level
    before it (``parents``: :func:`parents_of` the last level) where the last cards dealt (to ``last_role``) are not the
    player's: a class's player's cards are its parent's renamed, and a ranking values cards by their ranks and whether
    they share a suit, not by which suit it is. The 134,459 hands of Caribbean Stud's player valued once, not 5,649,150
    in the showdown's shards. None where the player's hand takes cards dealt last.

    >>> from casino_math.cards import Deck
    >>> from casino_math.game.description import Hand
    >>> from casino_math.levels import build_levels
    >>> three = get_ranking("three-card")
    >>> levels = build_levels(Deck.standard(), [("player", 3), ("up", 1)])
    >>> read = _values_from_parents(levels, parents_of(levels, 2), "up", Hand("player", ("player",), 3, three), three, Deck.standard())
    >>> bool(np.array_equal(read, hand_values(three, Deck.standard(), levels[-1].cards["player"].astype(np.int64))))
    True
    """
    roles = [ROLE_OF[r] for r in player.of]
    if last_role in roles or parents is None:
        return None
    return hand_values(ranking, deck, _side_by_side([levels[-2].cards[r] for r in roles]).astype(np.int64))[parents]


def parents_of(levels: list[Level] | tuple[Level, ...], level: int) -> np.ndarray | None:
    """A parent of each class of ``levels[level]`` in the level before it (every class has at least one; any of them
    holds its cards but those dealt at the level, renamed), or None at level 0 or where no edges lead to the level.

    >>> from casino_math.cards import Deck
    >>> from casino_math.levels import build_levels
    >>> levels = build_levels(Deck.standard(), [("player", 1), ("up", 1)])   # the player's card: 13 classes, one per rank
    >>> parents = parents_of(levels, 2)
    >>> bool((levels[2].cards["player"] // 4 == levels[1].cards["player"][parents] // 4).all()), parents_of(levels, 0)
    (True, None)
    """
    before = levels[level - 1] if level > 0 else None
    if before is None or before.parent is None or before.child is None:
        return None
    parents = np.empty(len(levels[level]), dtype=np.int64)
    parents[before.child] = before.parent
    return parents


def _showdown(shard: tuple) -> tuple[np.ndarray, np.ndarray | None]:
    """One shard of the showdown: the classes sharing one set of the dealer's known cards (runs on any worker), their
    cells and, where the shard is not given them, the value of each one's player's hand by the dealer's ranking, each in
    the narrowest integer type holding it (sent back from a worker: a quarter to a half of the bytes; widened again
    where they are put together)."""
    (name, deck, joker), known, others, hidden, held, values, qualifier = shard
    ranking = get_ranking(name, deck, joker)
    player_values = hand_values(ranking, deck, held) if values is None else values
    cells = dealer_cells(ranking, deck, known, others, hidden, player_values, qualifier)
    return _narrow(cells)[1], None if values is not None else _narrow(player_values)[1]
