"""What each hold of each deal keeps, as a strategy card reads it: the kind of hold (a made hand, a pair, n to a royal
flush...), the wild cards and natural cards held, the high cards among them, the ranks held, the straights the held
ranks are open to, and the rank group of a pair or three of a kind.

The kind, the wild, natural and high cards and the line stood on come from :func:`~.kernel.hold_codes`; the rest is
read here. A rank group is a run of ranks the paytable treats alike: the ranks its lines name split the ranks (Double
Double Bonus: aces, 2s to 4s, 5s to 10s, jacks to kings; Jacks or Better: 2s to 10s, jacks or better). "High" cards
are the ranks of the least paid pair (jacks or better; none where no pair pays, as in Deuces Wild).

:func:`kind_codes` folds a hold's features into one code per kind of hold a derived card prints as one line
(:func:`kind_name` names it): ``4 to a royal flush``, ``suited QJ``, ``3 to a straight flush, 1 high card, open to 2
straights``, ``low pair``, ``unsuited KQJ``, ``J only``, ``draw five``...

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> game = load_draw_text(TINY)
>>> deal = np.array([[0, 4, 8, 12, 13]])      # a suited J Q K A and another ace (16 cards: ids 4 × rank + suit)
>>> held = kinds(game, deal)
>>> int(held.naturals[0, 0b01111]), int(held.opens[0, 0b01111]), held.rank_groups
(4, 1, ((11, 14),))
>>> [kind_name(game, int(c)) for c in kind_codes(game, held)[0, [0b01111, 0b11000, 0b00011]]]
['4 to a royal flush', 'pair', 'suited QJ']
"""

from __future__ import annotations


import numpy as np
from numba import njit

from .codes import (FLUSH, HIGH, HIGH_PAIR, HIGH_SUITED, HOLDS, INSIDE, LOW_CARD, LOW_PAIR, NOTHING, OTHER, OUTSIDE, QUADS,
                    ROYAL, STOOD, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TRIPS_KICKER, TWO_PAIR, WILDS, HoldKinds)
from .game_file import DrawGame
from .kernel import hold_codes

WINDOWS = [sum(1 << r for r in ((14, 2, 3, 4, 5) if low == 1 else range(low, low + 5))) for low in range(1, 11)]
RANK_LETTERS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}
RANK_WORDS = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens"}
BY_RANKS = 1 << 15  # a straight's detail: the ranks held (bits 2 to 14), not its high cards and open straights
DETAIL = 1 << 16  # a kind code: ((wild cards × 32 + kind) × 6 + natural cards) × DETAIL + the kind's detail




def high_rank(game: DrawGame) -> int:
    """The least rank of a pair the paytable pays (the pays' "high" cards); 15 where no pair line pays."""
    lows = [line.base.low for line in game.draw_lines if line.base is not None and line.base.category is not None
            and game.ranking.categories[line.base.category] == "one_pair"]
    return min(lows) if lows else 15


def rank_groups(game: DrawGame) -> tuple[tuple[int, int], ...]:
    """The runs of ranks the paytable's lines treat alike (a line's rank limits and kickers split them); one run of
    every rank where no line splits them. The least high card always starts a run."""
    naturals = sorted(r for r in game.deck.ranks if not (game.ranking.wild_deuces and r == 2))
    starts = {naturals[0], high_rank(game)}
    for line in game.draw_lines:
        if line.base is not None and line.base.category is not None:
            starts |= {line.base.low, line.base.high + 1}
        for r in line.kickers:
            starts |= {r, r + 1}
    cuts = sorted(s for s in starts if naturals[0] <= s <= naturals[-1])
    return tuple((low, max(r for r in naturals if r < high)) for low, high in zip(cuts, [*cuts[1:], 99]))


