"""Another house way set by the player against this game's banker: which hands it sets otherwise, and what it costs.

Two casinos' house ways set most hands alike. A player who sets his hands by a second way (B) against a banker setting
by the game's own (A) ends each deal as a player setting by A would, except on the hands B sets to other values (another
high hand or another low hand). Per hand type this gives: the hands B sets otherwise, the deals won both and lost both by
each way's setting against A's banker, and the expected value a player gives up by setting as B does (per initial
stake over all deals; negative where B does better). A few hands of each type are shown as examples: the first ones in
a fixed order of the hands (by their cards, one hand of those alike but for their suits), with both settings.

On a small deck it is read from the per-hand counts (:func:`from_counts`); on the 53-card deck it is counted by the
cards two hands share (:func:`.optimal.other_way_totals`), and both give the same figures and examples.

>>> from pathlib import Path
>>> from casino_math.analysis import analyze
>>> from casino_math.analysis import load_game
>>> small = Path(__file__).parents[3] / "tests" / "games" / "pai-gow-small.yaml"
>>> counts = analyze(small).solution.working()
>>> same = from_counts(counts, load_game(small).house_way)
>>> same.differs, same.cost, same.edge(same.other) == same.edge(same.house)
(0, Fraction(0, 1), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from .hands import SETTINGS
from .house_way import COMPLETE, KIND_NAMES, Features, HouseWay
from .totals import _distinct

if TYPE_CHECKING:
    from .counting import Counts
    from .game_file import PaiGowGame

EXAMPLES = 3  #: hands shown of each hand type set otherwise


@dataclass(frozen=True)
class TypeSetOtherwise:
    """The player hands of one hand type: how many, how many the other way sets otherwise, the deals won both and lost
    both by the game's own way and by the other way against the game's banker, and what the other way gives up."""

    name: str
    hands: int
    differs: int
    house: tuple[int, int]
    other: tuple[int, int]
    cost: Fraction  # per initial stake, over all deals


@dataclass(frozen=True)
class HandSetOtherwise:
    """A hand the two ways set otherwise, its two settings (high hand / low hand) and what the other way's setting
    gives up on this hand (per initial stake, over the banker's hands of the cards left)."""

    kind: str
    hand: str
    house: str
    other: str
    cost: Fraction


class PricedEnds:
    """A count's deals won both, pushed and lost both, priced: the count gives its ``deals`` and ``commission``.

    >>> @dataclass(frozen=True)
    ... class Count(PricedEnds):
    ...     deals: int
    ...     commission: Fraction
    >>> Count(100, Fraction(1, 20)).edge((29, 41, 30))
    Fraction(49, 2000)
    """

    deals: int
    commission: Fraction

    def edge(self, ends: tuple[int, int, int]) -> Fraction:
        """The house edge of a player ending so (per initial stake): lost both less won both after the commission."""
        won, _, lost = ends
        return Fraction(lost, self.deals) - Fraction(won, self.deals) * (1 - self.commission)


@dataclass(frozen=True)
class OtherWay(PricedEnds):
    """A player setting by another house way against the game's banker, beside a player setting by the game's own:
    deals won both, pushed, lost both (of ``deals``) by each; the hands (of ``hands``) set otherwise, by hand type
    (the types present) and examples of each."""

    deals: int
    hands: int
    commission: Fraction
    house: tuple[int, int, int]
    other: tuple[int, int, int]
    differs: int
    by_hand: tuple[TypeSetOtherwise, ...]
    examples: tuple[HandSetOtherwise, ...]

    @property
    def cost(self) -> Fraction:
        """What a player setting by the other way gives up against one setting by the game's own (per initial stake)."""
        return self.edge(self.other) - self.edge(self.house)


def kind_name(code: int) -> str:
    """A hand type's name from its code (its pairs, then what else the seven cards make).

    >>> kind_name(0), kind_name(5)
    ('no pair', 'one pair with a straight')
    """
    kind, complete = KIND_NAMES[code // len(COMPLETE)], COMPLETE[code % len(COMPLETE)]
    return kind + ("" if complete == "nothing" else f" with a {complete}")


def kinds_of(way: HouseWay, hands: np.ndarray) -> np.ndarray:
    """Each hand's type code (:func:`kind_name`)."""
    f = Features.of(way.hands, hands)
    return f.kind * len(COMPLETE) + f.complete


def from_counts(counts: Counts, other: HouseWay) -> OtherWay:
    """The other way against the game's banker, from the per-hand counts of a small deck."""
    from .kernel import canonical_hands
    from ...subsets import colex

    game, c = counts.game, counts
    theirs = other.set_or_fail(c.hands)[0]
    rows = c.rows
    house_high, house_low = c.high[rows, c.house], c.low[rows, c.house]
    their_high, their_low = c.high[rows, theirs], c.low[rows, theirs]
    differs = (their_high != house_high) | (their_low != house_low)
    v = c.values()
    loss = v[rows, c.house] - v[rows, theirs]
    kinds = kinds_of(game.way, c.hands)
    scale = c.deals * game.commission.denominator
    won = {"house": c.wins[rows, c.house], "other": c.wins[rows, theirs]}
    lost = {"house": c.losses[rows, c.house], "other": c.losses[rows, theirs]}
    by_hand = tuple(TypeSetOtherwise(kind_name(int(code)), int(mine.sum()), int(differs[mine].sum()),
                                     (int(won["house"][mine].sum()), int(lost["house"][mine].sum())),
                                     (int(won["other"][mine].sum()), int(lost["other"][mine].sum())),
                                     Fraction(int(loss[mine].sum()), scale))
                    for code in np.unique(kinds) for mine in [kinds == code])
    # examples: the first hands of each type set otherwise, one of each class of hands alike but for their suits
    canonical = canonical_hands(c.hands, len(game.deck) - game.deck.jokers) == colex(c.hands)
    highs, lows = (np.unique(t) for t in (game.way.hands.high_table, game.way.hands.low_table))
    per_hand = c.banker_hands * game.commission.denominator
    examples = []
    for code in np.unique(kinds[differs]):
        for row in np.flatnonzero(differs & canonical & (kinds == code))[:EXAMPLES].tolist():
            ids = c.hands[row]
            examples.append(HandSetOtherwise(
                kind_name(int(code)), " ".join(str(game.deck.cards[i]) for i in ids.tolist()),
                setting_text(game, ids, int(np.searchsorted(highs, house_high[row])), int(np.searchsorted(lows, house_low[row]))),
                setting_text(game, ids, int(np.searchsorted(highs, their_high[row])), int(np.searchsorted(lows, their_low[row]))),
                Fraction(int(loss[row]), per_hand)))
    return OtherWay(c.deals, len(c.hands), game.commission, c.ends(c.house), c.ends(theirs), int(differs.sum()), by_hand,
                    tuple(examples))


def setting_text(game: PaiGowGame, hand: np.ndarray, high_rank: int, low_rank: int) -> str:
    """A hand's setting of these values (the ranks of its high and low values) as cards: high hand / low hand (the first
    such setting, the cards in the hand's order).

    >>> from pathlib import Path
    >>> from casino_math.analysis import load_game
    >>> game = load_game(Path(__file__).parents[3] / "tests" / "games" / "pai-gow-small.yaml")
    >>> hand = np.array([0, 1, 4, 5, 8, 12, 16])  # J J Q Q K A and the joker: its first setting, both jacks low
    >>> high, low = game.way.hands.settings(hand[None])
    >>> highs, lows = _distinct(game)
    >>> setting_text(game, hand, int(np.searchsorted(highs, high[0, 0])), int(np.searchsorted(lows, low[0, 0])))
    'Qc Qd Kc Ac Jk / Jc Jd'
    """
    high, low = game.way.hands.settings(hand[None])
    highs, lows = _distinct(game)
    cards = [str(game.deck.cards[c]) for c in hand.tolist()]
    i = next(i for i in range(len(SETTINGS)) if high[0, i] == highs[high_rank] and low[0, i] == lows[low_rank])
    back = " ".join(cards[j] for j in range(7) if j not in SETTINGS[i])
    return f"{back} / {' '.join(cards[j] for j in SETTINGS[i])}"
