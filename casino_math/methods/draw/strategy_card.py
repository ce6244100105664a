"""A strategy card played exactly: ordered lines, the player holding, of each deal, the first line the deal has (where
several of its holds fit that line, the best of them), priced over every deal against the optimal holds.

A card is given as each hold's line (:func:`play`: an array (deals, 32) of the first line each hold of each class of
deals fits, ``NO_LINE`` where none); the deal is held by its holds of least line. The price is exact: the card's
return (integers over the solution's unit, summed over the classes' deals), its cost against the optimal holds, the
deals where it holds worse than the optimal hold, and per line the deals it decides and their average expected value.

>>> from casino_math.methods.draw.game_file import load_draw_text, TINY
>>> from casino_math.methods.draw.solving import solved
>>> game = load_draw_text(TINY)
>>> counts, played = solved(game)
>>> values = hold_values(game, counts, played)
>>> card = play(game, counts, played, values, np.where(values == values.max(axis=1, keepdims=True), 0, 1), ("best", "other"))
>>> card.cost, card.erring, card.returned == card.optimal    # "hold the best": the optimal play
(Fraction(0, 1), 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from .counting import DrawCounts
from .game_file import DrawGame
from .kernel import weighted_classes
from .codes import HOLDS, NO_LINE
from .posted import PostedCard
from .solving import Played, pays_of

SIZES = np.array([bin(m).count("1") for m in range(HOLDS)])
CHUNK = 16_384  # classes of deals valued at once: a copy of their counts in 64 bits stays small


def hold_values(game: DrawGame, counts: DrawCounts, played: Played) -> np.ndarray:
    """Every hold's value of every class of deals (integers over the solution's unit), in the member's positions."""
    pays = np.array([int(p * (played.unit // counts.per_hold)) for p in pays_of(game)], dtype=np.int64)
    scale = counts.scale[SIZES][None, :]
    by_set = counts.by_set(pays)
    return np.concatenate([counts.values(pays, np.arange(start, min(start + CHUNK, len(counts.deals))), by_set) * scale
                           for start in range(0, len(counts.deals), CHUNK)])


@dataclass(frozen=True, eq=False)
class CardPlay:
    """Every class of deals played by a card: its hold, the card's line that decided it, and the price."""

    lines: tuple[str, ...]
    choice: np.ndarray  # (classes,) the hold played
    line: np.ndarray  # (classes,) the card's line that decided it
    value: np.ndarray  # (classes,) the hold's value, over ``unit``
    wrong: np.ndarray  # (classes,) whether the hold is worth less than the optimal one
    weights: np.ndarray
    unit: int
    returned: Fraction  # per coin bet: the card's return
    optimal: Fraction  # the optimal holds' return
    by_class: np.ndarray  # the final hands by pay class, weighted as the return table weighs them

    @property
    def cost(self) -> Fraction:
        """What following the card gives up against the optimal holds, per coin bet."""
        return self.optimal - self.returned

    @property
    def deals(self) -> int:
        return int(self.weights.sum())

    @property
    def erring(self) -> int:
        """Deals the card holds worse than the optimal hold."""
        return int(self.weights[self.wrong].sum())

    def by_line(self) -> list[tuple[str, int, Fraction, int]]:
        """Per line of the card: the deals it decides, their average expected value (net, per coin bet) and the deals
        among them held worse than the optimal hold."""
        out = []
        for index, name in enumerate(self.lines):
            mine = self.line == index
            dealt = int(self.weights[mine].sum())
            ev = Fraction(int((self.weights[mine].astype(object) * self.value[mine].astype(object)).sum()),
                          dealt * self.unit) - 1 if dealt else Fraction(0)
            out.append((name, dealt, ev, int(self.weights[mine & self.wrong].sum())))
        return out


def play(game: DrawGame, counts: DrawCounts, played: Played, values: np.ndarray, line_of: np.ndarray,
         lines: tuple[str, ...]) -> CardPlay:
    """The card whose lines each hold fits as ``line_of`` (see the module), played over every class of deals. Between
    holds of the deciding line, the better; between equal ones, the optimal hold where it is one of them. ValueError
    where a deal fits no line (its cards named)."""
    first = line_of.min(axis=1)
    if (first == NO_LINE).any():
        from ...cards import format_cards

        row = int(np.flatnonzero(first == NO_LINE)[0])
        cards = format_cards([game.deck.cards[c] for c in counts.deals[row].tolist()])
        raise ValueError(f"no line of the card fits the deal {cards} (end the card with 'draw five')")
    candidates = np.where(line_of == first[:, None], values, np.iinfo(np.int64).min)
    choice = candidates.argmax(axis=1)
    value = candidates[np.arange(len(values)), choice]
    best = played.choice.astype(np.int64)
    optimal_value = values[np.arange(len(values)), best]
    keep = candidates[np.arange(len(values)), best] == value
    choice = np.where(keep, best, choice)
    total = comb(counts.cards, 5) * played.unit
    weights = counts.weights
    returned = Fraction(int((weights.astype(object) * value.astype(object)).sum()), total)
    optimal = Fraction(int((weights.astype(object) * optimal_value.astype(object)).sum()), total)
    by_class = weighted_classes(counts.deals.astype(np.int64), counts.own.astype(np.int64), counts.table, counts.cards,
                                choice.astype(np.int8), weights, counts.scale)
    return CardPlay(lines, choice, first, value, value < optimal_value, weights, played.unit, returned, optimal, by_class)


def posted_play(game: DrawGame, counts: DrawCounts, played: Played, card: PostedCard) -> CardPlay:
    """A posted card (:mod:`~casino_math.methods.draw.posted`) played over every deal; ValueError where a deal fits
    none of its lines."""
    from .hold_kinds import kinds

    held = kinds(game, counts.deals.astype(np.int64))
    try:
        return play(game, counts, played, hold_values(game, counts, played), card.line_of(held), card.words)
    except ValueError as error:
        raise ValueError(f"the posted card {card.name!r}: {error}") from None
