"""The hand-rank strategy table, derived from the optimal holds: lines such as "4 to a royal flush", "low pair" or
"suited QJ", ordered so that the player who holds the first line his hand has plays as near the optimal holds as an
ordered list can, each line with how often it decides the hand and what it is worth.

Every hold of every deal is a kind of hold (:mod:`~casino_math.methods.draw.hold_kinds`); the kinds some deal's optimal
hold keeps are the card's lines. Their order follows Ethier, Kim and Lee's method (S. N. Ethier, *The Doctrine of
Chances*, Springer 2010, ch. 17): a kind A must rank above a kind B where some deal's optimal hold is an A and the deal
has a B too; the expected value given up on those deals, were B above A, is the weight of the conflict. Where the
conflicts form no cycle, their order is a card without error; where they do, the order giving up least in total is
sought (:func:`pairwise_order`: the conflicts' linear ordering, by insertion moves), then refined on the card's exact
return (:func:`refined`: each line moved to the place where the card, played over every deal, returns most, until no
move gains). :func:`~.strategy_card.play` prices the card exactly: its return, its cost against the optimal holds,
the deals where it errs, and per line the deals it decides and their average expected value.

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> from casino_math.methods.draw.method import DRAW_METHOD
>>> view = DRAW_METHOD.solve(load_draw_text(TINY)).strategy.decisions[0]
>>> frame = strategy_table(view)
>>> list(frame.columns), frame["line"].iloc[0]
(['line', 'deals', 'frequency', 'ev', 'ev_float', 'erring'], 'four of a kind (all five held)')
>>> card = derived_card(view)
>>> card.cost >= 0, card.returned <= card.optimal
(True, True)
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from ...held import Held
from .counting import DrawCounts, count_key
from .game_file import DrawGame
from .hold_kinds import is_stood, kind_codes, kind_name, kinds
from .solving import Played, pays_of
from .strategy_card import NO_LINE, CardPlay, hold_values, play

if TYPE_CHECKING:
    import pandas as pd

MOST_MOVES = 2_000  # the refinement stops there if moves still gain (each gains; none has needed as many)

_KINDS: Held[str, tuple[np.ndarray, list[str], np.ndarray]] = Held(most=2)
_CARDS: Held[tuple[str, tuple[Any, ...]], CardPlay] = Held(most=4)


def named(game: DrawGame, deals: np.ndarray) -> tuple[np.ndarray, list[str], np.ndarray]:
    """Each hold of the game's classes of deals as an index into the kinds' names, and whether each kind is a hand
    stood on; held in this process (the kinds depend on the lines alone, not on their pays)."""
    key = count_key(game)
    if key not in _KINDS:
        codes = kind_codes(game, kinds(game, deals))
        found, index = np.unique(codes, return_inverse=True)
        _KINDS[key] = (index.reshape(codes.shape), [kind_name(game, int(c)) for c in found],
                       np.array([is_stood(int(c)) for c in found]))
    return _KINDS[key]


def derived_card(view: Any) -> CardPlay:
    """The derived card played over every deal (held in this process per game and pays)."""
    game, counts, played = view.game, view.counts, view.played
    key = (count_key(game), pays_of(game))
    if key not in _CARDS:
        _CARDS[key] = derive(game, counts, played)
    return _CARDS[key]


def derive(game: DrawGame, counts: DrawCounts, played: Played) -> CardPlay:
    """The card (see the module): the kinds optimal somewhere, ordered, played exactly."""
    ids, words, stood = named(game, counts.deals.astype(np.int64))
    values = hold_values(game, counts, played)
    conflicts = Conflicts.of(ids, values, played.choice.astype(np.int64), counts.weights, len(words))
    held = {w for w, s in zip(words, stood) if not s}  # a hand stood on, named as cards held are, says so
    names = [f"{w} (all five held)" if stood[k] and w in held else w for k, w in enumerate(words)]
    order = presented(conflicts, refined(conflicts, pairwise_order(conflicts.matrix())))
    card = _played(game, counts, played, values, ids, names, conflicts.kinds[order])
    deciding = np.array([deals > 0 for _, deals, _, _ in card.by_line()])  # a line deciding no deal changes nothing
    return card if deciding.all() else _played(game, counts, played, values, ids, names, conflicts.kinds[order][deciding])


def _played(game: DrawGame, counts: DrawCounts, played: Played, values: np.ndarray, ids: np.ndarray, names: list[str],
            lines: np.ndarray) -> CardPlay:
    place = np.full(len(names), NO_LINE, dtype=np.int64)
    place[lines] = np.arange(len(lines))
    return play(game, counts, played, values, place[ids], tuple(names[k] for k in lines))


class Conflicts:
    """Per class of deals, each kind of the card it has and the best value of its holds of that kind (flat arrays,
    sorted by deal); the kinds are those some deal's optimal hold keeps, numbered 0..m-1 here."""

    def __init__(self, kinds: np.ndarray, deal: np.ndarray, kind: np.ndarray, value: np.ndarray, optimal: np.ndarray,
                 weights: np.ndarray) -> None:
        self.kinds, self.deal, self.kind, self.value, self.optimal = kinds, deal, kind, value, optimal
        self.weights = weights.astype(np.float64)
        self.starts = np.flatnonzero(np.r_[True, deal[1:] != deal[:-1]])

    @classmethod
    def of(cls, ids: np.ndarray, values: np.ndarray, choice: np.ndarray, weights: np.ndarray, names: int) -> Conflicts:
        rows = np.arange(len(ids))
        best = ids[rows, choice]
        useful = np.unique(best)
        number = np.full(names, -1, dtype=np.int64)
        number[useful] = np.arange(len(useful))
        key = (rows[:, None] * names + ids).ravel()
        order = np.argsort(key, kind="stable")  # by deal and kind
        key = key[order]
        starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        key, flat = key[starts], np.maximum.reduceat(values.ravel()[order], starts)  # each kind's best hold
        deal, kind = key // names, number[key % names]
        kept = kind >= 0  # a kind no deal's optimal hold keeps goes below every line, where it decides nothing
        return cls(useful, deal[kept], kind[kept], flat[kept].astype(np.float64), number[best], weights)

    @property
    def size(self) -> int:
        return len(self.kinds)

    def matrix(self) -> np.ndarray:
        """W[a, b]: the expected value given up, summed over the deals whose optimal hold is of kind a and that have a
        kind b too, were every such deal held by its best b."""
        mine = self.optimal[self.deal]
        top = np.zeros(len(self.starts))
        at = self.kind == mine
        top[self.deal[at]] = self.value[at]
        loss = self.weights[self.deal] * (top[self.deal] - self.value)
        m = self.size
        return np.bincount(mine * m + self.kind, weights=loss, minlength=m * m).reshape(m, m)


