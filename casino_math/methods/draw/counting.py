"""Every deal × every hold of a draw game, counted once per deck and paytable lines (never per pays), and kept.

The deals fall into classes under the renamings of suits (134,459 of the 2,598,960 five-card deals of 52 cards): a
class's deals have the same draws, card for card renamed, so one member is counted for all. For each class's member,
each of its 32 holds and each pay class (a line of the paytable, or no line), the draws ending there are the
inclusion–exclusion over the discards of the hands holding each set of at most four cards
(:func:`~.kernel.subset_table`): one row per set and pay class, so the 32 holds' counts of every member are a cheap
transform of it, and so are their values at any pays (:func:`~.kernel.best_holds` transforms each set's value, not its
counts). These counts depend on the deck, the ranking and the lines, not on what the lines pay: a changed pay is a
re-solve over them (:mod:`~casino_math.methods.draw.solving`). What is kept in the count cache (:mod:`casino_math.count_cache`,
numpy arrays) is what the rest is rebuilt from in a few hundredths of a second: the hands of each pay class holding
each set of four cards (at most 48 of them: one byte each), the classes' members, their weights and the class of each
member as dealt (3.6 MB for Jacks or Better, where every member × hold × pay class would take 174 MB).

Every hold is weighted so that it totals the same number of draws: a hold of k cards draws ``C(r, 5 − k)`` ways from
the ``r`` cards left, and counts ``L / C(r, 5 − k)`` times, ``L`` the least common multiple of ``C(r, 0..5)``
(7,669,695 for 47 cards); so the deals total ``C(n, 5) × L`` weighted combinations (19,933,230,517,200 for 52 cards).

>>> from math import comb
>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> counts = counted(load_draw_text(TINY))
>>> counts.counts.shape, int(counts.weights.sum()), counts.per_hold
((272, 32, 5), 4368, 2310)
>>> int(counts.counts[0, 0].sum()) == comb(11, 5), bool((counts.values(np.arange(5), np.arange(3)) == counts.counts[:3] @ np.arange(5)).all())
(True, True)
>>> [int(x) for x in counts.scale]
[5, 7, 14, 42, 210, 2310]
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cached_property
from math import comb, lcm

import numpy as np

from ...held import Held
from ...subsets import colex
from .game_file import DrawGame
from .hands import FinalHands
from .kernel import deal_classes, four_sets, hold_values, offsets, subset_table

log = logging.getLogger("casino_math.count_cache")
KIND = "video poker holds"
CODE = ("methods/draw/counting.py", "methods/draw/kernel.py", "methods/draw/hands.py", "methods/draw/codes.py")


@dataclass(frozen=True, eq=False)
class DrawCounts:
    """Per class of deals (a member, ids ascending, how many deals it stands for, and its pay class as dealt) and per
    set of at most four cards (rows by :func:`~.kernel.offsets`), the hands of each pay class holding the set; from
    them, per member, per hold (bit i: the i-th card of the member kept) and per pay class, the draws ending there."""

    deals: np.ndarray  # (classes, 5) int8
    weights: np.ndarray  # (classes,) int64
    own: np.ndarray  # (classes,) int8: each member's pay class as dealt
    table: np.ndarray  # (sets, pay classes) int32: :func:`~.kernel.subset_table`
    cards: int  # the deck's cards

    @cached_property
    def counts(self) -> np.ndarray:
        """Per member, per hold and per pay class, the draws ending there: (classes, 32, pay classes) int32, made on
        first use (the solve needs only the holds' values, :meth:`values`)."""
        dealt = np.zeros((len(self.deals), self.table.shape[1]), dtype=np.int32)
        dealt[np.arange(len(self.deals)), self.own] = 1
        return hold_values(self.deals.astype(np.int64), dealt, self.table, self.cards)

    def by_set(self, pays: np.ndarray) -> np.ndarray:
        """Per set of at most four cards, the total pay at ``pays`` (integers, one per pay class) of the hands holding it."""
        return self.table.astype(np.int64) @ np.asarray(pays, dtype=np.int64)

    def values(self, pays: np.ndarray, rows: np.ndarray | None = None, by_set: np.ndarray | None = None) -> np.ndarray:
        """Per member (of ``rows``, else every one) and per hold, its draws' total pay at ``pays`` (integers, one per pay
        class), unscaled: ``counts @ pays``, transformed from each set's total (:meth:`by_set`, computed here where not
        given) rather than from the counts."""
        rows = np.arange(len(self.deals)) if rows is None else np.asarray(rows)
        if max(abs(int(p)) for p in pays) * comb(self.cards, 5) >= 2**63:  # beyond 64 bits: Python's integers
            return self.counts[rows].astype(object) @ np.array([int(p) for p in pays], dtype=object)
        pays = np.asarray(pays, dtype=np.int64)
        sets = self.by_set(pays) if by_set is None else by_set
        return hold_values(self.deals[rows].astype(np.int64), pays[self.own[rows]][:, None], sets[:, None],
                           self.cards)[:, :, 0]

    @property
    def left(self) -> int:
        """The cards a draw is made from."""
        return self.cards - 5

    @property
    def per_hold(self) -> int:
        """Weighted draws of every hold: the least common multiple of ``C(left, 0..5)``."""
        return lcm(*(comb(self.left, j) for j in range(6)))

    @property
    def scale(self) -> np.ndarray:
        """The weight of one draw of a hold of k cards, by k: ``per_hold / C(left, 5 − k)``."""
        return np.array([self.per_hold // comb(self.left, 5 - k) for k in range(6)], dtype=np.int64)

    @property
    def total(self) -> int:
        """Weighted combinations of every deal: ``C(cards, 5) × per_hold``."""
        return comb(self.cards, 5) * self.per_hold


def count_key(game: DrawGame) -> str:
    """What the counts depend on: the deck, the ranking, and the lines (their hands, in order), never their pays."""
    return f"{game.deck!r}|{game.ranking_name}|" + "|".join(repr(line) for line in game.draw_lines)


_HELD: Held[str, DrawCounts] = Held(most=2)
_FINAL: Held[str, FinalHands] = Held(most=2)


def final_hands(game: DrawGame) -> FinalHands:
    """Every five-card hand's class at the game's lines, held in this process."""
    key = count_key(game)
    if key not in _FINAL:
        _FINAL[key] = FinalHands(game.deck, game.ranking, game.draw_lines)
    return _FINAL[key]


def counted(game: DrawGame) -> DrawCounts:
    """The game's counts: held in this process, else read from the count cache, else counted (:func:`count`) and kept."""
    from ...count_cache import current

    key = count_key(game)
    if key in _HELD:
        return _HELD[key]
    cache = current()
    found = None
    n = len(game.deck)
    if cache is not None:
        ok, stored = cache.load(KIND, key, game.id, CODE)
        if ok:
            try:
                found = _rebuilt(stored, n, len(game.lines) + 1)
            except (ValueError, KeyError, TypeError) as error:
                log.warning(f"the counts of {game.id} kept in {cache.folder} do not fit this game ({type(error).__name__}); "
                            "they are computed again")
                found = None
    if found is None:
        found = count(game)
        if cache is not None:
            cache.keep(KIND, key, game.id, _kept(found), CODE)
    _HELD[key] = found
    return found


def _kept(counts: DrawCounts) -> dict[str, np.ndarray]:
    """What the count cache keeps of the counts, in the fewest bytes: the sets of four cards' rows (at most ``n − 4``
    hands each: one byte), the members, their weights (at most 24 deals: one byte) and their classes as dealt."""
    return {"fours": counts.table[offsets(counts.cards)[4]:].astype(np.uint8), "deals": counts.deals,
            "weights": counts.weights.astype(np.uint8), "own": counts.own}


def _rebuilt(stored: dict[str, np.ndarray], n: int, width: int) -> DrawCounts:
    """The counts from what :func:`_kept` kept; a ValueError where it is not this game's."""
    fours, deals, weights, own = (np.asarray(stored[name]) for name in ("fours", "deals", "weights", "own"))
    if fours.dtype != np.uint8 or fours.shape != (comb(n, 4), width) or deals.ndim != 2 or deals.shape[1] != 5 \
            or weights.shape != own.shape or own.shape != (len(deals),) or int(weights.sum()) != comb(n, 5) \
            or not ((deals >= 0) & (deals < n)).all() or not ((own >= 0) & (own < width)).all():
        raise ValueError("not this game's counts")
    return DrawCounts(deals.astype(np.int8), weights.astype(np.int64), own.astype(np.int8), subset_table(fours, n), n)


def count(game: DrawGame) -> DrawCounts:
    """Every class of deals × every set of at most four cards × every pay class, counted (see the module)."""
    n = len(game.deck)
    classes = final_hands(game).classes
    table = subset_table(four_sets(classes, n, len(game.lines) + 1), n)
    deals, weights = deal_classes(4 * len(game.deck.ranks), n)
    return DrawCounts(deals, weights, classes[colex(deals.astype(np.int64))], table, n)
