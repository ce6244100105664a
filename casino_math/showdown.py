"""The showdown, counted: for each set of cards the player has seen, how the dealer's unseen cards fall.

For a player holding cards P (the dealer showing U, the board B), the dealer's
face-down cards D are any d cards left. The number of them with a hand worth
less than x is, by inclusion–exclusion over the cards D might share with P,

    Σ over subsets S of P:  (−1)^|S| · #{D ⊇ S, dealt beside U and B, worth less than x}

and each term is a look-up in the dealer's hands grouped by the cards they
contain, or is read in one sweep over the dealer's hands in order of value
(:mod:`casino_math.kernels.showdown`). Counting below the qualifier, below the player's
hand and below it plus one gives each class its six showdown cells: the
dealer qualifying or not, times the player higher, equal or lower.

>>> from casino_math.cards import Deck
>>> from casino_math.rankings import get_ranking
>>> three = get_ranking("three-card")
>>> player = np.array([[48, 44, 40]])   # A♣ K♣ Q♣: the mini-royal in clubs
>>> cells = dealer_cells(three, Deck.standard(), np.zeros((1, 0), dtype=np.int64), player, 3, (), 0)
>>> dict(zip(CELLS, cells[0].tolist()))["qualified_dealer_higher"], int(cells.sum())
(0, 18424)
"""

from __future__ import annotations

from math import comb
from typing import Sequence

import numpy as np

from .cards import Deck
from .held import cached
from .rankings import WILD, Ranking
from .subsets import all_subsets, colex, positions

COMPILED_FROM = 10**9  # player rows x dealer hands from which the compiled kernel pays for itself
#: the ways a deal ends at the showdown: a qualifier splits it in two; without one every dealer hand "qualifies"
CELLS = ("not_qualified_player_higher", "not_qualified_equal", "not_qualified_dealer_higher",
         "qualified_player_higher", "qualified_equal", "qualified_dealer_higher")
CELL_SITUATION = tuple((not c.startswith("not"), c.split("qualified_", 1)[1]) for c in CELLS)


