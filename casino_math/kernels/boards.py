"""The boards that complete one flop: every hole pair's showdowns summed over them, with the decisions on the way.

A *history* is what the player has staked so far; the game, compiled by :mod:`casino_math.game.holdem`,
says which histories reach each decision and where each option leads. Every result of a board for a
hole pair P is linear in four numbers: the dealer pairs weaker than P, as strong, weaker than the
qualifier, and 1 (see :func:`~casino_math.kernels.pairs.showdown_counts`). So a *tally* is those
four numbers summed, per *key* (the paytable lines P's hand is paid by, and whether it reaches the
qualifier), and any history's value is a dot product of a tally with the game's coefficients.

Per flop and hole pair: the tally over every board (``all``) and, for each history at which the last
decision is open, the tally of each option as the best option takes it board by board. After the
last board, the flop decision picks, per history reaching it, the option whose path is worth most,
and the chosen paths' tallies are added, times the flop's weight, into the hole pair's class:
``class_tally[history entering the flop decision, class, end, key]``. Which option the first decision
takes is left to the caller, who sees every class's tallies summed over all flops.

Options are in preference order: on equal values the first is taken.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from .hands import hand_strength, pair_strengths
from .pairs import showdown_counts

FOLDED = -1  # in ``h2_next``, an option that folds at the flop: -(end + 1)


@njit(cache=True)
def _dot(coef: np.ndarray, tally: np.ndarray) -> int:
    total = 0
    for k in range(tally.shape[0]):
        for c in range(4):
            total += coef[k, c] * tally[k, c]
    return total


@njit(cache=True)
def _add_times(target: np.ndarray, weight: int, tally: np.ndarray) -> None:
    for k in range(tally.shape[0]):
        for c in range(4):
            target[k, c] += weight * tally[k, c]


@njit(cache=True)
def _pairing(cards: np.ndarray, rank_of: np.ndarray, n_ranks: int) -> int:
    """How many cards of the board's commonest rank, less one (0: no two alike)."""
    counts = np.zeros(n_ranks, dtype=np.int64)
    for c in cards:
        counts[rank_of[c]] += 1
    return counts.max() - 1


class CardTables(NamedTuple):
    """How the kernels read cards and value hands (see :class:`~casino_math.kernels.tables.StrengthTables`)."""

    rank_of: np.ndarray
    suit_of: np.ndarray
    n_ranks: int
    binomial: np.ndarray
    final_table: np.ndarray  # strength of the hole pair and the whole board, by rank multiset
    flop_table: np.ndarray  # strength of the hole pair and the flop
    flushes: np.ndarray


class Decisions(NamedTuple):
    """The game compiled to arrays (see :class:`~casino_math.game.holdem.Plan`): the money of every end by key, where
    each option leads, and a rule forcing a decision (mode, strength, option taken, option otherwise)."""

    qualifier: int
    key_of: np.ndarray
    category_of: np.ndarray
    pairings: int
    coef: np.ndarray
    h3_ends: np.ndarray
    h3_count: np.ndarray
    h3_open: np.ndarray
    open3: np.ndarray
    rule3: np.ndarray
    h2_next: np.ndarray
    h2_count: np.ndarray
    h2_open: np.ndarray
    rule2: np.ndarray
    class_of: np.ndarray


class FlopTotals(NamedTuple):
    """What a flop adds to (see :class:`~casino_math.game.holdem.Totals`), and the flop decision of every hole pair on
    it: each option's value (``flop_values[h2, pair, option]``) and the option taken (``flop_choice[h2, pair]``)."""

    class_tally: np.ndarray
    class_cells: np.ndarray
    flop_taken: np.ndarray
    river_taken: np.ndarray
    flop_values: np.ndarray
    flop_choice: np.ndarray


class Scratch(NamedTuple):
    """Working space, reused from flop to flop."""

    tally_all: np.ndarray
    tally_open: np.ndarray
    histogram: np.ndarray


