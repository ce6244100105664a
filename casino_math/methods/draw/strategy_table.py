"""The hand-rank strategy table, derived from the optimal holds: lines such as "4 to a royal flush" or "low pair",
ordered as strategy cards print them, each with how often it is the hand's play and what it is worth.

Every hold of every deal is named by what it keeps (:func:`hold_names`): a made hand stood on (the paytable's line),
four or three of a kind (wild cards joining a pair), two pair, a high or low pair (high: a pair the paytable pays), n to a royal flush, to a
straight flush, to a flush, to an outside or inside straight, high cards (suited or not), a lone card, or nothing
(draw five); wild cards held are named first (``2 deuces + ...``, ``joker + ...``). Each deal's optimal hold has a
name; the names are ordered by their average exact expected value where they are the optimal play, highest first,
which is the order strategy cards print (a simpler ranking than Ethier, Kim and Lee's, which orders hold types by
the deals' preferences between them): the player holds the first line his hand has. Each line's frequency (deals
where it is the optimal play) and average expected value follow; :func:`card_return` prices the card itself exactly
(each deal played by its first line, the best hold of that name), so the sheet states what following the card costs.

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> from casino_math.methods.draw.method import DRAW_METHOD
>>> view = DRAW_METHOD.solve(load_draw_text(TINY)).strategy.decisions[0]
>>> frame = strategy_table(view)
>>> list(frame.columns), frame["line"].iloc[0]
(['line', 'deals', 'frequency', 'ev', 'ev_float'], 'four of a kind')
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from ...held import Held
from .counting import count_key
from .game_file import DrawGame
from .kernel import (FLUSH, HIGH, HIGH_PAIR, HIGH_SUITED, HOLDS, INSIDE, LOW_CARD, LOW_PAIR, NOTHING, OTHER, OUTSIDE,
                     QUADS, ROYAL, STOOD, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TRIPS_KICKER, TWO_PAIR, WILDS, hold_codes)

if TYPE_CHECKING:
    import pandas as pd

HELD = ((np.arange(HOLDS)[:, None] >> np.arange(5)[None, :]) & 1).astype(bool)  # (32, 5): the cards each hold keeps


_NAMED: Held[str, tuple[np.ndarray, list[str]]] = Held(most=2)


def named(game: DrawGame, deals: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """:func:`hold_names` of the game's classes of deals, held in this process (the names depend on the lines alone)."""
    key = count_key(game)
    if key not in _NAMED:
        _NAMED[key] = hold_names(game, deals)
    return _NAMED[key]


def _high_rank(game: DrawGame) -> int:
    """The least rank of a pair the paytable pays (the pays' "high" cards); 15 where no pair line pays."""
    lows = [line.base.low for line in game.draw_lines if line.base is not None and line.base.category is not None
            and game.ranking.categories[line.base.category] == "one_pair"]
    return min(lows) if lows else 15