def kinds(game: DrawGame, deals: np.ndarray) -> HoldKinds:
    """Every hold of each deal (rows of five card ids) read as a strategy card reads it."""
    from ...subsets import colex
    from .counting import final_hands

    cards = game.deck.cards
    wild_card = np.array([game.ranking.is_wild(c) for c in cards])[deals]
    rank = np.where(wild_card, 0, np.array([0 if game.ranking.is_wild(c) else c.rank for c in cards])[deals])
    suit = np.where(wild_card, -1, np.array([-1 if game.ranking.is_wild(c) else c.suit for c in cards])[deals])
    made = final_hands(game).classes[colex(np.sort(deals, axis=1))].astype(np.int64)
    high = high_rank(game)
    code = hold_codes(rank.astype(np.int64), suit.astype(np.int64), made, high)
    code, made_line = divmod(code, 32)
    code, highs = divmod(code, 6)
    code, naturals = divmod(code, 6)
    wild, kind = divmod(code, 64)
    groups = rank_groups(game)
    group_of = np.full(16, -1, dtype=np.int64)  # by rank (0: none held)
    for g, (low, top) in enumerate(groups):
        group_of[low:top + 1] = g
    ranks, opens, paired, lone = _ranks_held(rank.astype(np.int64), np.array(WINDOWS, dtype=np.int64))
    group = group_of[paired]
    kicker = np.where((kind == TRIPS_KICKER) & (wild == 0), group_of[lone], -1)
    lone = np.where((kind == TRIPS_KICKER) & (wild == 0), lone, 0)
    def small(x: np.ndarray) -> np.ndarray:  # held for a card's pricing: kept small
        return x.astype(np.int8)

    return HoldKinds(small(kind), small(wild), small(naturals), small(highs), small(np.where(kind == STOOD, made_line, -1)),
                     ranks.astype(np.int16), small(opens), small(paired), small(lone), small(group), small(kicker), high,
                     tuple(groups))


