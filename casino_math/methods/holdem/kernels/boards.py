"""The boards that complete one flop: every hole pair's showdowns summed over them, with the decisions on the way.

A *history* is what the player has staked so far; the game, compiled by :mod:`casino_math.methods.holdem.method`,
says which histories reach each decision and where each option leads. Every result of a board for a
hole pair P is linear in four numbers: the dealer pairs weaker than P, as strong, weaker than the
qualifier, and 1 (see :func:`~casino_math.methods.holdem.kernels.pairs.showdown_counts`). So a *tally* is those
four numbers summed, per *key* (the paytable lines P's hand is paid by, and whether it reaches the
qualifier), and any history's value is a dot product of a tally with the game's coefficients.

After the flop the board takes ``later`` cards: the *turn* (``turn`` cards, none where no decision
comes between the flop and the last card) and the *river* (the rest). The decisions are taken at three
levels after the hole cards: the flop (histories ``h2``), the turn (``h3``) and the whole board
(``h4``); a level without a decision passes every history on unchanged.

Per flop and hole pair: the tally over the rivers of each turn (``tally_turn``) and, for each history at
which the last decision is open, the tally of each option as the best option takes it board by board
(``tally_open``). Then per turn, the turn decision picks, per history reaching it, the option whose path
is worth most; the chosen paths' tallies are summed over the turns (``path``), and the flop decision
picks likewise among them. The chosen paths' tallies are added, times the flop's weight, into the hole
pair's class: ``class_tally[history entering the flop decision, class, end, key]``. Which option the
first decision takes is left to the caller, who sees every class's tallies summed over all flops.

A renaming of the suits that leaves the flop as it is maps boards to boards and hole pairs to pairs, each pair's
showdowns to its image's: so one board of each class is shown, and one hole pair of each class tallied, its totals
added once per pair of its class (:mod:`.renamings`; with the identity alone, every board and pair, as where each
pair's decisions are looked up).

Deals are counted with the turn and the river dealt apart (a board is counted once per way of choosing
its turn cards among its later cards), and with ``orders`` ways of dealing the turn cards and the river
cards each where the game deals them in several steps with no decision between (the caller's weights).

Options are in preference order: on equal values the first is taken.

Every value is affine in the net pay of each line of the game's own paytables (``slopes[line, end, key]``: what a
tally's value gains per unit more on the line), and so is every margin by which a decision's option beats another
while no decision below it moves. So beside the totals the kernels keep each line's *reach* (``reach[line]``: how far
its net pay may rise, and fall, with every other pay as it is, before some decision could take another option): the
least margin over the slope against it, over every decision taken by value. Pays moved within their reach leave every
decision, and so every total, as counted: the totals are the same, re-priced (:mod:`casino_math.methods.holdem.method`). A flop
decision whose reach on some line is under that line's floor (``floors``) is *near*: it is left out of the reach and
written out instead (``near_points``, ``near_paths``: each option's path), for the caller to take it again at other pays.
"""

from __future__ import annotations

import itertools
from math import comb
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from .hands import hand_strength, pair_strengths
from .pairs import showdown_counts
from .renamings import FlopSymmetry

_ROOM = 1 + 2.0**-30  # above a product's and a conversion's rounding (2**-52 each): a quotient skipped is at least the reach
FOLDED = -1  # in ``h2_next`` and ``h3_next``, an option that folds: -(end + 1)


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


@njit(cache=True)
def _lay_board(rest: np.ndarray, pick: np.ndarray, later: int, board: np.ndarray, pool: np.ndarray) -> None:
    """The cards ``rest[pick]`` (positions in increasing order) laid after the flop on ``board``, and the cards of
    ``rest`` left for the hole pairs written to ``pool`` in their order."""
    s1 = len(board) - later
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


@njit(cache=True)
def _advance(pick: np.ndarray, n: int) -> bool:
    """``pick`` (ascending, of range(n)) moved to the next subset of its size in colex order; False after the last
    (at once for the empty subset, the only one of its size)."""
    k = len(pick)
    if k == 0:
        return False
    t = 0
    while t < k - 1 and pick[t] + 1 == pick[t + 1]:
        pick[t] = t
        t += 1
    pick[t] += 1
    return pick[k - 1] < n


class CardTables(NamedTuple):
    """How the kernels read cards and value hands (see :class:`~casino_math.methods.holdem.kernels.tables.StrengthTables`)."""

    rank_of: np.ndarray
    suit_of: np.ndarray
    n_ranks: int
    binomial: np.ndarray
    final_table: np.ndarray  # strength of the hole pair and the whole board, by rank multiset
    flop_table: np.ndarray  # strength of the hole pair and the flop
    turn_table: np.ndarray  # strength of the hole pair, the flop and the turn
    flushes: np.ndarray


