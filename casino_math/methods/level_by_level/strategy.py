"""The strategy the engine derived, as tables and in words.

A decision's table has one row per class of what the player has seen, with
the expected value of every option and the one taken. In words: where the
choice follows the strength of the player's hand alone, as a threshold
("play Q-6-4 or better"); otherwise as how often each option is taken, by
the category of the player's hand ("high card: raise 2.55%, fold the rest").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np

from ...cards import RANK_CHARS, RANK_NAMES
from ...rankings import CATEGORY_SHIFT, SuitRanking
from ...suits import Symmetry
from ...text import percent, words
from .counts import ROLE_OF, SCRATCH, Counts
from ...game.description import Game
from ...contract.solution import Decided, PlainView
from ...contract.money import History, history_text
from ...game.simple_strategies import player_cards_at
from .chosen import Chosen
from ...levels import SEEN_ROLES

if TYPE_CHECKING:  # pandas loads when a table is asked for, not with the engine
    import pandas as pd

ROLE_TITLES = {"player": "player", "board": "board", "up": "dealer shows"}


def describe(category: str, ranks: list[int]) -> str:
    """A hand as players say it: ``Q-6-4`` for a high card, ``pair of 4s``, ``two pair, Ks and 9s``, ``flush``."""
    groups = sorted(set(ranks), key=lambda r: (-ranks.count(r), -r))
    if category == "high_card":
        return "-".join(RANK_CHARS[r - 2] for r in sorted(ranks, reverse=True))
    if category in ("pair", "one_pair", "three_of_a_kind", "four_of_a_kind"):
        return f"{words(category).removeprefix('one ')} of {_plural(groups[0])}"
    if category == "two_pair":
        return f"two pair, {_plural(groups[0])} and {_plural(groups[1])}"
    return words(category)


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def _sums(weights: np.ndarray, groups: np.ndarray, size: int, floats: np.ndarray | None = None) -> list[int]:
    """The weights summed per group (``groups``: 0 to ``size`` - 1), exactly: as floats where no sum can reach 2**53
    (whole numbers that size add exactly), one pass; else a pass per group in integers. ``floats``: the weights as
    floats already, where they are exact so (:meth:`DecisionStrategy.floats`).

    >>> _sums(np.array([5, 1, 2]), np.array([0, 2, 0]), 3)
    [7, 0, 1]
    """
    if floats is not None or int(weights.sum()) < 2**53:
        floats = weights.astype(np.float64) if floats is None else floats
        return [int(x) for x in np.bincount(groups, weights=floats, minlength=size)]
    return [int(weights[groups == g].sum()) for g in range(size)]


@dataclass(frozen=True, eq=False)
class DecisionStrategy(PlainView):
    """One decision under one history of stakes: what the player sees, each option's value, and the choice."""

    game: Game
    counts: Counts
    chosen: Chosen
    by_category = False

    @property
    def name(self) -> str:
        return self.chosen.decision.name

    @property
    def options(self) -> tuple:
        """The decision's options, in the order a tie goes."""
        return self.chosen.options

    @property
    def history(self) -> str:
        """The wagers made before this decision, e.g. ``third_street=3``; empty at the first."""
        return history_text(self.game, self.chosen.history)

    @cached_property
    def weights(self) -> np.ndarray:
        return self.counts.levels[self.chosen.level].weights

    @property
    def classes(self) -> int:
        """The classes of seen cards, one row each."""
        return len(self.weights)

    @cached_property
    def player_values(self) -> np.ndarray | None:
        """The player's hand value in each class, where the player holds a whole hand at this decision."""
        hand = self.game.hands.get("player")
        if hand is None or hand.ranking is None or player_cards_at(self.game, self.chosen.decision) < hand.best:
            return None
        return self.counts.values(hand, self.chosen.level)

    @property
    def floats(self) -> np.ndarray | None:
        """The weights as floats, where every sum of them is exact so (kept in memory with the counts: the studio sums
        them at every edit); None where it is not."""
        key = (SCRATCH, "weights as floats", self.chosen.level % len(self.counts.levels))
        if key not in self.counts.memo:
            self.counts.memo[key] = self.weights.astype(np.float64) if int(self.weights.sum()) < 2**53 else None
        return self.counts.memo[key]

    @property
    def categories(self) -> np.ndarray:
        """The category of the player's hand in each class (kept in memory with the counts)."""
        assert self.player_values is not None
        key = (SCRATCH, "categories", self.game.hands["player"].of, self.chosen.level % len(self.counts.levels))
        if key not in self.counts.memo:
            self.counts.memo[key] = self.player_values >> CATEGORY_SHIFT
        return self.counts.memo[key]

    def taken(self) -> dict[str, int]:
        """Card sets taking each option."""
        per = _sums(self.weights, self.chosen.choice, len(self.chosen.options), self.floats)
        return {o.name: per[i] for i, o in enumerate(self.chosen.options)}

    def frame(self) -> pd.DataFrame:
        """One row per class: the cards seen (a member of the class), how many card sets it stands for, each option's
        expected value per initial unit, and the option taken. Exact values: :meth:`~casino_math.methods.level_by_level.strategy.DecisionStrategy.exact`."""
        import pandas as pd

        level = self.counts.levels[self.chosen.level]
        names = np.array([str(c) for c in self.game.deck.cards])
        data: dict[str, object] = {}
        for role in SEEN_ROLES:
            cards = level.cards[role]
            if cards.shape[1]:
                # shown high card first, as players read a hand
                text = names[cards[:, ::-1]]
                data[ROLE_TITLES[role]] = [" ".join(row) for row in text.tolist()]
        if self.player_values is not None:
            hand = self.game.hands["player"]
            assert hand.ranking is not None
            data["hand"] = np.array(hand.ranking.categories)[self.player_values >> CATEGORY_SHIFT]
        data["combinations"] = self.weights
        scale = self.chosen.scale * self.chosen.completions
        for i, option in enumerate(self.chosen.options):
            ev = self.chosen.values[i] / scale
            # an option the hand may not take (open only with a better hand) has no value there
            data[f"ev_{option.name}"] = ev if self.chosen.open is None else np.where(self.chosen.open[i], ev, np.nan)
        data["decision"] = [self.chosen.options[i].name for i in self.chosen.choice.tolist()]
        return pd.DataFrame(data)

    def exact(self, row: int, option: str) -> Fraction:
        """The exact expected value per initial unit of ``option`` in class ``row`` (ValueError: the hand there may not
        take it)."""
        index = [o.name for o in self.chosen.options].index(option)
        if self.chosen.open is not None and not self.chosen.open[index, row]:
            limit = self.chosen.options[index].only_with
            assert limit is not None  # only a limited option is closed to some hands
            raise ValueError(f"{option} is not open to this hand: only with {limit.text} or better")
        return self.chosen.ev(index, row)

    @cached_property
    def threshold(self) -> str | None:
        """Where every option that wagers more is taken by stronger hands only: the weakest hand that does not fold
        (or, with no fold, that takes more than the least). None where the choice is not a threshold on the hand."""
        thresholds = self.thresholds
        return thresholds[-1][1] if thresholds else None

    @cached_property
    def thresholds(self) -> list[tuple[str, str]]:
        """(option, weakest hand taking it or a bigger one) for each option above the least, biggest first; empty
        where the choice does not follow the hand's strength."""
        values = self.player_values
        if values is None:
            return []
        options = sorted(range(len(self.chosen.options)), key=lambda i: (self.chosen.options[i].units, not self.chosen.options[i].folds))
        rank = np.empty(len(options), dtype=np.int64)
        rank[options] = np.arange(len(options))
        level = rank[self.chosen.choice]
        out = []
        for step in range(len(options) - 1, 0, -1):
            takes = level >= step
            if not takes.any():
                continue
            # a threshold: every hand weaker than the weakest taking it leaves it, and no hand as strong does (passes in
            # the classes' order: no sort of them by value)
            weakest = values.min(where=takes, initial=np.iinfo(values.dtype).max)
            if values.max(where=~takes, initial=np.iinfo(values.dtype).min) >= weakest:
                return []
            out.append((self.chosen.options[options[step]].name, self._describe(int(np.argmax(values == weakest)))))
        return out

    def _describe(self, row: int) -> str:
        hand = self.game.hands["player"]
        assert hand.ranking is not None and self.player_values is not None
        if isinstance(hand.ranking, SuitRanking):  # a hand of suits is named by its best suit's cards
            return hand.ranking.describe(int(self.player_values[row]))
        cards = self.counts.hand_cards(hand, self.chosen.level)[row]
        ranks = [self.game.deck.cards[c].rank for c in cards]
        category = hand.ranking.category_of(int(self.player_values[row]))
        if len(ranks) > hand.best:  # the best cards only: keep those of the hand's shape
            ranks = sorted(ranks, reverse=True)[: hand.best]
        return describe(category, ranks)

    def summary(self) -> str:
        """The strategy in a sentence or two."""
        prefix = f"after {self.history}: " if self.history else ""
        if self.thresholds:
            parts = [f"{option} {hand} or better" for option, hand in self.thresholds]
            least = min(self.chosen.options, key=lambda o: (o.units, not o.folds)).name
            return prefix + "; ".join(parts) + f"; {least} the rest"
        if self.player_values is None:
            taken = self.taken()
            total = sum(taken.values())
            shares = [f"{name} {n:,} of {total:,} ({percent(n / total, 2)})" for name, n in taken.items() if n]
            return prefix + "; ".join(shares)
        hand = self.game.hands["player"]
        assert hand.ranking is not None
        options = len(self.chosen.options)
        categories = self.categories
        grouped = _sums(self.weights, categories * options + self.chosen.choice, len(hand.ranking.categories) * options, self.floats)
        seen = np.bincount(categories, minlength=len(hand.ranking.categories))
        parts = []
        for c in reversed(range(len(hand.ranking.categories))):
            if not seen[c]:
                continue
            per = {o.name: grouped[c * options + i] for i, o in enumerate(self.chosen.options)}
            n = sum(per.values())
            name = words(hand.ranking.categories[c])
            shown = [f"{o} {percent(k / n, 2)}" if k != n else o for o, k in per.items() if k]
            parts.append(f"{name}: {', '.join(shown)}")
        return prefix + "; ".join(parts)