def card_arrays(deck: Deck, ranking: Ranking | None, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rank and suit arrays of hands given as card ids, sorted high first (wild cards last, as WILD), as rankings take them.

    Ids run by rank then suit, so sorting the ids themselves (a wild card as -1) orders the cards as
    :func:`~casino_math.rankings.base.sort_hands` would, at a fraction of the cost.
    """
    rank_of, suit_of, wild = _card_tables(deck, ranking)
    keys = ids.astype(np.int16)  # small integers: these arrays run to millions of hands
    if wild.any():
        keys[wild[ids]] = -1
    keys.sort(axis=1)
    keys = keys[:, ::-1] + 1
    return rank_of[keys], suit_of[keys]


def _card_tables(deck: Deck, ranking: Ranking | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rank and suit of each card id shifted by one (index 0: a wild card), and which ids are wild."""
    cards = deck.cards
    wild = np.array([ranking is not None and ranking.is_wild(c) for c in cards])
    rank_of = np.r_[WILD, np.where(wild, WILD, [c.rank for c in cards])].astype(np.int8)
    suit_of = np.r_[-1, np.where(wild, -1, [c.suit for c in cards])].astype(np.int8)
    return rank_of, suit_of, wild


def hand_values(ranking: Ranking, deck: Deck, ids: np.ndarray) -> np.ndarray:
    """The value of the best ``ranking.hand_size`` cards of each row of card ids.

    Rows of more cards than a hand, many of them, take the best of their hands in a table of every hand of the deck
    valued once (Four Card Poker's dealer: the best four of six cards, 2.3 million times a shard), where the ranking
    values the hands of each row one by one otherwise.
    """
    k, n = ranking.hand_size, len(deck.cards)
    if ids.shape[1] > k and len(ids) * comb(ids.shape[1], k) >= BEST_OF_FROM and comb(n, k) <= BEST_OF_TABLE:
        from .kernels.showdown import best_of

        return best_of(ids, k, _every_hand(ranking, deck))
    return ranking.best_values(*card_arrays(deck, ranking, ids))


BEST_OF_FROM = 1_000_000  # hands in the rows from which a table of every hand (and importing numba) pays for itself
BEST_OF_TABLE = 3_000_000  # hands of the deck valued in that table at most (a five-card hand of 53 cards: 2,869,685)


@cached(maxsize=4)
def _every_hand(ranking: Ranking, deck: Deck) -> np.ndarray:
    """The value of every hand of ``ranking.hand_size`` cards of ``deck``, in colex order of its card ids."""
    values = ranking.best_values(*card_arrays(deck, ranking, all_subsets(len(deck.cards), ranking.hand_size)))
    values.setflags(write=False)
    return values


def dealer_cells(ranking: Ranking, deck: Deck, known: np.ndarray, player: np.ndarray, hidden: int,
                 player_values: Sequence[int] | np.ndarray, qualifier: int) -> np.ndarray:
    """Showdown cells (rows, 6) for player rows that share the dealer's known cards ``known`` (one row, ids).

    The dealer's hand is the best of ``known`` and ``hidden`` more cards from those left; ``player``
    holds the ids of each row's other seen cards (the dealer's cards avoid them) and ``player_values``
    the value of each row's hand (``player_values`` empty: the player's hand is ``player`` itself).
    """
    known = known.reshape(-1)
    n = len(deck.cards)
    rest = np.setdiff1d(np.arange(n), known)
    dealt = rest[_subsets(len(rest), hidden)]
    hands = dealt if not len(known) else np.sort(  # no card known: the dealt rows are ascending already
        np.concatenate([np.broadcast_to(known, (len(dealt), len(known))), dealt], axis=1), axis=1)
    values = hand_values(ranking, deck, hands)
    if len(player_values) == 0:
        player_values = hand_values(ranking, deck, player)
    v = np.asarray(player_values, dtype=np.int64)
    thresholds = np.stack([np.full_like(v, qualifier), v, v + 1], axis=1)
    total = comb(len(rest) - player.shape[1], hidden)  # every row leaves as many cards for the dealer
    if len(player) * len(dealt) < COMPILED_FROM:
        return cells_of(below_reference(dealt, values, player, thresholds), v, qualifier, total)
    # the compiled kernels, for big showdowns (importing numba costs more than a small one)
    from .kernels.showdown import SWEPT_CELLS, Index, below as compiled, cells, swept, swept_cells

    if swept_cells(n, hidden, player.shape[1]) <= SWEPT_CELLS:  # one sweep over the hands: a few megabytes of counters
        below = swept(dealt, values, player, thresholds)
    else:
        below = compiled(Index.of(dealt, values), player, thresholds)
    return cells(below, v, qualifier, total)


@cached(maxsize=4)
def _subsets(n: int, k: int) -> np.ndarray:
    """:func:`~casino_math.subsets.all_subsets`, kept: every shard of a showdown deals the dealer's cards from as many."""
    subsets = all_subsets(n, k)
    subsets.setflags(write=False)
    return subsets


def below_reference(dealt: np.ndarray, values: np.ndarray, player: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """The count of :func:`casino_math.kernels.showdown.below` with sorted composite keys and numpy's binary search:
    what small inputs use (no compiled code to import), and the kernel's reference."""
    d = dealt.shape[1]
    base = int(max(values.max(initial=0), thresholds.max(initial=0))) + 2
    out = np.zeros(thresholds.shape, dtype=np.int64)
    for j in range(min(d, player.shape[1]) + 1):
        table = np.sort(np.concatenate([colex(dealt[:, p]) * base + values for p in positions(d, j)]))
        for pick in positions(player.shape[1], j):
            start = colex(player[:, pick]) * base
            low = np.searchsorted(table, start)
            for t in range(thresholds.shape[1]):
                out[:, t] += (-1) ** j * (np.searchsorted(table, start + thresholds[:, t]) - low)
    return out


def cells_of(below: np.ndarray, v: np.ndarray, qualifier: int, total: int) -> np.ndarray:
    """The six showdown cells of rows whose hands are worth ``v``, from the dealer hands (of ``total``) worth less than
    the qualifier, less than ``v`` and at most ``v`` (the three columns of ``below``)."""
    c_q, c_v, c_v1 = below[:, 0], below[:, 1], below[:, 2]
    q = np.full_like(v, qualifier)
    return np.stack([
        np.where(v < q, c_v, c_q),                  # not qualified, player higher
        np.where(v < q, c_v1 - c_v, 0),             # not qualified, equal
        np.where(v + 1 < q, c_q - c_v1, 0),         # not qualified, dealer higher
        np.where(v > q, c_v - c_q, 0),              # qualified, player higher
        np.where(v >= q, c_v1 - c_v, 0),            # qualified, equal
        total - np.where(v + 1 > q, c_v1, c_q),     # qualified, dealer higher
    ], axis=1)
