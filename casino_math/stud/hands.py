"""Scoring final stud hands: the best five cards a hand may play, given where each card fell.

Two things about a card's position can matter. A hole limit (Crocodile,
Buffalo, Murrumbidgee) lets only some of the first down cards play; a joker
may play as the bug face up and wild face down (Mexican stud). Everything
else is the plain best five of the hand, scored by the game's ranking.

>>> from casino_math.cards import parse_cards
>>> from casino_math.stud.games import get_game
>>> rule = HandRule.of(get_game("crocodile-stud"), "high")
>>> ranks, suits = hand_arrays([parse_cards("Ah Ad 7c 8d 9h Tc")])   # Ah Ad are the two down cards
>>> rule.category(rule.values(ranks, suits, limited=(0, 1))[0]), rule.category(rule.values(ranks, suits)[0])
('high_card', 'one_pair')
>>> mexican = HandRule.of(get_game("mexican-stud"), "high")
>>> ranks, suits = hand_arrays([parse_cards("Jk Kd Kc 5h 3s")])
>>> mexican.category(mexican.values(ranks, suits, down=(0,))[0]), mexican.category(mexican.values(ranks, suits, down=(1,))[0])
('three_of_a_kind', 'one_pair')
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Sequence

import numpy as np

from ..cards import Card
from ..rankings import WILD, Ranking, sort_hands
from .games import StudGame


def hand_arrays(hands: Sequence[Sequence[Card]]) -> tuple[np.ndarray, np.ndarray]:
    """Rank and suit arrays of equal-size hands in the order given (a joker as WILD, suit -1)."""
    ranks = np.array([[WILD if c.is_joker else c.rank for c in h] for h in hands], dtype=np.int64)
    suits = np.array([[c.suit for c in h] for h in hands], dtype=np.int64)
    return ranks, suits


@dataclass(frozen=True, eq=False)
class HandRule:
    """How a game scores its final hands of ``size`` cards under one ranking.

    ``up`` scores hands whose joker (if any) lies face up, ``down`` those whose
    joker lies face down; where a hole limit applies, at most ``usable`` of the
    limited cards may play.
    """

    up: Ranking
    down: Ranking
    size: int
    usable: int | None = None
    _drops: dict = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, game: StudGame, ranking: str) -> HandRule:
        return _rule(game, ranking)

    def category(self, value: int) -> str:
        return self.up.category_of(value)

    @property
    def roles_matter(self) -> bool:
        """Whether a card's position can change a hand's value."""
        return self.usable is not None or self.up is not self.down

    @cached_property
    def subsets(self) -> np.ndarray:
        """Every choice of ``hand_size`` columns out of ``size``, one per row."""
        k = self.up.hand_size
        return np.array(list(itertools.combinations(range(self.size), k)), dtype=np.int64).reshape(-1, k)

    def subset_values(self, ranks: np.ndarray, suits: np.ndarray, down: Sequence[int] = ()) -> np.ndarray:
        """Value of each five-card subset (columns as :attr:`subsets`) of each hand, shape (hands, subsets).

        ``down`` lists the columns dealt face down; with a face-dependent joker,
        a hand whose joker lies there is scored by the ``down`` ranking.
        """
        if ranks.shape[1] != self.size:
            raise ValueError(f"hands of {self.size} cards expected, not {ranks.shape[1]}")
        if not self.roles_matter:
            ranks, suits = sort_hands(ranks, suits)  # no column is special: sort once
        keys = ranks * 8 + suits
        presorted = bool(np.all(keys[:, :-1] >= keys[:, 1:]))
        jokers_down = None
        if self.up is not self.down and len(down):
            jokers_down = np.flatnonzero((ranks[:, list(down)] == WILD).any(axis=1))
        values = np.empty((len(ranks), len(self.subsets)), dtype=np.int32)
        for i, subset in enumerate(self.subsets):
            r, s = ranks[:, subset], suits[:, subset]
            if not presorted:
                r, s = sort_hands(r, s)
            values[:, i] = self.up.best_values(r, s)
            if jokers_down is not None and len(jokers_down):
                # natural hands score alike under both, so only hands holding a down joker are rescored
                values[jokers_down, i] = self.down.best_values(r[jokers_down], s[jokers_down])
        return values

    def best(self, values: np.ndarray, limited: Sequence[int] = (), cache: dict | None = None) -> np.ndarray:
        """The best value each hand may play, from :meth:`subset_values`; ``limited``: the columns under the hole limit.

        Five cards that use at most ``usable`` of the limited ones are exactly
        five cards that leave out some ``len(limited) - usable`` of them, so the
        answer is the best over those left-out sets of the best five avoiding each.
        ``cache`` keeps those per left-out set, for callers that try many
        choices of limited columns on the same ``values``.
        """
        if self.usable is None or len(limited) <= self.usable:
            return values.max(axis=1)
        cache = {} if cache is None else cache
        best = np.full(len(values), -1, dtype=np.int32)
        for left_out in itertools.combinations(sorted(limited), len(limited) - self.usable):
            if left_out not in cache:
                cache[left_out] = values[:, self._avoiding(left_out)].max(axis=1)
            np.maximum(best, cache[left_out], out=best)
        return best

    def _avoiding(self, columns: tuple[int, ...]) -> np.ndarray:
        """Indices of the subsets that use none of ``columns``."""
        keep = self._drops.get(columns)
        if keep is None:
            keep = self._drops[columns] = np.flatnonzero(~np.isin(self.subsets, columns).any(axis=1))
        return keep

    def values(self, ranks: np.ndarray, suits: np.ndarray, *, down: Sequence[int] = (), limited: Sequence[int] = ()) -> np.ndarray:
        """Values of whole hands (rows), given which columns lie face down and which are under the hole limit."""
        return self.best(self.subset_values(ranks, suits, down), limited)


@lru_cache(maxsize=None)
def _rule(game: StudGame, ranking: str) -> HandRule:
    up, down = game.rankings(ranking)
    return HandRule(up, down if game.face_matters else up, game.cards, game.hole_limit.usable if game.hole_limit else None)


def game_rules(game: StudGame) -> tuple[HandRule, ...]:
    """The game's hand rules: the main ranking's, then the low half's where the pot splits."""
    return tuple(HandRule.of(game, name) for name in game.ranking_names)
