"""Pai Gow Poker counted exactly: every player hand, every setting of it, against every banker hand set by the house way.

A player who sets his seven cards P as (high h, low l) wins both hands against the banker's hands (bh, bl) when
bh < h and bl < l, loses both when bh ≥ h and bl ≥ l (copies go to the banker), and pushes otherwise. So for each P
and setting the count is a two-dimensional dominance count over the banker's hands sharing no card with P. The low
hand takes few values (91 in the full deck), so the count is split by the banker's low hand: for each low value c, the
banker hands setting a low hand of c are indexed by their high hands, and the hands sharing no card with P and worth
less than h follow by inclusion–exclusion over the cards they share with P (the showdown kernel,
:func:`casino_math.kernels.showdown.below`, with its plain reference beside it). Summed over the low values below l,
that is the wins; over those at or above l, the hands at or above h are the losses.

Every seven-card hand is set by the house way once (the banker's hands, and the player who sets as the house does);
the player's optimal setting is the one of highest exact expected value against the banker's hands left.

>>> from casino_math.methods.pai_gow.game_file import load_pai_gow_text, TINY
>>> counts = count(load_pai_gow_text(TINY))
>>> counts.hands.shape, counts.deals == 19448 * 120
((19448, 7), True)
>>> int(counts.wins[counts.rows, counts.house].sum() + counts.losses[counts.rows, counts.house].sum()) <= counts.deals
True
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np

from ...kernels.showdown import Index, below
from ...subsets import all_subsets
from .game_file import PaiGowGame
from .house_way import CODE

log = logging.getLogger("casino_math.count_cache")


@dataclass(frozen=True, eq=False)
class Counts:
    """Per player hand (rows of :attr:`hands`, every seven-card hand of the deck) and setting (21): the banker hands,
    of those sharing no card with it, that the setting wins both hands against (``wins``) and loses both to
    (``losses``); the house way's setting of each hand and the rule that set it."""

    game: PaiGowGame
    hands: np.ndarray  # (N, 7) card ids, ascending
    high: np.ndarray  # (N, 21) setting values
    low: np.ndarray
    house: np.ndarray  # (N,) the house way's setting
    rule: np.ndarray  # (N,) the rule that set it
    wins: np.ndarray  # (N, 21)
    losses: np.ndarray  # (N, 21)

    @property
    def rows(self) -> np.ndarray:
        return np.arange(len(self.hands))

    @property
    def banker_hands(self) -> int:
        """Banker hands per player hand: seven of the cards left."""
        return comb(len(self.game.deck) - 7, 7)

    @property
    def deals(self) -> int:
        return len(self.hands) * self.banker_hands

    @cached_property
    def legal(self) -> np.ndarray:
        return self.high > self.low

    def values(self) -> np.ndarray:
        """Each setting's total result over the banker's hands, in units of 1/denominator (exact integers):
        wins pay 1 less the commission, losses cost 1; illegal settings never taken."""
        c = self.game.commission
        scale = c.denominator
        net_win = (1 - c) * scale
        v = self.wins * int(net_win) - self.losses * int(scale)
        return np.where(self.legal, v, np.iinfo(np.int64).min)

    @cached_property
    def optimal(self) -> np.ndarray:
        """Each hand's setting of highest exact expected value (on equal values, the house way's, else the first)."""
        v = self.values()
        best = v.max(axis=1)
        house_best = v[self.rows, self.house] == best
        return np.where(house_best, self.house, np.argmax(v, axis=1))

    def ends(self, setting: np.ndarray) -> tuple[int, int, int]:
        """Deals the player wins both, pushes, loses both, setting each hand by ``setting``."""
        w = int(self.wins[self.rows, setting].sum())
        lose = int(self.losses[self.rows, setting].sum())
        return w, self.deals - w - lose, lose

    def expected(self, setting: np.ndarray) -> Fraction:
        w, _, lose = self.ends(setting)
        return Fraction(w * (1 - self.game.commission) - lose, self.deals)


def count(game: PaiGowGame, hands: np.ndarray | None = None) -> Counts:
    """Every player hand (or the rows of ``hands``) against every banker hand, exactly (see the module)."""
    way = game.way
    valued = way.hands
    every = all_subsets(len(game.deck), 7)
    setting, _ = way.set_or_fail(every)
    high_all, low_all = valued.settings(every)
    bh = high_all[np.arange(len(every)), setting]
    bl = low_all[np.arange(len(every)), setting]
    players = every if hands is None else hands
    if hands is None:
        high, low, house = high_all, low_all, setting
        rule = way.set(every)[1]
    else:
        high, low = valued.settings(players)
        house, rule = way.set_or_fail(players)
    wins, losses = dominance(every, bh, bl, players, high, low)
    return Counts(game, players, high, low, house, rule, wins, losses)


def dominance(banker: np.ndarray, bh: np.ndarray, bl: np.ndarray, players: np.ndarray, high: np.ndarray,
              low: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per player row and setting: banker hands sharing no card with it that are lower in both hands (wins), and at
    least as high in both (losses); by low value of the banker's, inclusion–exclusion on the high values."""
    n, settings = high.shape
    wins = np.zeros((n, settings), dtype=np.int64)
    losses = np.zeros((n, settings), dtype=np.int64)
    top = np.iinfo(np.int64).max
    thresholds = np.concatenate([high, np.full((n, 1), top)], axis=1)
    for value in np.unique(bl):
        mine = bl == value
        counted = below(Index.of(banker[mine], bh[mine]), players, thresholds)
        lower, total = counted[:, :settings], counted[:, settings:]
        wins += np.where(value < low, lower, 0)
        losses += np.where(value >= low, total - lower, 0)
    return wins, losses


# -- counts kept between runs (casino_math/count_cache.py) ------------------------------------------------------------
KIND = "Pai Gow Poker counts"
KEPT = ("high", "low", "house", "rule", "wins", "losses")


def count_key(game: PaiGowGame) -> str:
    """What the counts depend on: the deck, where A-2-3-4-5 ranks, and the house way's rules (not where they are
    written nor their published text; never the commission or the side bets' pays)."""
    rules = [(sorted(r.hands), r.conditions, r.negated, r.tries, r.play_as) for r in game.way.rules]
    return repr((game.deck.name, game.deck.ranks, game.deck.jokers, game.way.hands.wheel_second, [
        (hands, [(c.role, sorted(c.ranks)) for c in conditions], [(c.role, sorted(c.ranks)) for c in negated], tries, play_as)
        for hands, conditions, negated, tries, play_as in rules]))


def kept_or_counted(game: PaiGowGame) -> Counts:
    """The counts kept on disk for this game's key if they check out, else counted now and kept."""
    from ...count_cache import current

    cache = current()
    if cache is None:
        return count(game)
    key = count_key(game)
    found, stored = cache.load(KIND, key, game.id, CODE)
    if found:
        try:
            hands = all_subsets(len(game.deck), 7)
            arrays = {name: np.asarray(stored[name], dtype=np.int64) for name in KEPT}
            if any(len(a) != len(hands) for a in arrays.values()):
                raise ValueError("not this deck's hands")
            return Counts(game, hands, **arrays)
        except (ValueError, KeyError, TypeError) as error:
            log.warning(f"the counts of {game.id} kept in {cache.folder} do not fit this game ({type(error).__name__}); "
                        "they are computed again")
    counts = count(game)
    cache.keep(KIND, key, game.id, {name: getattr(counts, name) for name in KEPT}, CODE)
    return counts