@dataclass(frozen=True, eq=False)
class ClassLookup:
    """Decisions looked up by the class of what the player has seen: per decision, the canonical key (up to the suit
    renamings the counts used) of each class's members, sorted, with the class of each; per decision and stakes, the
    solver's choice and values per class.

    The keys cost seconds on a big game and an analysis never asks for them: they are made when a decision is first
    looked up (a simulation), kept with the counts (on disk with them, see :mod:`casino_math.count_cache`), and made
    before the lookup is sent to a worker, so that no worker makes them again."""

    symmetry: Symmetry
    counts: Counts
    chosen: dict[tuple[str, History], Chosen]
    keyed: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    @classmethod
    def of(cls, symmetry: Symmetry, counts: Counts, decisions: tuple[Chosen, ...]) -> ClassLookup:
        return cls(symmetry, counts, {(c.decision.name, c.history): c for c in decisions})

    def keys(self, decision: str) -> tuple[np.ndarray, np.ndarray]:
        """The sorted canonical keys of the classes at ``decision``, and the class of each."""
        if decision not in self.keyed:
            level = next(c.level for c in self.chosen.values() if c.decision.name == decision)
            memo = ("canonical", level)
            if memo not in self.counts.memo:
                cards = self.counts.levels[level].cards
                # a level that keeps one card set per class may hold several sets of one key, all played alike
                unique, first = np.unique(self.key_of(self.symmetry, [cards[r].astype(np.int64) for r in SEEN_ROLES]), return_index=True)
                self.counts.memo[memo] = np.stack([unique, first])
            stored = self.counts.memo[memo]
            self.keyed[decision] = (stored[0], stored[1])
        return self.keyed[decision]

    def __reduce__(self) -> tuple:
        for name, _ in self.chosen:
            self.keys(name)
        return (type(self), (self.symmetry, self.counts, self.chosen, self.keyed))

    @classmethod
    def key_of(cls, symmetry: Symmetry, roles: list[np.ndarray]) -> np.ndarray:
        """The key of each row of seen cards (card ids per seen role): the same for every member of a class."""
        return symmetry.canonical(roles)[0]

    def decide(self, decision: str, stakes: History, seen: Mapping[str, np.ndarray]) -> Decided | None:
        chosen = self.chosen.get((decision, tuple(stakes)))
        if chosen is None:  # the decision is closed after these stakes (or never open)
            return None
        keys, classes = self.keys(decision)
        found = self.key_of(self.symmetry, [seen[r] for r in SEEN_ROLES])
        at = np.minimum(np.searchsorted(keys, found), len(keys) - 1)
        if not (keys[at] == found).all():
            raise KeyError(f"cards seen at {decision} that no class of the count holds (too many or too few cards?)")
        rows = classes[at]
        return Decided(chosen.options, chosen.choice[rows], chosen.values[:, rows], chosen.scale * chosen.completions)


__all__ = ["ClassLookup", "DecisionStrategy", "ROLE_OF", "describe"]