def hold_names(game: DrawGame, deals: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Each hold of each deal (``deals``: rows of five card ids) by name: codes (deals, 32) into the list of names."""
    code = _codes(game, deals)
    found, codes = np.unique(code, return_inverse=True)
    lines = [line.key for line in game.lines]
    wild_word = "deuce" if game.ranking.wild_deuces else "joker"
    names = list(dict.fromkeys(_name(int(c), lines, wild_word) for c in found))
    named = np.array([names.index(_name(int(c), lines, wild_word)) for c in found], dtype=np.int64)
    return named[codes].reshape(len(deals), HOLDS), names


def _codes(game: DrawGame, deals: np.ndarray) -> np.ndarray:
    """Each hold's code (see :func:`_name`): what it keeps, by kind, wild cards, natural cards and high cards."""
    cards = game.deck.cards
    rank = np.array([0 if game.ranking.is_wild(c) else c.rank for c in cards], dtype=np.int64)[deals]
    suit = np.array([-1 if game.ranking.is_wild(c) else c.suit for c in cards], dtype=np.int64)[deals]
    return hold_codes(rank, suit, _made(game, deals), _high_rank(game))


def _name(code: int, lines: list[str], wild_word: str) -> str:
    """A hold's name from its code: what kind of hold, with how many wild cards, natural cards and high cards."""
    code, made = divmod(code, 32)
    code, highs = divmod(code, 6)
    code, k = divmod(code, 6)
    wild, kind = divmod(code, 64)
    if kind == STOOD:
        return lines[made] if made < len(lines) else "nothing paid (all five held)"
    kicked = f" with {k - 2} kicker{'s' * (k > 3)}" if k > 2 else ""
    name = {QUADS: "four of a kind", TRIPS: "three of a kind", TRIPS_KICKER: "three of a kind with a kicker",
            TWO_PAIR: "two pair", HIGH_PAIR: f"high pair{kicked}", LOW_PAIR: f"low pair{kicked}", NOTHING: "draw five",
            WILDS: "", ROYAL: f"{k} to a royal flush", STRAIGHT_FLUSH: f"{k} to a straight flush", FLUSH: f"{k} to a flush",
            OUTSIDE: "4 to an outside straight", INSIDE: "4 to an inside straight",
            HIGH_SUITED: f"{k} suited high cards", HIGH: "one high card" if k == 1 else f"{k} unsuited high cards",
            LOW_CARD: "one low card", STRAIGHT: f"{k} to a straight",
            OTHER: f"{k} unconnected cards, {highs} high"}[kind]
    if not wild:
        return name
    held = f"{wild} {wild_word}{'s' * (wild > 1)}" if wild_word == "deuce" else "joker"
    if kind in (QUADS, TRIPS, TRIPS_KICKER):  # made with the wild cards
        return f"{name} with {held}"
    return f"{held} + {name}" if name else f"{held} alone"


def _made(game: DrawGame, deals: np.ndarray) -> np.ndarray:
    """The paytable line each deal makes as dealt (``len(lines)`` where none pays)."""
    from ...subsets import colex
    from .counting import final_hands

    return final_hands(game).classes[colex(np.sort(deals, axis=1))].astype(np.int64)


def ranked(codes: np.ndarray, choice: np.ndarray, value: np.ndarray, weights: np.ndarray, names: int) -> list[int]:
    """The names in the card's order: by their average exact expected value over the deals where they are the optimal
    play, highest first (names never optimal last)."""
    best = codes[np.arange(len(codes)), choice]
    dealt = np.bincount(best, weights=weights, minlength=names)
    worth = np.bincount(best, weights=weights * value.astype(np.float64), minlength=names)
    mean = np.where(dealt > 0, worth / np.maximum(dealt, 1), -np.inf)
    return [int(i) for i in np.lexsort((np.arange(names), -mean))]


def strategy_table(view: Any) -> pd.DataFrame:
    """The hand-rank table: one row per line in the card's order, the deals where it is the optimal play, their share
    and the line's average exact expected value there (per coin bet, net)."""
    import pandas as pd

    table = _table(view)
    total = comb(len(view.game.deck), 5)
    rows = []
    for name, deals, ev in table:
        rows.append({"line": name, "deals": deals, "frequency": f"{100 * deals / total:.4f}%", "ev": ev,
                     "ev_float": float(ev)})
    return pd.DataFrame(rows)


def _values(view: Any) -> np.ndarray:
    """Every hold's value of every class of deals (integers over the solution's unit), in the member's positions."""
    counts, played = view.counts, view.played
    pays = np.array([int(p * (played.unit // counts.per_hold)) for p in _pays(view.game)], dtype=np.int64)
    scale = counts.scale[HELD.sum(axis=1)][None, :]
    return np.concatenate([(counts.counts[start:start + CHUNK].astype(np.int64) @ pays) * scale
                           for start in range(0, len(counts.counts), CHUNK)])


CHUNK = 16_384  # classes of deals valued at once: a copy of their counts in 64 bits stays small


def _pays(game: DrawGame) -> tuple[Fraction, ...]:
    from .solving import pays_of

    return pays_of(game)


def _table(view: Any) -> list[tuple[str, int, Fraction]]:
    counts, played = view.counts, view.played
    deals = counts.deals.astype(np.int64)
    codes, names = named(view.game, deals)
    choice = played.choice.astype(np.int64)
    weights = counts.weights
    order = ranked(codes, choice, played.value, weights, len(names))
    rows = np.arange(len(deals))
    best = codes[rows, choice]
    out = []
    for name in order:
        mine = best == name
        dealt = int(weights[mine].sum())
        if not dealt:
            continue
        ev = Fraction(int((weights[mine].astype(object) * played.value[mine].astype(object)).sum()), dealt * played.unit) - 1
        out.append((names[name], dealt, ev))
    return out


def card_return(view: Any) -> tuple[Fraction, Fraction]:
    """The card played exactly: each deal held by the first line of the card it has (the best hold of that name), its
    return and what it gives up against the optimal holds (per coin bet)."""
    counts, played = view.counts, view.played
    deals = counts.deals.astype(np.int64)
    codes, names = named(view.game, deals)
    values = _values(view)
    choice = played.choice.astype(np.int64)
    order = ranked(codes, choice, played.value, counts.weights, len(names))
    place = np.empty(len(names), dtype=np.int64)
    place[order] = np.arange(len(order))
    ranks = place[codes]  # (deals, 32): each hold's line on the card
    first = ranks.min(axis=1, keepdims=True)
    card = np.where(ranks == first, values, np.iinfo(np.int64).min).max(axis=1)
    total = comb(counts.cards, 5) * played.unit
    carded = Fraction(int((counts.weights.astype(object) * card.astype(object)).sum()), total)
    optimal = Fraction(int((counts.weights.astype(object) * played.value.astype(object)).sum()), total)
    return carded, optimal - carded
