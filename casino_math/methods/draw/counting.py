"""Every deal × every hold of a draw game, counted once per deck and paytable lines (never per pays), and kept.

The deals fall into classes under the renamings of suits (134,459 of the 2,598,960 five-card deals of 52 cards): a
class's deals have the same draws, card for card renamed, so one member is counted for all. For each class's member,
each of its 32 holds and each pay class (a line of the paytable, or no line), :func:`~.kernel.hold_counts` counts the
draws ending there (inclusion–exclusion over the discards). These counts depend on the deck, the ranking and the
lines, not on what the lines pay: a changed pay is a re-solve over them (:mod:`~casino_math.methods.draw.solving`), and they are kept in the
count cache (:mod:`casino_math.count_cache`, numpy arrays) for later runs.

Every hold is weighted so that it totals the same number of draws: a hold of k cards draws ``C(r, 5 − k)`` ways from
the ``r`` cards left, and counts ``L / C(r, 5 − k)`` times, ``L`` the least common multiple of ``C(r, 0..5)``
(7,669,695 for 47 cards); so the deals total ``C(n, 5) × L`` weighted combinations (19,933,230,517,200 for 52 cards).

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> counts = counted(load_draw_text(TINY))
>>> counts.counts.shape, int(counts.weights.sum()), counts.per_hold
((272, 32, 5), 4368, 2310)
>>> [int(x) for x in counts.scale]
[5, 7, 14, 42, 210, 2310]
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from math import comb, lcm

import numpy as np

from ...held import Held
from .game_file import DrawGame
from .hands import FinalHands
from .kernel import deal_classes, hold_counts, subset_table

log = logging.getLogger("casino_math.count_cache")
KIND = "video poker holds"
CODE = ("methods/draw/counting.py", "methods/draw/kernel.py", "methods/draw/hands.py")


@dataclass(frozen=True, eq=False)
class DrawCounts:
    """Per class of deals (a member, ids ascending, and how many deals it stands for), per hold (bit i: the i-th card
    of the member kept) and per pay class: the draws ending in a hand of that class."""

    deals: np.ndarray  # (classes, 5) int8
    weights: np.ndarray  # (classes,) int64
    counts: np.ndarray  # (classes, 32, pay classes) int32
    cards: int  # the deck's cards

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
    if cache is not None:
        ok, stored = cache.load(KIND, key, game.id, CODE)
        if ok:
            try:
                found = DrawCounts(np.asarray(stored["deals"]), np.asarray(stored["weights"]), np.asarray(stored["counts"]),
                                   len(game.deck))
                if found.counts.shape[1:] != (32, len(game.lines) + 1) or int(found.weights.sum()) != comb(len(game.deck), 5):
                    raise ValueError("not this game's counts")
            except (ValueError, KeyError, TypeError) as error:
                log.warning(f"the counts of {game.id} kept in {cache.folder} do not fit this game ({type(error).__name__}); "
                            "they are computed again")
                found = None
    if found is None:
        found = count(game)
        if cache is not None:
            cache.keep(KIND, key, game.id, {"deals": found.deals, "weights": found.weights, "counts": found.counts}, CODE)
    _HELD[key] = found
    return found


def count(game: DrawGame) -> DrawCounts:
    """Every class of deals × every hold × every pay class, counted (see the module)."""
    n = len(game.deck)
    final = final_hands(game)
    classes = final.classes
    table = subset_table(classes, n, len(game.lines) + 1)
    deals, weights = deal_classes(4 * len(game.deck.ranks), n)
    return DrawCounts(deals, weights, hold_counts(deals.astype(np.int64), table, classes, n), n)