class Decisions(NamedTuple):
    """The game compiled to arrays (see :class:`~casino_math.methods.holdem.method.KernelPlan`): the money of every end by key, the
    turn's size, where each option leads, and a rule forcing a decision (mode, strength, option taken, option
    otherwise)."""

    qualifier: int
    key_of: np.ndarray
    category_of: np.ndarray
    pairings: int
    coef: np.ndarray
    turn: int
    boards: np.ndarray  # (boards, later): the later cards of every board, as positions among the cards after the flop
    splits: np.ndarray  # (ways, turn): which of a board's later cards (by position) are the turn, each way
    orders: np.ndarray  # ways of dealing the turn cards, and the river cards, in the steps the game deals them
    h4_ends: np.ndarray
    h4_count: np.ndarray
    h4_open: np.ndarray
    open4: np.ndarray
    rule4: np.ndarray
    h3_next: np.ndarray
    h3_count: np.ndarray
    h3_open: np.ndarray
    open3: np.ndarray
    rule3: np.ndarray
    h2_next: np.ndarray
    h2_count: np.ndarray
    h2_open: np.ndarray
    rule2: np.ndarray
    class_of: np.ndarray
    slopes: np.ndarray  # (lines, ends, keys, 4): what a tally's value gains per unit more net pay on each line
    key_lines: np.ndarray  # (keys, most): the lines a key's values move with (-1 after the last)
    line_keys: np.ndarray  # (lines, most): the keys whose values a line moves (-1 after the last)
    floors: np.ndarray  # (lines,): a flop decision whose reach on some line is less is *near*: kept, not in the reach


class FlopTotals(NamedTuple):
    """What a flop adds to (see :class:`~casino_math.methods.holdem.method.Totals`), and the flop and turn decisions of every hole
    pair on it: each option's value (``flop_values[h2, pair, option]``, ``turn_values[h3, turn, pair, option]``, the
    turn by its colex rank among the cards left after the flop) and the option taken; empty where only the totals are
    wanted."""

    class_tally: np.ndarray
    class_cells: np.ndarray
    flop_taken: np.ndarray
    river_taken: np.ndarray
    turn_taken: np.ndarray
    reach: np.ndarray  # (lines, 2): how far each line's net pay may rise (0) and fall (1) with every decision as taken
    near_count: np.ndarray  # (1,): the near flop decisions written below (the caller takes them and sets it to 0)
    near_points: np.ndarray  # (most, 5): each near flop decision's history, class, category, option taken, card sets (the
    # flop's weight times the hole pairs alike on it)
    near_paths: np.ndarray  # (most, options, ends, keys, 4): the tally of each of its options' paths
    flop_values: np.ndarray
    flop_choice: np.ndarray
    turn_values: np.ndarray
    turn_choice: np.ndarray


class Scratch(NamedTuple):
    """Working space, reused from flop to flop."""

    tally_turn: np.ndarray  # (turns, pairs, keys, 4)
    tally_open: np.ndarray  # (turns, open h4, pairs, options, keys, 4)
    histogram: np.ndarray
    path: np.ndarray  # (h3, ends, keys, 4): one hole pair's tally of each turn history's path, summed over the turns
    at: np.ndarray  # (every pair of the deck,): its place among the pairs of the board shown (-1: it holds a board card)


@njit(cache=True)
def _choose(rule: np.ndarray, strength: int, best: int) -> int:
    """The option a rule forces (mode 1: always; mode 2: from a strength up), else ``best``."""
    if rule[0] == 1 or (rule[0] == 2 and strength >= rule[1]):
        return rule[2]
    if rule[0] == 2:
        return rule[3]
    return best


@njit(cache=True)
def _narrow(reach: np.ndarray, line: int, margin: int, slope: int) -> None:
    """A decision's option beats another by ``margin`` (0 or more), which moves by ``slope`` per unit more net pay on
    ``line``: the line's reach up (a slope against the option taken) or down (a slope for it) is at most where the
    margin would be spent."""
    # a division only where the quotient may be under the reach (a product, with room for rounding, decides)
    if slope < 0:
        if margin <= reach[line, 0] * -slope * _ROOM:
            reach[line, 0] = min(reach[line, 0], margin / -slope)
    elif slope > 0:
        if margin <= reach[line, 1] * slope * _ROOM:
            reach[line, 1] = min(reach[line, 1], margin / slope)


@njit(cache=True)
def _slope(slopes: np.ndarray, line: int, end: int, key: int, x0: int, x1: int, x2: int) -> int:
    return slopes[line, end, key, 0] * x0 + slopes[line, end, key, 1] * x1 + slopes[line, end, key, 2] * x2 + slopes[line, end, key, 3]


