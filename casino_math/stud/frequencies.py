"""Exact frequency tables of the final hands of a stud game.

Hands are counted by class (see :mod:`casino_math.enumeration`): one
representative per rank pattern and flush structure, weighted by how many
hands it stands for. Where a card's position matters — a hole limit, or a
joker that is the bug face up and wild face down — each hand is also counted
once per *arrangement*: every way to choose which of its cards fell in the
positions that matter (which three of Buffalo's eight cards were the first
down cards, which of Mexican stud's five was the hole card). All
arrangements of a hand are equally likely, so the table counts deals.

>>> table = stud_frequencies("seven-card-stud").table
>>> table.loc[0, "category"], table.loc[0, "combinations"], table.attrs["total"]
('royal_flush', 4324, 133784560)
>>> croc = stud_frequencies("crocodile-stud")
>>> croc.arrangements, croc.total == 20358520 * 15
(15, True)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd

from ..enumeration import deal
from ..rankings import CATEGORY_SHIFT
from .games import StudGame, get_game
from .hands import HandRule, game_rules

_CHUNK = 40_000  # class hands per pass: keeps the (hands x subsets) value arrays small


@dataclass(frozen=True)
class StudFrequencies:
    """The frequency table of a game's final hands.

    ``table`` has a row per category of the main ranking (strongest first);
    in a split-pot game it also says how many of those hands hold a
    qualifying low, and ``low`` tabulates the low half's categories.
    """

    game: StudGame
    arrangements: int
    table: pd.DataFrame
    low: pd.DataFrame | None

    @property
    def total(self) -> int:
        """Deals counted: every hand times its arrangements."""
        return int(self.table.attrs["total"])

    @property
    def qualifying_low(self) -> Fraction | None:
        """Probability that the low half has a qualifying hand (split-pot games)."""
        if self.low is None:
            return None
        return sum((p for c, p in zip(self.low["category"], self.low["probability"]) if c != "no_low"), Fraction(0))


def _frame(categories: tuple[str, ...], counts: np.ndarray, total: int) -> pd.DataFrame:
    rows = [
        {
            "category": name,
            "combinations": int(count),
            "probability": Fraction(int(count), total),
            "probability_float": int(count) / total,
            "one_in": total / int(count) if count else float("inf"),
        }
        for name, count in reversed(list(zip(categories, counts)))
    ]
    frame = pd.DataFrame(rows, columns=["category", "combinations", "probability", "probability_float", "one_in"])
    frame["combinations"] = frame["combinations"].astype(object)  # Python ints: exact at any size
    frame.attrs["total"] = total
    return frame


def _arrangements(game: StudGame) -> tuple[str, list[tuple[int, ...]]]:
    """Which role a hand's positions play, and every choice of the hand's columns that fill it."""
    if game.hole_limit:
        return "limited", list(itertools.combinations(range(game.cards), game.hole_limit.cards))
    if game.face_matters:
        return "down", list(itertools.combinations(range(game.cards), len(game.down_positions)))
    return "none", [()]


def _count_key(game: StudGame) -> tuple:
    """What the counts depend on: games that agree here (Buffalo and Murrumbidgee) share one count."""
    role, chosen = _arrangements(game)
    return (game.the_deck, game.ranking_names, game.joker_up, game.joker_down, game.cards,
            game.hole_limit, role, len(chosen[0]))


_COUNTS: dict[tuple, tuple[np.ndarray, int]] = {}


def _joint_counts(game: StudGame) -> tuple[np.ndarray, int]:
    """Deals by (main category, low category), cached per :func:`_count_key`."""
    key = _count_key(game)
    if key not in _COUNTS:
        _COUNTS[key] = _count(game)
    return _COUNTS[key]


def _count(game: StudGame) -> tuple[np.ndarray, int]:
    """Deals by (main category, low category): shape (main, low), low of size 1 when the pot does not split."""
    rules = game_rules(game)
    role, chosen = _arrangements(game)
    hands = deal(rules[0].up, game.cards)
    sizes = [len(r.up.categories) for r in rules] + [1]
    joint = np.zeros(sizes[0] * sizes[1], dtype=np.float64)  # sums of integers below 2**53: exact
    for start in range(0, len(hands.weights), _CHUNK):
        ranks, suits = hands.ranks[start : start + _CHUNK], hands.suits[start : start + _CHUNK]
        weights = hands.weights[start : start + _CHUNK].astype(np.float64)
        subset_values: dict[tuple, np.ndarray] = {}
        caches: dict[tuple, dict] = {}
        for columns in chosen:
            down = columns if role == "down" else ()
            limited = columns if role == "limited" else ()
            index = np.zeros(len(weights), dtype=np.int64)
            for i, rule in enumerate(rules):
                key_ = (i, down if rule.up is not rule.down else ())
                if key_ not in subset_values:
                    subset_values[key_] = rule.subset_values(ranks, suits, down)
                values = rule.best(subset_values[key_], limited, caches.setdefault(key_, {}))
                index = index * sizes[i] + (values >> CATEGORY_SHIFT)
            joint += np.bincount(index, weights=weights, minlength=len(joint))
    total = comb(len(game.the_deck), game.cards) * len(chosen)
    counts = np.rint(joint).astype(np.int64).reshape(sizes[0], -1)
    assert int(counts.sum()) == total, "every deal counted once"
    return counts, total


def stud_frequencies(game: str | StudGame) -> StudFrequencies:
    """Exact counts of the final hands of ``game``, by category (and by low, where the pot splits)."""
    game = get_game(game)
    counts, total = _joint_counts(game)
    rules: tuple[HandRule, ...] = game_rules(game)
    table = _frame(rules[0].up.categories, counts.sum(axis=1), total)
    low = None
    if game.split is not None:
        low_categories = rules[1].up.categories
        qualifying = counts[:, [i for i, name in enumerate(low_categories) if name != "no_low"]].sum(axis=1)
        table["with_low"] = [int(c) for c in qualifying[::-1]]
        table["with_low"] = table["with_low"].astype(object)
        table["with_low_probability"] = [Fraction(int(c), total) for c in qualifying[::-1]]
        low = _frame(low_categories, counts.sum(axis=0), total)
    _, chosen = _arrangements(game)
    table.attrs.update(game=game.name, cards=game.cards, deck=str(game.the_deck), arrangements=len(chosen))
    return StudFrequencies(game, len(chosen), table, low)