@njit(cache=True)
def flop_counts(flop: np.ndarray, weight: int, n_cards: int, later: int, cards: CardTables, game: Decisions,
                out: FlopTotals, scratch: Scratch) -> None:
    """Add one flop's boards (``later`` cards more) into the class tallies and the decisions' category counts.

    A rule (``rule2``, ``rule3``: mode, strength, option taken, option otherwise) forces a decision:
    mode 0 none (the best option), 1 always the option taken, 2 that option from that strength up.
    """
    rank_of, suit_of, n_ranks, binomial = cards.rank_of, cards.suit_of, cards.n_ranks, cards.binomial
    final_table, flop_table, flushes = cards.final_table, cards.flop_table, cards.flushes
    qualifier, key_of, category_of, pairings, coef = game.qualifier, game.key_of, game.category_of, game.pairings, game.coef
    h3_ends, h3_count, h3_open, open3, rule3 = game.h3_ends, game.h3_count, game.h3_open, game.open3, game.rule3
    h2_next, h2_count, h2_open, rule2, class_of = game.h2_next, game.h2_count, game.h2_open, game.rule2, game.class_of
    class_tally, class_cells, flop_taken, river_taken = out.class_tally, out.class_cells, out.flop_taken, out.river_taken
    tally_all, tally_open, histogram = scratch.tally_all, scratch.tally_open, scratch.histogram
    s1 = len(flop)
    rest = np.empty(n_cards - s1, dtype=np.int64)
    r = 0
    for c in range(n_cards):
        hit = False
        for f in flop:
            if f == c:
                hit = True
        if not hit:
            rest[r] = c
            r += 1
    tally_all[:] = 0
    tally_open[:] = 0
    n_open = river_taken.shape[0]
    board = np.empty(s1 + later, dtype=np.int64)
    board[:s1] = flop
    n_pool = len(rest) - later
    pool = np.empty(n_pool, dtype=np.int64)
    strengths = np.empty(n_pool * (n_pool - 1) // 2, dtype=np.int64)
    pick = np.arange(later)
    while True:
        # the board: the flop and the later cards rest[pick]; the pool: the cards left for the two hole pairs
        for t in range(later):
            board[s1 + t] = rest[pick[t]]
        u = 0
        t = 0
        for i in range(len(rest)):
            if t < later and pick[t] == i:
                t += 1
            else:
                pool[u] = rest[i]
                u += 1
        pair_strengths(board, pool, rank_of, suit_of, final_table, flushes, binomial, n_ranks, strengths)
        less, equal, below = showdown_counts(strengths, n_pool, qualifier, histogram)
        pairing = _pairing(board, rank_of, n_ranks)
        p = 0
        for j in range(n_pool):
            for i in range(j):
                g = binomial[pool[j], 2] + pool[i]
                s = strengths[p]
                key = key_of[s]
                x0, x1, x2 = less[p], equal[p], below[p]
                tally_all[g, key, 0] += x0
                tally_all[g, key, 1] += x1
                tally_all[g, key, 2] += x2
                tally_all[g, key, 3] += 1
                for o_index in range(n_open):
                    h3 = open3[o_index]
                    if rule3[0] == 1 or (rule3[0] == 2 and s >= rule3[1]):
                        best = rule3[2]
                    elif rule3[0] == 2:
                        best = rule3[3]
                    else:
                        best = 0
                        best_value = 0
                        for o in range(h3_count[h3]):
                            e = h3_ends[h3, o]
                            value = coef[e, key, 0] * x0 + coef[e, key, 1] * x1 + coef[e, key, 2] * x2 + coef[e, key, 3]
                            if o == 0 or value > best_value:
                                best, best_value = o, value
                    tally_open[o_index, g, best, key, 0] += x0
                    tally_open[o_index, g, best, key, 1] += x1
                    tally_open[o_index, g, best, key, 2] += x2
                    tally_open[o_index, g, best, key, 3] += 1
                    river_taken[o_index, category_of[s] * pairings + pairing, best] += weight
                p += 1
        # the next set of later cards, in colex order
        t = 0
        while t < later - 1 and pick[t] + 1 == pick[t + 1]:
            pick[t] = t
            t += 1
        pick[t] += 1
        if pick[later - 1] >= len(rest):
            break
    # the flop decision, per hole pair
    flop_pairing = _pairing(flop, rank_of, n_ranks)
    hand = np.empty(s1 + 2, dtype=np.int64)
    hand[2:] = flop
    values3 = np.empty(len(h3_count), dtype=np.int64)
    for j in range(len(rest)):
        for i in range(j):
            a, c = rest[i], rest[j]
            g = binomial[c, 2] + a
            boards = 0
            for k in range(tally_all.shape[1]):
                boards += tally_all[g, k, 3]
            for h3 in range(len(h3_count)):
                if h3_open[h3] >= 0:
                    values3[h3] = 0
                    for o in range(h3_count[h3]):
                        values3[h3] += _dot(coef[h3_ends[h3, o]], tally_open[h3_open[h3], g, o])
                else:
                    values3[h3] = _dot(coef[h3_ends[h3, 0]], tally_all[g])
            hand[0] = a
            hand[1] = c
            strength = hand_strength(hand, rank_of, suit_of, flop_table, flushes, binomial)
            category = category_of[strength] * pairings + flop_pairing
            cls = class_of[g]
            for h2 in range(len(h2_count)):
                choice = 0
                if h2_open[h2]:
                    best_value = 0
                    for o in range(h2_count[h2]):
                        nxt = h2_next[h2, o]
                        value = values3[nxt] if nxt >= 0 else coef[-nxt - 1, 0, 3] * boards
                        out.flop_values[h2, g, o] = value
                        if o == 0 or value > best_value:
                            choice, best_value = o, value
                    if rule2[0] == 1 or (rule2[0] == 2 and strength >= rule2[1]):
                        choice = rule2[2]
                    elif rule2[0] == 2:
                        choice = rule2[3]
                    out.flop_choice[h2, g] = choice
                    flop_taken[h2, category, choice] += weight
                nxt = h2_next[h2, choice]
                if nxt < 0:
                    class_tally[h2, cls, -nxt - 1, 0, 3] += weight * boards
                elif h3_open[nxt] >= 0:
                    for o in range(h3_count[nxt]):
                        _add_times(class_tally[h2, cls, h3_ends[nxt, o]], weight, tally_open[h3_open[nxt], g, o])
                else:
                    _add_times(class_tally[h2, cls, h3_ends[nxt, 0]], weight, tally_all[g])
            _add_times(class_cells[cls], weight, tally_all[g])


def flop_counts_reference(plan: Any, ranking: Any, deck: Any, flop: np.ndarray, weight: int, outputs: dict[str, np.ndarray]) -> None:
    """:func:`flop_counts` in plain Python over every board and hole pair, with the ranking's own evaluator and a
    showdown of every pair against every other.

    ``plan`` is a :class:`~casino_math.game.holdem.Plan` of a game whose hands are of ``ranking`` over ``deck``;
    ``outputs`` holds the four arrays of its :class:`~casino_math.game.holdem.Totals` by name, added to.
    """
    from .pairs import showdown_reference
    from .tables import strengths_reference

    n = plan.n_cards
    rest = [c for c in range(n) if c not in set(flop.tolist())]
    tally: dict[tuple, np.ndarray] = {}  # (hole pair, open history or -1, option) -> (keys, 4)

    def add(key: tuple, k: int, x: np.ndarray) -> None:
        tally.setdefault(key, np.zeros((plan.coef.shape[1], 4), dtype=np.int64))[k] += x

    for later in itertools.combinations(rest, plan.later):
        board = np.array([*flop.tolist(), *later])
        pool = np.array([c for c in rest if c not in later])
        pairs = pool[np.array(list(itertools.combinations(range(len(pool)), 2)))[:, [0, 1]]]
        # colex order of pairs, as the kernels number them
        pairs = pairs[np.lexsort((pairs[:, 0], pairs[:, 1]))]
        hands = np.concatenate([np.broadcast_to(board, (len(pairs), len(board))), pairs], axis=1)
        strengths = strengths_reference(plan.tables, ranking, deck, hands)
        less, equal, below = showdown_reference(strengths, len(pool), plan.qualifier)
        pairing = max(np.bincount(plan.tables.rank_of[board])) - 1
        for p, (a, c) in enumerate(pairs.tolist()):
            s, key = strengths[p], plan.key_of[strengths[p]]
            x = np.array([less[p], equal[p], below[p], 1])
            add((a, c, -1, 0), key, x)
            for index, h3 in enumerate(plan.open3):
                options = plan.h3_ends[h3, : plan.h3_count[h3]]
                values = [int(plan.coef[e, key] @ x) for e in options]
                choice = ruled(plan.rule3, s, values)
                add((a, c, index, choice), key, x)
                outputs["river_taken"][index, plan.category_of[s] * plan.pairings + pairing, choice] += weight
    flop_pairing = max(np.bincount(plan.tables.rank_of[flop])) - 1
    for a, c in itertools.combinations(rest, 2):
        every = tally[(a, c, -1, 0)]

        def path(h3: int, a: int = a, c: int = c, every: np.ndarray = every) -> list[tuple[int, np.ndarray]]:
            if plan.h3_open[h3] < 0:
                return [(plan.h3_ends[h3, 0], every)]
            zero = np.zeros_like(every)
            return [(plan.h3_ends[h3, o], tally.get((a, c, plan.h3_open[h3], o), zero)) for o in range(plan.h3_count[h3])]

        strength = strengths_reference(plan.tables, ranking, deck, np.array([[a, c, *flop.tolist()]]))[0]
        category = plan.category_of[strength] * plan.pairings + flop_pairing
        cls = plan.class_of[plan.tables.binomial[c, 2] + a]
        boards = int(every[:, 3].sum())
        for h2 in range(len(plan.h2_count)):
            choice = 0
            if plan.h2_open[h2]:
                values = []
                for nxt in plan.h2_next[h2, : plan.h2_count[h2]]:
                    values.append(sum(int((plan.coef[e] * t).sum()) for e, t in path(nxt)) if nxt >= 0
                                  else int(plan.coef[-nxt - 1, 0, 3]) * boards)
                choice = ruled(plan.rule2, strength, values)
                outputs["flop_taken"][h2, category, choice] += weight
                if "flop_values" in outputs:
                    g = plan.tables.binomial[c, 2] + a
                    outputs["flop_values"][h2, g, : len(values)] = values
                    outputs["flop_choice"][h2, g] = choice
            nxt = plan.h2_next[h2, choice]
            if nxt < 0:
                outputs["class_tally"][h2, cls, -nxt - 1, 0, 3] += weight * boards
            else:
                for e, t in path(nxt):
                    outputs["class_tally"][h2, cls, e] += weight * t
        outputs["class_cells"][cls] += weight * every


def ruled(rule: np.ndarray, strength: int, values: list[int]) -> int:
    """The option a rule forces (mode 1: always; mode 2: from a strength up), else the best (the first on a tie)."""
    if rule[0] == 1 or (rule[0] == 2 and strength >= rule[1]):
        return int(rule[2])
    if rule[0] == 2:
        return int(rule[3])
    return int(np.argmax(values))