@njit(cache=True)
def _option_slope(slopes: np.ndarray, line: int, nxt: int, following: np.ndarray, boards: int) -> int:
    """What an option's value gains per unit more on ``line``: the history it leads to (``following[nxt]``), or a fold's
    over ``boards`` boards."""
    return following[nxt, line] if nxt >= 0 else slopes[line, -nxt - 1, 0, 3] * boards


@njit(cache=True)
def _narrow_options(reach: np.ndarray, slopes: np.ndarray, values: np.ndarray, next_of: np.ndarray, options: int, choice: int,
                    following: np.ndarray, boards: int) -> None:
    """Every line's reach narrowed by a decision taken by value: ``choice`` among ``options`` (worth ``values``, leading
    to ``next_of``), against each other option."""
    for line in range(len(slopes)):
        taken = _option_slope(slopes, line, next_of[choice], following, boards)
        for o in range(options):
            if o != choice:
                _narrow(reach, line, values[choice] - values[o], taken - _option_slope(slopes, line, next_of[o], following, boards))


@njit(cache=True)
def _near(point: np.ndarray, floors: np.ndarray) -> bool:
    """Whether a decision's reach on some line, either way, is under that line's floor."""
    for line in range(len(floors)):
        if point[line, 0] < floors[line] or point[line, 1] < floors[line]:
            return True
    return False


@njit(cache=True)
def _keep_near(out: FlopTotals, n: int, h2: int, cls: int, category: int, choice: int, weight: int, next_of: np.ndarray,
               options: int, path: np.ndarray, boards: int) -> None:
    """A near flop decision written at ``n``: where it is counted, the option it takes, and each option's path (a fold's:
    every board in column 3 of its end, as the fold's coefficients read)."""
    out.near_points[n, 0] = h2
    out.near_points[n, 1] = cls
    out.near_points[n, 2] = category
    out.near_points[n, 3] = choice
    out.near_points[n, 4] = weight
    out.near_paths[n] = 0
    for o in range(options):
        nxt = next_of[o]
        if nxt < 0:
            out.near_paths[n, o, -nxt - 1, 0, 3] = boards
        else:
            out.near_paths[n, o] = path[nxt]
    out.near_count[0] = n + 1


