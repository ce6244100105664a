"""The house way against itself over every deal, by the cards the two hands share: the count that scales to 53 cards.

When the player sets as the banker does (the game as casinos quote it), each seven-card hand is one point: its
setting's high and low values. The deals won both are Σ over card sets S of ``(−1)^|S|`` times the ordered pairs of hands
both holding S with the banker's point below the player's in both coordinates (a deal's two hands share no card
exactly when the alternating sum over the sets they share is 1); the deals lost both, the same with "at least as high
in both". One term is one sweep over the ``C(n − |S|, 7 − |S|)`` hands holding S (:mod:`casino_math.methods.pai_gow.kernel`).
The terms of sets alike under a renaming of suits are equal, so one set per class is swept and weighed by the class's
size: the 53-card deck has 1 + 14 + 182 + … classes of sets instead of its C(53, k) sets (:func:`classes`).

>>> from casino_math.methods.pai_gow.game_file import load_pai_gow_text, TINY
>>> game = load_pai_gow_text(TINY)
>>> points = hand_points(game)
>>> totals(points, 17) == totals(points, 17, classes(game.deck))
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from ...cards import Deck
from .kernel import dominance_pairs, supersets
from ...subsets import all_subsets
from ...suits import Symmetry
from .game_file import SECTION, PaiGowGame
from ...held import Held

CHUNK = 50_000  # hands set by the house way at once (their 21 settings stay in the processor's cache: about 4x faster than 10^6)


@dataclass(frozen=True, eq=False)
class Points:
    """Every seven-card hand's setting by the house way (colex order of its cards), as ranks of its high and low values."""

    high: np.ndarray
    low: np.ndarray
    width: int  # distinct high values


def hand_points(game: PaiGowGame, hands: int | None = None) -> Points:
    """The house way's setting of every seven-card hand of the deck (or of its first ``hands`` in colex order)."""
    way = game.way
    every = all_subsets(len(game.deck), 7) if hands is None else all_subsets(len(game.deck), 7)[:hands]
    high = np.empty(len(every), dtype=np.int64)
    low = np.empty(len(every), dtype=np.int64)
    for start in range(0, len(every), CHUNK):
        rows = every[start:start + CHUNK]
        setting, _ = way.set_or_fail(rows)
        h, lo = way.hands.settings(rows)
        pick = np.arange(len(rows))
        high[start:start + CHUNK], low[start:start + CHUNK] = h[pick, setting], lo[pick, setting]
    distinct_high, high_rank = np.unique(high, return_inverse=True)
    low_rank = np.unique(low, return_inverse=True)[1]
    return Points(high_rank.astype(np.int64), low_rank.astype(np.int64), len(distinct_high))


