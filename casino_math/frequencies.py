"""Hand-frequency tables: how many hands of each category a deal produces, exactly.

>>> table = hand_frequencies(cards=3, ranking="three-card")
>>> table.attrs["total"], table.loc[0, "category"], table.loc[0, "combinations"]
(22100, 'straight_flush', 48)
>>> table.loc[0, "probability"]
Fraction(12, 5525)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import pandas as pd

from .cards import Card, Deck, parse_cards
from .enumeration import category_counts
from .errors import InputError
from .rankings import SuitRanking, get_ranking


def _cards(value: str | Sequence[Card]) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def hand_frequencies(
    cards: int = 5,
    best: int | None = None,
    ranking: str = "high",
    deck: str | Deck = "standard",
    jokers: int = 0,
    joker: str = "wild",
    dead: str | Sequence[Card] = (),
    fixed: str | Sequence[Card] = (),
    **options: bool,
) -> pd.DataFrame:
    """Exact category counts over every ``cards``-card hand, the best ``best`` cards counting.

    Columns: category, combinations, probability (exact Fraction), probability_float, one_in.
    Rows run strongest category first; ``attrs`` holds the total and the inputs.
    """
    the_deck = Deck.named(deck, jokers) if isinstance(deck, str) else deck
    the_ranking = get_ranking(ranking, the_deck, joker, **options)  # type: ignore[arg-type]
    if isinstance(the_ranking, SuitRanking) and cards != the_ranking.hand_size:  # a ranking of suits values the whole hand
        the_ranking = get_ranking(ranking, the_deck, joker, cards=cards, **options)  # type: ignore[arg-type]
    best = the_ranking.hand_size if best is None else best
    if cards < 1:
        raise InputError(f"a hand holds at least one card, not {cards}")
    if best > cards:
        raise InputError(f"cannot take the best {best} of {cards} cards")
    if best != the_ranking.hand_size:
        raise InputError(f"the {ranking} ranking compares {the_ranking.hand_size}-card hands, not {best}")
    dead_cards, fixed_cards = _cards(dead), _cards(fixed)
    counts = category_counts(the_ranking, cards, dead=dead_cards, fixed=fixed_cards)
    total = sum(counts.values())
    rows = [
        {
            "category": name,
            "combinations": count,
            "probability": Fraction(count, total),
            "probability_float": count / total,
            "one_in": total / count if count else float("inf"),
        }
        for name, count in counts.items()
    ]
    frame = pd.DataFrame(rows, columns=["category", "combinations", "probability", "probability_float", "one_in"])
    frame["combinations"] = frame["combinations"].astype(object)  # Python ints: exact at any size
    frame.attrs.update(
        total=total, ranking=ranking, deck=str(the_deck), cards=cards, best=best,
        dead=" ".join(map(str, dead_cards)), fixed=" ".join(map(str, fixed_cards)),
    )
    return frame