def pairwise_order(weight: np.ndarray) -> np.ndarray:
    """An order of the kinds giving up little in total over their conflicts (``weight[a, b]``: given up were b above
    a): by each kind's balance of conflicts, then improved by moving one kind at a time to its best place.

    >>> pairwise_order(np.array([[0, 5, 0], [0, 0, 2], [1, 0, 0]], dtype=float)).tolist()   # a cycle: 2 above 0 costs 1
    [0, 1, 2]
    """
    order = np.argsort(-(weight.sum(axis=1) - weight.sum(axis=0)), kind="stable")
    eps = 1e-12 * max(float(weight.sum()), 1.0)
    moved = True
    while moved:
        moved = False
        for x in range(len(order)):
            p = int(np.flatnonzero(order == x)[0])
            change = weight[order, x] - weight[x, order]  # x above each: gives up weight[e, x], saves weight[x, e]
            up = np.cumsum(change[:p][::-1])[::-1]  # x moved to q < p: passes q..p-1
            down = -np.cumsum(change[p + 1:])  # x moved after q > p: passes p+1..q
            best_up = int(np.argmin(up)) if p else -1
            best_down = int(np.argmin(down)) if p + 1 < len(order) else -1
            gains = [(-up[best_up] if p else 0.0, 0), (-down[best_down] if p + 1 < len(order) else 0.0, 1)]
            gain, way = max(gains)
            if gain > eps:
                rest = np.delete(order, p)
                at = best_up if way == 0 else p + best_down + 1
                order = np.insert(rest, at, x)
                moved = True
    return order