def classes(deck: Deck, sizes: range = range(8)) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Per size k, one set of k cards per class under the renamings of suits, and how many sets each class holds."""
    symmetry = Symmetry.of(deck)
    out = {}
    for k in sizes:
        sets = all_subsets(len(deck), k)
        if k == 0:
            out[k] = (sets, np.ones(1, dtype=np.int64))
            continue
        keys, reps = symmetry.canonical([sets])
        unique, first, weight = np.unique(keys, return_index=True, return_counts=True)
        out[k] = (reps[0][first], weight.astype(np.int64))
    return out


def totals(points: Points, n: int, by_class: dict[int, tuple[np.ndarray, np.ndarray]] | None = None,
           sizes: range = range(8)) -> tuple[int, int]:
    """Deals won both and lost both by a player setting as the house does, over every deal of an ``n``-card deck
    (the terms of ``sizes`` only, for a benchmark's sample)."""
    won = lost = 0
    for k in sizes:
        if by_class is None:
            sets, weights = all_subsets(n, k), np.ones(comb(n, k), dtype=np.int64)
        else:
            sets, weights = by_class[k]
        sign = -1 if k % 2 else 1
        for held, weight in zip(sets, weights.tolist()):
            rows = supersets(held, n, 7)
            below, above = dominance_pairs(points.high[rows], points.low[rows], points.width)
            won += sign * weight * below
            lost += sign * weight * above
    return won, lost


# -- the full count, in shards ---------------------------------------------------------------------------------------
def block(n: int, top: int) -> np.ndarray:
    """The seven-card sets of ``range(n)`` whose highest card is ``top``, in colex order (consecutive colex ranks
    from C(top, 7)): every colex-ordered 6-set below ``top``, with ``top``; the plain reference of
    :func:`block_pieces`, which deals them out in pieces."""
    low = all_subsets(top, 6)
    return np.concatenate([low, np.full((len(low), 1), top, dtype=np.int64)], axis=1)


def points_shard(shard: tuple[str, int]) -> np.ndarray:
    """One shard of the hands' points: those whose highest card is ``top``, as (2, hands) ranks of high and low values."""
    path, top = shard
    game = _game(path)
    assert isinstance(game, PaiGowGame)
    valued = game.way.hands
    out = np.empty((2, comb(top, 6)), dtype=np.int16)
    highs, lows = _distinct(game)
    done = 0
    for rows in block_pieces(top):
        for start in range(0, len(rows), CHUNK):
            part = rows[start:start + CHUNK]
            setting = game.way.set_or_fail(part)[0]
            h, lo = valued.settings(part)
            pick = np.arange(len(part))
            out[0, done:done + len(part)] = np.searchsorted(highs, h[pick, setting])
            out[1, done:done + len(part)] = np.searchsorted(lows, lo[pick, setting])
            done += len(part)
    return out


def block_pieces(top: int) -> Any:
    """:func:`block` in pieces, in the same colex order: the sets whose second-highest card is ``m``, for each ``m`` in
    turn (the 53-card deck's largest block, 20,358,520 hands, would take 1.1 GB at once; its largest piece 130 MB).

    >>> np.array_equal(np.concatenate(list(block_pieces(9))), block(20, 9))
    True
    """
    for m in range(5, top):
        low = all_subsets(m, 5)
        yield np.concatenate([low, np.full((len(low), 1), m, dtype=np.int64), np.full((len(low), 1), top, dtype=np.int64)],
                             axis=1)


_GAMES: Held[str, PaiGowGame] = Held()


def _game(path: str) -> PaiGowGame:
    """A game file read once per worker process (its house way checked, its five-card values built once), by this
    method's own section."""
    from ...game.loader import read_game

    if path not in _GAMES:
        game = read_game(path, (SECTION,))
        assert isinstance(game, PaiGowGame)
        _GAMES[path] = game
    return _GAMES[path]


def _distinct(game: PaiGowGame) -> tuple[np.ndarray, np.ndarray]:
    return game.way.hands.distinct


def sweep_shard(shard: tuple[str, int, np.ndarray, np.ndarray, int]) -> np.ndarray:
    """One shard of the sweeps: card sets (one per class) and their class sizes, over the points kept in ``path``;
    the signed, weighted deals won both and lost both, as two whole numbers (each split in two int64 halves)."""
    path, n, sets, weights, width = shard
    points = np.load(path, mmap_mode="r")
    won = lost = 0
    for held, weight in zip(sets, weights.tolist()):
        rows = supersets(held, n, 7)
        high, low = np.asarray(points[0][rows]), np.asarray(points[1][rows])
        del rows  # the hands' ranks (1.2 GB for the empty set's 154,143,080) are not needed past the gather
        below, above = dominance_pairs(high, low, width)
        won += weight * below
        lost += weight * above
    sign = -1 if len(sets[0]) % 2 else 1
    return np.array(_halves(sign * won) + _halves(sign * lost), dtype=np.int64)


def _halves(x: int) -> list[int]:
    return [x >> 32, x & 0xFFFFFFFF]


def _whole(high: int, low: int) -> int:
    return (int(high) << 32) + int(low)


def full_count(game: PaiGowGame, folder: str, runner: Any, progress: Any = None, per_shard: int = 2000) -> tuple[int, int]:
    """Deals won both and lost both by a player setting as the house does, over every deal of the game's deck, in
    shards on ``runner`` (:mod:`casino_math.parallel`): the hands' points (kept in ``folder``), then one sweep per class
    of shared card sets; a run stopped resumes from the shards its runner keeps."""
    from ...parallel import Shards

    n = len(game.deck)
    points_path = os.path.join(folder, "points.npy")
    if not os.path.exists(points_path):
        blocks = Shards(points_shard, [(game.path, top) for top in range(6, n)], f"pai-gow-points-{game.sha256[:16]}").run(
            runner, progress, "hands set by the house way")
        np.save(points_path, np.concatenate(blocks, axis=1))
        del blocks  # the points are on disk: the sweeps read them from there
    width = len(_distinct(game)[0])
    shards = []
    for sets, weights in classes(game.deck, range(7)).values():
        for start in range(0, len(sets), per_shard):
            shards.append((points_path, n, sets[start:start + per_shard], weights[start:start + per_shard], width))
    results = Shards(sweep_shard, shards, f"pai-gow-sweeps-{game.sha256[:16]}").run(runner, progress, "card sets swept")
    won = sum(_whole(r[0], r[1]) for r in results)
    lost = sum(_whole(r[2], r[3]) for r in results) - comb(n, 7)  # the sets of seven: each hand at least as high as itself
    return won, lost