@njit(cache=True)
def _ranks_held(rank: np.ndarray, windows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per deal and hold: the natural ranks held (bits), the straights open to them where they are all different,
    the rank held twice or more (0: none), and a lone natural rank beside it (0: none)."""
    n = rank.shape[0]
    ranks = np.zeros((n, HOLDS), dtype=np.int64)
    opens = np.zeros((n, HOLDS), dtype=np.int64)
    paired = np.zeros((n, HOLDS), dtype=np.int64)
    lone = np.zeros((n, HOLDS), dtype=np.int64)
    seen = np.zeros(16, dtype=np.int64)
    for d in range(n):
        for mask in range(HOLDS):
            seen[:] = 0
            bits = 0
            k = 0
            for i in range(5):
                r = rank[d, i]
                if mask >> i & 1 and r > 0:
                    seen[r] += 1
                    bits |= 1 << r
                    k += 1
            ranks[d, mask] = bits
            distinct = 0
            for r in range(2, 15):
                if seen[r] > 0:
                    distinct += 1
                if seen[r] >= 2:
                    paired[d, mask] = r
                elif seen[r] == 1:
                    lone[d, mask] = r
            if distinct == k:
                for w in windows:
                    if bits & ~w == 0:
                        opens[d, mask] += 1
    return ranks, opens, paired, lone


def kind_codes(game: DrawGame, held: HoldKinds) -> np.ndarray:
    """Each hold's kind code: holds of one code are one line of a derived card (see the module)."""
    kind, k = held.kind.astype(np.int64), held.naturals.astype(np.int64)
    split = len(held.rank_groups) > 2  # the paytable pays some ranks apart (bonus quads): name the pair's ranks
    pair_group = held.group.astype(np.int64) if split else np.zeros_like(k)
    highs, opens = held.highs.astype(np.int64), held.opens.astype(np.int64)
    suited_straight = (highs * 16 + opens) if held.high_rank < 15 else opens
    if game.ranking.wild_deuces or game.deck.jokers:  # wild cards fill straights: which ranks are held matters more
        suited_straight = np.where(k <= 3, held.ranks.astype(np.int64) | BY_RANKS, suited_straight)
        highs = np.where(np.isin(kind, (INSIDE,)), held.ranks.astype(np.int64) | BY_RANKS, highs)
    detail = np.select(
        [kind == STOOD, np.isin(kind, (QUADS, TRIPS)), kind == TRIPS_KICKER, np.isin(kind, (HIGH_PAIR, LOW_PAIR)),
         (kind == ROYAL) & (k <= 3), np.isin(kind, (STRAIGHT_FLUSH, STRAIGHT)), np.isin(kind, (FLUSH, OUTSIDE, INSIDE, OTHER)),
         np.isin(kind, (HIGH, HIGH_SUITED))],
        [held.made, pair_group * 16, pair_group * 16 + np.where(split, held.kicker + 1, 0), pair_group,
         held.ranks, suited_straight, highs, held.ranks], 0).astype(np.int64)
    stood = kind == STOOD  # a made hand is its line, however many wild cards make it
    return ((np.where(stood, 0, held.wild.astype(np.int64)) * 32 + kind) * 6 + np.where(stood, 5, k)) * DETAIL + detail


def is_stood(code: int) -> bool:
    """Whether a kind code is a hand stood on (all five held)."""
    return code // DETAIL // 6 % 32 == STOOD


def kind_name(game: DrawGame, code: int) -> str:
    """A kind code's words, as strategy cards print them."""
    code, detail = divmod(code, DETAIL)
    code, k = divmod(code, 6)
    wild, kind = divmod(code, 32)
    groups = rank_groups(game)
    high = high_rank(game)

    def highs(n: int) -> str:
        return "" if high == 15 else f", {n} high card{'s' * (n != 1)}"

    def opens(n: int) -> str:
        return f", open to {n} straight{'s' * (n != 1)}"

    def ranks(mask: int) -> str:
        return "".join(RANK_LETTERS.get(r, str(r)) for r in range(14, 1, -1) if mask >> r & 1)

    def ranks_of(g: int) -> str:
        low, top = groups[g]
        words = [RANK_WORDS.get(r, f"{r}s") for r in (low, top)]
        return words[0] if low == top else f"{words[0]} to {words[1]}"

    split = len(groups) > 2
    if kind == STOOD:
        lines = [line.key for line in game.lines]
        return lines[detail] if detail < len(lines) else "nothing paid (all five held)"
    if kind in (QUADS, TRIPS, TRIPS_KICKER):
        group, kicked = divmod(detail, 16)
        name = ("four of a kind" if kind == QUADS else "three of a kind") + (f" of {ranks_of(group)}" if split else "")
        if kind == TRIPS_KICKER:
            name += f" and a kicker of {ranks_of(kicked - 1)}" if split and kicked else " and a kicker"
    elif kind in (HIGH_PAIR, LOW_PAIR):
        base = ("pair" if high == 15 else "high pair" if kind == HIGH_PAIR else "low pair")
        name = f"pair of {ranks_of(detail)}" if split else base
        name += f" and {k - 2} kicker{'s' * (k > 3)}" if k > 2 else ""
    elif kind == ROYAL:
        name = "4 to a royal flush" if k == 4 else f"suited {ranks(detail)}" if k == 2 else f"3 to a royal flush, {ranks(detail)}"
    elif kind in (STRAIGHT_FLUSH, STRAIGHT):
        n_high, n_open = divmod(detail, 16) if high < 15 else (0, detail)
        to = f"{k} to a {'straight flush' if kind == STRAIGHT_FLUSH else 'straight'}"
        name = f"{to}, {ranks(detail)}" if detail & BY_RANKS else f"{to}{highs(n_high)}{opens(n_open)}"
    elif kind == FLUSH:
        name = f"{k} to a flush{highs(detail)}"
    elif kind in (OUTSIDE, INSIDE):
        to = f"4 to an {'outside' if kind == OUTSIDE else 'inside'} straight"
        name = f"{to}, {ranks(detail)}" if detail & BY_RANKS else f"{to}{highs(detail)}"
    elif kind in (HIGH, HIGH_SUITED):
        name = f"{ranks(detail)} only" if k == 1 else f"{'suited' if kind == HIGH_SUITED else 'unsuited'} {ranks(detail)}"
    else:
        name = {TWO_PAIR: "two pair", NOTHING: "draw five", WILDS: "", LOW_CARD: "one low card",
                OTHER: f"{k} unconnected cards{highs(detail)}"}[kind]
    if not wild:
        return name
    held = f"{wild} deuce{'s' * (wild > 1)}" if game.ranking.wild_deuces else "joker"
    if kind in (QUADS, TRIPS, TRIPS_KICKER):  # made with the wild cards
        return f"{name} with {held}"
    return f"{held} + {name}" if name else f"{held} alone"