def refined(conflicts: Conflicts, order: np.ndarray) -> np.ndarray:
    """The order improved on the card's exact return: each round, the move of one kind to another place that gains
    most over every deal (the deals it takes from the lines it passes, or gives to the next lines they have), until
    none gains."""
    m = conflicts.size
    deal, kind, value, weights = conflicts.deal, conflicts.kind, conflicts.value, conflicts.weights
    eps = 1e-12 * float(weights.sum()) * max(float(value.max()), 1.0)  # below the floating sums' rounding
    big = np.iinfo(np.int64).max
    for _ in range(MOST_MOVES):
        position = np.empty(m, dtype=np.int64)
        position[order] = np.arange(m)
        r = position[kind]
        first = np.minimum.reduceat(r, conflicts.starts)
        at_first = r == first[deal]
        now = np.zeros(len(first))
        now[deal[at_first]] = value[at_first]
        second = np.minimum.reduceat(np.where(at_first, big, r), conflicts.starts)
        at_second = r == second[deal]
        then = np.zeros(len(first))
        then[deal[at_second]] = value[at_second]
        gain = weights[deal] * (value - now[deal])  # the deal held by this kind rather than its first
        up = np.bincount(first[deal] * m + r, weights=gain, minlength=m * m).reshape(m, m)  # [first, kind there]
        has = second < big
        down = np.bincount(first[has] * m + second[has], weights=(weights * (then - now))[has],
                           minlength=m * m).reshape(m, m)  # [first, second], for the first moved below the second
        ups = np.cumsum(np.triu(up, 1)[::-1], axis=0)[::-1]  # [q, b]: b moved up to q, passing q..b-1
        downs = np.cumsum(np.triu(down, 1), axis=1)  # [a, q]: a moved down past q
        ups[np.tril_indices(m)] = -np.inf
        downs[np.tril_indices(m)] = -np.inf
        q_up, b = np.unravel_index(int(np.argmax(ups)), ups.shape)
        a, q_down = np.unravel_index(int(np.argmax(downs)), downs.shape)
        if max(ups[q_up, b], downs[a, q_down]) <= eps:
            break
        if ups[q_up, b] >= downs[a, q_down]:
            order = np.insert(np.delete(order, b), q_up, order[b])
        else:
            order = np.insert(np.delete(order, a), q_down, order[a])
    return order


def presented(conflicts: Conflicts, order: np.ndarray) -> np.ndarray:
    """The order as a card prints it: every two lines some deal has together kept in their order (so each deal's first
    line stays its own), the others placed best first by their average expected value where they are optimal."""
    m = conflicts.size
    has = np.zeros((len(conflicts.starts), m), dtype=bool)
    has[conflicts.deal, conflicts.kind] = True
    position = np.empty(m, dtype=np.int64)
    position[order] = np.arange(m)
    packed = np.packbits(has, axis=1)
    sets = has[np.unique(packed.view(f"V{packed.shape[1]}").ravel(), return_index=True)[1]].astype(np.float32)
    together = sets.T @ sets > 0  # the deals' sets of kinds, each once: whether some deal has both
    before = together & (position[None, :] > position[:, None])  # before[a, b]: a must come before b
    at = conflicts.kind == conflicts.optimal[conflicts.deal]
    dealt = np.bincount(conflicts.kind[at], weights=conflicts.weights[conflicts.deal[at]], minlength=m)
    worth = np.bincount(conflicts.kind[at], weights=conflicts.weights[conflicts.deal[at]] * conflicts.value[at], minlength=m)
    mean = worth / np.maximum(dealt, 1)
    waiting = before.sum(axis=0)
    out: list[int] = []
    free = waiting == 0
    while len(out) < m:
        ready = np.flatnonzero(free)
        pick = int(ready[np.lexsort((position[ready], -mean[ready]))[0]])
        out.append(pick)
        free[pick] = False
        waiting -= before[pick]
        free |= (waiting == 0) & ~np.isin(np.arange(m), out)
    return np.array(out, dtype=np.int64)


def strategy_table(view: Any) -> pd.DataFrame:
    """The hand-rank table: one row per line in the card's order, the deals it decides, their share, the average exact
    expected value of the card's hold there (per coin bet, net) and the deals among them held worse than optimal."""
    import pandas as pd

    total = comb(len(view.game.deck), 5)
    rows = [{"line": name, "deals": deals, "frequency": f"{100 * deals / total:.4f}%", "ev": ev, "ev_float": float(ev),
             "erring": erring} for name, deals, ev, erring in derived_card(view).by_line()]
    return pd.DataFrame(rows)