@njit(cache=True)
def flop_counts(flop: np.ndarray, weight: int, n_cards: int, later: int, cards: CardTables, game: Decisions,
                out: FlopTotals, scratch: Scratch, symmetry: FlopSymmetry) -> None:
    """Add one flop's boards (``later`` cards more) into the class tallies and the decisions' category counts: one board
    of each class shown, one hole pair of each class counted (``symmetry``: the renamings that fix the flop).

    A rule (``rule2``, ``rule3``, ``rule4``: mode, strength, option taken, option otherwise) forces a decision:
    mode 0 none (the best option), 1 always the option taken, 2 that option from that strength up.
    """
    rank_of, suit_of, n_ranks, binomial = cards.rank_of, cards.suit_of, cards.n_ranks, cards.binomial
    qualifier, key_of, category_of, pairings, coef = game.qualifier, game.key_of, game.category_of, game.pairings, game.coef
    turn, splits, orders = game.turn, game.splits, game.orders
    h4_ends, h4_count, open4, rule4 = game.h4_ends, game.h4_count, game.open4, game.rule4
    river_taken, tally_turn, tally_open, histogram = out.river_taken, scratch.tally_turn, scratch.tally_open, scratch.histogram
    slopes, key_lines, reach = game.slopes, game.key_lines, out.reach
    option_values = np.zeros(h4_ends.shape[1], dtype=np.int64)
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
    tally_turn[:] = 0
    tally_open[:] = 0
    n_open = river_taken.shape[0]
    ways = splits.shape[0]
    dealt = weight * orders[0] * orders[1]  # deals per board and hole pair, per way of choosing its turn cards
    board = np.empty(s1 + later, dtype=np.int64)
    board[:s1] = flop
    n_pool = len(rest) - later
    pool = np.empty(n_pool, dtype=np.int64)
    strengths = np.empty(n_pool * (n_pool - 1) // 2, dtype=np.int64)
    turns = np.empty(ways, dtype=np.int64)
    pair_of = np.empty(len(strengths), dtype=np.int64)  # per board: the representative pairs on it, by index among all pairs,
    read_at = np.empty(len(strengths), dtype=np.int64)  # where each one's showdown is read on the representative board,
    size_of = np.empty(len(strengths), dtype=np.int64)  # and the pairs of its class
    cell = np.empty((len(strengths), 4), dtype=np.int32)  # the shown board's pairs: key, weaker, as strong, below the qualifier
    less = equal = below = strengths  # (typed for the compiler: set at the first board)
    pairing = 0
    at = scratch.at
    shown = -1
    reps, sizes = symmetry.pairs, symmetry.sizes
    for entry in range(len(symmetry.board)):
        rb = symmetry.rep[entry]
        if rb != shown:
            # the class's representative board: the flop and the later cards rest[pick]; the pool: the cards left for
            # the two hole pairs; each pair of the pool (colex order) found by its index among all pairs (-1: a board card)
            shown = rb
            _lay_board(rest, game.boards[rb], later, board, pool)
            pair_strengths(board, pool, rank_of, suit_of, cards.final_table, cards.flushes, binomial, n_ranks, strengths)
            less, equal, below = showdown_counts(strengths, n_pool, qualifier, histogram)
            for p in range(len(strengths)):  # each pair's key and showdown side by side: one cache line read per pair below
                cell[p, 0] = key_of[strengths[p]]
                cell[p, 1] = less[p]
                cell[p, 2] = equal[p]
                cell[p, 3] = below[p]
            pairing = _pairing(board, rank_of, n_ranks)
            at[:] = -1
            p = 0
            for j in range(n_pool):
                for i in range(j):
                    at[binomial[pool[j], 2] + pool[i]] = p
                    p += 1
        # this board: each way of taking the turn among its later cards, as the colex rank of its cards' positions in rest
        pick = game.boards[symmetry.board[entry]]
        for w in range(ways):
            turns[w] = 0
            for i in range(turn):
                turns[w] += binomial[pick[splits[w, i]], i + 1]
        # each representative hole pair P not on this board, and where its showdown is read (τP's on the representative)
        tau = symmetry.pair_map[symmetry.renaming[entry]]
        n_here = 0
        for q in range(len(reps)):
            g = binomial[reps[q, 1], 2] + reps[q, 0]
            p = at[tau[g]]
            if p >= 0:
                pair_of[n_here] = g
                read_at[n_here] = p
                size_of[n_here] = sizes[q]
                n_here += 1
        # each hole pair's showdown (one row of ``cell``) added to its tally on each way of taking the turn;
        # where the last decision is open, after the boards, as the sum of its options' tallies (below)
        for h in range(n_here if n_open == 0 else 0):
            p = read_at[h]
            g = pair_of[h]
            k = cell[p, 0]
            for w in range(ways):
                tt = turns[w]
                tally_turn[tt, g, k, 0] += cell[p, 1]
                tally_turn[tt, g, k, 1] += cell[p, 2]
                tally_turn[tt, g, k, 2] += cell[p, 3]
                tally_turn[tt, g, k, 3] += 1
        for h in range(n_here if n_open else 0):  # the last decision, where it is open: board by board
            g = pair_of[h]
            p = read_at[h]
            s = strengths[p]
            key = key_of[s]
            x0, x1, x2 = less[p], equal[p], below[p]
            for o_index in range(n_open):
                h4 = open4[o_index]
                best = 0
                if rule4[0] == 0:
                    best_value = 0
                    for o in range(h4_count[h4]):
                        e = h4_ends[h4, o]
                        value = coef[e, key, 0] * x0 + coef[e, key, 1] * x1 + coef[e, key, 2] * x2 + coef[e, key, 3]
                        option_values[o] = value
                        if o == 0 or value > best_value:
                            best, best_value = o, value
                    for q in range(key_lines.shape[1]):
                        line = key_lines[key, q]
                        if line < 0:
                            break
                        taken = _slope(slopes, line, h4_ends[h4, best], key, x0, x1, x2)
                        for o in range(h4_count[h4]):
                            if o != best:
                                _narrow(reach, line, best_value - option_values[o],
                                        taken - _slope(slopes, line, h4_ends[h4, o], key, x0, x1, x2))
                best = _choose(rule4, s, best)
                for w in range(ways):
                    tt = turns[w]
                    tally_open[tt, o_index, g, best, key, 0] += x0
                    tally_open[tt, o_index, g, best, key, 1] += x1
                    tally_open[tt, o_index, g, best, key, 2] += x2
                    tally_open[tt, o_index, g, best, key, 3] += 1
                river_taken[o_index, category_of[s] * pairings + pairing, best] += dealt * ways * size_of[h]
    if n_open:  # every board's showdown went to one option of each open history: the tallies over the rivers are their sum
        for t in range(tally_turn.shape[0]):
            for q in range(len(reps)):
                g = binomial[reps[q, 1], 2] + reps[q, 0]
                for k in range(tally_turn.shape[2]):
                    for x in range(4):
                        total = 0
                        for o in range(tally_open.shape[3]):
                            total += tally_open[t, 0, g, o, k, x]
                        tally_turn[t, g, k, x] = total
    _decide_per_pair(flop, weight, rest, cards, game, out, scratch, symmetry)


@njit(cache=True)
def _turn_strengths(flop: np.ndarray, rest: np.ndarray, cards: CardTables, turn: int, turns: int,
                    deciding: bool) -> tuple[np.ndarray, np.ndarray]:
    """Where a turn decision is taken: the strength of every hole pair (by pair index) with the flop and each turn
    (by colex rank), and the pairing of the flop with each turn."""
    n_cards = len(rest) + len(flop)
    strength = np.zeros((turns if deciding else 0, n_cards * (n_cards - 1) // 2), dtype=np.int64)
    pairing = np.zeros(turns if deciding else 0, dtype=np.int64)
    if not deciding:
        return strength, pairing
    s1 = len(flop)
    board = np.empty(s1 + turn, dtype=np.int64)
    board[:s1] = flop
    n_pool = len(rest) - turn
    pool = np.empty(n_pool, dtype=np.int64)
    strengths = np.empty(n_pool * (n_pool - 1) // 2, dtype=np.int64)
    pick = np.arange(turn)
    t = -1
    while True:
        t += 1
        _lay_board(rest, pick, turn, board, pool)
        pair_strengths(board, pool, cards.rank_of, cards.suit_of, cards.turn_table, cards.flushes, cards.binomial, cards.n_ranks,
                       strengths)
        pairing[t] = _pairing(board, cards.rank_of, cards.n_ranks)
        p = 0
        for j in range(n_pool):
            for i in range(j):
                strength[t, cards.binomial[pool[j], 2] + pool[i]] = strengths[p]
                p += 1
        if not _advance(pick, len(rest)):
            break
    return strength, pairing


@njit(cache=True)
def _decide_per_pair(flop: np.ndarray, weight: int, rest: np.ndarray, cards: CardTables, game: Decisions, out: FlopTotals,
                     scratch: Scratch, symmetry: FlopSymmetry) -> None:
    """Per representative hole pair, once a flop's boards are tallied: the turn decision on each turn, the flop decision,
    and the chosen paths added into the pair's class, once per pair of its class on the flop."""
    rank_of, suit_of, n_ranks, binomial = cards.rank_of, cards.suit_of, cards.n_ranks, cards.binomial
    coef, category_of, pairings, turn, orders = game.coef, game.category_of, game.pairings, game.turn, game.orders
    h4_ends, h4_count, h4_open = game.h4_ends, game.h4_count, game.h4_open
    h3_next, h3_count, h3_open, rule3 = game.h3_next, game.h3_count, game.h3_open, game.rule3
    h2_next, h2_count, h2_open, rule2 = game.h2_next, game.h2_count, game.h2_open, game.rule2
    tally_turn, tally_open, path = scratch.tally_turn, scratch.tally_open, scratch.path
    slopes, line_keys, reach = game.slopes, game.line_keys, out.reach
    lines = len(slopes)
    s1 = len(flop)
    dealt = weight * orders[0] * orders[1]
    flop_pairing = _pairing(flop, rank_of, n_ranks)
    hand = np.empty(s1 + 2, dtype=np.int64)
    hand[2:] = flop
    deciding = len(game.open3) > 0
    looking_up = out.flop_values.size > 0  # each hole pair's values kept for a lookup, not only summed
    turn_strength, turn_pairing = _turn_strengths(flop, rest, cards, turn, tally_turn.shape[0], deciding)
    keys = tally_turn.shape[2]
    values4 = np.empty(len(h4_count), dtype=np.int64)
    values3 = np.empty(len(h3_count), dtype=np.int64)
    slopes4 = np.zeros((len(h4_count), lines), dtype=np.int64)  # what values4 and values3 gain per unit more on each line
    slopes3 = np.zeros((len(h3_count), lines), dtype=np.int64)
    option_values = np.zeros(max(h3_next.shape[1], h2_next.shape[1]), dtype=np.int64)
    point = np.empty((lines, 2))  # one flop decision's reach
    touched = np.zeros(path.shape[:2], dtype=np.bool_)
    every = np.empty((keys, 4), dtype=np.int64)
    held = np.empty(keys, dtype=np.int64)  # per hole pair and turn: the keys some river reaches
    pick = np.empty(turn, dtype=np.int64)
    position = np.zeros(len(rest) + s1, dtype=np.int64)  # each card's position in rest
    for i in range(len(rest)):
        position[rest[i]] = i
    for each in range(len(symmetry.pairs)):
        a, c = symmetry.pairs[each, 0], symmetry.pairs[each, 1]
        i, j = position[a], position[c]
        g = binomial[c, 2] + a
        size = symmetry.sizes[each]
        path[:] = 0
        touched[:] = False
        values3[:] = 0
        slopes3[:] = 0
        every[:] = 0
        boards = 0
        for u in range(turn):
            pick[u] = u
        t = -1
        while True:
            t += 1
            crossed = False
            for u in range(turn):
                if pick[u] == i or pick[u] == j:
                    crossed = True
            if not crossed:
                # (indices rather than slices: this runs once per hole pair and turn); only the keys some river reaches
                # (``held``): a key no river reaches tallies zeros, in every option's tally too (their sum is this one)
                rivers = 0
                n_held = 0
                for k in range(keys):
                    if tally_turn[t, g, k, 3]:
                        held[n_held] = k
                        n_held += 1
                        rivers += tally_turn[t, g, k, 3]
                        for x in range(4):
                            every[k, x] += tally_turn[t, g, k, x]
                boards += rivers
                for h4 in range(len(h4_count)):
                    value = 0
                    slopes4[h4, :] = 0
                    for o in range(h4_count[h4] if h4_open[h4] >= 0 else 1):
                        e = h4_ends[h4, o]
                        tally = tally_open[t, h4_open[h4], g, o] if h4_open[h4] >= 0 else tally_turn[t, g]
                        for q in range(n_held):
                            k = held[q]
                            for x in range(4):
                                value += coef[e, k, x] * tally[k, x]
                        for line in range(lines):
                            for q in range(line_keys.shape[1]):
                                k = line_keys[line, q]
                                if k < 0:
                                    break
                                if tally_turn[t, g, k, 3] == 0:
                                    continue
                                for x in range(4):
                                    slopes4[h4, line] += slopes[line, e, k, x] * tally[k, x]
                    values4[h4] = value
                strength = 0
                category = 0
                if deciding:
                    strength = turn_strength[t, g]
                    category = category_of[strength] * pairings + turn_pairing[t]
                for h3 in range(len(h3_count)):
                    choice = 0
                    if h3_open[h3] >= 0:
                        best_value = 0
                        for o in range(h3_count[h3]):
                            nxt = h3_next[h3, o]
                            value = values4[nxt] if nxt >= 0 else coef[-nxt - 1, 0, 3] * rivers
                            option_values[o] = value
                            if looking_up:
                                out.turn_values[h3, t, g, o] = value
                            if o == 0 or value > best_value:
                                choice, best_value = o, value
                        if rule3[0] == 0:
                            _narrow_options(reach, slopes, option_values, h3_next[h3], h3_count[h3], choice, slopes4, rivers)
                        choice = _choose(rule3, strength, choice)
                        if looking_up:
                            out.turn_choice[h3, t, g] = choice
                        out.turn_taken[h3_open[h3], category, choice] += weight * orders[0] * size
                    nxt = h3_next[h3, choice]
                    for line in range(lines):
                        slopes3[h3, line] += _option_slope(slopes, line, nxt, slopes4, rivers)
                    if nxt < 0:
                        path[h3, -nxt - 1, 0, 3] += rivers
                        touched[h3, -nxt - 1] = True
                        values3[h3] += coef[-nxt - 1, 0, 3] * rivers
                    else:
                        values3[h3] += values4[nxt]
                        if h4_open[nxt] >= 0:
                            for o in range(h4_count[nxt]):
                                e = h4_ends[nxt, o]
                                touched[h3, e] = True
                                for q in range(n_held):
                                    k = held[q]
                                    for x in range(4):
                                        path[h3, e, k, x] += tally_open[t, h4_open[nxt], g, o, k, x]
                        else:
                            e = h4_ends[nxt, 0]
                            touched[h3, e] = True
                            for q in range(n_held):
                                k = held[q]
                                for x in range(4):
                                    path[h3, e, k, x] += tally_turn[t, g, k, x]
            if not _advance(pick, len(rest)):
                break
        # the flop decision
        hand[0] = a
        hand[1] = c
        strength = hand_strength(hand, rank_of, suit_of, cards.flop_table, cards.flushes, binomial)
        category = category_of[strength] * pairings + flop_pairing
        cls = game.class_of[g]
        for h2 in range(len(h2_count)):
            choice = 0
            if h2_open[h2]:
                best_value = 0
                for o in range(h2_count[h2]):
                    nxt = h2_next[h2, o]
                    value = values3[nxt] if nxt >= 0 else coef[-nxt - 1, 0, 3] * boards
                    option_values[o] = value
                    if looking_up:
                        out.flop_values[h2, g, o] = value
                    if o == 0 or value > best_value:
                        choice, best_value = o, value
                if rule2[0] == 0:
                    point[:] = np.inf
                    _narrow_options(point, slopes, option_values, h2_next[h2], h2_count[h2], choice, slopes3, boards)
                    n = out.near_count[0]
                    if n < len(out.near_points) and _near(point, game.floors):
                        _keep_near(out, n, h2, cls, category, choice, weight * size, h2_next[h2], h2_count[h2], path, boards)
                    else:
                        for line in range(lines):
                            reach[line, 0] = min(reach[line, 0], point[line, 0])
                            reach[line, 1] = min(reach[line, 1], point[line, 1])
                choice = _choose(rule2, strength, choice)
                if looking_up:
                    out.flop_choice[h2, g] = choice
                out.flop_taken[h2, category, choice] += weight * size
            nxt = h2_next[h2, choice]
            if nxt < 0:
                out.class_tally[h2, cls, -nxt - 1, 0, 3] += dealt * size * boards
            else:
                for e in range(path.shape[1]):
                    if touched[nxt, e]:
                        _add_times(out.class_tally[h2, cls, e], dealt * size, path[nxt, e])
        _add_times(out.class_cells[cls], dealt * size, every)


def flop_counts_reference(plan: Any, ranking: Any, deck: Any, flop: np.ndarray, weight: int, outputs: dict[str, np.ndarray]) -> None:
    """:func:`flop_counts` in plain Python: per hole pair, every turn and every river dealt apart, each board valued with
    the ranking's own evaluator and a showdown of every pair against every other.

    ``plan`` is a :class:`~casino_math.methods.holdem.method.KernelPlan` of a game whose hands are of ``ranking`` over ``deck``;
    ``outputs`` holds the arrays of :class:`FlopTotals` by name (the decisions' values where given), added to.
    """
    from .pairs import showdown_reference
    from .tables import strengths_reference

    def pairing(cards: list[int]) -> int:
        return int(max(np.bincount(plan.tables.rank_of[cards]))) - 1

    flop_cards = flop.tolist()
    rest = [c for c in range(plan.n_cards) if c not in flop_cards]
    # every board: each hole pair's strength and showdown numbers (weaker, as strong, below the qualifier, 1)
    shown: dict[tuple[int, ...], dict[tuple[int, int], tuple[int, np.ndarray]]] = {}
    for later in itertools.combinations(rest, plan.later):
        pool = [c for c in rest if c not in later]
        pairs = sorted(itertools.combinations(pool, 2), key=lambda pair: (pair[1], pair[0]))  # colex, as the kernels number them
        hands = np.array([[*flop_cards, *later, *pair] for pair in pairs])
        strengths = strengths_reference(plan.tables, ranking, deck, hands)
        less, equal, below = showdown_reference(strengths, len(pool), plan.qualifier)
        shown[later] = {pair: (int(strengths[p]), np.array([less[p], equal[p], below[p], 1])) for p, pair in enumerate(pairs)}
    # the strength of each hole pair with the flop and each turn
    seen = [(a, c, *turn) for a, c in itertools.combinations(rest, 2)
            for turn in itertools.combinations([x for x in rest if x not in (a, c)], plan.turn)]
    strength = dict(zip(seen, strengths_reference(plan.tables, ranking, deck, np.array([[*s, *flop_cards] for s in seen])).tolist()))
    coef, keys = plan.coef, plan.coef.shape[1]
    dealt = weight * int(plan.orders[0]) * int(plan.orders[1])
    reach = outputs["reach"]

    def narrow(rule: np.ndarray, values: list[int], slopes: list[list[int]], choice: int, reach: np.ndarray = reach) -> None:
        """Each line's reach narrowed by a decision taken by value (none under a rule): ``slopes[line][option]``."""
        if rule[0] != 0:
            return
        for line, slope in enumerate(slopes):
            for o in range(len(values)):
                against = slope[choice] - slope[o]
                if against:
                    reach[line, 0 if against < 0 else 1] = min(reach[line, 0 if against < 0 else 1],
                                                                 (values[choice] - values[o]) / abs(against))

    def slopes_of(paths: np.ndarray, ends: list[int], boards: int) -> list[list[int]]:
        """Per line, each option's gain per unit more net pay on it: its path's (``ends[o]`` < 0: a fold over ``boards``)."""
        return [[int((plan.slopes[line] * paths[nxt]).sum()) if nxt >= 0 else int(plan.slopes[line, -nxt - 1, 0, 3]) * boards
                 for nxt in ends] for line in range(len(plan.slopes))]

    def tally(e: int, x: np.ndarray) -> np.ndarray:
        """A path's tally of a fold: every board in column 3 (what the fold's coefficients read) of its end."""
        out = np.zeros((len(coef), keys, 4), dtype=np.int64)
        out[e, 0] = x
        return out

    for a, c in sorted(itertools.combinations(rest, 2), key=lambda pair: (pair[1], pair[0])):  # colex, as the kernels take them
        g = int(plan.tables.binomial[c, 2]) + a
        others = [x for x in rest if x not in (a, c)]
        paths3 = np.zeros((len(plan.h3_count), len(coef), keys, 4), dtype=np.int64)  # each turn history's path, every turn
        every = np.zeros((keys, 4), dtype=np.int64)
        for turn in itertools.combinations(others, plan.turn):
            t = sum(comb(rest.index(x), i + 1) for i, x in enumerate(turn))  # the turn's colex rank among the cards after the flop
            paths4 = np.zeros((len(plan.h4_count), len(coef), keys, 4), dtype=np.int64)  # each river history's path, every river
            for river in itertools.combinations([x for x in others if x not in turn], plan.later - plan.turn):
                s, x = shown[tuple(sorted(turn + river))][(a, c)]
                key = int(plan.key_of[s])
                every[key] += x
                for h4 in range(len(plan.h4_count)):
                    ends = plan.h4_ends[h4, : plan.h4_count[h4]]
                    choice = 0
                    if plan.h4_open[h4] >= 0:
                        choice = ruled(plan.rule4, s, [int(coef[e, key] @ x) for e in ends])
                        narrow(plan.rule4, [int(coef[e, key] @ x) for e in ends],
                               [[int(plan.slopes[line, e, key] @ x) for e in ends] for line in range(len(plan.slopes))], choice)
                        category = plan.category_of[s] * plan.pairings + pairing([*flop_cards, *turn, *river])
                        outputs["river_taken"][plan.h4_open[h4], category, choice] += dealt
                    paths4[h4, ends[choice], key] += x
            rivers = int(paths4[0, :, :, 3].sum())
            s3 = strength[(a, c, *turn)]
            for h3 in range(len(plan.h3_count)):
                values = [int((coef * paths4[nxt]).sum()) if nxt >= 0 else int(coef[-nxt - 1, 0, 3]) * rivers
                          for nxt in plan.h3_next[h3, : plan.h3_count[h3]]]
                choice = 0
                if plan.h3_open[h3] >= 0:
                    choice = ruled(plan.rule3, s3, values)
                    narrow(plan.rule3, values, slopes_of(paths4, plan.h3_next[h3, : plan.h3_count[h3]].tolist(), rivers), choice)
                    category = plan.category_of[s3] * plan.pairings + pairing([*flop_cards, *turn])
                    outputs["turn_taken"][plan.h3_open[h3], category, choice] += weight * int(plan.orders[0])
                    if "turn_values" in outputs:
                        outputs["turn_values"][h3, t, g, : len(values)] = values
                        outputs["turn_choice"][h3, t, g] = choice
                nxt = plan.h3_next[h3, choice]
                paths3[h3] += paths4[nxt] if nxt >= 0 else tally(-nxt - 1, np.array([0, 0, 0, rivers]))
        boards = int(every[:, 3].sum())
        s2 = int(strengths_reference(plan.tables, ranking, deck, np.array([[a, c, *flop_cards]]))[0])
        cls = plan.class_of[g]
        for h2 in range(len(plan.h2_count)):
            values = [int((coef * paths3[nxt]).sum()) if nxt >= 0 else int(coef[-nxt - 1, 0, 3]) * boards
                      for nxt in plan.h2_next[h2, : plan.h2_count[h2]]]
            choice = 0
            if plan.h2_open[h2]:
                choice = ruled(plan.rule2, s2, values)
                point = np.full(reach.shape, np.inf)
                narrow(plan.rule2, values, slopes_of(paths3, plan.h2_next[h2, : plan.h2_count[h2]].tolist(), boards), choice, point)
                n = int(outputs["near_count"][0])
                if plan.rule2[0] == 0 and n < len(outputs["near_points"]) and (point < plan.floors[:, None]).any():
                    outputs["near_points"][n] = [h2, plan.class_of[g], plan.category_of[s2] * plan.pairings + pairing(flop_cards), choice, weight]
                    outputs["near_paths"][n] = 0
                    for o, nxt in enumerate(plan.h2_next[h2, : plan.h2_count[h2]]):
                        outputs["near_paths"][n, o] = paths3[nxt] if nxt >= 0 else tally(-nxt - 1, np.array([0, 0, 0, boards]))
                    outputs["near_count"][0] = n + 1
                else:
                    np.minimum(reach, point, out=reach)
                outputs["flop_taken"][h2, plan.category_of[s2] * plan.pairings + pairing(flop_cards), choice] += weight
                if "flop_values" in outputs:
                    outputs["flop_values"][h2, g, : len(values)] = values
                    outputs["flop_choice"][h2, g] = choice
            nxt = plan.h2_next[h2, choice]
            outputs["class_tally"][h2, cls] += dealt * (paths3[nxt] if nxt >= 0 else tally(-nxt - 1, np.array([0, 0, 0, boards])))
        outputs["class_cells"][cls] += dealt * every


def ruled(rule: np.ndarray, strength: int, values: list[int]) -> int:
    """The option a rule forces (mode 1: always; mode 2: from a strength up), else the best (the first on a tie)."""
    if rule[0] == 1 or (rule[0] == 2 and strength >= rule[1]):
        return int(rule[2])
    if rule[0] == 2:
        return int(rule[3])
    return int(np.argmax(values))
